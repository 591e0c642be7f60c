package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A forwarding identity answers every call with its delegate's answer, unless overridden. */
@Tag("CORE-03")
class ForwardingIdentityTest {
  private final FakeMsp msp = new FakeMsp("Org1MSP");
  private final Identity inner = msp.deserialize(FakeMsp.serialized("Org1MSP", "peer0"));
  private final Identity forwarding = new ForwardingIdentity<>(inner) {};

  @Test
  void everyQueryGetsTheDelegatesAnswer() {
    assertThat(forwarding.mspId()).isEqualTo(inner.mspId());
    assertThat(forwarding.identifier()).isEqualTo(inner.identifier());
    assertThat(forwarding.organizationalUnits()).isEqualTo(inner.organizationalUnits());
    assertThat(forwarding.expiresAt()).isEqualTo(inner.expiresAt());
    assertThat(forwarding.anonymous()).isEqualTo(inner.anonymous());
    assertThat(forwarding.serialize()).isEqualTo(inner.serialize());
    assertThat(forwarding.certificate()).isEqualTo(inner.certificate());
    assertThat(forwarding.certificateDer()).isEqualTo(inner.certificateDer());
  }

  @Test
  void validationPrincipalsAndSignaturesGoToTheDelegatesMsp() {
    forwarding.validate();
    assertThat(msp.validateCalls).hasValue(1);
    forwarding.satisfies(FakeMsp.member("Org1MSP"));
    assertThat(msp.satisfiesCalls).hasValue(1);
    forwarding.verify(new byte[] {1}, new byte[] {2});
    assertThatThrownBy(() -> forwarding.verify(new byte[] {1}, new byte[0]))
        .isInstanceOfSatisfying(IdentityException.class, e -> assertThat(e.rule()).isEqualTo("VERIFY-02"));
  }
}

package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.policy.EvaluationOptions;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A parallel evaluation validates the verified signers of a caching MSP on the executor's
 * threads, ahead of the principal checks: the verdict is the sequential one, and the wrapped MSP
 * validates each identity no more often than in sequential order (the principal checks find the
 * outcome in the cache).
 */
class ValidationAheadTest {
  /** The fake MSP, recording the threads it validates on. */
  private static final class Recording implements Msp {
    final FakeMsp inner = new FakeMsp("A");
    final Set<String> validatedOn = ConcurrentHashMap.newKeySet();

    @Override
    public String id() {
      return inner.id();
    }

    @Override
    public MspVersion version() {
      return inner.version();
    }

    @Override
    public Identity deserialize(byte[] serializedIdentity) {
      return inner.deserialize(serializedIdentity);
    }

    @Override
    public void validate(Identity identity) {
      validatedOn.add(Thread.currentThread().getName());
      inner.validate(identity);
    }

    @Override
    public SigningIdentity defaultSigningIdentity() {
      return inner.defaultSigningIdentity();
    }

    @Override
    public void checkWellFormed(SerializedIdentity identity) {
      inner.checkWellFormed(identity);
    }

    @Override
    public List<byte[]> tlsRootCerts() {
      return inner.tlsRootCerts();
    }

    @Override
    public List<byte[]> tlsIntermediateCerts() {
      return inner.tlsIntermediateCerts();
    }

    @Override
    public void satisfies(Identity identity, MSPPrincipal principal) {
      inner.satisfies(identity, principal);
    }
  }

  private static SignedData signed(String name) {
    return SignedData.of(new byte[] {1, 2, 3}, FakeMsp.serialized("A", name), new byte[] {9});
  }

  private static SignedData unsigned(String name) {
    return SignedData.of(new byte[] {1, 2, 3}, FakeMsp.serialized("A", name), new byte[0]);
  }

  private record Run(PolicyResult result, int validations, Set<String> validatedOn) {}

  private static Run evaluate(String dsl, List<SignedData> signatures, EvaluationOptions options) {
    Recording recording = new Recording();
    Msp msp = CachingMsp.wrap(recording);
    Policy policy = SignaturePolicies.compile(PolicyDsl.compile(dsl), msp::deserialize, options);
    PolicyResult r = policy.evaluate(signatures);
    return new Run(r, recording.inner.validateCalls.get(), recording.validatedOn);
  }

  @Test
  @Tag("POLICY-SIG-02")
  @Tag("CACHE-04")
  void verifiedSignersAreValidatedOnTheExecutorWithTheSequentialVerdictAndNoExtraValidation() {
    List<List<SignedData>> cases = List.of(
        List.of(signed("p1"), signed("p2"), signed("p3")),
        List.of(signed("p1"), signed("invalid2"), signed("p3")),
        List.of(signed("invalid1"), signed("invalid2"), unsigned("p3"), signed("p4")),
        List.of(unsigned("p1"), signed("p1"), signed("bad2"), signed("p3")),
        List.of(signed("invalid1"), signed("invalid1"), signed("p2")));
    // An executor whose thread takes every task before the caller looks: what it validates, it
    // validates ahead.
    Executor first = task -> {
      Thread t = new Thread(task, "pool");
      t.start();
      try {
        t.join();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    };
    EvaluationOptions parallel = EvaluationOptions.builder().executor(first).parallelism(2).build();
    for (String dsl : List.of("OutOf(2, 'A.member', 'A.member', 'A.member')",
        "AND('A.member', 'A.member')", "OR('A.member')", "OutOf(3, 'A.member', 'A.member', 'A.member')")) {
      for (List<SignedData> signatures : cases) {
        Run sequential = evaluate(dsl, signatures, EvaluationOptions.defaults());
        Run concurrent = evaluate(dsl, signatures, parallel);
        assertThat(concurrent.result().satisfied()).as(dsl + " " + signatures)
            .isEqualTo(sequential.result().satisfied());
        assertThat(concurrent.result().rule()).isEqualTo(sequential.result().rule());
        assertThat(concurrent.result().reason()).isEqualTo(sequential.result().reason());
        // Validating ahead goes through the cache: at most one more validation per distinct
        // identity than sequential order makes (for signers sequential order never asks about).
        long distinct = signatures.stream().map(d -> new String(d.identity())).distinct().count();
        assertThat(concurrent.validations())
            .isLessThanOrEqualTo(sequential.validations() + (int) distinct);
        assertThat(sequential.validatedOn()).doesNotContain("pool");
        if (signatures.stream().anyMatch(d -> d.signature().length > 0)) {
          assertThat(concurrent.validatedOn()).as("validated ahead on the executor").contains("pool");
        }
      }
    }
  }

  @Test
  @Tag("CACHE-04")
  void onlyIdentitiesOfACachingMspRememberTheirValidation() {
    FakeMsp plain = new FakeMsp("A");
    Msp cached = CachingMsp.wrap(new FakeMsp("A"));
    byte[] p1 = FakeMsp.serialized("A", "p1");
    assertThat(CachingMsp.remembersValidation(cached.deserialize(p1))).isTrue();
    assertThat(CachingMsp.remembersValidation(plain.deserialize(p1))).isFalse();
  }
}

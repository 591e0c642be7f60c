package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.IdentityException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.Pem;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bounds on identities, certificates and CRLs (LIMIT-01, LIMIT-02 in docs/security.md):
 * refused with reason LIMIT_EXCEEDED and the rule, before any parsing work, while an identity
 * padded to just under the limit still gives Fabric's verdict.
 */
class X509InputLimitsTest {
  private final Org org = new Org("input-limits");
  private final IssuedCertificate peer = org.leaf("CN=peer0,OU=peer");
  private final X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), MspVersion.V1_4_3);

  /** The peer's PEM followed by {@code padding} bytes of text, which Fabric skips (DESER-01). */
  private byte[] padded(int total) {
    byte[] pem = peer.pem().getBytes(StandardCharsets.US_ASCII);
    byte[] idBytes = Arrays.copyOf(pem, total);
    Arrays.fill(idBytes, pem.length, total, (byte) 'x');
    return idBytes;
  }

  private static byte[] serialized(byte[] idBytes) {
    return MspConfigs.serialized(MspConfigs.MSP_ID, idBytes);
  }

  @Test
  @Tag("LIMIT-01")
  void aSerializedIdentityAboveOneMebibyteIsRefusedByEveryEntryPoint() {
    byte[] justUnder = serialized(padded(InputLimits.MAX_SERIALIZED_IDENTITY_BYTES - 64));
    assertThat(justUnder.length).isLessThanOrEqualTo(InputLimits.MAX_SERIALIZED_IDENTITY_BYTES);
    msp.validate(msp.deserialize(justUnder));

    byte[] over = serialized(padded(InputLimits.MAX_SERIALIZED_IDENTITY_BYTES + 1));
    MspManager manager = MspManager.of(List.of(msp));
    CachingMsp cached = CachingMsp.wrap(msp);
    for (IdentityException e : List.of(
        assertThrows(IdentityException.class, () -> msp.deserialize(over)),
        assertThrows(IdentityException.class, () -> cached.deserialize(over)),
        assertThrows(IdentityException.class, () -> manager.deserialize(over)),
        assertThrows(IdentityException.class, () -> msp.checkWellFormed(SerializedIdentity.newBuilder()
            .setMspid("x").setIdBytes(ByteString.copyFrom(padded(InputLimits.MAX_SERIALIZED_IDENTITY_BYTES + 1)))
            .build())))) {
      assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
      assertThat(e.rule()).isEqualTo("LIMIT-01");
      assertThat(e.getMessage()).contains("serialized identity").contains(String.valueOf(InputLimits.MAX_SERIALIZED_IDENTITY_BYTES));
    }
  }

  @Test
  @Tag("LIMIT-02")
  void aCertificateAboveOneMebibyteInTheConfigurationFailsSetupNamingTheEntry() {
    byte[] bigDer = new byte[InputLimits.MAX_CERTIFICATE_BYTES + 1];
    bigDer[0] = 0x30;
    byte[] pem = Pem.certificate(bigDer).getBytes(StandardCharsets.US_ASCII);
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> X509Msps.setup(MspConfigs.of().rootBytes(pem).build(), MspVersion.V1_4_3));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-02");
    assertThat(e.getMessage()).contains("root_certs[0]").contains("certificate's size");
  }

  @Test
  @Tag("LIMIT-02")
  void aCrlAboveTheLimitFailsSetupBeforeParsing() {
    byte[] bigDer = new byte[InputLimits.MAX_CRL_BYTES + 1];
    bigDer[0] = 0x30;
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).crlBytes(bigDer).build(), MspVersion.V1_4_3));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-02");
    assertThat(e.getMessage()).contains("CRL's size");
  }
}

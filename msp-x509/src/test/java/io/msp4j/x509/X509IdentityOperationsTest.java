package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Serialisation, expiry and anonymity of identities (IDENT-04..06). */
class X509IdentityOperationsTest {
  private final Org org = new Org("identity-ops");
  private final IssuedCertificate admin = org.leaf("CN=admin");
  private final X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), MspVersion.V3_0);

  @Test
  @Tag("IDENT-04")
  void serializeWritesTheSanitisedCertificateAsGoPem() throws Exception {
    IssuedCertificate high = org.leaf("CN=user1").withMangledSignature(SignatureMangling.highS(), org.root.privateKey().orElseThrow());
    IssuedCertificate low = Org.lowS(high, org.root);
    // Leading text, CRLF line ends and trailing junk are all dropped.
    String messy = "junk before\r\n" + high.pem().replace("\n", "\r\n") + "trailing";
    Identity id = msp.deserialize(MspConfigs.serialized(MspConfigs.MSP_ID, messy.getBytes(StandardCharsets.US_ASCII)));
    SerializedIdentity si = SerializedIdentity.parseFrom(id.serialize());
    assertThat(si.getMspid()).isEqualTo(MspConfigs.MSP_ID);
    String pem = si.getIdBytes().toString(StandardCharsets.US_ASCII);
    String b64 = Base64.getEncoder().encodeToString(low.der());
    StringBuilder expected = new StringBuilder("-----BEGIN CERTIFICATE-----\n");
    for (int i = 0; i < b64.length(); i += 64) {
      expected.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
    }
    expected.append("-----END CERTIFICATE-----\n");
    assertThat(pem).isEqualTo(expected.toString());
    assertThat(msp.isWellFormed(si)).isTrue();
  }

  @Test
  @Tag("IDENT-05")
  void expiresAtIsTheCertificatesNotAfter() {
    Instant notAfter = Instant.parse("2031-05-06T07:08:09Z");
    IssuedCertificate c = org.custom().subject("CN=user").leaf()
        .validity(Instant.parse("2024-02-01T00:00:00Z"), notAfter).build();
    assertThat(msp.deserialize(MspConfigs.serialized(c)).expiresAt()).isEqualTo(notAfter);
  }

  @Test
  @Tag("IDENT-06")
  void x509IdentitiesAreNeverAnonymous() {
    assertThat(msp.deserialize(MspConfigs.serialized(org.leaf("CN=user"))).anonymous()).isFalse();
  }
}

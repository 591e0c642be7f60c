package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureAlgorithm;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.Extension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Verdicts compared against Fabric's own MSP on generated trees: each test pins one behaviour
 * where an earlier msp4j disagreed with Fabric.
 */
class FabricVerdictTest {
  private final Org org = new Org("fabric-verdicts");

  private X509Msp msp(MspConfigs c, MspVersion v) {
    return X509Msps.setup(c.build(), v);
  }

  private X509Msp plain(MspVersion v) {
    return msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client")), v);
  }

  private static Identity identity(X509Msp msp, IssuedCertificate c) {
    return msp.deserialize(MspConfigs.serialized(c));
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VALIDATE-CRL-02")
  void crlSignedWithEcdsaSha1StillRevokes(MspVersion v) {
    IssuedCertificate victim = org.leaf("CN=victim,OU=client");
    X509Msp msp = msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client"))
        .crl(org.pki.crl(org.root).revoke(victim).signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA1).build()), v);

    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(identity(msp, victim)));
    assertThat(e.reason()).isEqualTo(Reason.REVOKED);
    msp.validate(identity(msp, org.leaf("CN=bystander,OU=client")));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  @Tag("DESER-01")
  void criticalSubjectKeyIdentifierMakesTheCertificateUnparsable() {
    IssuedCertificate leaf = org.custom().subject("CN=u,OU=client")
        .extension(Extension.subjectKeyIdentifier, true, new DEROctetString(new byte[] {1, 2})).build();
    IdentityException e = assertThrows(IdentityException.class, () -> identity(plain(MspVersion.V1_4_3), leaf));
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  @Tag("DESER-01")
  void criticalAuthorityKeyIdentifierMakesTheCertificateUnparsable() {
    IssuedCertificate leaf = org.custom().subject("CN=u,OU=client")
        .extension(Extension.authorityKeyIdentifier, true, new AuthorityKeyIdentifier(new byte[] {1})).build();
    IdentityException e = assertThrows(IdentityException.class, () -> identity(plain(MspVersion.V3_0), leaf));
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  @Tag("DESER-01")
  void criticalAuthorityInfoAccessMakesTheCertificateUnparsable() {
    IssuedCertificate leaf = org.custom().subject("CN=u,OU=client")
        .extension(Extension.authorityInfoAccess, true, new DERSequence()).build();
    IdentityException e = assertThrows(IdentityException.class, () -> identity(plain(MspVersion.V1_0), leaf));
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
  }
}

package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Instant;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.Test;

class CrlBuilderTest {
  private final TestPki pki = TestPki.seeded("crl-builder");
  private final IssuedCertificate root = pki.certificate().subject("CN=root,O=Org1").ca().build();

  private boolean verifies(IssuedCrl crl, IssuedCertificate by) throws Exception {
    return crl.holder()
        .isSignatureValid(new JcaContentVerifierProviderBuilder().setProvider(BcProvider.INSTANCE).build(by.publicKey()));
  }

  @Test
  void listsRevokedSerialsAndVerifiesWithIssuerKey() throws Exception {
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    IssuedCrl crl =
        pki.crl(root)
            .revoke(leaf)
            .revoke(BigInteger.valueOf(7), Instant.parse("2030-01-01T00:00:00Z"), CRLReason.keyCompromise)
            .build();
    assertThat(crl.revokedSerials()).containsExactly(leaf.serial(), BigInteger.valueOf(7));
    assertThat(verifies(crl, root)).isTrue();
    assertThat(verifies(crl, leaf)).isFalse();
    assertThat(crl.holder().getIssuer()).isEqualTo(root.subject());
    assertThat(crl.x509Crl().isRevoked(leaf.x509Certificate())).isTrue();
  }

  @Test
  void authorityKeyIdDefaultsToIssuerSkiAndCanBeChangedOrDropped() {
    IssuedCrl def = pki.crl(root).build();
    assertThat(AuthorityKeyIdentifier.fromExtensions(def.holder().getExtensions()).getKeyIdentifier())
        .isEqualTo(root.subjectKeyId().orElseThrow());

    IssuedCrl none = pki.crl(root).noAuthorityKeyId().build();
    assertThat(none.holder().getExtension(Extension.authorityKeyIdentifier)).isNull();

    IssuedCrl custom = pki.crl(root).authorityKeyId(new byte[] {1, 2, 3}).build();
    assertThat(AuthorityKeyIdentifier.fromExtensions(custom.holder().getExtensions()).getKeyIdentifier())
        .containsExactly(1, 2, 3);

    IssuedCrl noKeyId = pki.crl(root).authorityKeyIdWithoutKeyId().build();
    AuthorityKeyIdentifier aki = AuthorityKeyIdentifier.fromExtensions(noKeyId.holder().getExtensions());
    assertThat(aki.getKeyIdentifier()).isNull();
    assertThat(aki.getAuthorityCertSerialNumber()).isEqualTo(root.serial());
  }

  @Test
  void pemUsesCrlLabelAndPrefixIsKept() {
    IssuedCrl crl = pki.crl(root).build();
    assertThat(crl.pem()).startsWith("-----BEGIN X509 CRL-----\n").endsWith("-----END X509 CRL-----\n");
    assertThat(crl.pemWithPrefix("junk\n")).startsWith("junk\n-----BEGIN X509 CRL-----");
    assertThat(IssuedCrl.fromDer(crl.der())).isEqualTo(crl);
  }
}

package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.Test;

class SignatureManglingTest {
  private final TestPki pki = TestPki.seeded("mangling");
  private final IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();

  private static boolean verifies(X509CertificateHolder h, IssuedCertificate by) throws Exception {
    return h.isSignatureValid(new JcaContentVerifierProviderBuilder().setProvider(BcProvider.INSTANCE).build(by.publicKey()));
  }

  private static BigInteger order(IssuedCertificate c) {
    return ((ECPublicKey) c.publicKey()).getParams().getOrder();
  }

  @Test
  void highSYieldsSAboveHalfTheOrderAndStillVerifies() throws Exception {
    for (int i = 0; i < 8; i++) {
      IssuedCertificate leaf =
          pki.certificate().subject("CN=leaf" + i).issuer(root).mangleSignature(SignatureMangling.highS()).build();
      ASN1Sequence sig = ASN1Sequence.getInstance(leaf.holder().getSignature());
      BigInteger s = ASN1Integer.getInstance(sig.getObjectAt(1)).getValue();
      assertThat(s).isGreaterThan(order(root).shiftRight(1));
      assertThat(verifies(leaf.holder(), root)).isTrue();
    }
  }

  @Test
  void lowSUndoesHighS() throws Exception {
    IssuedCertificate leaf =
        pki.certificate()
            .subject("CN=x")
            .issuer(root)
            .mangleSignature(SignatureMangling.highS().andThen(SignatureMangling.lowS()))
            .build();
    BigInteger s = ASN1Integer.getInstance(ASN1Sequence.getInstance(leaf.holder().getSignature()).getObjectAt(1)).getValue();
    assertThat(s).isLessThanOrEqualTo(order(root).shiftRight(1));
    assertThat(verifies(leaf.holder(), root)).isTrue();
  }

  @Test
  void extraIntegerIsAppendedInsideTheSequence() {
    IssuedCertificate leaf =
        pki.certificate()
            .subject("CN=x")
            .issuer(root)
            .mangleSignature(SignatureMangling.extraInteger(BigInteger.valueOf(5)))
            .build();
    ASN1Sequence sig = ASN1Sequence.getInstance(leaf.holder().getSignature());
    assertThat(sig.size()).isEqualTo(3);
    assertThat(ASN1Integer.getInstance(sig.getObjectAt(2)).getValue()).isEqualTo(BigInteger.valueOf(5));
  }

  @Test
  void nonMinimalRPadsRWithAZeroByte() {
    IssuedCertificate plain = TestPki.seeded("nm").certificate().subject("CN=x").build();
    IssuedCertificate padded =
        TestPki.seeded("nm").certificate().subject("CN=x").mangleSignature(SignatureMangling.nonMinimalR()).build();
    byte[] a = plain.holder().getSignature();
    byte[] b = padded.holder().getSignature();
    assertThat(b).hasSize(a.length + 1);
    assertThat(b[0]).isEqualTo((byte) 0x30);
    assertThat(b[1]).isEqualTo((byte) (a[1] + 1));
    assertThat(b[3]).isEqualTo((byte) (a[3] + 1));
    assertThat(b[4]).isZero();
    assertThat(Arrays.copyOfRange(b, 5, b.length)).isEqualTo(Arrays.copyOfRange(a, 4, a.length));
  }

  @Test
  void trailingBytesFollowTheSequence() {
    IssuedCertificate leaf =
        pki.certificate()
            .subject("CN=x")
            .issuer(root)
            .mangleSignature(SignatureMangling.trailingBytes(new byte[] {0, 0}))
            .build();
    byte[] sig = leaf.holder().getSignature();
    assertThat(sig[1] + 2 + 2).isEqualTo(sig.length);
    assertThat(IssuedCertificate.fromDer(leaf.der()).der()).isEqualTo(leaf.der());
  }

  @Test
  void corruptSignatureNoLongerVerifies() throws Exception {
    IssuedCertificate leaf =
        pki.certificate().subject("CN=x").issuer(root).mangleSignature(SignatureMangling.corrupt()).build();
    assertThat(verifies(leaf.holder(), root)).isFalse();
  }

  @Test
  void crlSignatureCanBeMangled() throws Exception {
    IssuedCrl crl =
        pki.crl(root)
            .revoke(BigInteger.TEN)
            .mangleSignature(SignatureMangling.highS().andThen(SignatureMangling.extraInteger(BigInteger.ONE)))
            .build();
    ASN1Sequence sig = ASN1Sequence.getInstance(crl.holder().toASN1Structure().getSignature().getOctets());
    assertThat(sig.size()).isEqualTo(3);
    assertThat(ASN1Integer.getInstance(sig.getObjectAt(1)).getValue()).isGreaterThan(order(root).shiftRight(1));
  }

  @Test
  void sManglingRefusesNonEcdsaSignatures() {
    IssuedCertificate ed = pki.certificate().subject("CN=ed").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    assertThatThrownBy(() -> pki.certificate().issuer(ed).mangleSignature(SignatureMangling.highS()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("EC signing key");
  }

  @Test
  void twinsShareTbsAndDifferOnlyInS() throws Exception {
    IssuedCertificate leaf = pki.leaf("CN=twin", root);
    IssuedCertificate high = leaf.withMangledSignature(SignatureMangling.highS(), root.publicKey());
    IssuedCertificate low = high.withMangledSignature(SignatureMangling.lowS(), root.publicKey());
    assertThat(high.holder().toASN1Structure().getTBSCertificate())
        .isEqualTo(leaf.holder().toASN1Structure().getTBSCertificate());
    assertThat(verifies(high.holder(), root)).isTrue();
    BigInteger s = ASN1Integer.getInstance(ASN1Sequence.getInstance(high.holder().getSignature()).getObjectAt(1)).getValue();
    assertThat(s).isGreaterThan(order(root).shiftRight(1));
    assertThat(low.der()).isEqualTo(leaf.withMangledSignature(SignatureMangling.lowS(), root.publicKey()).der());
    assertThat(high.privateKey()).isEqualTo(leaf.privateKey());

    IssuedCrl crl = pki.crl(root).revoke(leaf).build();
    IssuedCrl extra = crl.withMangledSignature(SignatureMangling.extraInteger(BigInteger.TWO), root.publicKey());
    assertThat(ASN1Sequence.getInstance(extra.holder().toASN1Structure().getSignature().getOctets()).size()).isEqualTo(3);
    assertThat(extra.revokedSerials()).isEqualTo(crl.revokedSerials());
  }
}

package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureAlgorithm;
import java.math.BigInteger;
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

  // ---- CRLs are read with Go's encoding/asn1 rules (SETUP-CRL-01) -----------------------------

  private final IssuedCertificate victim = org.leaf("CN=victim,OU=client");

  private X509Msp withCrl(RawCrl crl) {
    return msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client")).crlBytes(crl.pem()),
        MspVersion.V1_4_3);
  }

  private MspSetupException crlRefused(RawCrl crl) {
    MspSetupException e = assertThrows(MspSetupException.class, () -> withCrl(crl));
    assertThat(e.reason()).isEqualTo(Reason.CRL_UNPARSABLE);
    assertThat(e.rule()).isEqualTo("SETUP-CRL-01");
    return e;
  }

  private void revokes(RawCrl crl) {
    X509Msp msp = withCrl(crl);
    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(identity(msp, victim)));
    assertThat(e.reason()).isEqualTo(Reason.REVOKED);
  }

  @Test
  @Tag("SETUP-CRL-01")
  void crlWithNonMinimalLengthIsRefused() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.tbsWrapper = body -> RawCrl.cat(new byte[] {0x30, (byte) 0x83, 0, (byte) (body.length >> 8),
        (byte) body.length}, body);
    crlRefused(crl);
  }

  @Test
  @Tag("SETUP-CRL-01")
  void crlWithIndefiniteLengthIsRefused() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.outerWrapper = body -> RawCrl.cat(new byte[] {0x30, (byte) 0x80}, body, new byte[] {0, 0});
    crlRefused(crl);
  }

  @Test
  @Tag("SETUP-CRL-01")
  void crlExtensionWithNonDerBooleanIsRefused() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.extensions = RawCrl.extensions(RawCrl.extension("2.5.29.35", new byte[] {1, 1, 1}, RawCrl.aki(crl.keyIdentifier())));
    crlRefused(crl);
  }

  @Test
  @Tag("SETUP-CRL-01")
  void generalizedTimeWithoutZoneIsRefused() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.thisUpdate = RawCrl.tlv(0x18, RawCrl.ascii("20240102000000"));
    crlRefused(crl);
  }

  @Test
  @Tag("SETUP-CRL-01")
  @Tag("VALIDATE-CRL-02")
  void repeatedExtensionsAreAcceptedAndTheFirstAuthorityKeyIdCounts() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.extensions = RawCrl.extensions(
        RawCrl.extension("2.5.29.35", null, RawCrl.aki(crl.keyIdentifier())),
        RawCrl.extension("2.5.29.35", null, RawCrl.aki(RawCrl.tlv(0x80, new byte[] {1}))));
    revokes(crl);

    RawCrl otherFirst = new RawCrl(org.root, victim.serial());
    otherFirst.extensions = RawCrl.extensions(
        RawCrl.extension("2.5.29.35", null, RawCrl.aki(RawCrl.tlv(0x80, new byte[] {1}))),
        RawCrl.extension("2.5.29.35", null, RawCrl.aki(otherFirst.keyIdentifier())));
    X509Msp msp = withCrl(otherFirst);
    msp.validate(identity(msp, victim));
  }

  @Test
  @Tag("SETUP-CRL-01")
  void entryWithMoreFieldsThanTheStandardIsRead() {
    RawCrl crl = new RawCrl(org.root);
    crl.revoked = RawCrl.tlv(0x30, RawCrl.entry(victim.serial(), RawCrl.tlv(0x30, new byte[0]), RawCrl.integer(BigInteger.ONE)));
    revokes(crl);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void authorityKeyIdWithSerialOrTrailingBytesStillMatches() {
    RawCrl withSerial = new RawCrl(org.root, victim.serial());
    withSerial.extensions = RawCrl.extensions(RawCrl.extension("2.5.29.35", null,
        RawCrl.aki(withSerial.keyIdentifier(), RawCrl.tlv(0x82, new byte[] {5}))));
    revokes(withSerial);

    RawCrl trailing = new RawCrl(org.root, victim.serial());
    trailing.extensions = RawCrl.extensions(RawCrl.extension("2.5.29.35", null,
        RawCrl.cat(RawCrl.aki(trailing.keyIdentifier()), new byte[] {0, 0})));
    revokes(trailing);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  @Tag("VALIDATE-CRL-03")
  void keyIdentifierAfterTheSerialIsNotSeen() {
    RawCrl crl = new RawCrl(org.root, victim.serial());
    crl.extensions = RawCrl.extensions(RawCrl.extension("2.5.29.35", null,
        RawCrl.aki(RawCrl.tlv(0x82, new byte[] {5}), crl.keyIdentifier())));
    X509Msp msp = withCrl(crl);
    msp.validate(identity(msp, victim));
  }
}

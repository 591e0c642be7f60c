package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.Base64;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@code Msp.checkWellFormed} (WELLFORMED-01) and how it differs from deserialisation (WELLFORMED-02). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X509MspWellFormedTest {
  private final Org org = new Org("wellformed");
  private final Key rootKey = org.root.privateKey().orElseThrow();
  private final IssuedCertificate admin = org.leaf("CN=admin");
  private final IssuedCertificate user = org.leaf("CN=user1");
  private final X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), MspVersion.V3_0);

  private static SerializedIdentity si(String mspId, String idBytes) {
    return si(mspId, idBytes.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static SerializedIdentity si(String mspId, byte[] idBytes) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(ByteString.copyFrom(idBytes)).build();
  }

  private static SerializedIdentity si(String idBytes) {
    return si(MspConfigs.MSP_ID, idBytes);
  }

  private static String pem(String label, byte[] der) {
    String b64 = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
    return "-----BEGIN " + label + "-----\n" + b64 + "\n-----END " + label + "-----\n";
  }

  private void notWellFormed(SerializedIdentity id, String why) {
    IdentityException e = assertThrows(IdentityException.class, () -> msp.checkWellFormed(id));
    assertThat(e.reason()).isEqualTo(Reason.NOT_WELL_FORMED);
    assertThat(e.rule()).isEqualTo("WELLFORMED-01");
    assertThat(e.getMessage()).contains(why);
    assertThat(msp.isWellFormed(id)).isFalse();
  }

  @Test
  @Tag("WELLFORMED-01")
  void plainPemCertificateIsWellFormed() {
    assertThat(msp.isWellFormed(si(user.pem()))).isTrue();
    msp.checkWellFormed(si(user.pem()));
  }

  @Test
  @Tag("WELLFORMED-01")
  void textBeforeTheBlockAndCrlfAfterTheEndLineAreAllowed() {
    assertThat(msp.isWellFormed(si("subject=CN=user1\n" + user.pem()))).isTrue();
    assertThat(msp.isWellFormed(si(user.pem().replace("\n", "\r\n")))).isTrue();
    String noFinalNewline = user.pem().substring(0, user.pem().length() - 1);
    assertThat(msp.isWellFormed(si(noFinalNewline))).isTrue();
  }

  @Test
  @Tag("WELLFORMED-01")
  void anythingAfterTheEndLineIsRejected() {
    notWellFormed(si(user.pem() + "\n"), "follow the END line");
    notWellFormed(si(user.pem() + " "), "follow the END line");
    notWellFormed(si(user.pem() + "\t\n"), "follow the END line");
    notWellFormed(si(user.pem() + admin.pem()), "follow the END line");
    notWellFormed(si(user.pem() + "junk"), "follow the END line");
  }

  @Test
  @Tag("WELLFORMED-01")
  void noPemBlockIsRejected() {
    notWellFormed(si(""), "no PEM block");
    notWellFormed(si(MspConfigs.MSP_ID, user.der()), "no PEM block");
    notWellFormed(si(user.pem().replace("-----END CERTIFICATE-----", "-----END CERT-----")), "no PEM block");
  }

  @Test
  @Tag("WELLFORMED-01")
  void labelMustBeCertificateOrEmpty() {
    assertThat(msp.isWellFormed(si(pem("", user.der())))).isTrue();
    notWellFormed(si(pem("X509 CERTIFICATE", user.der())), "'X509 CERTIFICATE'");
    notWellFormed(si(pem("certificate", user.der())), "'certificate'");
    notWellFormed(si(pem("PRIVATE KEY", user.der())), "'PRIVATE KEY'");
  }

  @Test
  @Tag("WELLFORMED-01")
  void contentMustParseAsACertificate() {
    notWellFormed(si(pem("CERTIFICATE", new byte[] {0x30, 0x03, 0x02, 0x01, 0x05})), "not an X.509 certificate");
    byte[] withTrailingDer = MessageSigs.concat(user.der(), new byte[] {0});
    notWellFormed(si(pem("CERTIFICATE", withTrailingDer)), "not an X.509 certificate");
  }

  @Test
  @Tag("WELLFORMED-01")
  @Tag("SIG-DER-01")
  void ecdsaSignatureMustBeMinimallyEncoded() {
    IssuedCertificate nonMinimal = user.withMangledSignature(SignatureMangling.nonMinimalR(), rootKey);
    IssuedCertificate extra = user.withMangledSignature(SignatureMangling.extraInteger(BigInteger.ONE), rootKey);
    IssuedCertificate trailing = user.withMangledSignature(SignatureMangling.trailingBytes(new byte[] {0}), rootKey);
    // A padded INTEGER does not even decode (Go's DER reader refuses it).
    notWellFormed(si(nonMinimal.pem()), "integer not minimally-encoded");
    notWellFormed(si(extra.pem()), "not in canonical form");
    notWellFormed(si(trailing.pem()), "not in canonical form");
  }

  @Test
  @Tag("WELLFORMED-01")
  @Tag("SIG-DER-01")
  void undecodableEcdsaSignatureIsRejected() {
    IssuedCertificate zeroR = user.withMangledSignature(SignatureMangling.withRs(BigInteger.ZERO, BigInteger.TEN), rootKey);
    notWellFormed(si(zeroR.pem()), "cannot be decoded");
    IssuedCertificate notDer = user.withMangledSignature(SignatureMangling.replaceWith(new byte[] {1, 2, 3}), rootKey);
    notWellFormed(si(notDer.pem()), "cannot be decoded");
  }

  @Test
  @Tag("WELLFORMED-01")
  void highSIsWellFormed() {
    IssuedCertificate high = user.withMangledSignature(SignatureMangling.highS(), rootKey);
    assertThat(msp.isWellFormed(si(high.pem()))).isTrue();
  }

  @Test
  @Tag("WELLFORMED-01")
  void nonEcdsaSignaturesAreNotExamined() {
    IssuedCertificate edRoot = org.pki.certificate().subject("CN=ed root").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    IssuedCertificate edSigned = org.pki.certificate().subject("CN=ed leaf").issuer(edRoot).leaf().build();
    assertThat(msp.isWellFormed(si(edSigned.pem()))).isTrue();
    IssuedCertificate garbled = edSigned.withMangledSignature(SignatureMangling.trailingBytes(new byte[] {0, 0}), null);
    assertThat(msp.isWellFormed(si(garbled.pem()))).isTrue();
  }

  @Test
  @Tag("WELLFORMED-01")
  void mspIdAndConfigurationAreNotLookedAt() {
    IssuedCertificate foreign = org.pki.leaf("CN=foreign", org.pki.rootCa("CN=other root"));
    assertThat(msp.isWellFormed(si("SomeOtherMSP", foreign.pem()))).isTrue();
    assertThat(msp.isWellFormed(si("", user.pem()))).isTrue();
  }

  @Test
  @Tag("WELLFORMED-02")
  void deserialisationStaysLenientWhereWellFormednessIsStrict() {
    String lenient = "header text\n" + pem("SOMETHING", user.der()) + "\ntrailing junk";
    assertThat(msp.isWellFormed(si(lenient))).isFalse();
    assertThat(msp.deserialize(si(lenient).toByteArray()).identifier())
        .isEqualTo(msp.deserialize(MspConfigs.serialized(user)).identifier());
  }
}

package io.msp4j.x509;

import static io.msp4j.x509.MessageSigs.concat;
import static io.msp4j.x509.MessageSigs.der;
import static io.msp4j.x509.MessageSigs.ecdsa;
import static io.msp4j.x509.MessageSigs.integer;
import static io.msp4j.x509.MessageSigs.sha256;
import static io.msp4j.x509.MessageSigs.tlv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Instant;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code Identity.verify} with Fabric's rules (spec section 5.3 and section 8). One instance for
 * all tests: the PKI and MSPs are immutable and costly to build.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X509MspVerifyTest {
  private static final byte[] MSG = "endorse tx 42".getBytes(StandardCharsets.UTF_8);
  private static final BigInteger N256 = MessageSigs.order("secp256r1");
  /** RSA key generation is slow: one key for the whole class. */
  private static final KeyPair RSA_KEYS = TestPki.seeded("verify-rsa").keyPair(KeyAlgorithm.RSA_2048);

  private final Org org = new Org("verify");
  private final IssuedCertificate admin = org.leaf("CN=admin");
  private final IssuedCertificate user = org.leaf("CN=user1");
  private final X509Msp msp = msp(MspVersion.V3_0);

  /** The crypto backend under test; {@link X509MspVerifyBouncyCastleTest} runs the same tests on the other. */
  CryptoBackend backend() {
    return CryptoBackend.AUTO;
  }

  private SetupOptions options() {
    return SetupOptions.defaults().withCrypto(backend());
  }

  private X509Msp msp(MspVersion v) {
    return X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), v, options());
  }

  private X509Msp mspWithFamily(String family) {
    MspConfigs c = MspConfigs.of(org.root).admin(admin);
    return X509Msps.setup(
        MSPConfig.newBuilder()
            .setConfig(c.fabricConfig().toBuilder()
                .setCryptoConfig(c.fabricConfig().getCryptoConfig().toBuilder().setSignatureHashFamily(family))
                .build().toByteString())
            .build(),
        MspVersion.V3_0,
        options());
  }

  private static Identity id(X509Msp m, IssuedCertificate c) {
    return m.deserialize(MspConfigs.serialized(c));
  }

  private static PrivateKey key(IssuedCertificate c) {
    return c.privateKey().orElseThrow();
  }

  private IdentityException fails(Identity id, byte[] msg, byte[] sig) {
    return assertThrows(IdentityException.class, () -> id.verify(msg, sig));
  }

  private byte[] good() {
    return der(MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256));
  }

  private void assertFailure(IdentityException e, Reason reason, String rule) {
    assertThat(e.reason()).isEqualTo(reason);
    assertThat(e.rule()).isEqualTo(rule);
    assertThat(e.certificate()).isPresent();
    assertThat(e.getMessage()).contains("CN=user1");
  }

  // ---- what is signed (VERIFY-01, ALG-02) ----

  @Test
  @Tag("VERIFY-01")
  @Tag("VERIFY-03")
  void lowSEcdsaSignatureOverSha256DigestVerifies() {
    id(msp, user).verify(MSG, good());
  }

  @Test
  @Tag("VERIFY-01")
  void signatureOverTheRawMessageInsteadOfTheDigestFails() {
    byte[] raw = MSG.clone();
    byte[] sig = der(MessageSigs.lowS(ecdsa(key(user), raw), N256));
    assertFailure(fails(id(msp, user), MSG, sig), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @ParameterizedTest
  @EnumSource(value = KeyAlgorithm.class, names = {"EC_P224", "EC_P256", "EC_P384", "EC_P521"})
  @Tag("VERIFY-01")
  @Tag("ALG-02")
  void everyNistCurveVerifiesOverSha256EvenWhenLarger(KeyAlgorithm alg) {
    IssuedCertificate leaf = org.custom().subject("CN=user1").leaf().keyAlgorithm(alg).build();
    BigInteger n = MessageSigs.order(alg.curveName());
    byte[] sig = der(MessageSigs.lowS(ecdsa(key(leaf), sha256(MSG)), n));
    id(msp, leaf).verify(MSG, sig);
  }

  @Test
  @Tag("VERIFY-01")
  @Tag("ALG-02")
  void p384SignatureOverSha384DigestFails() {
    IssuedCertificate leaf = org.custom().subject("CN=user1").leaf().keyAlgorithm(KeyAlgorithm.EC_P384).build();
    BigInteger n = MessageSigs.order("secp384r1");
    byte[] sig = der(MessageSigs.lowS(ecdsa(key(leaf), MessageSigs.sha384(MSG)), n));
    assertFailure(fails(id(msp, leaf), MSG, sig), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @Test
  @Tag("VERIFY-01")
  @Tag("SETUP-CRYPTO-03")
  void sha3FamilyVerifiesSha3DigestAndRejectsSha256() {
    X509Msp sha3 = mspWithFamily("SHA3");
    byte[] sig3 = der(MessageSigs.lowS(ecdsa(key(user), MessageSigs.sha3(MSG)), N256));
    id(sha3, user).verify(MSG, sig3);
    assertFailure(fails(id(sha3, user), MSG, good()), Reason.SIGNATURE_INVALID, "VERIFY-03");
    assertFailure(fails(id(msp, user), MSG, sig3), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @Test
  @Tag("SETUP-CRYPTO-03")
  @Tag("VERIFY-01")
  void unknownHashFamilyPassesSetupButFailsEveryEcdsaVerify() {
    X509Msp odd = mspWithFamily("SHA1");
    IdentityException e = fails(id(odd, user), MSG, good());
    assertFailure(e, Reason.HASH_FAMILY_UNSUPPORTED, "VERIFY-01");
    assertThat(e.getMessage()).contains("'SHA1'");
  }

  @Test
  @Tag("SETUP-CRYPTO-03")
  @Tag("VERIFY-04")
  void unknownHashFamilyDoesNotConcernEd25519() {
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    id(mspWithFamily("MD5"), ed).verify(MSG, MessageSigs.ed25519(key(ed), MSG));
  }

  // ---- empty inputs (VERIFY-02) ----

  @Test
  @Tag("VERIFY-02")
  void emptySignatureFails() {
    assertFailure(fails(id(msp, user), MSG, new byte[0]), Reason.SIGNATURE_MALFORMED, "VERIFY-02");
  }

  @Test
  @Tag("VERIFY-02")
  void emptyMessageIsFineForEcdsaBecauseItsDigestIsNot() {
    byte[] sig = der(MessageSigs.lowS(ecdsa(key(user), sha256(new byte[0])), N256));
    id(msp, user).verify(new byte[0], sig);
  }

  @Test
  @Tag("VERIFY-02")
  @Tag("VERIFY-04")
  void emptyMessageFailsForEd25519EvenWithAValidSignature() {
    IssuedCertificate ed = org.custom().subject("CN=user1").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    byte[] sig = MessageSigs.ed25519(key(ed), new byte[0]);
    assertThat(MessageSigs.ed25519Verifies(ed.publicKey(), new byte[0], sig)).isTrue();
    assertFailure(fails(id(msp, ed), new byte[0], sig), Reason.SIGNATURE_INVALID, "VERIFY-02");
  }

  // ---- low S (VERIFY-03) ----

  @Test
  @Tag("VERIFY-03")
  void highSTwinOfAValidSignatureFails() {
    BigInteger[] rs = ecdsa(key(user), sha256(MSG));
    Identity id = id(msp, user);
    id.verify(MSG, der(MessageSigs.lowS(rs, N256)));
    IdentityException e = fails(id, MSG, der(MessageSigs.highS(rs, N256)));
    assertFailure(e, Reason.SIGNATURE_MALFORMED, "VERIFY-03");
    assertThat(e.getMessage()).contains("high-S");
  }

  @ParameterizedTest
  @EnumSource(value = KeyAlgorithm.class, names = {"EC_P256", "EC_P384"})
  @Tag("VERIFY-03")
  @Tag("ALG-02")
  void sExactlyHalfTheOrderPassesAndOneMoreFails(KeyAlgorithm alg) {
    BigInteger n = MessageSigs.order(alg.curveName());
    BigInteger half = n.shiftRight(1);
    // A key for which (r, n/2 + 1) verifies; then (r, n - (n/2 + 1)) = (r, n/2) verifies too.
    MessageSigs.MadeToOrder v = MessageSigs.keyFor(alg.curveName(), sha256(MSG), BigInteger.valueOf(0x5eed), half.add(BigInteger.ONE));
    IssuedCertificate leaf = org.custom().subject("CN=user1").leaf().keyPair(v.keys()).build();
    assertThat(MessageSigs.ecdsaVerifies(leaf.publicKey(), sha256(MSG), v.r(), half)).isTrue();
    assertThat(MessageSigs.ecdsaVerifies(leaf.publicKey(), sha256(MSG), v.r(), half.add(BigInteger.ONE))).isTrue();
    Identity id = id(msp, leaf);
    id.verify(MSG, der(v.r(), half));
    assertFailure(fails(id, MSG, der(v.r(), half.add(BigInteger.ONE))), Reason.SIGNATURE_MALFORMED, "VERIFY-03");
  }

  // ---- decoding (SIG-DER-01 through VERIFY-03) ----

  @Test
  @Tag("SIG-DER-01")
  @Tag("VERIFY-03")
  void zeroOrNegativeROrSIsMalformed() {
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    Identity id = id(msp, user);
    for (byte[] sig : new byte[][] {
        der(BigInteger.ZERO, rs[1]), der(rs[0], BigInteger.ZERO),
        der(rs[0].negate(), rs[1]), der(rs[0], rs[1].negate())}) {
      IdentityException e = fails(id, MSG, sig);
      assertFailure(e, Reason.SIGNATURE_MALFORMED, "VERIFY-03");
      assertThat(e.getMessage()).contains("larger than zero");
    }
  }

  @Test
  @Tag("SIG-DER-01")
  @Tag("VERIFY-03")
  void rAtOrAboveTheOrderDoesNotVerify() {
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    Identity id = id(msp, user);
    assertFailure(fails(id, MSG, der(N256, rs[1])), Reason.SIGNATURE_INVALID, "VERIFY-03");
    assertFailure(fails(id, MSG, der(rs[0].add(N256), rs[1])), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @Test
  @Tag("SIG-DER-01")
  @Tag("VERIFY-03")
  void sAtOrAboveTheOrderFailsTheLowSRule() {
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    Identity id = id(msp, user);
    assertFailure(fails(id, MSG, der(rs[0], N256)), Reason.SIGNATURE_MALFORMED, "VERIFY-03");
    assertFailure(fails(id, MSG, der(rs[0], rs[1].add(N256))), Reason.SIGNATURE_MALFORMED, "VERIFY-03");
  }

  @Test
  @Tag("SIG-DER-01")
  @Tag("VERIFY-03")
  void nonMinimalEncodingsAreMalformed() {
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    Identity id = id(msp, user);
    byte[] r = integer(rs[0]);
    byte[] s = integer(rs[1]);
    byte[] body = concat(r, s);
    byte[][] bad = {
        tlv(0x30, concat(MessageSigs.paddedInteger(rs[0]), s)),            // INTEGER with a leading zero
        tlv(0x30, concat(r, MessageSigs.paddedInteger(rs[1]))),
        concat(new byte[] {0x30, (byte) 0x81, (byte) body.length}, body),  // long form for a short length
        concat(new byte[] {0x30, (byte) 0x80}, body, new byte[] {0, 0}),   // BER indefinite length
        tlv(0x31, body),                                                   // a SET, not a SEQUENCE
        tlv(0x30, concat(tlv(0x04, rs[0].toByteArray()), s)),              // r as an OCTET STRING
        tlv(0x30, r),                                                      // s missing
        concat(new byte[] {0x30, (byte) (body.length + 5)}, body),         // truncated
        new byte[] {0x02, 0x01, 0x01},                                     // a bare INTEGER
    };
    for (byte[] sig : bad) {
      assertFailure(fails(id, MSG, sig), Reason.SIGNATURE_MALFORMED, "VERIFY-03");
    }
  }

  @Test
  @Tag("SIG-DER-01")
  @Tag("VERIFY-03")
  void extraSequenceMembersAndTrailingBytesAreIgnored() {
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    Identity id = id(msp, user);
    byte[] minimal = der(rs);
    id.verify(MSG, tlv(0x30, concat(integer(rs[0]), integer(rs[1]), integer(BigInteger.valueOf(7)))));
    id.verify(MSG, tlv(0x30, concat(integer(rs[0]), integer(rs[1]), tlv(0x04, new byte[] {1, 2, 3}))));
    id.verify(MSG, concat(minimal, new byte[] {0x00}));
    id.verify(MSG, concat(minimal, "junk".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  @Tag("VERIFY-03")
  @Tag("SIG-DER-01")
  void specialValuesOfROrSNeverVerify() {
    // Wycheproof-style edge values, generated here: each is either refused as malformed/high-S
    // or fails the ECDSA equation, never accepted.
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    BigInteger one = BigInteger.ONE;
    BigInteger nm1 = N256.subtract(one);
    BigInteger half = N256.shiftRight(1);
    BigInteger[][] cases = {
        {one, one}, {one, rs[1]}, {rs[0], one}, {nm1, rs[1]}, {rs[0], nm1}, {nm1, nm1},
        {rs[1], rs[0]}, {half, half}, {rs[0], half}, {BigInteger.TWO.pow(256), rs[1]},
        {rs[0], BigInteger.TWO.pow(255)}};
    Identity id = id(msp, user);
    for (BigInteger[] c : cases) {
      IdentityException e = fails(id, MSG, der(c[0], c[1]));
      assertThat(e.reason()).isIn(Reason.SIGNATURE_INVALID, Reason.SIGNATURE_MALFORMED);
      assertThat(e.rule()).isEqualTo("VERIFY-03");
    }
  }

  @Test
  @Tag("VERIFY-03")
  @Tag("SIG-DER-01")
  void noSingleBitFlipOfAnEcdsaSignatureVerifies() {
    byte[] sig = good();
    Identity id = id(msp, user);
    for (int bit = 0; bit < sig.length * 8; bit++) {
      byte[] flipped = sig.clone();
      flipped[bit / 8] ^= (byte) (1 << (bit % 8));
      IdentityException e = fails(id, MSG, flipped);
      assertThat(e.reason()).as("bit %d", bit).isIn(Reason.SIGNATURE_INVALID, Reason.SIGNATURE_MALFORMED);
    }
  }

  @Test
  @Tag("VERIFY-04")
  void noSingleBitFlipOfAnEd25519SignatureVerifies() {
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    byte[] sig = MessageSigs.ed25519(key(ed), MSG);
    Identity id = id(msp, ed);
    for (int bit = 0; bit < sig.length * 8; bit++) {
      byte[] flipped = sig.clone();
      flipped[bit / 8] ^= (byte) (1 << (bit % 8));
      assertThat(fails(id, MSG, flipped).reason()).as("bit %d", bit).isEqualTo(Reason.SIGNATURE_INVALID);
    }
  }

  // ---- keys (VERIFY-03, VERIFY-04, VERIFY-05, ALG-*) ----

  @Test
  @Tag("VERIFY-03")
  @Tag("ALG-02")
  void signatureByAKeyOnAnotherCurveOrAnotherKeyFails() {
    IssuedCertificate p384 = org.custom().subject("CN=other").leaf().keyAlgorithm(KeyAlgorithm.EC_P384).build();
    IssuedCertificate other = org.leaf("CN=other256");
    BigInteger n384 = MessageSigs.order("secp384r1");
    Identity id = id(msp, user);
    byte[] byP384 = der(MessageSigs.lowS(ecdsa(key(p384), sha256(MSG)), n384));
    IdentityException e = fails(id, MSG, byP384);
    // r and s of a P-384 signature are mostly larger than n(P-256): high S or no verification.
    assertThat(e.reason()).isIn(Reason.SIGNATURE_INVALID, Reason.SIGNATURE_MALFORMED);
    assertThat(e.rule()).isEqualTo("VERIFY-03");
    byte[] byOther = der(MessageSigs.lowS(ecdsa(key(other), sha256(MSG)), N256));
    assertFailure(fails(id, MSG, byOther), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @Test
  @Tag("VERIFY-03")
  void changedMessageOrSignatureFails() {
    byte[] sig = good();
    Identity id = id(msp, user);
    byte[] msg = MSG.clone();
    msg[0] ^= 1;
    assertFailure(fails(id, msg, sig), Reason.SIGNATURE_INVALID, "VERIFY-03");
    BigInteger[] rs = MessageSigs.lowS(ecdsa(key(user), sha256(MSG)), N256);
    assertFailure(fails(id, MSG, der(rs[0].add(BigInteger.ONE), rs[1])), Reason.SIGNATURE_INVALID, "VERIFY-03");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VERIFY-04")
  @Tag("ALG-03")
  void ed25519IdentityVerifiesTheRawMessageAtEveryVersion(MspVersion v) {
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    Identity id = id(msp(v), ed);
    byte[] sig = MessageSigs.ed25519(key(ed), MSG);
    id.verify(MSG, sig);
    IdentityException e = assertThrows(IdentityException.class, () -> id.verify(MSG, MessageSigs.flipLastBit(sig)));
    assertThat(e.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
    assertThat(e.rule()).isEqualTo("VERIFY-04");
  }

  @Test
  @Tag("VERIFY-04")
  @Tag("ALG-03")
  void ed25519IdentityDoesNotValidateBelowV3ButStillVerifies() {
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    X509Msp v143 = msp(MspVersion.V1_4_3);
    Identity id = id(v143, ed);
    IdentityException e = assertThrows(IdentityException.class, () -> v143.validate(id));
    assertThat(e.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    id.verify(MSG, MessageSigs.ed25519(key(ed), MSG));
    X509Msp v3 = msp(MspVersion.V3_0);
    v3.validate(id(v3, ed));
  }

  @Test
  @Tag("VERIFY-04")
  void ed25519SignatureOfWrongLengthOrDigestInputFails() {
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    Identity id = id(msp, ed);
    byte[] sig = MessageSigs.ed25519(key(ed), MSG);
    for (byte[] bad : new byte[][] {
        java.util.Arrays.copyOf(sig, 63), concat(sig, new byte[] {0}),
        MessageSigs.ed25519(key(ed), sha256(MSG)), // signed the digest, not the message
        good()}) {                                  // an ECDSA DER signature
      IdentityException e = assertThrows(IdentityException.class, () -> id.verify(MSG, bad));
      assertThat(e.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
      assertThat(e.rule()).isEqualTo("VERIFY-04");
    }
  }

  @Test
  @Tag("VERIFY-04")
  void ed25519NonCanonicalScalarIsRejected() {
    // S + L verifies under a lax implementation; RFC 8032 (and Go) require S < L.
    IssuedCertificate ed = org.custom().subject("CN=ed").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    byte[] sig = MessageSigs.ed25519(key(ed), MSG);
    BigInteger l = BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    byte[] sLe = java.util.Arrays.copyOfRange(sig, 32, 64);
    BigInteger s = new BigInteger(1, reverse(sLe)).add(l);
    byte[] bumped = reverse(toFixed(s, 32));
    byte[] forged = concat(java.util.Arrays.copyOf(sig, 32), bumped);
    IdentityException e = assertThrows(IdentityException.class, () -> id(msp, ed).verify(MSG, forged));
    assertThat(e.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VERIFY-05")
  @Tag("ALG-04")
  void rsaIdentityNeverVerifies(MspVersion v) {
    IssuedCertificate rsa = org.custom().subject("CN=rsa").leaf().keyPair(RSA_KEYS).build();
    Identity id = id(msp(v), rsa);
    byte[] pkcs1 = rsaPkcs1Sha256(key(rsa), MSG);
    IdentityException e = assertThrows(IdentityException.class, () -> id.verify(MSG, pkcs1));
    assertThat(e.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    assertThat(e.rule()).isEqualTo("VERIFY-05");
    assertThat(e.getMessage()).contains("CN=rsa");
  }

  // ---- no validation (VERIFY-06) ----

  @Test
  @Tag("VERIFY-06")
  void expiredIdentityStillVerifies() {
    IssuedCertificate old = org.custom().subject("CN=user1").leaf()
        .validity(Instant.parse("2024-01-02T00:00:00Z"), Instant.parse("2024-02-01T00:00:00Z")).build();
    assertThat(old.x509Certificate().getNotAfter().toInstant()).isBefore(Instant.now());
    byte[] sig = der(MessageSigs.lowS(ecdsa(key(old), sha256(MSG)), N256));
    id(msp, old).verify(MSG, sig);
  }

  @Test
  @Tag("VERIFY-06")
  void invalidIdentityStillVerifies() {
    // Issued by the root although an intermediate is configured: invalid (VALIDATE-04), yet verify works.
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    X509Msp withIca = X509Msps.setup(
        MspConfigs.of(org.root).intermediate(ica).admin(org.leaf(ica, "CN=admin")).build(), MspVersion.V3_0, options());
    Identity id = id(withIca, user);
    assertThrows(IdentityException.class, () -> withIca.validate(id));
    id.verify(MSG, good());
  }

  @Test
  @Tag("VERIFY-03")
  void repeatedVerificationsGiveTheSameVerdict() {
    Identity id = id(msp, user);
    byte[] sig = good();
    for (int i = 0; i < 3; i++) {
      id.verify(MSG, sig);
      assertThat(fails(id, MSG, MessageSigs.flipLastBit(sig)).reason()).isIn(Reason.SIGNATURE_INVALID, Reason.SIGNATURE_MALFORMED);
    }
  }

  private static byte[] rsaPkcs1Sha256(PrivateKey key, byte[] msg) {
    try {
      java.security.Signature s = java.security.Signature.getInstance("SHA256withRSA");
      s.initSign(key);
      s.update(msg);
      return s.sign();
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] reverse(byte[] b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = b[b.length - 1 - i];
    }
    return out;
  }

  private static byte[] toFixed(BigInteger v, int len) {
    byte[] b = v.toByteArray();
    byte[] out = new byte[len];
    int copy = Math.min(b.length, len);
    System.arraycopy(b, b.length - copy, out, len - copy, copy);
    return out;
  }
}

package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * The check a signer's credential gets at setup, as Fabric's idemix MSP makes it: the disclosed
 * attribute values (OU and enrollment ID hashed, the role as an integer) equal to the
 * credential's, byte for byte, and the BBS+ signature valid for the user's secret under the
 * issuer key.
 */
final class Credentials {
  private Credentials() {}

  /** Why a credential was refused. */
  static final class InvalidCredentialException extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidCredentialException(String message) {
      super(message);
    }
  }

  /** A credential that passed {@link #verify}: the values a proof of it needs. */
  record Verified(ECP a, ECP b, BigInteger e, BigInteger s, byte[][] attrs) {}

  /**
   * Why a credential made for all four attributes does not verify for {@code sk} under the key,
   * or empty when it does: what a signer configuration builder checks before writing it.
   */
  static Optional<String> problem(IdemixIssuerKey key, BigInteger sk, byte[] credential) {
    Credential cred;
    try {
      cred = Credential.parseFrom(credential);
    } catch (InvalidProtocolBufferException e) {
      return Optional.of("the credential is not a Credential protobuf: " + e.getMessage());
    }
    int expected = IdemixIssuerKey.ATTRIBUTE_NAMES.size();
    if (cred.getAttrsCount() != expected) {
      return Optional.of("the credential has " + cred.getAttrsCount() + " attribute values; the key has "
          + expected + " attributes");
    }
    try {
      checkSignature(cred, sk, key);
      return Optional.empty();
    } catch (InvalidCredentialException e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * The BBS+ check: A and B decode, B = g1 + sk·h_sk + s·h_rand + Σ attr_i·h_attrs[i], and
   * e(w + e·g2, A) = e(g2, B). Returns A and B.
   */
  private static ECP[] checkSignature(Credential cred, BigInteger sk, IdemixIssuerKey key)
      throws InvalidCredentialException {
    ECP a;
    ECP b;
    try {
      a = Points.g1(cred.getA(), cred.hasA(), "the credential's A");
      b = Points.g1(cred.getB(), cred.hasB(), "the credential's B");
    } catch (Points.MalformedPointException e) {
      throw new InvalidCredentialException(e.getMessage());
    }
    BigInteger e = Fp256bn.scalar(cred.getE().toByteArray());
    BigInteger s = Fp256bn.scalar(cred.getS().toByteArray());
    // sk is the signer's secret: its multiple comes from milagro's constant-time multiplication.
    ECP expectedB = Fp256bn.add(Fp256bn.generatorG1(),
        Fp256bn.add(Fp256bn.mul(key.hSk(), Scalars.of(sk)), Fp256bn.mul(key.hRand(), s)));
    for (int i = 0; i < cred.getAttrsCount(); i++) {
      ByteString attr = cred.getAttrs(i);
      expectedB = Fp256bn.add(expectedB, Fp256bn.mul(key.hAttr(i), Fp256bn.scalar(attr.toByteArray())));
    }
    if (!b.equals(expectedB)) {
      throw new InvalidCredentialException(
          "the credential's B does not match the user secret and the attribute values");
    }
    ECP2 wPlusE = Fp256bn.add(key.w(), Fp256bn.mul(Fp256bn.generatorG2(), e));
    if (!Fp256bn.pairingsEqual(wPlusE, a, Fp256bn.generatorG2(), b)) {
      throw new InvalidCredentialException(
          "the credential's signature (a, e) does not verify under the issuer key");
    }
    return new ECP[] {a, b};
  }

  static Verified verify(byte[] credential, BigInteger sk, IdemixIssuerKey key, String ou,
      int roleValue, String enrollmentId) throws InvalidCredentialException {
    if (credential.length == 0) {
      throw new InvalidCredentialException("the credential is empty");
    }
    Credential cred;
    try {
      cred = Credential.parseFrom(credential);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidCredentialException("the credential is not a Credential protobuf: " + e.getMessage());
    }
    byte[][] expected = {
      Fp256bn.scalarBytes(Fp256bn.hashToScalar(ou.getBytes(StandardCharsets.UTF_8))),
      Fp256bn.scalarBytes(BigInteger.valueOf(roleValue)),
      Fp256bn.scalarBytes(Fp256bn.hashToScalar(enrollmentId.getBytes(StandardCharsets.UTF_8))),
    };
    String[] names = {"OU", "role", "enrollment ID"};
    for (int i = 0; i < expected.length; i++) {
      if (i >= cred.getAttrsCount() || !Arrays.equals(expected[i], cred.getAttrs(i).toByteArray())) {
        throw new InvalidCredentialException("the credential's " + names[i]
            + " attribute is not the signer configuration's");
      }
    }
    if (cred.getAttrsCount() > key.attributeBaseCount()) {
      throw new InvalidCredentialException("the credential has " + cred.getAttrsCount()
          + " attributes; the issuer key has bases for " + key.attributeBaseCount());
    }
    ECP[] ab = checkSignature(cred, sk, key);
    byte[][] attrs = new byte[cred.getAttrsCount()][];
    for (int i = 0; i < attrs.length; i++) {
      attrs[i] = cred.getAttrs(i).toByteArray();
    }
    BigInteger e = Fp256bn.scalar(cred.getE().toByteArray());
    BigInteger s = Fp256bn.scalar(cred.getS().toByteArray());
    ECP a = ab[0];
    ECP b = ab[1];
    return new Verified(a, b, e, s, attrs);
  }
}

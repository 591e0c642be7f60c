package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * The cryptographic check Fabric makes of a signer's credential at setup: a and b decode, there is
 * one value per attribute, b is g1 + s·h_rand + sk·h_sk + Σ m_i·h_attrs[i] for the user secret sk,
 * and e(w + e·g2, a) = e(g2, b).
 */
final class CredentialCheck {
  private CredentialCheck() {}

  /** Why the credential does not verify for the user secret under the key, or empty when it does. */
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
    ECP a;
    ECP b;
    try {
      a = Points.g1(cred.getA(), cred.hasA(), "the credential's a");
      b = Points.g1(cred.getB(), cred.hasB(), "the credential's b");
    } catch (Points.MalformedPointException e) {
      return Optional.of(e.getMessage());
    }
    List<BigInteger> attributes = new ArrayList<>();
    for (ByteString m : cred.getAttrsList()) {
      attributes.add(Fp256bn.scalar(m.toByteArray()));
    }
    BigInteger s = Fp256bn.scalar(cred.getS().toByteArray());
    ECP expectedB = CredentialIssuance.base(key, sk, s, attributes);
    if (!Arrays.equals(Fp256bn.bytes(b), Fp256bn.bytes(expectedB))) {
      return Optional.of("the credential's b does not match the user secret and the attribute values");
    }
    ECP2 g2 = Fp256bn.generatorG2();
    ECP2 wPlusE = Fp256bn.add(key.w(), Fp256bn.mul(g2, Fp256bn.scalar(cred.getE().toByteArray())));
    if (!Fp256bn.pairingsEqual(wPlusE, a, g2, b)) {
      return Optional.of("the credential's signature (a, e) does not verify under the issuer key");
    }
    return Optional.empty();
  }
}

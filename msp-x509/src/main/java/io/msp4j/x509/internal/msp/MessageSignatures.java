package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.ExternalKey;
import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.NistCurves;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.chain.SignatureDecodingException;
import io.msp4j.x509.internal.crypto.CryptoProvider;
import io.msp4j.x509.internal.crypto.PrivateKeyHandle;
import io.msp4j.x509.internal.crypto.PublicKeyHandle;
import io.msp4j.x509.internal.crypto.RawSignature;
import io.msp4j.x509.internal.crypto.SignatureDigest;
import java.math.BigInteger;
import java.util.function.Supplier;

/**
 * Fabric's rules for message signatures (spec section 5.3) on top of a {@link CryptoProvider}:
 * what is signed (VERIFY-01), empty inputs (VERIFY-02), ECDSA decoding and the low-S rule
 * (VERIFY-03, SIG-DER-01), Ed25519 (VERIFY-04), RSA refusal (VERIFY-05) and low-S signing
 * (SIGN-01). One instance per MSP; immutable.
 */
final class MessageSignatures {

  private final CryptoProvider crypto;
  private final String family;
  private final SignatureDigest digest;

  MessageSignatures(CryptoProvider crypto, String signatureHashFamily) {
    this.crypto = crypto;
    this.family = signatureHashFamily;
    this.digest = SignatureDigest.forFamily(signatureHashFamily).orElse(null);
  }

  CryptoProvider crypto() {
    return crypto;
  }

  /**
   * Verifies {@code signature} over {@code message} with a certificate's key; {@code handle}
   * gives the provider's prepared form of that key (asked for only when needed).
   */
  void verify(CertPublicKey key, Supplier<PublicKeyHandle> handle, byte[] message, byte[] signature)
      throws Failure {
    byte[] input = prepare(key.algorithm(), message, "VERIFY-01", "verify");
    if (signature.length == 0) {
      throw new Failure(Reason.SIGNATURE_MALFORMED, "VERIFY-02", "the signature is empty");
    }
    if (input.length == 0) {
      throw new Failure(
          Reason.SIGNATURE_INVALID, "VERIFY-02", "the message is empty, which Fabric never verifies for Ed25519 keys");
    }
    switch (key.algorithm()) {
      case ECDSA -> verifyEcdsa(key, handle.get(), input, signature);
      case ED25519 -> {
        if (!crypto.verify(handle.get(), input, new RawSignature.Ed25519(signature))) {
          throw new Failure(
              Reason.SIGNATURE_INVALID,
              "VERIFY-04",
              "the Ed25519 signature (" + signature.length + " bytes) does not verify with the certificate's key");
        }
      }
      case RSA -> throw new Failure(
          Reason.KEY_ALGORITHM_NOT_ACCEPTED,
          "VERIFY-05",
          "an RSA identity cannot verify signatures in Fabric (its crypto layer is never given the RSA options)");
      default -> throw new Failure(
          Reason.KEY_ALGORITHM_NOT_ACCEPTED, "VERIFY-05", key + " keys cannot verify signatures");
    }
  }

  private void verifyEcdsa(CertPublicKey key, PublicKeyHandle handle, byte[] digestBytes, byte[] signature)
      throws Failure {
    EcdsaSignatureDer.RS rs;
    try {
      rs = EcdsaSignatureDer.decode(signature);
    } catch (SignatureDecodingException e) {
      throw new Failure(
          Reason.SIGNATURE_MALFORMED,
          "VERIFY-03",
          "the ECDSA signature is not a DER SEQUENCE of two positive INTEGERs r, s (SIG-DER-01): " + e.getMessage());
    }
    String curve = key.curveName().orElse("unknown");
    if (!NistCurves.isNist(curve)) {
      throw new Failure(
          Reason.SIGNATURE_MALFORMED, "VERIFY-03", "curve " + curve + " has no low-S bound; only P-224, P-256, P-384 and P-521 do");
    }
    if (!EcdsaSignatureDer.isLowS(rs.s(), curve)) {
      throw new Failure(
          Reason.SIGNATURE_MALFORMED,
          "VERIFY-03",
          "S is greater than half the order of " + curve + " (a high-S signature); Fabric accepts only low-S signatures");
    }
    if (!crypto.verify(handle, digestBytes, new RawSignature.Ecdsa(rs.r(), rs.s()))) {
      throw new Failure(
          Reason.SIGNATURE_INVALID,
          "VERIFY-03",
          "the ECDSA signature does not verify with the certificate's " + curve + " key over the "
              + digest.displayName() + " digest of the message");
    }
  }

  /**
   * Signs {@code message} with {@code key} for a certificate whose key algorithm is {@code
   * certKey}: the certificate, not the private key, decides whether the message is hashed, as in
   * Fabric.
   */
  byte[] sign(KeyAlgorithm certKey, PrivateKeyHandle key, byte[] message) throws Failure {
    byte[] input = prepare(certKey, message, "SIGN-01", "sign");
    if (input.length == 0) {
      throw new Failure(
          Reason.SIGNING_FAILED, "SIGN-01", "the message is empty, which Fabric never signs with an Ed25519 key");
    }
    RawSignature raw = crypto.sign(key, input);
    if (raw instanceof RawSignature.Ecdsa ec) {
      BigInteger n = key.ecdsaOrder();
      if (!isNistOrder(n)) {
        throw new Failure(
            Reason.SIGNING_FAILED, "SIGN-01", "the signing key's curve is not P-224, P-256, P-384 or P-521");
      }
      BigInteger s = ec.s().compareTo(n.shiftRight(1)) > 0 ? n.subtract(ec.s()) : ec.s();
      return EcdsaSignatureDer.toMinimalDer(ec.r(), s);
    }
    return ((RawSignature.Ed25519) raw).bytes();
  }

  /**
   * Signs {@code message} through an external key for a certificate whose public key is {@code
   * certKey} (P11-04): the digest is computed here, the device makes the raw signature, and an
   * ECDSA result (r||s in two equal halves) is given a low S and encoded as minimal DER, as for
   * keys in files (SIGN-01).
   */
  byte[] signExternal(CertPublicKey certKey, ExternalKey key, byte[] message) throws Failure {
    KeyAlgorithm algorithm = certKey.algorithm();
    boolean fits =
        (algorithm == KeyAlgorithm.ECDSA && key.kind() == ExternalKey.Kind.ECDSA)
            || (algorithm == KeyAlgorithm.ED25519 && key.kind() == ExternalKey.Kind.ED25519);
    if (!fits) {
      throw new Failure(
          Reason.TOKEN_KEY_MISMATCH,
          "P11-05",
          "the key found (" + key.describe() + ") is an " + key.kind() + " key but the signing certificate's key is "
              + algorithm);
    }
    byte[] input = prepare(algorithm, message, "SIGN-01", "sign");
    if (input.length == 0) {
      throw new Failure(
          Reason.SIGNING_FAILED, "SIGN-01", "the message is empty, which Fabric never signs with an Ed25519 key");
    }
    byte[] raw = key.signRaw(input);
    if (algorithm == KeyAlgorithm.ED25519) {
      if (raw.length != 64) {
        throw new Failure(
            Reason.SIGNING_FAILED, "P11-04", key.describe() + " returned " + raw.length + " bytes, not a 64-byte Ed25519 signature");
      }
      return raw;
    }
    String curve = certKey.curveName().orElse("unknown");
    BigInteger n = NistCurves.isNist(curve) ? NistCurves.order(curve) : null;
    if (n == null) {
      throw new Failure(
          Reason.SIGNING_FAILED, "SIGN-01", "the signing certificate's curve is not P-224, P-256, P-384 or P-521");
    }
    if (raw.length == 0 || raw.length % 2 != 0) {
      throw new Failure(
          Reason.SIGNING_FAILED, "P11-04", key.describe() + " returned " + raw.length + " bytes, not r||s in two equal halves");
    }
    int half = raw.length / 2;
    BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(raw, 0, half));
    BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(raw, half, raw.length));
    if (s.compareTo(n.shiftRight(1)) > 0) {
      s = n.subtract(s);
    }
    return EcdsaSignatureDer.toMinimalDer(r, s);
  }

  /** The message itself for Ed25519 keys, else its digest by the hash family (VERIFY-01). */
  private byte[] prepare(KeyAlgorithm keyAlgorithm, byte[] message, String rule, String operation)
      throws Failure {
    if (keyAlgorithm == KeyAlgorithm.ED25519) {
      return message;
    }
    if (digest == null) {
      throw new Failure(
          Reason.HASH_FAMILY_UNSUPPORTED,
          rule,
          "cannot " + operation + ": the MSP's signature_hash_family '" + family
              + "' is neither SHA2 nor SHA3 (SETUP-CRYPTO-03)");
    }
    return crypto.hash(digest, message);
  }

  private static boolean isNistOrder(BigInteger n) {
    if (n == null) {
      return false;
    }
    for (String c : NistCurves.NAMES) {
      if (n.equals(NistCurves.order(c))) {
        return true;
      }
    }
    return false;
  }
}

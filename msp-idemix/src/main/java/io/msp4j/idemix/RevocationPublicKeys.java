package io.msp4j.idemix;

import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.nist.NISTNamedCurves;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.math.ec.ECPoint;

/**
 * The revocation public key of an idemix MSP, imported as Fabric imports it (IDEMIX-FOLDER-01):
 * the first PEM block of the bytes (any label), a PKIX SubjectPublicKeyInfo holding an ECDSA key
 * on one of Go's named curves (P-224, P-256, P-384, P-521) as an uncompressed point on the curve.
 * Fabric never uses the key afterwards (revocation is not checked), so only its import matters.
 */
final class RevocationPublicKeys {
  private static final Map<ASN1ObjectIdentifier, String> GO_CURVES = Map.of(
      NISTNamedCurves.getOID("P-224"), "P-224",
      NISTNamedCurves.getOID("P-256"), "P-256",
      NISTNamedCurves.getOID("P-384"), "P-384",
      NISTNamedCurves.getOID("P-521"), "P-521");

  private RevocationPublicKeys() {}

  /** Why the key was refused. */
  static final class InvalidKeyException extends Exception {
    private static final long serialVersionUID = 1L;

    InvalidKeyException(String message) {
      super(message);
    }
  }

  /** The curve name of the key, when it imports. */
  static String check(byte[] pem) throws InvalidKeyException {
    if (pem.length == 0) {
      throw new InvalidKeyException("the revocation public key is empty");
    }
    Optional<PemBlock> block = GoPem.decode(pem);
    if (block.isEmpty()) {
      throw new InvalidKeyException("the revocation public key holds no PEM block");
    }
    byte[] der = block.get().bytes();
    SubjectPublicKeyInfo spki;
    try {
      ASN1Primitive parsed = der.length == 0 ? null : ASN1Primitive.fromByteArray(der);
      if (parsed == null) {
        throw new InvalidKeyException("the revocation public key's PEM block is empty");
      }
      spki = SubjectPublicKeyInfo.getInstance(parsed);
      if (parsed.getEncoded("DER").length != der.length) {
        throw new InvalidKeyException("the revocation public key has data after its SubjectPublicKeyInfo");
      }
    } catch (IOException | RuntimeException e) {
      // Bouncy Castle's ASN.1 objects refuse malformed input with assorted runtime exceptions.
      throw new InvalidKeyException(
          "the revocation public key is not a PKIX SubjectPublicKeyInfo: " + e.getMessage());
    }
    ASN1ObjectIdentifier alg = spki.getAlgorithm().getAlgorithm();
    if (!X9ObjectIdentifiers.id_ecPublicKey.equals(alg)) {
      throw new InvalidKeyException("the revocation public key is not an ECDSA key (algorithm " + alg + ")");
    }
    if (!(spki.getAlgorithm().getParameters() instanceof ASN1ObjectIdentifier curveOid)
        || !GO_CURVES.containsKey(curveOid)) {
      throw new InvalidKeyException("the revocation public key's curve is not P-224, P-256, P-384 or P-521");
    }
    X9ECParameters curve = NISTNamedCurves.getByOID(curveOid);
    byte[] point = rightAligned(spki.getPublicKeyData());
    int coordinate = (curve.getCurve().getFieldSize() + 7) / 8;
    if (point.length != 1 + 2 * coordinate || point[0] != 0x04) {
      throw new InvalidKeyException("the revocation public key's point is not an uncompressed "
          + GO_CURVES.get(curveOid) + " point");
    }
    try {
      ECPoint p = curve.getCurve().decodePoint(point);
      if (!p.isValid()) {
        throw new IllegalArgumentException("not on the curve");
      }
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException("the revocation public key's point is not on "
          + GO_CURVES.get(curveOid) + ": " + e.getMessage());
    }
    return GO_CURVES.get(curveOid);
  }

  /**
   * The key's bits as Go reads them: padding bits (at most 7, all zero, none in an empty string)
   * and the content shifted right over them, as {@code asn1.BitString.RightAlign} does.
   */
  private static byte[] rightAligned(ASN1BitString bits) throws InvalidKeyException {
    byte[] b = bits.getBytes();
    int pad = bits.getPadBits();
    if (pad > 7 || b.length == 0 && pad != 0 || pad > 0 && (b[b.length - 1] & ((1 << pad) - 1)) != 0) {
      throw new InvalidKeyException("the revocation public key's BIT STRING has invalid padding bits");
    }
    if (pad == 0 || b.length == 0) {
      return b;
    }
    byte[] a = new byte[b.length];
    a[0] = (byte) ((b[0] & 0xff) >>> pad);
    for (int i = 1; i < b.length; i++) {
      a[i] = (byte) ((b[i - 1] << (8 - pad)) | ((b[i] & 0xff) >>> pad));
    }
    return a;
  }
}

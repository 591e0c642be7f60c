package io.msp4j.pkcs11.internal;

import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * Reads the public key of a token's EC public key object from its CKA_EC_PARAMS (a named curve
 * OID) and CKA_EC_POINT (the uncompressed point, usually wrapped in a DER OCTET STRING, as
 * SoftHSM2 returns it; a bare point is accepted too).
 */
final class EcPoints {
  private EcPoints() {}

  static Optional<PublicKey> publicKey(byte[] ecParams, byte[] ecPoint) {
    if (ecParams == null || ecPoint == null || ecPoint.length == 0) {
      return Optional.empty();
    }
    try {
      ASN1ObjectIdentifier curve = ASN1ObjectIdentifier.getInstance(ASN1Primitive.fromByteArray(ecParams));
      byte[] point = ecPoint;
      if (ecPoint[0] == 0x04 && ecPoint.length > 2 && (ecPoint.length - 2) == (ecPoint[1] & 0xff)) {
        point = ASN1OctetString.getInstance(ASN1Primitive.fromByteArray(ecPoint)).getOctets();
      } else if (ecPoint[0] == 0x04 && ecPoint.length > 3 && (ecPoint[1] & 0xff) == 0x81) {
        point = ASN1OctetString.getInstance(ASN1Primitive.fromByteArray(ecPoint)).getOctets();
      }
      SubjectPublicKeyInfo spki =
          new SubjectPublicKeyInfo(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, curve), point);
      return Optional.of(KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(spki.getEncoded())));
    } catch (Exception e) {
      return Optional.empty();
    }
  }
}

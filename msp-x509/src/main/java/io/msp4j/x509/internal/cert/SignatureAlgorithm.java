package io.msp4j.x509.internal.cert;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Null;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.BERTags;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * Certificate signature algorithms as Go's crypto/x509 recognises them from an
 * AlgorithmIdentifier ({@code getSignatureAlgorithmFromAI}).
 */
public enum SignatureAlgorithm {
  MD2_WITH_RSA("1.2.840.113549.1.1.2", KeyAlgorithm.RSA, "MD2", true),
  MD5_WITH_RSA("1.2.840.113549.1.1.4", KeyAlgorithm.RSA, "MD5", true),
  SHA1_WITH_RSA("1.2.840.113549.1.1.5", KeyAlgorithm.RSA, "SHA-1", true),
  SHA256_WITH_RSA("1.2.840.113549.1.1.11", KeyAlgorithm.RSA, "SHA-256", false),
  SHA384_WITH_RSA("1.2.840.113549.1.1.12", KeyAlgorithm.RSA, "SHA-384", false),
  SHA512_WITH_RSA("1.2.840.113549.1.1.13", KeyAlgorithm.RSA, "SHA-512", false),
  SHA256_WITH_RSA_PSS("1.2.840.113549.1.1.10", KeyAlgorithm.RSA, "SHA-256", false),
  SHA384_WITH_RSA_PSS("1.2.840.113549.1.1.10", KeyAlgorithm.RSA, "SHA-384", false),
  SHA512_WITH_RSA_PSS("1.2.840.113549.1.1.10", KeyAlgorithm.RSA, "SHA-512", false),
  DSA_WITH_SHA1("1.2.840.10040.4.3", KeyAlgorithm.DSA, "SHA-1", true),
  DSA_WITH_SHA256("2.16.840.1.101.3.4.3.2", KeyAlgorithm.DSA, "SHA-256", false),
  ECDSA_WITH_SHA1("1.2.840.10045.4.1", KeyAlgorithm.ECDSA, "SHA-1", true),
  ECDSA_WITH_SHA256("1.2.840.10045.4.3.2", KeyAlgorithm.ECDSA, "SHA-256", false),
  ECDSA_WITH_SHA384("1.2.840.10045.4.3.3", KeyAlgorithm.ECDSA, "SHA-384", false),
  ECDSA_WITH_SHA512("1.2.840.10045.4.3.4", KeyAlgorithm.ECDSA, "SHA-512", false),
  ED25519("1.3.101.112", KeyAlgorithm.ED25519, "", false),
  /** Not recognised: certificates signed with it never verify. */
  UNKNOWN("", KeyAlgorithm.OTHER, "", false);

  private static final String PSS_OID = "1.2.840.113549.1.1.10";
  private static final String MGF1_OID = "1.2.840.113549.1.1.8";
  private static final String SHA256_OID = "2.16.840.1.101.3.4.2.1";
  private static final String SHA384_OID = "2.16.840.1.101.3.4.2.2";
  private static final String SHA512_OID = "2.16.840.1.101.3.4.2.3";

  private final String oid;
  private final KeyAlgorithm keyAlgorithm;
  private final String hash;
  private final boolean insecure;

  SignatureAlgorithm(String oid, KeyAlgorithm keyAlgorithm, String hash, boolean insecure) {
    this.oid = oid;
    this.keyAlgorithm = keyAlgorithm;
    this.hash = hash;
    this.insecure = insecure;
  }

  /** The algorithm OID (the same for the three PSS variants). */
  public String oid() {
    return oid;
  }

  /** The key algorithm the signature needs. */
  public KeyAlgorithm keyAlgorithm() {
    return keyAlgorithm;
  }

  /** JCA name of the digest ("SHA-256"), empty for Ed25519 and UNKNOWN. */
  public String hash() {
    return hash;
  }

  /** MD2, MD5 or SHA-1 based: never accepted for certificate signatures (CHAIN-04, ALG-05). */
  public boolean insecure() {
    return insecure;
  }

  /** True for the three RSASSA-PSS variants. */
  public boolean isPss() {
    return oid.equals(PSS_OID);
  }

  /** True for ecdsa-with-SHA1/SHA256/SHA384/SHA512 (SANITIZE-01, SETUP-CRL-02). */
  public boolean isEcdsa() {
    return keyAlgorithm == KeyAlgorithm.ECDSA;
  }

  /** Classifies an AlgorithmIdentifier the way Go does. */
  public static SignatureAlgorithm of(AlgorithmIdentifier ai) {
    String id = ai.getAlgorithm().getId();
    ASN1Encodable params = ai.getParameters();
    if (id.equals(ED25519.oid) && params != null) {
      return UNKNOWN;
    }
    if (!id.equals(PSS_OID)) {
      for (SignatureAlgorithm a : values()) {
        if (a != UNKNOWN && a.oid.equals(id)) {
          return a;
        }
      }
      return UNKNOWN;
    }
    return pssVariant(params);
  }

  private static SignatureAlgorithm pssVariant(ASN1Encodable params) {
    try {
      if (!(params instanceof ASN1Sequence seq)) {
        return UNKNOWN;
      }
      AlgorithmIdentifier hashAi = null;
      AlgorithmIdentifier mgf = null;
      long salt = 0;
      long trailer = 1;
      for (ASN1Encodable e : seq) {
        if (!(e instanceof ASN1TaggedObject t) || t.getTagClass() != BERTags.CONTEXT_SPECIFIC
            || !t.isExplicit()) {
          return UNKNOWN;
        }
        ASN1Primitive inner = t.getExplicitBaseObject().toASN1Primitive();
        switch (t.getTagNo()) {
          case 0 -> hashAi = AlgorithmIdentifier.getInstance(inner);
          case 1 -> mgf = AlgorithmIdentifier.getInstance(inner);
          case 2 -> salt = ASN1Integer.getInstance(inner).longValueExact();
          case 3 -> trailer = ASN1Integer.getInstance(inner).longValueExact();
          default -> {
            return UNKNOWN;
          }
        }
      }
      if (hashAi == null || mgf == null) {
        return UNKNOWN;
      }
      if (!nullOrAbsent(hashAi.getParameters()) || !mgf.getAlgorithm().getId().equals(MGF1_OID)) {
        return UNKNOWN;
      }
      AlgorithmIdentifier mgfHash = AlgorithmIdentifier.getInstance(mgf.getParameters());
      if (mgfHash == null || !mgfHash.getAlgorithm().equals(hashAi.getAlgorithm())
          || !nullOrAbsent(mgfHash.getParameters()) || trailer != 1) {
        return UNKNOWN;
      }
      String h = hashAi.getAlgorithm().getId();
      if (h.equals(SHA256_OID) && salt == 32) {
        return SHA256_WITH_RSA_PSS;
      }
      if (h.equals(SHA384_OID) && salt == 48) {
        return SHA384_WITH_RSA_PSS;
      }
      if (h.equals(SHA512_OID) && salt == 64) {
        return SHA512_WITH_RSA_PSS;
      }
      return UNKNOWN;
    } catch (RuntimeException e) {
      return UNKNOWN;
    }
  }

  private static boolean nullOrAbsent(ASN1Encodable p) {
    return p == null || p instanceof ASN1Null;
  }
}

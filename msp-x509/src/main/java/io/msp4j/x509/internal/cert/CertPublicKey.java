package io.msp4j.x509.internal.cert;

import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Null;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECNamedDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECFieldElement;
import org.bouncycastle.math.ec.ECPoint;

/**
 * The subject public key of a certificate: algorithm, curve, the JCA key and Bouncy Castle's
 * lightweight parameters (for signature checks), parsed with the acceptance rules of Go's
 * {@code parsePublicKey}. Immutable; the JCA key is made on first request, and a crypto
 * provider's prepared form of the key can be kept with it ({@link #prepared}).
 */
public final class CertPublicKey {
  private static final String OID_RSA = "1.2.840.113549.1.1.1";
  private static final String OID_DSA = "1.2.840.10040.4.1";
  static final String OID_EC = "1.2.840.10045.2.1";
  private static final String OID_ED25519 = "1.3.101.112";

  /**
   * Local provider instance, used only to build JCA key objects, made when the first one is asked
   * for (its construction loads hundreds of classes); never registered globally.
   */
  private static final class JcaProvider {
    static final BouncyCastleProvider INSTANCE = new BouncyCastleProvider();
  }

  private final KeyAlgorithm algorithm;
  private final String curve;
  private final byte[] spki;
  private final String jcaName;
  /**
   * Bouncy Castle's parameters; for an ECDSA key made from {@link #ecPoint} on first request, since
   * the native provider never needs them and making them validates the point a second time.
   */
  private volatile AsymmetricKeyParameter parameters;
  private final ECPoint ecPoint;
  private volatile PublicKey publicKey;
  /** A crypto provider's prepared form of this key and the provider that made it. */
  private volatile Prepared prepared;

  private record Prepared(Object owner, Object value) {}

  /** SHA-256 of the SubjectPublicKeyInfo, made on first request. */
  private volatile byte[] spkiSha256;
  /** The RSA modulus length, -1 until first asked. */
  private volatile int rsaModulusBits = -1;

  private CertPublicKey(KeyAlgorithm algorithm, String curve, byte[] spki, String jcaName,
      AsymmetricKeyParameter parameters) {
    this(algorithm, curve, spki, jcaName, parameters, null);
  }

  private CertPublicKey(KeyAlgorithm algorithm, String curve, byte[] spki, String jcaName,
      AsymmetricKeyParameter parameters, ECPoint ecPoint) {
    this.algorithm = algorithm;
    this.curve = curve;
    this.spki = spki;
    this.jcaName = jcaName;
    this.parameters = parameters;
    this.ecPoint = ecPoint;
  }

  /** Parses a SubjectPublicKeyInfo (its exact DER bytes). */
  static CertPublicKey parse(ASN1Sequence spkiSeq, byte[] spkiDer) {
    if (spkiSeq.size() < 2 || !(spkiSeq.getObjectAt(0).toASN1Primitive() instanceof ASN1Sequence aiSeq)
        || aiSeq.size() < 1
        || !(aiSeq.getObjectAt(0) instanceof ASN1ObjectIdentifier algOid)) {
      throw new CertificateParseException("x509: malformed spki");
    }
    Der.goOid(algOid, "x509: malformed OID");
    byte[] keyBytes = Der.bitStringBytes(spkiSeq.getObjectAt(1), "x509: malformed subjectPublicKey");
    ASN1Encodable params = aiSeq.size() > 1 ? aiSeq.getObjectAt(1) : null;
    String id = algOid.getId();
    switch (id) {
      case OID_RSA -> {
        if (!(params instanceof ASN1Null)) {
          throw new CertificateParseException("x509: RSA key missing NULL parameters");
        }
        ASN1Sequence rsa = Der.firstSequence(keyBytes, "x509: invalid RSA public key");
        if (rsa.size() < 2 || !(rsa.getObjectAt(0) instanceof ASN1Integer n)
            || !(rsa.getObjectAt(1) instanceof ASN1Integer e)) {
          throw new CertificateParseException("x509: invalid RSA public key");
        }
        if (n.getValue().signum() <= 0) {
          throw new CertificateParseException("x509: RSA modulus is not a positive number");
        }
        if (e.getValue().signum() <= 0 || e.getValue().bitLength() > 63) {
          throw new CertificateParseException("x509: RSA public exponent is not a positive number");
        }
        // Go takes any positive modulus and exponent here; a key Bouncy Castle will not build
        // (even modulus or exponent, small factors) parses all the same and verifies nothing.
        try {
          return new CertPublicKey(KeyAlgorithm.RSA, null, spkiDer, "RSA",
              new RSAKeyParameters(false, n.getValue(), e.getValue()));
        } catch (IllegalArgumentException ex) {
          return new CertPublicKey(KeyAlgorithm.RSA, null, spkiDer, null, null);
        }
      }
      case OID_EC -> {
        if (!(params instanceof ASN1ObjectIdentifier curveOid)) {
          throw new CertificateParseException("x509: invalid ECDSA parameters");
        }
        return ecdsa(curveOid.getId(), keyBytes, spkiDer);
      }
      case OID_ED25519 -> {
        if (params != null) {
          throw new CertificateParseException("x509: Ed25519 key encoded with illegal parameters");
        }
        if (keyBytes.length != 32) {
          throw new CertificateParseException("x509: wrong Ed25519 public key size");
        }
        return build(KeyAlgorithm.ED25519, null, spkiDer, "Ed25519");
      }
      case OID_DSA -> {
        try {
          ASN1Primitive y = Der.first(keyBytes, "x509: invalid DSA public key");
          ASN1Sequence p = ASN1Sequence.getInstance(params);
          BigInteger yv = ASN1Integer.getInstance(y).getValue();
          if (yv.signum() <= 0 || p.size() < 3) {
            throw new CertificateParseException("x509: zero or negative DSA parameter");
          }
          for (int i = 0; i < 3; i++) {
            if (ASN1Integer.getInstance(p.getObjectAt(i)).getValue().signum() <= 0) {
              throw new CertificateParseException("x509: zero or negative DSA parameter");
            }
          }
        } catch (IllegalArgumentException | NullPointerException ex) {
          throw new CertificateParseException("x509: invalid DSA parameters", ex);
        }
        return new CertPublicKey(KeyAlgorithm.DSA, null, spkiDer, null, null);
      }
      default -> {
        return new CertPublicKey(KeyAlgorithm.OTHER, null, spkiDer, null, null);
      }
    }
  }

  /**
   * An ECDSA key from its curve OID and point bytes; shared by {@link #parse} and {@link
   * SinglePassParser}.
   */
  static CertPublicKey ecdsa(String curveOid, byte[] keyBytes, byte[] spkiDer) {
    String curveName = nistName(curveOid);
    if (curveName == null) {
      throw new CertificateParseException("x509: unsupported elliptic curve");
    }
    // The point is checked here, on Bouncy Castle's fast curve implementation; it becomes the
    // key's lightweight parameters (what PublicKeyFactory would make of the same bytes) on demand.
    ECNamedDomainParameters domain = NistCurves.domain(curveName);
    int fieldBytes = (domain.getCurve().getFieldSize() + 7) / 8;
    if (keyBytes.length != 1 + 2 * fieldBytes || keyBytes[0] != 0x04) {
      throw new CertificateParseException("x509: failed to unmarshal elliptic curve point");
    }
    ECPoint p = affinePoint(domain.getCurve(), keyBytes, fieldBytes);
    if (p == null) {
      throw new CertificateParseException("x509: failed to unmarshal elliptic curve point");
    }
    return new CertPublicKey(KeyAlgorithm.ECDSA, curveName, spkiDer, "EC", null, p);
  }

  /**
   * The point of an uncompressed encoding (0x04 || x || y) when both coordinates are below the
   * field prime and it satisfies the curve equation, else null: Go's {@code elliptic.Unmarshal}.
   * The same verdict as Bouncy Castle's {@code decodePoint} (compared in the tests), without the
   * per-point validity record it keeps in a synchronised table; on-curve is enough since the NIST
   * curves have cofactor 1.
   */
  static ECPoint affinePoint(ECCurve curve, byte[] encoded, int fieldBytes) {
    BigInteger x = new BigInteger(1, encoded, 1, fieldBytes);
    BigInteger y = new BigInteger(1, encoded, 1 + fieldBytes, fieldBytes);
    if (!curve.isValidFieldElement(x) || !curve.isValidFieldElement(y)) {
      return null;
    }
    ECPoint p = curve.createPoint(x, y); // affine, not yet checked
    ECFieldElement fx = p.getXCoord();
    ECFieldElement rhs = fx.square().add(curve.getA()).multiply(fx).add(curve.getB());
    return p.getYCoord().square().equals(rhs) ? p : null;
  }

  private static CertPublicKey build(KeyAlgorithm alg, String curve, byte[] spkiDer, String jca) {
    try {
      SubjectPublicKeyInfo info = SubjectPublicKeyInfo.getInstance(spkiDer);
      AsymmetricKeyParameter params = PublicKeyFactory.createKey(info);
      return new CertPublicKey(alg, curve, spkiDer, jca, params);
    } catch (Exception ex) {
      throw new CertificateParseException("x509: cannot import " + jca + " public key: "
          + ex.getMessage(), ex);
    }
  }

  /** NIST name (P-224, P-256, P-384, P-521) of the curves Go supports, else null. */
  static String nistName(String oid) {
    return switch (oid) {
      case "1.3.132.0.33" -> "P-224";
      case "1.2.840.10045.3.1.7" -> "P-256";
      case "1.3.132.0.34" -> "P-384";
      case "1.3.132.0.35" -> "P-521";
      default -> null;
    };
  }

  /** The key algorithm. */
  public KeyAlgorithm algorithm() {
    return algorithm;
  }

  /** For ECDSA keys, the NIST curve name (P-224, P-256, P-384 or P-521). */
  public Optional<String> curveName() {
    return Optional.ofNullable(curve);
  }

  /** The JCA public key; empty for DSA, unknown algorithms and RSA keys that cannot be built. */
  public Optional<PublicKey> publicKey() {
    if (jcaName == null) {
      return Optional.empty();
    }
    PublicKey key = publicKey;
    if (key == null) {
      try {
        key = KeyFactory.getInstance(jcaName, JcaProvider.INSTANCE)
            .generatePublic(new X509EncodedKeySpec(spki));
      } catch (Exception ex) {
        // The same bytes already made Bouncy Castle's lightweight parameters at parse time.
        throw new IllegalStateException("cannot make the JCA form of a parsed " + jcaName
            + " public key: " + ex.getMessage(), ex);
      }
      publicKey = key;
    }
    return Optional.of(key);
  }

  /**
   * A crypto provider's prepared form of this key: made by {@code make} on the first request of
   * {@code owner} and kept, so that decoded points and precomputed tables serve every later
   * signature check. One form is kept at a time (an MSP uses one provider).
   */
  public <T> T prepared(Object owner, Class<T> type, Function<CertPublicKey, ? extends T> make) {
    Prepared p = prepared;
    if (p != null && p.owner() == owner) {
      return type.cast(p.value());
    }
    T value = make.apply(this);
    prepared = new Prepared(owner, value);
    return value;
  }

  /**
   * Bouncy Castle lightweight parameters; empty for DSA, unknown algorithms and RSA keys that
   * cannot be built (such a key verifies no signature).
   */
  public Optional<AsymmetricKeyParameter> parameters() {
    AsymmetricKeyParameter p = parameters;
    if (p == null && ecPoint != null) {
      // The point passed affinePoint's check, which is the one this constructor repeats.
      p = new ECPublicKeyParameters(ecPoint, NistCurves.domain(curve));
      parameters = p;
    }
    return Optional.ofNullable(p);
  }

  /** The exact SubjectPublicKeyInfo bytes from the certificate. */
  /** The bit length of an RSA key's modulus, read once; 0 for other keys. */
  public int rsaModulusBits() {
    int bits = rsaModulusBits;
    if (bits < 0) {
      bits = 0;
      if (algorithm == KeyAlgorithm.RSA) {
        org.bouncycastle.asn1.x509.SubjectPublicKeyInfo info =
            org.bouncycastle.asn1.x509.SubjectPublicKeyInfo.getInstance(spki);
        ASN1Sequence rsa = ASN1Sequence.getInstance(info.getPublicKeyData().getBytes());
        bits = ASN1Integer.getInstance(rsa.getObjectAt(0)).getValue().bitLength();
      }
      rsaModulusBits = bits;
    }
    return bits;
  }

  /** SHA-256 of the exact SubjectPublicKeyInfo DER (a copy), as Go's distrust list keys it. */
  public byte[] spkiSha256() {
    byte[] h = spkiSha256;
    if (h == null) {
      try {
        h = java.security.MessageDigest.getInstance("SHA-256").digest(spki);
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required of every Java platform", e);
      }
      spkiSha256 = h;
    }
    return h.clone();
  }

  public byte[] spki() {
    return spki.clone();
  }

  /** Key equality (same algorithm and key material), as Go's {@code PublicKey.Equal}. */
  public boolean sameKey(CertPublicKey other) {
    return Arrays.equals(spki, other.spki);
  }

  @Override
  public String toString() {
    return algorithm + (curve == null ? "" : " " + curve);
  }
}

package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.IssuerPublicKey;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * An idemix issuer public key, imported as Fabric's idemix MSP imports it (IDEMIX-IPK-01): every
 * point present and decoded, the Schnorr proof of the issuer secret checked, the attribute names
 * exactly {@code OU, Role, EnrollmentID, RevocationHandle}, and the key's hash recomputed (the
 * stored one is ignored). Immutable and safe to share between threads.
 */
public final class IdemixIssuerKey {
  /** The attribute names Fabric's idemix MSP requires, in order. */
  public static final List<String> ATTRIBUTE_NAMES =
      List.of("OU", "Role", "EnrollmentID", "RevocationHandle");

  private final byte[] encoded;
  private final byte[] hash;
  private final byte[] reencoded;
  private final ECP hSk;
  private final ECP hRand;
  private final List<ECP> hAttrs;
  private final ECP2 w;
  /** Verifications after which the fixed-base tables are made. */
  static final int TABLES_AFTER = 32;
  /** The verifier's tables for g1, h_sk, h_rand and the attribute bases, once made. */
  private volatile VerifierBases bases;
  private final VerifierBases plain;
  private final java.util.concurrent.atomic.AtomicInteger verifications =
      new java.util.concurrent.atomic.AtomicInteger();

  private IdemixIssuerKey(byte[] encoded, byte[] hash, byte[] reencoded, ECP hSk, ECP hRand,
      List<ECP> hAttrs, ECP2 w) {
    this.encoded = encoded;
    this.hash = hash;
    this.reencoded = reencoded;
    this.hSk = hSk;
    this.hRand = hRand;
    this.hAttrs = hAttrs;
    this.w = w;
    this.plain = VerifierBases.plain(hSk, hRand, hAttrs);
  }

  /**
   * Imports a serialized {@code IssuerPublicKey} (the {@code msp/IssuerPublicKey} file, or the
   * {@code ipk} of an {@code IdemixMSPConfig}).
   *
   * @throws IdemixException (IDEMIX-IPK-01, IDEMIX-POINT-01) when Fabric would refuse the key
   */
  public static IdemixIssuerKey parse(byte[] serialized) {
    Objects.requireNonNull(serialized, "serialized issuer public key");
    if (serialized.length == 0) {
      throw invalid("the issuer public key is empty", null);
    }
    IssuerPublicKey ipk;
    try {
      ipk = IssuerPublicKey.parseFrom(serialized);
    } catch (InvalidProtocolBufferException e) {
      throw invalid("the issuer public key is not an IssuerPublicKey protobuf: " + e.getMessage(), e);
    }
    byte[] hash = Fp256bn.scalarBytes(Fp256bn.hashToScalar(ipk.toBuilder().clearHash().build().toByteArray()));
    ECP hSk;
    ECP hRand;
    List<ECP> hAttrs = new ArrayList<>();
    ECP barG1;
    ECP barG2;
    ECP2 w;
    try {
      hSk = Points.g1(ipk.getHSk(), ipk.hasHSk(), "h_sk");
      hRand = Points.g1(ipk.getHRand(), ipk.hasHRand(), "h_rand");
      for (int i = 0; i < ipk.getHAttrsCount(); i++) {
        hAttrs.add(Points.g1(ipk.getHAttrs(i), true, "h_attrs[" + i + "]"));
      }
      barG1 = Points.g1(ipk.getBarG1(), ipk.hasBarG1(), "bar_g1");
      barG2 = Points.g1(ipk.getBarG2(), ipk.hasBarG2(), "bar_g2");
      w = Points.g2(ipk.getW(), ipk.hasW(), "w");
    } catch (Points.MalformedPointException e) {
      throw new IdemixException(
          Reason.IDEMIX_ISSUER_KEY_INVALID, Rules.POINT, "issuer public key: " + e.getMessage(), e);
    }
    if (barG1.is_infinity()) {
      throw invalid("bar_g1 is the point at infinity", null);
    }
    if (hAttrs.size() < ipk.getAttributeNamesCount()) {
      throw invalid(
          "the key has " + ipk.getAttributeNamesCount() + " attribute names but only "
              + hAttrs.size() + " attribute bases (h_attrs)",
          null);
    }
    checkProof(ipk, barG1, barG2, w);
    if (!ipk.getAttributeNamesList().equals(ATTRIBUTE_NAMES)) {
      throw invalid(
          "the attribute names are " + ipk.getAttributeNamesList() + "; an idemix MSP needs exactly "
              + ATTRIBUTE_NAMES,
          null);
    }
    byte[] reencoded = ipk.toBuilder().setHash(ByteString.copyFrom(hash)).build().toByteArray();
    return new IdemixIssuerKey(serialized.clone(), hash, reencoded, hSk, hRand, List.copyOf(hAttrs), w);
  }

  /** The proof of knowledge of the issuer secret in w = g2^isk and bar_g2 = bar_g1^isk. */
  private static void checkProof(IssuerPublicKey ipk, ECP barG1, ECP barG2, ECP2 w) {
    BigInteger c = Fp256bn.scalar(ipk.getProofC().toByteArray());
    BigInteger s = Fp256bn.scalar(ipk.getProofS().toByteArray());
    BigInteger minusC = Fp256bn.ORDER.subtract(c).mod(Fp256bn.ORDER);
    ECP2 g2 = Fp256bn.generatorG2();
    ECP2 t1 = Fp256bn.add(Fp256bn.mul(g2, s), Fp256bn.mul(w, minusC));
    ECP t2 = Fp256bn.add(Fp256bn.mul(barG1, s), Fp256bn.mul(barG2, minusC));
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.writeBytes(Fp256bn.bytes(t1));
    data.writeBytes(Fp256bn.bytes(t2));
    data.writeBytes(Fp256bn.bytes(g2));
    data.writeBytes(Fp256bn.bytes(barG1));
    data.writeBytes(Fp256bn.bytes(w));
    data.writeBytes(Fp256bn.bytes(barG2));
    if (!c.equals(Fp256bn.hashToScalar(data.toByteArray()))) {
      throw invalid("the proof of knowledge of the issuer secret (proof_c, proof_s) does not verify", null);
    }
  }

  private static IdemixException invalid(String message, Throwable cause) {
    return new IdemixException(
        Reason.IDEMIX_ISSUER_KEY_INVALID, Rules.IPK, "issuer public key: " + message, cause);
  }

  /**
   * The key's hash as Fabric recomputes it at import: SHA-256 modulo q of the key re-encoded with
   * the hash cleared, 32 bytes. It enters every Fiat–Shamir challenge made under the key.
   */
  public byte[] hash() {
    return hash.clone();
  }

  /** The serialized key as given to {@link #parse(byte[])}. */
  public byte[] encoded() {
    return encoded.clone();
  }

  /**
   * The key re-encoded with its recomputed hash, as Fabric reports it for the certifiers
   * identifier of an idemix identity's organisational unit (IDEMIX-ID-01).
   */
  public byte[] reencoded() {
    return reencoded.clone();
  }

  /** The attribute names: always {@link #ATTRIBUTE_NAMES}. */
  public List<String> attributeNames() {
    return ATTRIBUTE_NAMES;
  }

  byte[] hashBytes() {
    return hash;
  }

  ECP hSk() {
    return hSk;
  }

  ECP hRand() {
    return hRand;
  }

  ECP hAttr(int index) {
    return hAttrs.get(index);
  }

  /**
   * The verifier's bases: plain for the first {@value #TABLES_AFTER} verifications under this key,
   * then tables made once (a race makes them twice, harmlessly). A command that checks a few
   * signatures never pays for the tables; a long-running node pays once.
   */
  VerifierBases bases() {
    VerifierBases b = bases;
    if (b != null) {
      return b;
    }
    if (verifications.incrementAndGet() <= TABLES_AFTER) {
      return plain;
    }
    b = VerifierBases.tabled(hSk, hRand, hAttrs);
    bases = b;
    return b;
  }

  int attributeBaseCount() {
    return hAttrs.size();
  }

  ECP2 w() {
    return w;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixIssuerKey k && java.util.Arrays.equals(encoded, k.encoded);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(encoded);
  }

  @Override
  public String toString() {
    return "IdemixIssuerKey[hash=" + HexFormat.of().formatHex(hash) + "]";
  }
}

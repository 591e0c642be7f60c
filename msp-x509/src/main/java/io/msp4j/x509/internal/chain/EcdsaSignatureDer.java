package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.Der;
import io.msp4j.x509.internal.cert.NistCurves;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bouncycastle.util.BigIntegers;

/**
 * ECDSA signature values as Fabric reads and writes them (SIG-DER-01, SANITIZE-04,
 * SETUP-CRL-02): lenient decoding (extra SEQUENCE members and trailing bytes ignored), minimal
 * DER encoding, and low-S normalisation for P-224, P-256, P-384 and P-521.
 */
public final class EcdsaSignatureDer {
  private EcdsaSignatureDer() {}

  private static final Set<String> ECDSA_SIGNATURE_OIDS = Set.of(
      "1.2.840.10045.4.1", "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4");

  /** The two integers of an ECDSA signature. */
  public record RS(BigInteger r, BigInteger s) {}

  /**
   * Decodes like Go's {@code asn1.Unmarshal} into a struct of two big integers followed by
   * Fabric's positivity checks: a DER SEQUENCE (definite, minimal length) whose first two
   * members are minimally encoded INTEGERs; later members and bytes after the SEQUENCE are not
   * looked at; r and s must be greater than zero.
   */
  public static RS decode(byte[] signature) {
    if (signature == null || signature.length == 0) {
      throw new SignatureDecodingException("failed unmarshalling signature: empty input");
    }
    int[] header = readHeader(signature, 0);
    if ((signature[0] & 0xff) != 0x30) {
      throw new SignatureDecodingException(
          "failed unmarshalling signature: not a SEQUENCE (tag 0x"
              + Integer.toHexString(signature[0] & 0xff) + ")");
    }
    int contentStart = header[0];
    int contentEnd = contentStart + header[1];
    byte[] content = Arrays.copyOfRange(signature, contentStart, contentEnd);
    int[] pos = {0};
    BigInteger r = readInteger(content, pos, "R");
    BigInteger s = readInteger(content, pos, "S");
    if (r.signum() != 1) {
      throw new SignatureDecodingException("invalid signature, R must be larger than zero");
    }
    if (s.signum() != 1) {
      throw new SignatureDecodingException("invalid signature, S must be larger than zero");
    }
    return new RS(r, s);
  }

  /** Tag/length header at {@code off}: returns {content offset, content length}. DER rules. */
  private static int[] readHeader(byte[] b, int off) {
    if (off + 2 > b.length) {
      throw new SignatureDecodingException("failed unmarshalling signature: truncated tag or length");
    }
    if ((b[off] & 0x1f) == 0x1f) {
      throw new SignatureDecodingException("failed unmarshalling signature: unexpected tag");
    }
    int first = b[off + 1] & 0xff;
    int pos = off + 2;
    long length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0) {
        throw new SignatureDecodingException(
            "failed unmarshalling signature: indefinite length found (not DER)");
      }
      if (n > 4 || pos + n > b.length) {
        throw new SignatureDecodingException("failed unmarshalling signature: bad length");
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        if (i == 0 && b[pos] == 0) {
          throw new SignatureDecodingException(
              "failed unmarshalling signature: superfluous leading zeros in length");
        }
        length = (length << 8) | (b[pos++] & 0xff);
      }
      if (length < 0x80) {
        throw new SignatureDecodingException(
            "failed unmarshalling signature: non-minimal length");
      }
    }
    if (length > b.length - pos) {
      throw new SignatureDecodingException("failed unmarshalling signature: data truncated");
    }
    return new int[] {pos, (int) length};
  }

  private static BigInteger readInteger(byte[] content, int[] pos, String name) {
    if (pos[0] >= content.length) {
      throw new SignatureDecodingException(
          "failed unmarshalling signature: sequence truncated before " + name);
    }
    int[] h = readHeader(content, pos[0]);
    if ((content[pos[0]] & 0xff) != 0x02) {
      throw new SignatureDecodingException(
          "failed unmarshalling signature: " + name + " is not an INTEGER");
    }
    byte[] value = Arrays.copyOfRange(content, h[0], h[0] + h[1]);
    if (value.length == 0) {
      throw new SignatureDecodingException("failed unmarshalling signature: empty integer");
    }
    if (value.length > 1 && ((value[0] == 0 && (value[1] & 0x80) == 0)
        || (value[0] == (byte) 0xff && (value[1] & 0x80) != 0))) {
      throw new SignatureDecodingException(
          "failed unmarshalling signature: integer not minimally-encoded");
    }
    pos[0] = h[0] + h[1];
    return new BigInteger(value);
  }

  /** Minimal DER of SEQUENCE{r, s} (Go's asn1.Marshal; zero and negative values allowed). */
  public static byte[] toMinimalDer(BigInteger r, BigInteger s) {
    // DER of an INTEGER is its minimal two's complement, which is what toByteArray returns
    // (Bouncy Castle's DER encoder, against which this is tested, writes the same bytes).
    return Der.sequence(Der.tlv(0x02, r.toByteArray()), Der.tlv(0x02, s.toByteArray()));
  }

  /** The order n of a Fabric-supported curve (P-224, P-256, P-384, P-521); null otherwise. */
  public static BigInteger curveOrder(String curveName) {
    return NistCurves.order(curveName);
  }

  /** True when s ≤ n/2 (s = n/2 counts as low). Fails for curves other than the four NIST ones. */
  public static boolean isLowS(BigInteger s, String curveName) {
    BigInteger n = curveOrder(curveName);
    if (n == null) {
      throw new SignatureDecodingException("curve not recognized [" + curveName + "]");
    }
    return s.compareTo(n.shiftRight(1)) <= 0;
  }

  /**
   * SANITIZE-04: decode (SIG-DER-01), replace s by n − s when s &gt; n/2, and return the minimal
   * DER encoding. The result may equal the input (nothing to change).
   */
  public static byte[] normalize(byte[] signature, String curveName) {
    RS rs = decode(signature);
    BigInteger s = rs.s();
    if (!isLowS(s, curveName)) {
      s = curveOrder(curveName).subtract(s);
    }
    return toMinimalDer(rs.r(), s);
  }

  /** n/2 of each curve as unsigned big-endian bytes, for {@link #isNormalised}. */
  private static final Map<String, byte[]> HALF_ORDERS = NistCurves.NAMES.stream().collect(
      Collectors.toUnmodifiableMap(c -> c,
          c -> BigIntegers.asUnsignedByteArray(curveOrder(c).shiftRight(1))));

  /**
   * Whether {@link #normalize} would return {@code signature} as it is, read on the bytes without
   * decoding numbers: exactly SEQUENCE{INTEGER r, INTEGER s} in short-form lengths, both minimal
   * and positive, nothing after them, and s at most n/2 on a supported curve. (A minimal DER
   * encoding of positive integers is unique, so such a signature is its own normal form.) False
   * also means "not known": {@link #normalize} then decides. Most certificates are already
   * normalised, so the sanitiser asks this first.
   */
  public static boolean isNormalised(byte[] signature, String curveName) {
    byte[] half = HALF_ORDERS.get(curveName);
    // signature[1] compared as a signed byte: 0x80 and above is the long form, never a length
    if (half == null || signature.length < 8 || signature[0] != 0x30
        || signature[1] != signature.length - 2) {
      return false;
    }
    int rLength = positiveMinimalInteger(signature, 2);
    if (rLength < 0) {
      return false;
    }
    int sAt = 4 + rLength;
    int sLength = positiveMinimalInteger(signature, sAt);
    if (sLength < 0 || sAt + 2 + sLength != signature.length) {
      return false;
    }
    int from = sAt + 2;
    if (signature[from] == 0) {
      from++; // the sign octet of a minimal positive INTEGER
    }
    int magnitude = signature.length - from;
    if (magnitude != half.length) {
      return magnitude < half.length;
    }
    return Arrays.compareUnsigned(signature, from, signature.length, half, 0, half.length) <= 0;
  }

  /**
   * The contents length of a short-form, minimal, positive INTEGER at {@code at} that fits in
   * {@code b}; -1 for anything else.
   */
  private static int positiveMinimalInteger(byte[] b, int at) {
    if (at + 2 > b.length || b[at] != 0x02) {
      return -1;
    }
    int length = b[at + 1] & 0xff;
    int c = at + 2;
    if (length == 0 || length >= 0x80 || c + length > b.length || b[c] < 0) {
      return -1; // empty, long form, truncated or negative
    }
    boolean minimal = length == 1 ? b[c] != 0 : b[c] != 0 || b[c + 1] < 0;
    return minimal ? length : -1;
  }

  /** SETUP-CRL-02: decode (SIG-DER-01) and re-encode minimally; high S is kept. */
  public static byte[] reencodeMinimal(byte[] signature) {
    RS rs = decode(signature);
    return toMinimalDer(rs.r(), rs.s());
  }

  /** True for ecdsa-with-SHA1, -SHA256, -SHA384 and -SHA512 (SANITIZE-01, SETUP-CRL-02). */
  public static boolean isEcdsaSignatureAlgorithm(String oid) {
    return ECDSA_SIGNATURE_OIDS.contains(oid);
  }

  /** True when {@code signature} decodes and equals its minimal re-encoding (WELLFORMED-01). */
  public static boolean isCanonical(byte[] signature) {
    try {
      return Arrays.equals(reencodeMinimal(signature), signature);
    } catch (SignatureDecodingException e) {
      return false;
    }
  }
}

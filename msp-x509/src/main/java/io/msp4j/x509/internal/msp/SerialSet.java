package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * An immutable set of serial numbers held in two primitive arrays, so that a million-entry CRL
 * costs about 20 bytes a serial, no object each, and nothing a garbage collector has to trace
 * entry by entry.
 *
 * <p>Each serial is stored sign-extended to one width {@code w} (the longest serial's minimal
 * two's-complement length): sign extension is a bijection on the values that fit, so equal
 * values have equal stored bytes and no per-entry length or offset is needed. The entries are
 * sorted by bucket, a bucket being the top bits of a hash of the serial's minimal bytes; {@code
 * bucketStarts[b]} is where bucket {@code b} begins. A lookup hashes, reads two ints and compares
 * the few entries of one bucket (two on average). The hash is keyed per set with a random seed,
 * so that entries chosen to collide cannot be computed in advance.
 */
final class SerialSet implements ParsedCertificate.SerialLookup {
  private static final SerialSet EMPTY = new Builder(0).build();

  private final int seed;
  private final int width;
  private final byte[] entries;
  private final int[] bucketStarts;
  private final int bucketShift;
  private final int size;

  private SerialSet(int seed, int width, byte[] entries, int[] bucketStarts, int bucketShift) {
    this.seed = seed;
    this.width = width;
    this.entries = entries;
    this.bucketStarts = bucketStarts;
    this.bucketShift = bucketShift;
    this.size = width == 0 ? 0 : entries.length / width;
  }

  static SerialSet empty() {
    return EMPTY;
  }

  /** The set of these serials. */
  static SerialSet of(java.util.Collection<BigInteger> serials) {
    if (serials.isEmpty()) {
      return EMPTY;
    }
    Builder b = new Builder(serials.size());
    for (BigInteger s : serials) {
      b.add(s);
    }
    return b.build();
  }

  /** Whether {@code serial} is in the set. */
  boolean contains(BigInteger serial) {
    byte[] b = serial.toByteArray();
    return contains(b, 0, b.length);
  }

  /**
   * Whether the serial whose minimal two's-complement bytes are {@code b[off, off + len)} is in
   * the set. Allocates nothing.
   */
  @Override
  public boolean contains(byte[] b, int off, int len) {
    if (size == 0 || len > width || len < 1) {
      return false;
    }
    int bucket = Builder.bucket(hash(seed, b, off, len), bucketShift);
    int end = bucketStarts[bucket + 1];
    for (int i = bucketStarts[bucket]; i < end; i++) {
      if (matches(entries, i * width, width, b, off, len)) {
        return true;
      }
    }
    return false;
  }

  /** The number of distinct serials. */
  int size() {
    return size;
  }

  /** Bytes held by the set's arrays (for footprint reports). */
  long footprintBytes() {
    return entries.length + 4L * bucketStarts.length;
  }

  /** The serials, in no particular order (for tests and diagnostics). */
  BigInteger[] toArray() {
    BigInteger[] out = new BigInteger[size];
    for (int i = 0; i < size; i++) {
      out[i] = new BigInteger(entries, i * width, width);
    }
    return out;
  }

  /**
   * The serials' 64-bit fingerprints (a fixed mix of their minimal bytes, the same for every
   * set), sorted: two sets are compared by one linear merge of these instead of a lookup per
   * serial, which keeps a million-entry comparison to sequential passes over memory.
   */
  long[] sortedFingerprints() {
    long[] out = new long[size];
    for (int i = 0; i < size; i++) {
      int at = i * width;
      int off = minimalStart(entries, at, width);
      out[i] = fingerprint(entries, off, at + width - off);
    }
    LongRadixSort.sort(out);
    return out;
  }

  /** Up to {@code limit} serials whose fingerprint is in {@code wanted} (sorted). */
  java.util.List<BigInteger> withFingerprints(long[] wanted, int limit) {
    java.util.List<BigInteger> out = new java.util.ArrayList<>();
    for (int i = 0; i < size && out.size() < limit && wanted.length > 0; i++) {
      int at = i * width;
      int off = minimalStart(entries, at, width);
      int len = at + width - off;
      if (Arrays.binarySearch(wanted, fingerprint(entries, off, len)) >= 0) {
        out.add(new BigInteger(entries, off, len));
      }
    }
    return out;
  }

  /** A 64-bit mix of minimal two's-complement bytes (FNV-1a, then a finaliser). */
  static long fingerprint(byte[] b, int off, int len) {
    long h = 0xcbf29ce484222325L ^ len;
    for (int i = off; i < off + len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    return h ^ (h >>> 33);
  }

  /** The union of several sets. */
  static SerialSet union(java.util.List<SerialSet> sets) {
    if (sets.size() == 1) {
      return sets.get(0);
    }
    int total = 0;
    for (SerialSet s : sets) {
      total += s.size;
    }
    Builder b = new Builder(total);
    for (SerialSet s : sets) {
      for (int i = 0; i < s.size; i++) {
        int at = i * s.width;
        int off = minimalStart(s.entries, at, s.width);
        b.add(s.entries, off, at + s.width - off);
      }
    }
    return b.build();
  }

  /** Where the minimal two's-complement form of the sign-extended entry at {@code e[at]} starts. */
  private static int minimalStart(byte[] e, int at, int width) {
    int i = at;
    int last = at + width - 1;
    while (i < last && ((e[i] == 0 && e[i + 1] >= 0) || (e[i] == (byte) 0xff && e[i + 1] < 0))) {
      i++;
    }
    return i;
  }

  /**
   * Whether the {@code width}-byte sign-extended entry at {@code e[at]} has the value of the
   * minimal bytes {@code b[off, off + len)}: its last {@code len} bytes are those bytes and the
   * ones before are the sign of {@code b[off]}.
   */
  private static boolean matches(byte[] e, int at, int width, byte[] b, int off, int len) {
    int pad = width - len;
    byte sign = (byte) (b[off] >> 7);
    for (int i = 0; i < pad; i++) {
      if (e[at + i] != sign) {
        return false;
      }
    }
    return Arrays.equals(e, at + pad, at + width, b, off, off + len);
  }

  private static int hash(int seed, byte[] b, int off, int len) {
    int h = seed ^ len;
    for (int i = off; i < off + len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x01000193; // FNV-1a steps, then a final mix
    }
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }

  /** Collects serials, then indexes them. Not thread-safe. */
  static final class Builder {
    private final int seed = new SplittableRandom().nextInt() | 1;
    private byte[] data;
    private int[] offsets;
    private int[] hashes;
    private int count;
    private int width;

    Builder() {
      this(16);
    }

    /** A builder with room for about {@code expected} serials before it grows. */
    Builder(int expected) {
      int n = Math.max(16, expected);
      data = new byte[n * 8];
      offsets = new int[n + 1];
      hashes = new int[n];
    }

    /** Adds the INTEGER content {@code b[off, off + len)} (minimal two's complement, len ≥ 1). */
    Builder add(byte[] b, int off, int len) {
      int end = offsets[count];
      if (end + len > data.length) {
        data = Arrays.copyOf(data, Math.max(data.length * 2, end + len));
      }
      System.arraycopy(b, off, data, end, len);
      if (count + 2 > offsets.length) {
        offsets = Arrays.copyOf(offsets, offsets.length * 2);
        hashes = Arrays.copyOf(hashes, offsets.length);
      }
      hashes[count] = hash(seed, b, off, len);
      offsets[++count] = end + len;
      width = Math.max(width, len);
      return this;
    }

    Builder add(BigInteger serial) {
      byte[] b = serial.toByteArray();
      return add(b, 0, b.length);
    }

    /**
     * The set; duplicates are kept once. About two serials a bucket: a power of two of buckets
     * at least half the number of serials.
     */
    SerialSet build() {
      int n = count;
      int bucketBits = n < 2 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1) - 1;
      int buckets = 1 << bucketBits;
      int shift = bucketBits == 0 ? 32 : 32 - bucketBits;
      int[] bucketStarts = new int[buckets + 1];
      for (int i = 0; i < n; i++) {
        bucketStarts[bucket(hashes[i], shift) + 1]++;
      }
      for (int b = 0; b < buckets; b++) {
        bucketStarts[b + 1] += bucketStarts[b];
      }
      // One pass over the serials in the order they were added, each written sign-extended
      // into the next free slot of its bucket. Reading them in bucket order instead would jump
      // through tens of megabytes once per serial, a cache miss each (it was most of the setup
      // of a million-entry CRL).
      byte[] entries = new byte[n * width];
      int[] fill = Arrays.copyOf(bucketStarts, buckets);
      for (int i = 0; i < n; i++) {
        int off = offsets[i];
        int len = offsets[i + 1] - off;
        int at = fill[bucket(hashes[i], shift)]++ * width;
        Arrays.fill(entries, at, at + width - len, (byte) (data[off] >> 7));
        System.arraycopy(data, off, entries, at + width - len, len);
      }
      // Duplicates are equal entries of one bucket (sign extension keeps equal values equal);
      // each bucket keeps its first of each, moved down over the ones dropped before it.
      int kept = 0;
      for (int b = 0; b < buckets; b++) {
        int from = bucketStarts[b];
        int to = bucketStarts[b + 1];
        bucketStarts[b] = kept;
        for (int k = from; k < to; k++) {
          int at = k * width;
          boolean duplicate = false;
          for (int j = bucketStarts[b]; j < kept && !duplicate; j++) {
            duplicate = Arrays.equals(entries, j * width, j * width + width, entries, at, at + width);
          }
          if (!duplicate) {
            if (kept != k) {
              System.arraycopy(entries, at, entries, kept * width, width);
            }
            kept++;
          }
        }
      }
      bucketStarts[buckets] = kept;
      byte[] exact = kept == n ? entries : Arrays.copyOf(entries, kept * width);
      return new SerialSet(seed, n == 0 ? 0 : width, exact, bucketStarts, shift);
    }

    /** The bucket of a hash: its top bits ({@code >>> 32} would be a no-op in Java). */
    static int bucket(int hash, int shift) {
      return shift == 32 ? 0 : hash >>> shift;
    }
  }
}

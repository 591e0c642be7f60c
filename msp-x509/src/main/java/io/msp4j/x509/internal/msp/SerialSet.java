package io.msp4j.x509.internal.msp;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * An immutable set of serial numbers, each kept as the minimal two's-complement bytes of a DER
 * INTEGER, all in one array (in the order added, duplicates included) with an open-addressing
 * index over the distinct ones: a million entries cost a few tens of megabytes and no object
 * each, and a lookup is one hash and one comparison.
 */
final class SerialSet {
  private static final SerialSet EMPTY = new Builder(0).build();

  private final byte[] data;
  private final int[] offsets;
  /**
   * Slot i holds the serial's hash in its upper half and 1 + its index in the lower half, or 0
   * when empty; the length is a power of two, and a serial's first slot is given by the top bits
   * of its hash. Probing compares hashes before bytes.
   */
  private final long[] slots;
  private final int size;

  private SerialSet(byte[] data, int[] offsets, long[] slots, int size) {
    this.data = data;
    this.offsets = offsets;
    this.slots = slots;
    this.size = size;
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
    return indexOf(b, 0, b.length) >= 0;
  }

  /** The number of distinct serials. */
  int size() {
    return size;
  }

  /** The serials, in no particular order (for tests and diagnostics). */
  BigInteger[] toArray() {
    BigInteger[] out = new BigInteger[size];
    int n = 0;
    for (long entry : slots) {
      if (entry != 0) {
        int i = (int) entry - 1;
        out[n++] = new BigInteger(data, offsets[i], offsets[i + 1] - offsets[i]);
      }
    }
    return out;
  }

  /**
   * Counts the distinct serials of this set that {@code other} does not hold, adding up to
   * {@code sampleLimit} of them to {@code sample}: a million-entry comparison without an object
   * per serial.
   */
  long countNotIn(SerialSet other, int sampleLimit, java.util.List<BigInteger> sample) {
    long missing = 0;
    for (long entry : slots) {
      if (entry != 0) {
        int i = (int) entry - 1;
        int off = offsets[i];
        int len = offsets[i + 1] - off;
        if (other.indexOf(data, off, len) < 0) {
          missing++;
          if (sample.size() < sampleLimit) {
            sample.add(new BigInteger(data, off, len));
          }
        }
      }
    }
    return missing;
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
      for (long entry : s.slots) {
        if (entry != 0) {
          int i = (int) entry - 1;
          b.add(s.data, s.offsets[i], s.offsets[i + 1] - s.offsets[i]);
        }
      }
    }
    return b.build();
  }

  private int indexOf(byte[] b, int off, int len) {
    int h = hash(b, off, len);
    int mask = slots.length - 1;
    for (int slot = h >>> Integer.numberOfLeadingZeros(mask); ; slot = (slot + 1) & mask) {
      long entry = slots[slot];
      if (entry == 0) {
        return -1;
      }
      int i = (int) entry - 1;
      if ((int) (entry >>> 32) == h
          && Arrays.equals(data, offsets[i], offsets[i + 1], b, off, off + len)) {
        return i;
      }
    }
  }

  private static int hash(byte[] b, int off, int len) {
    int h = 0x811c9dc5 ^ len;
    for (int i = off; i < off + len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x01000193; // FNV-1a, then a final mix
    }
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }

  /** Collects serials, then indexes them. Not thread-safe. */
  static final class Builder {
    /** The table is filled region by region: the slots whose index starts with the same bits. */
    private static final int REGION_BITS = 12;

    private byte[] data;
    private int[] offsets;
    private int[] hashes;
    /** How many serials have a hash starting with each REGION_BITS bits. */
    private final int[] regionCounts = new int[1 << REGION_BITS];
    private int count;

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
      int h = hash(b, off, len);
      hashes[count] = h;
      regionCounts[h >>> (32 - REGION_BITS)]++;
      offsets[++count] = end + len;
      return this;
    }

    Builder add(BigInteger serial) {
      byte[] b = serial.toByteArray();
      return add(b, 0, b.length);
    }

    /**
     * The set; duplicates are kept once. The serials are indexed in the order of the table
     * region they hash to (a counting sort of their slot entries), so that filling a table far
     * larger than the caches walks through it instead of jumping about.
     */
    SerialSet build() {
      int n = count;
      int capacity = Integer.highestOneBit(Math.max(1, n)) << 2;
      int mask = capacity - 1;
      int slotShift = Integer.numberOfLeadingZeros(mask);
      int[] starts = new int[regionCounts.length];
      for (int r = 1; r < starts.length; r++) {
        starts[r] = starts[r - 1] + regionCounts[r - 1];
      }
      long[] entries = new long[n]; // slot entries (hash, 1 + index), by region
      for (int i = 0; i < n; i++) {
        int h = hashes[i];
        entries[starts[h >>> (32 - REGION_BITS)]++] = ((long) h << 32) | (i + 1);
      }
      long[] slots = new long[capacity];
      int distinct = 0;
      for (long e : entries) {
        int h = (int) (e >>> 32);
        int slot = h >>> slotShift;
        boolean duplicate = false;
        for (long entry; (entry = slots[slot]) != 0; slot = (slot + 1) & mask) {
          if ((int) (entry >>> 32) == h && same((int) entry - 1, (int) e - 1)) {
            duplicate = true;
            break;
          }
        }
        if (!duplicate) {
          slots[slot] = e;
          distinct++;
        }
      }
      return new SerialSet(Arrays.copyOf(data, offsets[n]), Arrays.copyOf(offsets, n + 1),
          slots, distinct);
    }

    private boolean same(int i, int j) {
      return Arrays.equals(data, offsets[i], offsets[i + 1], data, offsets[j], offsets[j + 1]);
    }
  }
}

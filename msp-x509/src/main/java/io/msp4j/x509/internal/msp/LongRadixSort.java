package io.msp4j.x509.internal.msp;

import java.util.Arrays;

/**
 * Sorts {@code long}s in signed order by their bits, eleven at a time from the lowest: a few
 * sequential passes over memory, where a comparison sort of a million random values (the
 * fingerprints of a large CRL, compared on every reload) costs several times more.
 */
final class LongRadixSort {
  private static final int BITS = 11;
  private static final int RADIX = 1 << BITS;
  private static final int MASK = RADIX - 1;
  /** Below this a comparison sort is quicker than six passes over a count table. */
  private static final int SMALL = 1 << 12;

  private LongRadixSort() {}

  /** Sorts {@code a} in place, in the order of {@link Arrays#sort(long[])}. */
  static void sort(long[] a) {
    if (a.length < SMALL) {
      Arrays.sort(a);
      return;
    }
    long[] src = a;
    long[] dst = new long[a.length];
    int[] counts = new int[RADIX];
    for (int shift = 0; shift < Long.SIZE; shift += BITS) {
      Arrays.fill(counts, 0);
      for (long v : src) {
        counts[digit(v, shift)]++;
      }
      int sum = 0;
      for (int d = 0; d < RADIX; d++) {
        int c = counts[d];
        counts[d] = sum;
        sum += c;
      }
      for (long v : src) {
        dst[counts[digit(v, shift)]++] = v;
      }
      long[] t = src;
      src = dst;
      dst = t;
    }
    // Six passes, an even number: the sorted values are back in a.
  }

  /** The digit at {@code shift}; the top one has the sign bit flipped, so negatives come first. */
  private static int digit(long v, int shift) {
    long bits = shift + BITS >= Long.SIZE ? v ^ Long.MIN_VALUE : v;
    return (int) (bits >>> shift) & MASK;
  }
}

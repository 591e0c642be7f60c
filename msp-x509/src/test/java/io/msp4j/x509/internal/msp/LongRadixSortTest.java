package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The radix sort that orders CRL fingerprints for reload reports must order as Arrays.sort. */
@Tag("VALIDATE-CRL-01")
class LongRadixSortTest {
  @Test
  void sortsAsTheComparisonSortDoesAtEverySize() {
    SplittableRandom random = new SplittableRandom(5);
    for (int n : new int[] {0, 1, 2, 4095, 4096, 4097, 100_000, 1_000_000}) {
      long[] values = random.longs(n).toArray();
      long[] expected = values.clone();
      Arrays.sort(expected);

      LongRadixSort.sort(values);

      assertThat(values).as("n=%d", n).isEqualTo(expected);
    }
  }

  @Test
  void ordersSignsExtremesAndRepeatsLikeSignedLongs() {
    long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
        1L << 55, -(1L << 55), 0x00ff_ffff_ffff_ffffL, 0xff00_0000_0000_0000L, 42, 42, -42};
    long[] values = new long[50_000];
    SplittableRandom random = new SplittableRandom(6);
    for (int i = 0; i < values.length; i++) {
      values[i] = i % 3 == 0 ? edges[random.nextInt(edges.length)] : random.nextLong() >> random.nextInt(64);
    }
    long[] expected = values.clone();
    Arrays.sort(expected);

    LongRadixSort.sort(values);

    assertThat(values).isEqualTo(expected);
  }
}

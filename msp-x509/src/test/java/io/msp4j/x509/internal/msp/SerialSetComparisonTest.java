package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Comparing serial sets of different widths, as a reload does to report revocations. */
class SerialSetComparisonTest {
  private static SerialSet of(long... serials) {
    List<BigInteger> l = new ArrayList<>();
    for (long s : serials) {
      l.add(BigInteger.valueOf(s));
    }
    return SerialSet.of(l);
  }

  @Test
  void theUnionHoldsEachSerialOnce() {
    SerialSet u = SerialSet.union(List.of(of(1, 0x80, -1), of(0x80, 0x1234_5678L), of()));
    assertThat(u.size()).isEqualTo(4);
    assertThat(u.toArray()).containsExactlyInAnyOrder(BigInteger.ONE, BigInteger.valueOf(0x80),
        BigInteger.valueOf(-1), BigInteger.valueOf(0x1234_5678L));
    SerialSet one = of(7);
    assertThat(SerialSet.union(List.of(one))).isSameAs(one);
  }

  @Test
  void fingerprintsDependOnTheValueOnlyAndFindTheirSerialsBack() {
    SerialSet narrow = of(1, -1, 0x80);
    SerialSet wide = of(1, -1, 0x80, 0x1234_5678_9abcL);
    long[] n = narrow.sortedFingerprints();
    long[] w = wide.sortedFingerprints();
    assertThat(n).hasSize(3).isSorted();
    assertThat(w).hasSize(4).contains(n);
    long[] extra = java.util.Arrays.stream(w).filter(f -> java.util.Arrays.binarySearch(n, f) < 0).toArray();
    assertThat(wide.withFingerprints(extra, 10)).containsExactly(BigInteger.valueOf(0x1234_5678_9abcL));
    assertThat(wide.withFingerprints(w, 2)).hasSize(2);
    assertThat(wide.withFingerprints(new long[0], 10)).isEmpty();
  }
}

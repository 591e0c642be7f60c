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
  void serialsMissingFromAnotherSetAreCountedWhateverTheWidthOfEither() {
    SerialSet a = of(1, 0x80, -1, -0x81, 0x1234);
    SerialSet b = of(0x80, 0x1234_5678_9abcL, 0x1234, -0x81, 5);
    List<BigInteger> sample = new ArrayList<>();
    assertThat(a.countNotIn(b, 10, sample)).isEqualTo(2);
    assertThat(sample).containsExactlyInAnyOrder(BigInteger.ONE, BigInteger.valueOf(-1));
    sample.clear();
    assertThat(b.countNotIn(a, 1, sample)).isEqualTo(2);
    assertThat(sample).hasSize(1).isSubsetOf(BigInteger.valueOf(0x1234_5678_9abcL), BigInteger.valueOf(5));
    assertThat(a.countNotIn(a, 10, new ArrayList<>())).isZero();
    assertThat(SerialSet.empty().countNotIn(a, 10, new ArrayList<>())).isZero();
    assertThat(a.countNotIn(SerialSet.empty(), 10, new ArrayList<>())).isEqualTo(5);
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
}

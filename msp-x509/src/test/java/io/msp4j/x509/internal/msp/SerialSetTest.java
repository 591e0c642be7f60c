package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("VALIDATE-CRL-02")
class SerialSetTest {
  @Test
  void holdsEachDistinctSerialOnceAndNothingElse() {
    Random random = new Random(11);
    List<BigInteger> added = new ArrayList<>();
    SerialSet.Builder builder = new SerialSet.Builder(4);
    for (int i = 0; i < 50_000; i++) {
      BigInteger s = i % 5 == 0 && !added.isEmpty()
          ? added.get(random.nextInt(added.size()))
          : new BigInteger(1 + random.nextInt(100), random).subtract(BigInteger.valueOf(1000));
      added.add(s);
      builder.add(s);
    }
    Set<BigInteger> distinct = new HashSet<>(added);

    SerialSet set = builder.build();

    assertThat(set.size()).isEqualTo(distinct.size());
    assertThat(set.toArray()).hasSize(distinct.size());
    assertThat(new HashSet<>(Arrays.asList(set.toArray()))).isEqualTo(distinct);
    assertThat(added).allMatch(set::contains);
    for (int i = 0; i < 10_000; i++) {
      BigInteger other = new BigInteger(120, random).add(BigInteger.ONE.shiftLeft(120));
      assertThat(set.contains(other)).isFalse();
    }
  }

  @Test
  void aSerialIsFoundFromBytesInsideALargerArray() {
    byte[] der = {0x30, 0x03, 0x02, 0x01, 0x05, 0x02, 0x02, 0x00, (byte) 0x80};
    SerialSet set = new SerialSet.Builder().add(der, 4, 1).add(der, 7, 2).build();

    assertThat(set.contains(BigInteger.valueOf(5))).isTrue();
    assertThat(set.contains(BigInteger.valueOf(128))).isTrue();
    assertThat(set.contains(BigInteger.valueOf(-128))).isFalse();
    assertThat(set.size()).isEqualTo(2);
  }

  @Test
  void theEmptySetHoldsNothing() {
    assertThat(SerialSet.empty().contains(BigInteger.ZERO)).isFalse();
    assertThat(SerialSet.empty().size()).isZero();
    assertThat(new SerialSet.Builder().build().toArray()).isEmpty();
  }
}

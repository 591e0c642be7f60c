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
  void aSerialAddedManyTimesAmongOthersOfItsBucketIsKeptOnceAndTheOthersAllStay() {
    // Few serials and many repeats: buckets hold runs of duplicates between distinct serials, so
    // the kept entries are moved down over the dropped ones inside each bucket.
    Random random = new Random(12);
    List<BigInteger> distinct = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      distinct.add(new BigInteger(1 + random.nextInt(130), random).negate().add(BigInteger.valueOf(i)));
    }
    SerialSet.Builder builder = new SerialSet.Builder(1);
    for (int i = 0; i < 20_000; i++) {
      builder.add(distinct.get(random.nextInt(i < 1000 ? 3 : distinct.size())));
    }

    SerialSet set = builder.build();

    assertThat(new HashSet<>(Arrays.asList(set.toArray()))).isEqualTo(new HashSet<>(distinct));
    assertThat(set.size()).isEqualTo(new HashSet<>(distinct).size());
    assertThat(distinct).allMatch(set::contains);
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
  void serialsOfEveryLengthAreFoundFromTheirMinimalBytesAndOnlyThose() {
    // Widths 1..20 in one set: each is stored sign-extended to the longest, so values whose
    // encodings differ only by sign bytes (0x7f, 0x00 0x80, 0xff 0x7f) must stay apart.
    Random random = new Random(5);
    Set<BigInteger> added = new HashSet<>();
    SerialSet.Builder builder = new SerialSet.Builder();
    for (int bits = 0; bits < 160; bits++) {
      for (BigInteger s : List.of(BigInteger.ONE.shiftLeft(bits), BigInteger.ONE.shiftLeft(bits).negate(),
          BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE), new BigInteger(bits + 1, random))) {
        if (random.nextBoolean()) {
          added.add(s);
          builder.add(s);
        }
      }
    }
    SerialSet set = builder.build();

    for (int bits = 0; bits < 170; bits++) {
      for (BigInteger s : List.of(BigInteger.ONE.shiftLeft(bits), BigInteger.ONE.shiftLeft(bits).negate(),
          BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE),
          BigInteger.ONE.shiftLeft(bits).negate().subtract(BigInteger.ONE))) {
        byte[] b = s.toByteArray();
        byte[] padded = new byte[b.length + 3];
        System.arraycopy(b, 0, padded, 2, b.length);
        assertThat(set.contains(padded, 2, b.length)).as("%s", s).isEqualTo(added.contains(s));
        assertThat(set.contains(s)).as("%s", s).isEqualTo(added.contains(s));
      }
    }
    assertThat(new HashSet<>(Arrays.asList(set.toArray()))).isEqualTo(added);
  }

  @Test
  void aMillionSixteenByteSerialsTakeAtMostTwentyFourBytesEach() {
    // cryptogen and fabric-ca serials are random 128-bit numbers: 16 or 17 bytes minimal.
    Random random = new Random(7);
    SerialSet.Builder builder = new SerialSet.Builder(1_000_000);
    for (int i = 0; i < 1_000_000; i++) {
      builder.add(new BigInteger(128, random));
    }
    SerialSet set = builder.build();

    assertThat(set.size()).isEqualTo(1_000_000);
    assertThat(set.footprintBytes() / 1_000_000.0).isLessThanOrEqualTo(24.0);
  }

  @Test
  void theEmptySetHoldsNothing() {
    assertThat(SerialSet.empty().contains(BigInteger.ZERO)).isFalse();
    assertThat(SerialSet.empty().contains(new byte[] {0}, 0, 1)).isFalse();
    assertThat(SerialSet.of(List.of(BigInteger.TEN)).contains(BigInteger.TEN)).isTrue();
    assertThat(SerialSet.empty().size()).isZero();
    assertThat(new SerialSet.Builder().build().toArray()).isEmpty();
  }
}

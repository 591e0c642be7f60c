package io.msp4j.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Keys are equal exactly when their bytes are, whatever part of them the hash reads; a map keyed
 * by them answers as one keyed by the content itself.
 */
@Tag("CACHE-02")
class BytesKeyTest {

  /** Kilobyte keys that differ only in the middle, where long keys are not hashed. */
  private static List<byte[]> keysDifferingInTheMiddle(Random random) {
    byte[] base = new byte[1000];
    random.nextBytes(base);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      byte[] k = base.clone();
      k[500] = (byte) i;
      out.add(k);
    }
    return out;
  }

  @Test
  void keysAreEqualExactlyWhenTheirBytesAre() {
    Random random = new Random(3);
    List<byte[]> keys = keysDifferingInTheMiddle(random);
    for (int len : new int[] {0, 1, 7, 8, 100, 127, 128, 129, 300, 4000}) {
      byte[] k = new byte[len];
      random.nextBytes(k);
      keys.add(k);
    }
    for (byte[] a : keys) {
      for (byte[] b : keys) {
        boolean same = java.util.Arrays.equals(a, b);
        assertThat(BytesKey.view(a).equals(BytesKey.copyOf(b))).isEqualTo(same);
        if (same) {
          assertThat(BytesKey.view(a).hashCode()).isEqualTo(BytesKey.copyOf(b).hashCode());
        }
      }
    }
  }

  @Test
  void lookupsAnswerAsContentKeyedLookups() {
    Random random = new Random(4);
    List<byte[]> keys = keysDifferingInTheMiddle(random);
    for (int i = 0; i < 200; i++) {
      byte[] k = new byte[random.nextInt(1500)];
      random.nextBytes(k);
      keys.add(k);
    }
    Map<BytesKey, Integer> fast = new HashMap<>();
    Map<ByteBuffer, Integer> plain = new HashMap<>();
    for (int i = 0; i < keys.size(); i += 2) {
      fast.put(BytesKey.copyOf(keys.get(i)), i);
      plain.put(ByteBuffer.wrap(keys.get(i).clone()), i);
    }
    for (byte[] k : keys) {
      assertThat(fast.get(BytesKey.view(k.clone()))).isEqualTo(plain.get(ByteBuffer.wrap(k)));
    }
  }

  @Test
  void theHashReadsTheStartAndTheEndOfLongKeys() {
    byte[] a = new byte[1000];
    byte[] b = a.clone();
    b[999] = 1;
    byte[] c = a.clone();
    c[0] = 1;
    assertThat(BytesKey.view(a).hashCode()).isNotEqualTo(BytesKey.view(b).hashCode());
    assertThat(BytesKey.view(a).hashCode()).isNotEqualTo(BytesKey.view(c).hashCode());
    assertThat(BytesKey.view(new byte[1000]).hashCode()).isNotEqualTo(BytesKey.view(new byte[1001]).hashCode());
  }
}

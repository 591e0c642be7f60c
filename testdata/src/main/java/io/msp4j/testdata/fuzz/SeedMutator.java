package io.msp4j.testdata.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Deterministic mutations of seed inputs, in the spirit of a fuzzer's mutators: bit flips,
 * interesting byte values, deletions, duplications, insertions, truncations, length-byte tweaks
 * and splices of two seeds. The same seeds and the same random seed always give the same inputs,
 * so a failure in a normal test run can be replayed.
 */
public final class SeedMutator {
  private static final byte[] INTERESTING = {
    0, 1, 0x7f, (byte) 0x80, (byte) 0x81, (byte) 0x82, (byte) 0xff, 0x30, 0x02, 0x04, 0x0a, '-', '\n', '&', '*', '(', '\''
  };

  private final List<byte[]> seeds;
  private final SplittableRandom random;

  /**
   * @param seeds the inputs to start from (at least one; copied)
   * @param randomSeed the seed of the mutation sequence
   */
  public SeedMutator(List<byte[]> seeds, long randomSeed) {
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("at least one seed input is needed");
    }
    this.seeds = new ArrayList<>();
    for (byte[] s : seeds) {
      this.seeds.add(s.clone());
    }
    this.random = new SplittableRandom(randomSeed);
  }

  /** The next mutated input: one to four mutations of a randomly chosen seed. */
  public byte[] next() {
    byte[] b = seeds.get(random.nextInt(seeds.size())).clone();
    int rounds = 1 + random.nextInt(4);
    for (int i = 0; i < rounds; i++) {
      b = mutate(b);
    }
    return b;
  }

  private byte[] mutate(byte[] b) {
    if (b.length == 0) {
      return new byte[] {INTERESTING[random.nextInt(INTERESTING.length)]};
    }
    int at = random.nextInt(b.length);
    switch (random.nextInt(9)) {
      case 0 -> b[at] ^= (byte) (1 << random.nextInt(8));
      case 1 -> b[at] = INTERESTING[random.nextInt(INTERESTING.length)];
      case 2 -> {
        int len = 1 + random.nextInt(Math.min(16, b.length - at));
        byte[] out = new byte[b.length - len];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + len, out, at, b.length - at - len);
        return out;
      }
      case 3 -> {
        int len = 1 + random.nextInt(Math.min(64, b.length - at));
        byte[] out = new byte[b.length + len];
        System.arraycopy(b, 0, out, 0, at + len);
        System.arraycopy(b, at, out, at + len, b.length - at);
        return out;
      }
      case 4 -> {
        int len = 1 + random.nextInt(8);
        byte[] out = new byte[b.length + len];
        System.arraycopy(b, 0, out, 0, at);
        for (int i = 0; i < len; i++) {
          out[at + i] = (byte) random.nextInt(256);
        }
        System.arraycopy(b, at, out, at + len, b.length - at);
        return out;
      }
      case 5 -> {
        return Arrays.copyOf(b, at);
      }
      case 6 -> b[at] = (byte) (b[at] + (random.nextBoolean() ? 1 : -1));
      case 7 -> {
        byte[] other = seeds.get(random.nextInt(seeds.size()));
        if (other.length == 0) {
          return b;
        }
        int from = random.nextInt(other.length);
        byte[] out = new byte[at + other.length - from];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(other, from, out, at, other.length - from);
        return out;
      }
      default -> {
        int other = random.nextInt(b.length);
        byte t = b[at];
        b[at] = b[other];
        b[other] = t;
      }
    }
    return b;
  }
}

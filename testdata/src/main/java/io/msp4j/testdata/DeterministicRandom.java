package io.msp4j.testdata;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.SecureRandomSpi;
import java.util.Objects;
import org.bouncycastle.crypto.digests.SHA256Digest;

/**
 * A {@link SecureRandom} whose output is fully determined by its seed, for reproducible fixtures.
 *
 * <p>The generator is SHA-256 in counter mode: {@code key = SHA-256("msp4j-testdata" || seed)},
 * block {@code i = SHA-256(key || i)} with {@code i} a big-endian 64-bit counter. {@link #setSeed}
 * mixes the given bytes into the key (deterministically), it never adds real entropy.
 *
 * <p>Never use it for anything but tests: its output is predictable by design.
 */
public final class DeterministicRandom extends SecureRandom {
  private static final long serialVersionUID = 1L;

  private final byte[] seed;

  private DeterministicRandom(byte[] seed) {
    super(new CounterSpi(seed), null);
    this.seed = seed.clone();
  }

  /** A generator seeded with the UTF-8 bytes of {@code seed}. */
  public static DeterministicRandom fromSeed(String seed) {
    Objects.requireNonNull(seed, "seed");
    return new DeterministicRandom(seed.getBytes(StandardCharsets.UTF_8));
  }

  /** A generator seeded with the decimal text of {@code seed}; equals {@code fromSeed(Long.toString(seed))}. */
  public static DeterministicRandom fromSeed(long seed) {
    return fromSeed(Long.toString(seed));
  }

  /**
   * A new, independent generator derived from this one's seed and {@code label}; its output does not
   * depend on how much of this generator has been consumed.
   */
  public DeterministicRandom fork(String label) {
    Objects.requireNonNull(label, "label");
    byte[] l = label.getBytes(StandardCharsets.UTF_8);
    byte[] s = new byte[seed.length + 1 + l.length];
    System.arraycopy(seed, 0, s, 0, seed.length);
    s[seed.length] = 0;
    System.arraycopy(l, 0, s, seed.length + 1, l.length);
    return new DeterministicRandom(s);
  }

  @Override
  public String getAlgorithm() {
    return "msp4j-SHA256-CTR";
  }

  @Override
  public String toString() {
    return "DeterministicRandom[" + new String(seed, StandardCharsets.UTF_8) + "]";
  }

  /** The SHA-256 counter-mode generator. */
  private static final class CounterSpi extends SecureRandomSpi {
    private static final long serialVersionUID = 1L;
    private static final byte[] DOMAIN = "msp4j-testdata".getBytes(StandardCharsets.US_ASCII);

    private byte[] key;
    private long counter;
    private final byte[] block = new byte[32];
    private int available;

    CounterSpi(byte[] seed) {
      key = digest(DOMAIN, seed);
    }

    @Override
    protected synchronized void engineSetSeed(byte[] extra) {
      key = digest(key, extra);
      counter = 0;
      available = 0;
    }

    @Override
    protected synchronized void engineNextBytes(byte[] out) {
      int pos = 0;
      while (pos < out.length) {
        if (available == 0) {
          refill();
        }
        int n = Math.min(available, out.length - pos);
        System.arraycopy(block, block.length - available, out, pos, n);
        available -= n;
        pos += n;
      }
    }

    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
      byte[] out = new byte[numBytes];
      engineNextBytes(out);
      return out;
    }

    private void refill() {
      byte[] c = new byte[8];
      long v = counter++;
      for (int i = 7; i >= 0; i--) {
        c[i] = (byte) v;
        v >>>= 8;
      }
      byte[] next = digest(key, c);
      System.arraycopy(next, 0, block, 0, block.length);
      available = block.length;
    }

    private static byte[] digest(byte[] a, byte[] b) {
      SHA256Digest d = new SHA256Digest();
      d.update(a, 0, a.length);
      d.update(b, 0, b.length);
      byte[] out = new byte[d.getDigestSize()];
      d.doFinal(out, 0);
      return out;
    }
  }
}

package io.msp4j.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A byte array as a map key, compared by content. {@link #copyOf} is for storing; {@link #view}
 * wraps the caller's array without copying and is only for a lookup made while the array does not
 * change.
 *
 * <p>Internal: not part of msp4j's API.
 */
public final class BytesKey {
  private final byte[] bytes;
  private final int hash;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private BytesKey(byte[] bytes) {
    this.bytes = bytes;
    this.hash = hash(bytes);
  }

  /** How many bytes at the start of a long key are hashed (see {@link #hash}). */
  static final int HASHED_HEAD = 32;

  /** How many bytes at the end of a long key are hashed (see {@link #hash}). */
  static final int HASHED_TAIL = 96;

  /**
   * A hash of the length and of at most 128 bytes: all of a short array; the first 32 and the last
   * 96 bytes of a longer one. Keys are serialized identities of about a kilobyte, looked up on
   * every cache hit, where hashing all of them would cost more than the rest of the hit: their
   * start names the MSP, their end holds the end of the certificate's signature, which differs
   * between any two certificates, so these bytes tell keys apart as well as all of them would.
   * Equality still compares every byte; keys made to agree on these bytes only share a bucket of
   * a cache of bounded size.
   */
  static int hash(byte[] b) {
    long h = 0x9E3779B97F4A7C15L ^ b.length;
    if (b.length <= HASHED_HEAD + HASHED_TAIL) {
      h = hashRange(h, b, 0, b.length);
    } else {
      h = hashRange(h, b, 0, HASHED_HEAD);
      h = hashRange(h, b, b.length - HASHED_TAIL, b.length);
    }
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return (int) (h ^ (h >>> 32));
  }

  private static long hashRange(long seed, byte[] b, int from, int to) {
    long h = seed;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      h = mix(h, (long) LONGS.get(b, i));
    }
    long tail = 0;
    for (int shift = 0; i < to; i++, shift = (shift + 8) & 63) {
      tail ^= (b[i] & 0xffL) << shift;
    }
    return mix(h, tail);
  }

  /** The word's product does not wait for the running hash, so successive words overlap. */
  private static long mix(long h, long v) {
    return Long.rotateLeft(h ^ (v * 0x9E3779B97F4A7C15L), 29);
  }

  /** A key holding its own copy of {@code bytes}. */
  public static BytesKey copyOf(byte[] bytes) {
    return new BytesKey(bytes.clone());
  }

  /** A key over {@code bytes} itself, for a lookup. */
  public static BytesKey view(byte[] bytes) {
    return new BytesKey(bytes);
  }

  /** A key holding its own copy of what {@code view} wraps. */
  public BytesKey copy() {
    return copyOf(bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BytesKey other && hash == other.hash && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return "BytesKey[" + bytes.length + " bytes]";
  }
}

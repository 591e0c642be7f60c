package io.msp4j.core.internal;

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

  private BytesKey(byte[] bytes) {
    this.bytes = bytes;
    this.hash = Arrays.hashCode(bytes);
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

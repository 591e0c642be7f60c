package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteOutput;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;

/**
 * Feeds byte strings to a digest without copying them. A {@code ByteString}'s read-only buffer
 * has no accessible array, so {@code MessageDigest.update(ByteBuffer)} copies it chunk by chunk
 * first: for a block's data, about a tenth of a follower's time. Handing the digest the string's
 * own array is safe here because the digest only reads it.
 */
final class DigestOutput extends ByteOutput {
  private final MessageDigest digest;

  DigestOutput(MessageDigest digest) {
    this.digest = digest;
  }

  /** Adds {@code bytes} to the digest. */
  void update(ByteString bytes) {
    try {
      UnsafeByteOperations.unsafeWriteTo(bytes, this);
    } catch (IOException e) {
      throw new UncheckedIOException("a digest does not fail to read bytes", e);
    }
  }

  @Override
  public void write(byte value) {
    digest.update(value);
  }

  @Override
  public void write(byte[] value, int offset, int length) {
    digest.update(value, offset, length);
  }

  @Override
  public void writeLazy(byte[] value, int offset, int length) {
    digest.update(value, offset, length);
  }

  @Override
  public void write(ByteBuffer value) {
    digest.update(value);
  }

  @Override
  public void writeLazy(ByteBuffer value) {
    digest.update(value);
  }
}

package io.msp4j.core.internal;

import com.google.protobuf.ByteOutput;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 over protobuf byte strings without copying them. A digest fed a {@link
 * ByteString#asReadOnlyByteBuffer() read-only buffer} cannot reach its array and copies it out in
 * chunks first, which for a block's data (a follower hashes every transaction of every block) is
 * a second pass over every byte; here the digest reads the string's own bytes, which it never
 * writes.
 *
 * <p>Internal: not part of msp4j's API.
 */
public final class Sha256 {
  private Sha256() {}

  /** A new SHA-256 digest. */
  public static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }

  /** The SHA-256 of the parts, one after the other. */
  public static byte[] of(ByteString... parts) {
    MessageDigest d = newDigest();
    for (ByteString p : parts) {
      update(d, p);
    }
    return d.digest();
  }

  /** Feeds {@code bytes} to {@code digest}. */
  public static void update(MessageDigest digest, ByteString bytes) {
    try {
      UnsafeByteOperations.unsafeWriteTo(bytes, new DigestOutput(digest));
    } catch (IOException e) {
      throw new UncheckedIOException("a digest does not fail", e);
    }
  }

  /** Hands a byte string's own arrays to a digest, which only reads them. */
  private static final class DigestOutput extends ByteOutput {
    private final MessageDigest digest;

    DigestOutput(MessageDigest digest) {
      this.digest = digest;
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
}

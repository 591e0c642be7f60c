package io.msp4j.cli;

import io.msp4j.core.IdentityException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the files a command takes whole (messages, signatures, envelopes, blocks, identities),
 * refusing one larger than its bound before a byte of it is read, so that a huge or endless file
 * fails at once with a one-line reason instead of filling the heap (LIMIT-12; identities
 * LIMIT-01, channel configurations LIMIT-11).
 */
final class InputFiles {
  /**
   * LIMIT-12: messages, envelopes and blocks: 100 MiB, the largest message Fabric's gRPC servers
   * accept by default, so nothing a Fabric network signs or orders is larger.
   */
  static final long MAX_MESSAGE_BYTES = InputLimits.MAX_CONFIG_BLOCK_BYTES;

  /**
   * LIMIT-12: signatures: 64 KiB. An ECDSA signature is at most a few hundred bytes, an Ed25519
   * one 64, an RSA one the key's size (2 KiB for a 16,384-bit key); a larger one cannot verify.
   */
  static final long MAX_SIGNATURE_BYTES = 64 << 10;

  private InputFiles() {}

  /** A file over its bound; an {@link IOException} so that it is reported where reads fail. */
  static final class TooLargeException extends IOException {
    private final String rule;
    private final String problem;

    TooLargeException(Path file, String what, long size, long limit, String rule) {
      this(file, InputLimits.describe(what + "'s size", size, limit) + " bytes", rule);
    }

    private TooLargeException(Path file, String problem, String rule) {
      super(file + ": " + problem + " [" + rule + "]");
      this.rule = rule;
      this.problem = problem;
    }

    /** What is wrong, without the file's name. */
    String problem() {
      return problem;
    }

    /** The limit's rule. */
    String rule() {
      return rule;
    }

    /** The refusal as the verdict on an identity or a signature that cannot be accepted. */
    IdentityException asVerdict() {
      return new IdentityException(Reason.LIMIT_EXCEEDED, rule, getMessage(), null);
    }
  }

  /** A message, envelope or block file (LIMIT-12). */
  static byte[] message(Path file, String what) throws IOException {
    return read(file, what, MAX_MESSAGE_BYTES, "LIMIT-12");
  }

  /** A signature file (LIMIT-12). */
  static byte[] signature(Path file) throws IOException {
    return read(file, "the signature", MAX_SIGNATURE_BYTES, "LIMIT-12");
  }

  /** An identity file: a PEM certificate or a SerializedIdentity (LIMIT-01). */
  static byte[] identity(Path file) throws IOException {
    return read(file, "the identity", InputLimits.MAX_SERIALIZED_IDENTITY_BYTES, "LIMIT-01");
  }

  /** A channel configuration file: block, ConfigEnvelope or Config (LIMIT-11). */
  static byte[] config(Path file) throws IOException {
    return read(file, "the file", InputLimits.MAX_CONFIG_BLOCK_BYTES, "LIMIT-11");
  }

  /** A small file such as a PEM certificate, refused beyond {@code limit} bytes (LIMIT-12). */
  static byte[] bounded(Path file, String what, long limit) throws IOException {
    return read(file, what, limit, "LIMIT-12");
  }

  /**
   * The exit status for a file that could not be read: {@link ExitCodes#SETUP_FAILED} when it
   * was refused for its size (the input cannot be used), else {@link ExitCodes#USAGE}.
   */
  static int status(Exception e) {
    return e instanceof TooLargeException ? ExitCodes.SETUP_FAILED : ExitCodes.USAGE;
  }

  private static byte[] read(Path file, String what, long limit, String rule) throws IOException {
    long size = Files.size(file);
    if (size > limit) {
      throw new TooLargeException(file, what, size, limit, rule);
    }
    // Read at most one byte past the bound: a file that grows while it is read, or a device or
    // pipe whose size says nothing, is refused the same way.
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes((int) Math.min(limit + 1, Integer.MAX_VALUE - 8));
    }
    if (bytes.length > limit) {
      throw new TooLargeException(file, what, bytes.length, limit, rule);
    }
    return bytes;
  }
}

package io.msp4j.core;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Decoding Fabric's protobuf messages as deep as Fabric decodes them.
 *
 * <p>Go's protobuf decoder accepts messages nested up to {@value #GO_RECURSION_LIMIT} levels;
 * protobuf-java stops at 100 by default. Fabric's recursive messages (a signature policy's rule
 * tree: two levels per gate; config groups) can legitimately go deeper than 100 levels: a policy
 * nested 60 gates deep is printed by configtxgen and loaded by peers. Refusing it would be a
 * different verdict, so messages are decoded with the default limit first (the common, shallow
 * case costs nothing extra) and, only when that limit is what failed, again with Go's limit on a
 * thread of its own with a stack large enough for that depth.
 */
public final class DeepMessages {
  /** The nesting Go's protobuf decoder accepts, and so Fabric. */
  public static final int GO_RECURSION_LIMIT = 10_000;

  /** Stack for decoding or walking messages {@value #GO_RECURSION_LIMIT} levels deep. */
  private static final long DEEP_STACK_BYTES = 512L << 20;

  private DeepMessages() {}

  /**
   * Decodes {@code bytes} as a message, nested as deep as Go allows.
   *
   * @throws InvalidProtocolBufferException when they do not decode, or nest deeper than Go allows
   */
  public static <T extends MessageLite> T parse(Parser<T> parser, ByteString bytes)
      throws InvalidProtocolBufferException {
    Objects.requireNonNull(parser, "parser");
    Objects.requireNonNull(bytes, "bytes");
    try {
      return parser.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      if (!tooDeep(e)) {
        throw e;
      }
    }
    AtomicReference<InvalidProtocolBufferException> failure = new AtomicReference<>();
    T message = onDeepStack(() -> {
      CodedInputStream in = bytes.newCodedInput();
      in.setRecursionLimit(GO_RECURSION_LIMIT);
      try {
        return parser.parseFrom(in);
      } catch (InvalidProtocolBufferException e) {
        failure.set(e);
        return null;
      }
    }, "decoding a message nested more than 100 levels deep");
    if (failure.get() != null) {
      throw failure.get();
    }
    return message;
  }

  /** {@link #parse(Parser, ByteString)} of a byte array. */
  public static <T extends MessageLite> T parse(Parser<T> parser, byte[] bytes)
      throws InvalidProtocolBufferException {
    return parse(parser, ByteString.copyFrom(Objects.requireNonNull(bytes, "bytes")));
  }

  /**
   * Runs recursive work over a message (printing, encoding, comparing) that may go as deep as
   * {@link #parse} lets messages go: on the calling thread first, and when its stack does not
   * suffice, once more on a thread with a large stack. The work must be free of side effects, as
   * it may run twice.
   *
   * @throws IllegalStateException when even the large stack does not suffice
   */
  public static <V> V walk(Supplier<V> work, String what) {
    try {
      return work.get();
    } catch (StackOverflowError e) {
      return onDeepStack(work, what);
    }
  }

  private static <V> V onDeepStack(Supplier<V> work, String what) {
    AtomicReference<V> result = new AtomicReference<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        result.set(work.get());
      } catch (StackOverflowError e) {
        thrown.set(new IllegalStateException(what + ": nested too deeply even for a large stack"));
      } catch (RuntimeException | Error e) {
        thrown.set(e);
      }
    }, "msp4j-deep-message", DEEP_STACK_BYTES);
    t.start();
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    Throwable e = thrown.get();
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error err) {
      throw err;
    }
    return result.get();
  }

  private static boolean tooDeep(InvalidProtocolBufferException e) {
    String m = e.getMessage();
    return m != null && m.contains("too many levels of nesting");
  }
}

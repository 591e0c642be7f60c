package io.msp4j.x509.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.function.Supplier;

/**
 * What an operation answered, comparable between implementations: success with a value, or our
 * failure (its reason and rule). Anything else thrown (an unchecked library exception, an error)
 * escapes and fails the fuzz target.
 */
record Outcome(Object value, Reason reason, String rule) {
  static final Outcome OK = new Outcome(null, null, null);

  boolean ok() {
    return reason == null;
  }

  /** Runs {@code op}; a failure must be an {@code expected} with a reason and a rule. */
  static Outcome of(Runnable op, Class<? extends MspException> expected) {
    return of(() -> {
      op.run();
      return null;
    }, expected);
  }

  /** Runs {@code op}, keeping its value; a failure must be an {@code expected} with a reason and a rule. */
  static Outcome of(Supplier<?> op, Class<? extends MspException> expected) {
    try {
      return new Outcome(op.get(), null, null);
    } catch (MspException e) {
      assertThat(e).isInstanceOf(expected);
      assertThat(e.reason()).isNotNull();
      assertThat(e.rule()).isNotBlank();
      assertThat(e.getMessage()).isNotBlank();
      return new Outcome(null, e.reason(), e.rule());
    }
  }

  /** The verdict alone: the same reason and rule, or both successes. */
  Outcome verdict() {
    return new Outcome(null, reason, rule);
  }
}

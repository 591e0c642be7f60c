package io.msp4j.core.policy;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * How signature policies evaluate. By default every signature is verified on the calling thread.
 * With an executor, the signatures of one evaluation are verified concurrently on it (the calling
 * thread takes part, so a busy or single-thread executor, even the one the caller runs on, cannot
 * stall it); verdicts and explanations are exactly those of the sequential evaluation. Each
 * signature is deserialised and verified in one task, so an evaluation hands work over once; every
 * signature the sequential evaluation verifies is verified, and no other, except when one signer
 * appears under two different encodings of its identity and signed well under the first. A task
 * that verified the signature of an identity handed out by a {@link io.msp4j.core.CachingMsp} also
 * validates it, so that the principal checks, which run on the calling thread and validate each
 * signer first, find the outcome in the cache instead of checking the new chains one by one.
 *
 * <pre>{@code
 * EvaluationOptions parallel = EvaluationOptions.builder().executor(ForkJoinPool.commonPool()).build();
 * }</pre>
 */
public final class EvaluationOptions {
  private static final EvaluationOptions DEFAULTS = new EvaluationOptions(null, 1);

  private final Executor executor;
  private final int parallelism;

  private EvaluationOptions(Executor executor, int parallelism) {
    this.executor = executor;
    this.parallelism = parallelism;
  }

  /** Sequential evaluation on the calling thread. */
  public static EvaluationOptions defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The executor signatures are verified on, if any. */
  public Optional<Executor> executor() {
    return Optional.ofNullable(executor);
  }

  /** At most how many verification tasks run at once, the calling thread included. */
  public int parallelism() {
    return parallelism;
  }

  @Override
  public String toString() {
    return executor == null
        ? "EvaluationOptions{sequential}"
        : "EvaluationOptions{executor=" + executor + ", parallelism=" + parallelism + "}";
  }

  /** Builds {@link EvaluationOptions}. */
  public static final class Builder {
    private Executor executor;
    private int parallelism = Runtime.getRuntime().availableProcessors();

    private Builder() {}

    /** Verify the signatures of an evaluation concurrently on this executor. */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * At most how many verifications run at once, the calling thread included (default: the
     * number of processors).
     *
     * @throws IllegalArgumentException when below 1
     */
    public Builder parallelism(int parallelism) {
      if (parallelism < 1) {
        throw new IllegalArgumentException("parallelism must be at least 1, not " + parallelism);
      }
      this.parallelism = parallelism;
      return this;
    }

    public EvaluationOptions build() {
      return executor == null ? DEFAULTS : new EvaluationOptions(executor, parallelism);
    }
  }
}

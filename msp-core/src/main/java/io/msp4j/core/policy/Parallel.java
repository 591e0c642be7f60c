package io.msp4j.core.policy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Runs the tasks 0..n-1 on an executor with the calling thread taking part. Tasks are claimed
 * from a shared counter, so the caller finishes the work alone if no helper ever starts (a busy
 * executor, or the caller's own single thread); it then waits only for tasks a helper has
 * claimed and is running.
 */
final class Parallel {
  /** How long the caller waits awake for the helpers' last tasks before it parks. */
  private static final long SPIN_NANOS = 500_000;

  private final Executor executor;
  private final int parallelism;

  private Parallel(Executor executor, int parallelism) {
    this.executor = executor;
    this.parallelism = parallelism;
  }

  /** The runner for these options, or null when they ask for sequential work. */
  static Parallel of(EvaluationOptions options) {
    return options.executor().map(e -> new Parallel(e, options.parallelism())).orElse(null);
  }

  /** Runs {@code task} for 0..n-1; the task must not throw. */
  void forEach(int n, IntConsumer task) {
    if (n <= 1 || parallelism <= 1) {
      for (int i = 0; i < n; i++) {
        task.accept(i);
      }
      return;
    }
    AtomicInteger next = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(n);
    Runnable worker = () -> {
      for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
        try {
          task.accept(i);
        } finally {
          done.countDown();
        }
      }
    };
    int helpers = Math.min(parallelism, n) - 1;
    for (int h = 0; h < helpers; h++) {
      try {
        executor.execute(worker);
      } catch (RejectedExecutionException e) {
        break; // the caller does the rest
      }
    }
    worker.run();
    // The helpers' last tasks end within about one task's time: wait for them awake for a while
    // rather than park at once, since waking a parked thread costs about as much again.
    long until = System.nanoTime() + SPIN_NANOS;
    while (done.getCount() > 0 && System.nanoTime() < until) {
      Thread.onSpinWait();
    }
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true; // the tasks are short; finish, then restore the flag
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}

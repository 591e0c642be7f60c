package io.msp4j.core.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Runs one job per index of {@code 0 .. n-1} on the calling thread and on up to {@code threads - 1}
 * tasks handed to an executor. Indexes are taken in batches from a shared counter, so a thread that
 * finishes early takes more, and a few handoffs serve a whole block. The calling thread always
 * takes part and waits only for batches that were taken: a task the executor runs late, or never
 * (it rejects it, or its threads are busy), finds no work left and costs nothing, so a busy or
 * shut-down executor slows a check down but never stalls it. A block's transactions (the block
 * check) and a policy evaluation's signatures run on it.
 *
 * <p>Internal: not part of msp4j's API.
 */
public final class Spread {
  /** Batches per thread: enough for an uneven share to even out, few enough to be cheap. */
  private static final int BATCHES_PER_THREAD = 8;
  /**
   * How long the calling thread waits awake for the other threads' last batches before it parks:
   * they end within about one job's time, and waking a parked thread costs about as much again.
   */
  private static final long SPIN_NANOS = 500_000;

  private final Executor executor;
  private final int threads;

  /** Jobs on the calling thread and up to {@code threads - 1} tasks handed to {@code executor}. */
  public Spread(Executor executor, int threads) {
    this.executor = executor;
    this.threads = threads;
  }

  /** One thread: every job on the calling thread, in order. */
  public static Spread callerOnly() {
    return new Spread(Runnable::run, 1);
  }

  /** How many threads take part, the calling one included. */
  public int threads() {
    return threads;
  }

  /**
   * Starts the executor's tasks, runs {@code first} on the calling thread while they work, then
   * joins them until every index has been done.
   *
   * @throws RuntimeException or Error the first job threw, once every taken batch has ended
   */
  public void run(int n, Runnable first, IntConsumer job) {
    if (threads <= 1 || n <= 1) {
      first.run();
      for (int i = 0; i < n; i++) {
        job.accept(i);
      }
      return;
    }
    int batch = Math.max(1, n / (threads * BATCHES_PER_THREAD));
    int batches = (n + batch - 1) / batch;
    Work work = new Work(n, batch, batches, job);
    // A task beyond the number of batches would find no work: do not hand it out.
    for (int t = 1; t < Math.min(threads, batches); t++) {
      try {
        executor.execute(work::drain);
      } catch (RejectedExecutionException e) {
        break; // the calling thread does the rest
      }
    }
    try {
      first.run();
    } finally {
      work.drain();
      work.await();
    }
    work.rethrow();
  }

  /** The shared state of one run. */
  private static final class Work {
    final int n;
    final int batch;
    final IntConsumer job;
    final AtomicInteger next = new AtomicInteger();
    final CountDownLatch done;
    final AtomicReference<Throwable> failure = new AtomicReference<>();

    Work(int n, int batch, int batches, IntConsumer job) {
      this.n = n;
      this.batch = batch;
      this.job = job;
      this.done = new CountDownLatch(batches);
    }

    void drain() {
      int from;
      while ((from = next.getAndAdd(batch)) < n) {
        try {
          int to = Math.min(n, from + batch);
          for (int i = from; i < to; i++) {
            job.accept(i);
          }
        } catch (Throwable t) {
          failure.compareAndSet(null, t);
        } finally {
          done.countDown();
        }
      }
    }

    void await() {
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
          interrupted = true; // the batches taken by other threads are still running: wait for them
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    void rethrow() {
      Throwable t = failure.get();
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error e) {
        throw e;
      }
    }
  }
}

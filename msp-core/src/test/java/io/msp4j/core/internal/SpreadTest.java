package io.msp4j.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Jobs spread over the calling thread and an executor's: each index exactly once, failures rethrown. */
class SpreadTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

  @AfterAll
  static void shutDown() {
    POOL.shutdown();
  }

  @Test
  void everyIndexIsDoneExactlyOnceWhateverTheCountAndThreads() {
    for (int threads = 1; threads <= 4; threads++) {
      for (int n : new int[] {0, 1, 2, 7, 64, 500, 1251}) {
        AtomicIntegerArray done = new AtomicIntegerArray(n);
        boolean[] first = new boolean[1];
        new Spread(POOL, threads).run(n, () -> first[0] = true, done::incrementAndGet);
        assertThat(first[0]).isTrue();
        for (int i = 0; i < n; i++) {
          assertThat(done.get(i)).as("index %d of %d on %d threads", i, n, threads).isEqualTo(1);
        }
      }
    }
  }

  @Test
  void theWorkIsSharedWithTheExecutorsThreads() {
    var threadsSeen = ConcurrentHashMap.<Thread>newKeySet();
    new Spread(POOL, 4).run(400, () -> {}, i -> {
      threadsSeen.add(Thread.currentThread());
      busy();
    });
    assertThat(threadsSeen).contains(Thread.currentThread()).hasSizeGreaterThan(1);
  }

  private static void busy() {
    long until = System.nanoTime() + 100_000;
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  @Test
  void aJobsFailureIsRethrownOnceEveryTakenBatchHasEnded() {
    AtomicIntegerArray done = new AtomicIntegerArray(300);
    assertThatThrownBy(() -> new Spread(POOL, 3).run(300, () -> {}, i -> {
      if (i == 123) {
        throw new IllegalStateException("job 123");
      }
      done.incrementAndGet(i);
    })).isInstanceOf(IllegalStateException.class).hasMessage("job 123");
    // The failing batch stops at its failure; every other index was done before the rethrow.
    int missing = 0;
    for (int i = 0; i < 300; i++) {
      missing += done.get(i) == 0 ? 1 : 0;
    }
    assertThat(missing).isBetween(1, 300 / 24 + 1);
  }
}

package io.msp4j.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class SecondChanceCacheTest {

  private static SecondChanceCache<String, String> filled(String... keys) {
    SecondChanceCache<String, String> c = new SecondChanceCache<>(keys.length);
    for (String k : keys) {
      c.put(k, k.toUpperCase());
    }
    return c;
  }

  @Test
  @Tag("CACHE-05")
  void insertWhileNotFullAppends() {
    SecondChanceCache<String, String> c = new SecondChanceCache<>(3);
    c.put("a", "A");
    c.put("b", "B");
    assertThat(c.size()).isEqualTo(2);
    assertThat(c.get("a")).isEqualTo("A");
    assertThat(c.get("b")).isEqualTo("B");
    assertThat(c.get("z")).isNull();
  }

  @Test
  @Tag("CACHE-05")
  void fullCacheEvictsTheFirstEntryWithoutReference() {
    SecondChanceCache<String, String> c = filled("a", "b", "c");
    c.put("d", "D");
    // Nothing was read: the hand is at a, whose bit is clear.
    assertThat(c.get("a")).isNull();
    assertThat(c.get("b")).isEqualTo("B");
    assertThat(c.get("c")).isEqualTo("C");
    assertThat(c.get("d")).isEqualTo("D");
    assertThat(c.size()).isEqualTo(3);
  }

  @Test
  @Tag("CACHE-05")
  @Tag("CACHE-03")
  void aHeldEntryAnswersLikeALookupUntilEvictedOrCleared() {
    SecondChanceCache<String, String> c = new SecondChanceCache<>(2);
    SecondChanceCache.Entry<String, String> a = c.putEntry("a", "A");
    assertThat(c.entry("a")).isSameAs(a); // a is now referenced
    assertThat(a.valueIfCached()).isEqualTo("A");
    assertThat(c.putEntry("a", "A2")).isSameAs(a);
    assertThat(a.valueIfCached()).isEqualTo("A2");
    SecondChanceCache.Entry<String, String> b = c.putEntry("b", "B"); // not referenced
    c.put("c", "C"); // a gets its second chance, b is evicted
    assertThat(c.get("b")).isNull();
    assertThat(b.valueIfCached()).isNull();
    assertThat(a.valueIfCached()).isEqualTo("A2");
    SecondChanceCache.Entry<String, String> cEntry = c.entry("c");
    assertThat(cEntry.valueIfCached()).isEqualTo("C");
    c.clear();
    assertThat(a.valueIfCached()).isNull();
    assertThat(cEntry.valueIfCached()).isNull();
    assertThat(c.entry("c")).isNull();
  }

  @Test
  @Tag("CACHE-05")
  void aHeldEntryMarksItselfUsedLikeALookup() {
    SecondChanceCache<String, String> c = new SecondChanceCache<>(2);
    SecondChanceCache.Entry<String, String> a = c.putEntry("a", "A");
    SecondChanceCache.Entry<String, String> b = c.putEntry("b", "B");
    assertThat(a.valueIfCached()).isEqualTo("A"); // a used through its entry only
    c.put("x", "X"); // a gets its second chance, b is evicted
    assertThat(a.valueIfCached()).isEqualTo("A");
    assertThat(b.valueIfCached()).isNull();
    assertThat(c.get("a")).isEqualTo("A");
    assertThat(c.get("x")).isEqualTo("X");
  }

  @Test
  @Tag("CACHE-05")
  void aHitGivesASecondChance() {
    SecondChanceCache<String, String> c = filled("a", "b", "c");
    c.get("a");
    c.put("d", "D");
    // a's bit is cleared and the hand moves on to b.
    assertThat(c.get("b")).isNull();
    assertThat(c.get("a")).isEqualTo("A");
    c.put("e", "E");
    // Hand is at c (clear): c goes.
    assertThat(c.get("c")).isNull();
    assertThat(c.get("a")).isEqualTo("A");
    assertThat(c.get("d")).isEqualTo("D");
    assertThat(c.get("e")).isEqualTo("E");
  }

  @Test
  @Tag("CACHE-05")
  void everyEntryReferencedStillEvictsOne() {
    SecondChanceCache<String, String> c = filled("a", "b", "c");
    c.get("a");
    c.get("b");
    c.get("c");
    c.put("d", "D");
    // The hand clears a, b and c, comes back to a and takes it.
    assertThat(c.get("a")).isNull();
    assertThat(c.size()).isEqualTo(3);
    assertThat(c.get("d")).isEqualTo("D");
  }

  @Test
  @Tag("CACHE-05")
  void reinsertingAKeyUpdatesItAndMarksItReferenced() {
    SecondChanceCache<String, String> c = filled("a", "b");
    c.put("a", "A2");
    assertThat(c.size()).isEqualTo(2);
    c.put("x", "X");
    // a was marked by the re-insert: b goes instead.
    assertThat(c.get("a")).isEqualTo("A2");
    assertThat(c.get("b")).isNull();
  }

  @Test
  @Tag("CACHE-03")
  void clearEmptiesTheCache() {
    SecondChanceCache<String, String> c = filled("a", "b");
    c.clear();
    assertThat(c.size()).isZero();
    assertThat(c.get("a")).isNull();
    c.put("c", "C");
    assertThat(c.get("c")).isEqualTo("C");
  }

  @Test
  void rejectsNullsAndNonPositiveCapacity() {
    assertThrows(IllegalArgumentException.class, () -> new SecondChanceCache<String, String>(0));
    SecondChanceCache<String, String> c = new SecondChanceCache<>(1);
    assertThrows(NullPointerException.class, () -> c.put(null, "x"));
    assertThrows(NullPointerException.class, () -> c.put("x", null));
  }

  @Test
  @Tag("CACHE-05")
  void concurrentReadersAndWritersNeverExceedCapacityOrMixValues() throws Exception {
    SecondChanceCache<Integer, Integer> c = new SecondChanceCache<>(16);
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Integer>> results = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int seed = t;
      results.add(pool.submit(() -> {
        start.await();
        int wrong = 0;
        for (int i = 0; i < 20_000; i++) {
          int k = (i * 7 + seed * 13) % 64;
          Integer v = c.get(k);
          if (v == null) {
            c.put(k, k * 3);
          } else if (v != k * 3) {
            wrong++;
          }
          if (c.size() > 16) {
            wrong++;
          }
        }
        return wrong;
      }));
    }
    start.countDown();
    for (Future<Integer> f : results) {
      assertThat(f.get(60, TimeUnit.SECONDS)).isZero();
    }
    pool.shutdown();
    assertThat(c.size()).isLessThanOrEqualTo(16);
  }
}

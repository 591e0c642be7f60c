package io.msp4j.core.internal;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A bounded map with second-chance ("clock") eviction, as CACHE-05 describes: entries sit in a
 * ring of fixed size; a hit sets the entry's reference bit; when the ring is full, an insert moves
 * the hand over the ring, clearing set bits, and replaces the first entry whose bit was clear.
 *
 * <p>Safe for concurrent use. A lookup takes no lock: it reads a {@link ConcurrentHashMap} and
 * sets a volatile bit. A caller that looks the same key up again and again may keep the {@link
 * Entry} it got and ask it directly ({@link Entry#valueIfCached()}): that answers exactly as a
 * lookup would, without hashing the key, since an entry knows when it has been evicted. Inserts are serialised by a lock. The cache never holds more than its
 * capacity. Since lookups run during an insert's scan, a scan that has cleared every bit once
 * takes the entry under the hand regardless, so an insert always ends.
 *
 * <p>Internal: not part of msp4j's API.
 *
 * @param <K> the key type (with value equality)
 * @param <V> the value type (never null)
 */
public final class SecondChanceCache<K, V> {
  private static final int INITIAL_RING = 8;

  private final int capacity;
  private final ConcurrentHashMap<K, Entry<K, V>> table;
  private final Object lock = new Object();
  // Guarded by lock. Grows up to capacity as entries arrive: a channel of a thousand orgs has
  // three thousand caches, most of which never fill.
  private Entry<K, V>[] ring;
  private int used;
  private int hand;

  /**
   * One cached mapping. It stays valid to hold after eviction: it then answers null, as a lookup
   * of its key would.
   *
   * @param <K> the key type
   * @param <V> the value type
   */
  public static final class Entry<K, V> {
    final K key;
    volatile V value;
    volatile boolean referenced;
    volatile boolean cached = true;

    Entry(K key, V value) {
      this.key = key;
      this.value = value;
    }

    /**
     * The value while this entry is in its cache, marking it recently used; null once it has been
     * evicted or the cache cleared.
     */
    public V valueIfCached() {
      if (!cached) {
        return null;
      }
      if (!referenced) {
        referenced = true;
      }
      return value;
    }
  }

  /**
   * A cache of at most {@code capacity} entries.
   *
   * @throws IllegalArgumentException when {@code capacity} is not positive
   */
  @SuppressWarnings("unchecked")
  public SecondChanceCache(int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("cache capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
    this.table = new ConcurrentHashMap<>(capacity * 2);
    this.ring = (Entry<K, V>[]) new Entry<?, ?>[0];
  }

  /** The value cached for {@code key}, or null; a hit marks the entry as recently used. */
  public V get(K key) {
    Entry<K, V> e = entry(key);
    return e == null ? null : e.value;
  }

  /** The entry cached for {@code key}, or null; a hit marks the entry as recently used. */
  public Entry<K, V> entry(K key) {
    Entry<K, V> e = table.get(key);
    if (e != null && !e.referenced) {
      e.referenced = true;
    }
    return e;
  }

  /**
   * Caches {@code value} for {@code key}. An existing entry gets the new value and is marked as
   * recently used; a new entry replaces the next entry of the ring not recently used.
   */
  public void put(K key, V value) {
    putEntry(key, value);
  }

  /** As {@link #put}, returning the entry that now holds {@code value}. */
  public Entry<K, V> putEntry(K key, V value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    synchronized (lock) {
      Entry<K, V> old = table.get(key);
      if (old != null) {
        old.value = value;
        old.referenced = true;
        return old;
      }
      Entry<K, V> fresh = new Entry<>(key, value);
      if (used < capacity) {
        if (used == ring.length) {
          ring = Arrays.copyOf(ring, Math.min(capacity, Math.max(INITIAL_RING, used * 2)));
        }
        ring[used++] = fresh;
        table.put(key, fresh);
        return fresh;
      }
      for (int scanned = 0; ; scanned++) {
        Entry<K, V> victim = ring[hand];
        if (!victim.referenced || scanned >= capacity) {
          victim.cached = false;
          table.remove(victim.key);
          ring[hand] = fresh;
          table.put(key, fresh);
          hand = (hand + 1) % capacity;
          return fresh;
        }
        victim.referenced = false;
        hand = (hand + 1) % capacity;
      }
    }
  }

  /** How many entries are cached. */
  public int size() {
    return table.size();
  }

  /** The most entries this cache holds. */
  public int capacity() {
    return capacity;
  }

  /** Removes every entry. */
  public void clear() {
    synchronized (lock) {
      for (int i = 0; i < used; i++) {
        ring[i].cached = false;
      }
      table.clear();
      Arrays.fill(ring, null);
      used = 0;
      hand = 0;
    }
  }
}

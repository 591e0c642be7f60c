package io.msp4j.network.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Which delivery source the follower reads next, and how long it waits first.
 *
 * <p>On a BFT channel, as Fabric v3's BFT deliverer (DELIVER-BFT-04): the sources are shuffled
 * whenever they change, a failing source or a censorship moves to the next one, and the wait
 * before a retry is the minimum interval doubled once per whole round of failures (50 ms, 100 ms,
 * ... up to 10 s); a block received resets the count. Otherwise, as msp4j's follower has always
 * done: the sources in the order given, the wait doubling with each failure in a row.
 */
public final class SourceSchedule<S> {
  private final boolean fabricRounds;
  private final Backoff backoff;
  private final Random random;
  private List<S> sources = List.of();
  private int index;
  private int failures;

  private SourceSchedule(boolean fabricRounds, Backoff backoff, Random random) {
    this.fabricRounds = fabricRounds;
    this.backoff = backoff;
    this.random = random;
  }

  /** Fabric's BFT rule: shuffled sources, retries doubling per round of failures. */
  public static <S> SourceSchedule<S> bft(Duration min, Duration max, Random random) {
    return new SourceSchedule<>(true, new Backoff(min, max), random);
  }

  /** Sources in order, retries doubling per failure. */
  public static <S> SourceSchedule<S> inOrder(Duration min, Duration max) {
    return new SourceSchedule<>(false, new Backoff(min, max), null);
  }

  /**
   * Takes the sources in force; when they differ from the last ones, starts over with them
   * (shuffled under the BFT rule, which also forgets the failures).
   *
   * @return whether they changed
   */
  public boolean refresh(List<S> current) {
    if (current.equals(sources) || (fabricRounds && holds(current))) {
      return false;
    }
    List<S> next = new ArrayList<>(current);
    if (fabricRounds) {
      Collections.shuffle(next, random);
      index = 0;
      failures = 0;
    }
    sources = List.copyOf(next);
    return true;
  }

  /** Whether the sources are {@code current}'s, in whatever order. */
  public boolean holds(List<S> current) {
    return current.size() == sources.size() && sources.containsAll(current);
  }

  /** The sources, in the order tried. */
  public List<S> sources() {
    return sources;
  }

  /** The index of the source to read next. */
  public int index() {
    return sources.isEmpty() ? 0 : index % sources.size();
  }

  /** The source to read next. */
  public S current() {
    return sources.get(index());
  }

  /** The source after the current one. */
  public S following() {
    return sources.get((index() + 1) % sources.size());
  }

  /** A block came: failures are forgotten. */
  public void progressed() {
    failures = 0;
  }

  /**
   * The current source failed (or censored): moves to the next one.
   *
   * @return how long to wait before connecting to it
   */
  public Duration failed() {
    index = (index() + 1) % Math.max(1, sources.size());
    failures++;
    int exponent = fabricRounds ? failures / Math.max(1, sources.size()) : failures - 1;
    return backoff.delay(exponent);
  }
}

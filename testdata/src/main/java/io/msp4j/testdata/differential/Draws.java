package io.msp4j.testdata.differential;

import io.msp4j.testdata.DeterministicRandom;

/**
 * The generator's random choices, all from one deterministic stream; {@code mutating} says
 * whether the identity being made takes mutations at all.
 */
final class Draws {
  private final DeterministicRandom random;
  private boolean mutating;

  Draws(DeterministicRandom random) {
    this.random = random;
  }

  DeterministicRandom random() {
    return random;
  }

  boolean mutating() {
    return mutating;
  }

  void mutating(boolean on) {
    mutating = on;
  }


  /** A draw in 0..99 for a mutation choice, or 99 (no mutation) for a plain identity. */
  int draw() {
    int r = random.nextInt(100);
    return mutating ? r : 99;
  }

  /** A mutation that happens with this chance, and never to a plain identity. */
  boolean mutation(int percent) {
    boolean hit = chance(percent);
    return mutating && hit;
  }

  boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }

  /** Picks among (value, weight) pairs. */
  @SuppressWarnings("unchecked")
  <T> T weighted(Object... valueWeightPairs) {
    int total = 0;
    for (int i = 1; i < valueWeightPairs.length; i += 2) {
      total += (Integer) valueWeightPairs[i];
    }
    int r = random.nextInt(total);
    for (int i = 0; i < valueWeightPairs.length; i += 2) {
      r -= (Integer) valueWeightPairs[i + 1];
      if (r < 0) {
        return (T) valueWeightPairs[i];
      }
    }
    throw new IllegalStateException();
  }
}

package io.msp4j.cli.operations;

import java.time.Duration;

/** Durations as health check reasons print them: {@code 2m13s}, {@code 45s}, {@code 3d4h}. */
final class Durations {
  private Durations() {}

  static String text(Duration d) {
    long s = Math.max(0, d.getSeconds());
    if (s >= 86_400) {
      return s / 86_400 + "d" + (s % 86_400 / 3600 > 0 ? s % 86_400 / 3600 + "h" : "");
    }
    if (s >= 3600) {
      return s / 3600 + "h" + (s % 3600 / 60 > 0 ? s % 3600 / 60 + "m" : "");
    }
    if (s >= 60) {
      return s / 60 + "m" + (s % 60 > 0 ? s % 60 + "s" : "");
    }
    return s == 0 && d.toMillis() > 0 ? d.toMillis() + "ms" : s + "s";
  }
}

package io.msp4j.network.internal;

import io.msp4j.network.NetworkException;
import io.msp4j.network.OrdererStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The failure thrown when no orderer answered a broadcast: each endpoint and what it did. */
final class NoAnswer {
  private NoAnswer() {}

  /**
   * The failure: of the kind all endpoints share (else UNAVAILABLE), naming each endpoint's last
   * failure; {@code giveUpAfter} is named when the give-up time ran out, null otherwise.
   */
  /** A duration as {@code 1m30s}, {@code 500ms}. */
  static String text(Duration d) {
    return d.toString().substring(2).toLowerCase(java.util.Locale.ROOT)
        .replaceAll("\\.(\\d{1,3})\\d*s$", ".$1s");
  }

  static NetworkException of(OrdererStatus[] statuses, NetworkException[] failures,
      Duration giveUpAfter) {
    NetworkException.Kind kind = null;
    NetworkException cause = null;
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < statuses.length; i++) {
      OrdererStatus s = statuses[i];
      NetworkException f = failures[i];
      if (f != null) {
        kind = kind == null || kind == f.kind() ? f.kind() : NetworkException.Kind.UNAVAILABLE;
        cause = f;
      } else {
        kind = NetworkException.Kind.UNAVAILABLE;
      }
      parts.add(s.endpoint() + " (" + s.attempts() + (s.attempts() == 1 ? " attempt" : " attempts")
          + "): " + (s.info().isEmpty() ? s.status() : s.info()));
    }
    if (statuses.length == 1 && cause != null && giveUpAfter == null) {
      return cause;
    }
    String when = giveUpAfter == null ? "" : " within " + text(giveUpAfter) + " (the give-up time)";
    return new NetworkException(kind == null ? NetworkException.Kind.UNAVAILABLE : kind,
        statuses.length == 1 ? statuses[0].endpoint().toString() : "",
        "no orderer answered" + when + ": " + String.join("; ", parts), cause);
  }
}

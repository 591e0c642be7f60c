package io.msp4j.cli.operations;

import java.util.Objects;

/**
 * What one health check found: healthy, healthy with a warning (shown in the body, status 200),
 * or failed (status 503, as Fabric's {@code failed_checks}).
 *
 * @param kind healthy, warning or failed
 * @param reason why, for an operator; empty when healthy
 */
public record HealthStatus(Kind kind, String reason) {

  /** The outcomes. */
  public enum Kind { OK, WARNING, FAILED }

  private static final HealthStatus OK = new HealthStatus(Kind.OK, "");

  /** Checks the parts. */
  public HealthStatus {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(reason, "reason");
    if ((kind == Kind.OK) != reason.isEmpty()) {
      throw new IllegalArgumentException("a reason goes with a warning or a failure only");
    }
  }

  /** Healthy. */
  public static HealthStatus ok() {
    return OK;
  }

  /** Healthy, with something an operator should know. */
  public static HealthStatus warning(String reason) {
    return new HealthStatus(Kind.WARNING, reason);
  }

  /** Unhealthy. */
  public static HealthStatus failed(String reason) {
    return new HealthStatus(Kind.FAILED, reason);
  }
}

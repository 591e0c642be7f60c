package io.msp4j.cli.operations;

import java.time.Instant;

/**
 * One check {@code GET /healthz} runs: a component name, as in Fabric's {@code failed_checks},
 * and a verdict at an instant. Checks read state recorded by listeners; they must be quick and
 * must not block, since they run on the operations server's threads.
 */
public interface HealthCheck {

  /** The component this check is about, such as {@code follower.source}. */
  String component();

  /** The verdict at {@code now}. */
  HealthStatus check(Instant now);
}

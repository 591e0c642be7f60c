package io.msp4j.cli.operations;

import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.core.reload.ReloadListener;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code reload}: fails while the last reload of a watched folder failed, and passes again when a
 * configuration is served. Its reason says which generation still serves (or that none does).
 * Add it as a listener of the watcher.
 */
public final class ReloadCheck implements HealthCheck, ReloadListener<Object> {
  private final String what;
  private volatile Optional<ReloadFailure> lastFailure = Optional.empty();

  /** A check of the reloads of {@code what}, such as the folder's path. */
  public ReloadCheck(String what) {
    this.what = Objects.requireNonNull(what, "what");
  }

  @Override
  public String component() {
    return "reload";
  }

  @Override
  public void reloaded(Generation<? extends Object> generation) {
    lastFailure = Optional.empty();
  }

  @Override
  public void recovered(Generation<? extends Object> generation) {
    lastFailure = Optional.empty();
  }

  @Override
  public void reloadFailed(ReloadFailure failure) {
    lastFailure = Optional.of(failure);
  }

  @Override
  public HealthStatus check(Instant now) {
    Optional<ReloadFailure> f = lastFailure;
    if (f.isEmpty()) {
      return HealthStatus.ok();
    }
    ReloadFailure r = f.get();
    String serving = r.keptGeneration() == 0
        ? "no configuration has been set up yet: nothing serves"
        : "the previous generation " + r.keptGeneration() + " still serves";
    return HealthStatus.failed("the last reload of " + what + " failed at " + r.at() + ": ["
        + r.rule() + "] " + r.detail() + "; " + serving);
  }

  @Override
  public String toString() {
    return component() + " of " + what;
  }
}

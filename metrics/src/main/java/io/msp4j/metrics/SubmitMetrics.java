package io.msp4j.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.network.SubmitListener;
import io.msp4j.network.UpdateSubmitter;
import java.time.Duration;

/**
 * The meters of an {@link UpdateSubmitter}: submissions by final status, and the time to that
 * status, both tagged {@code status} (Fabric's {@code common.Status} name, {@code NOT_SUBMITTED}
 * or why no orderer answered, see {@link SubmitListener#finished}). It is the listener the
 * submitter is given:
 *
 * <pre>{@code
 * SubmitMetrics meters = SubmitMetrics.create();
 * UpdateSubmitter submitter = UpdateSubmitter.builder(connection).listener(meters).build();
 * meters.bindTo(registry);
 * }</pre>
 *
 * Submissions before binding are not counted. Bind to one registry.
 */
public final class SubmitMetrics implements MeterBinder, SubmitListener {
  private final Tags tags;
  private volatile MeterRegistry registry;

  private SubmitMetrics(Tags tags) {
    this.tags = tags;
  }

  /** Meters tagged {@code extraTags} besides {@code status} (a {@code channel}, say). */
  public static SubmitMetrics create(Tag... extraTags) {
    return new SubmitMetrics(Tags.of(extraTags));
  }

  @Override
  public void bindTo(MeterRegistry r) {
    this.registry = r;
  }

  @Override
  public void finished(String status, Duration elapsed) {
    MeterRegistry r = registry;
    if (r == null) {
      return;
    }
    Counter.builder("msp4j.submits").description("Config update submissions, by final status")
        .tags(tags).tag(MeterNames.STATUS, status).register(r).increment();
    Timer.builder("msp4j.submit.duration")
        .description("Time from a submission's start to its final status")
        .tags(tags).tag(MeterNames.STATUS, status).register(r).record(elapsed);
  }
}

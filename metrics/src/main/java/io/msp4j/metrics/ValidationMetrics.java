package io.msp4j.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.ValidationObserver;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The validation meters of one MSP's {@link CachingMsp} caches, tagged {@code msp_id}:
 * validations by verdict, validation-cache hits and misses, and the time of the validations the
 * cache did not answer. It is the {@link ValidationObserver} the caches are given:
 *
 * <pre>{@code
 * ValidationMetrics meters = ValidationMetrics.forMsp("Org1MSP");
 * Msp msp = CachingMsp.wrap(x509Msp, CachingMsp.DEFAULT_CAPACITY, meters);
 * // or: MspFolderWatcher.builder(dir, "Org1MSP").validationObserver(meters) ...
 * meters.bindTo(registry);
 * }</pre>
 *
 * <p>A cache hit costs one uncontended counter increment; a miss, two clock readings and a timer
 * record besides the validation. Validations before binding are counted; their times are not.
 * The timer publishes no percentile histogram unless {@link #withPercentileHistogram()} asks.
 * Bind to one registry.
 */
public final class ValidationMetrics implements MeterBinder, ValidationObserver {
  private final Tags tags;
  private final boolean histogram;
  private final LongAdder hits = new LongAdder();
  private final LongAdder validMisses = new LongAdder();
  private final LongAdder invalid = new LongAdder();
  private volatile Timer timer;

  private ValidationMetrics(Tags tags, boolean histogram) {
    this.tags = tags;
    this.histogram = histogram;
  }

  /** The meters of the MSP {@code mspId}, tagged {@code msp_id} and {@code extraTags}. */
  public static ValidationMetrics forMsp(String mspId, Tag... extraTags) {
    return new ValidationMetrics(Tags.of(extraTags).and(MeterNames.MSP_ID,
        Objects.requireNonNull(mspId, "mspId")), false);
  }

  /** New meters like these whose timer also publishes a percentile histogram. */
  public ValidationMetrics withPercentileHistogram() {
    return new ValidationMetrics(tags, true);
  }

  @Override
  public void hit() {
    hits.increment();
  }

  @Override
  public void miss(long nanos, boolean valid) {
    (valid ? validMisses : invalid).increment();
    Timer t = timer;
    if (t != null) {
      t.record(nanos, TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    FunctionCounter.builder("msp4j.msp.validations", this,
            m -> m.hits.sum() + m.validMisses.sum())
        .description("Identity validations, by verdict").tags(tags)
        .tag(MeterNames.OUTCOME, "valid").register(registry);
    FunctionCounter.builder("msp4j.msp.validations", invalid, LongAdder::sum)
        .description("Identity validations, by verdict").tags(tags)
        .tag(MeterNames.OUTCOME, "invalid").register(registry);
    FunctionCounter.builder("msp4j.msp.cache.gets", hits, LongAdder::sum)
        .description("Validation-cache lookups, by result").tags(tags)
        .tag("cache", "validation").tag(MeterNames.RESULT, "hit").register(registry);
    FunctionCounter.builder("msp4j.msp.cache.gets", this,
            m -> m.validMisses.sum() + m.invalid.sum())
        .description("Validation-cache lookups, by result").tags(tags)
        .tag("cache", "validation").tag(MeterNames.RESULT, "miss").register(registry);
    timer = Timer.builder("msp4j.msp.validation")
        .description("Time the MSP took to validate an identity the cache did not answer")
        .publishPercentileHistogram(histogram).tags(tags).register(registry);
  }
}

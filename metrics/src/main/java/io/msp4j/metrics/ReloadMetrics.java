package io.msp4j.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.core.reload.ReloadingMsp;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The reload meters of a {@link ReloadingChannel} ({@code msp4j.channel.*}, tagged {@code
 * channel}) or of a local {@link ReloadingMsp} ({@code msp4j.msp.*}, tagged {@code msp_id}): the
 * generation served, reloads by outcome ({@code applied}, {@code failed}, {@code recovered}), the
 * time of the last good reload and the time from a change to its new generation.
 *
 * <pre>{@code
 * ReloadMetrics.of(follower.channel(), "mychannel").bindTo(registry);
 * ReloadMetrics.of(watcher).bindTo(registry);   // a watched MSP folder
 * }</pre>
 *
 * <p>A {@link ReloadListener} added when bound counts the reloads; reloads before binding are not
 * counted, but the generation and the time of the last good reload are read from the generation
 * served. The gauges hold the reloading channel or MSP (Micrometer holds other gauges' objects
 * weakly). Bind to one registry.
 */
public final class ReloadMetrics implements MeterBinder {
  private final String prefix;
  private final Tags tags;
  private final LongSupplier generation;
  private final Supplier<Optional<? extends Generation<?>>> current;
  private final Consumer<ReloadListener<Object>> addListener;

  private ReloadMetrics(String prefix, Tags tags, LongSupplier generation,
      Supplier<Optional<? extends Generation<?>>> current,
      Consumer<ReloadListener<Object>> addListener) {
    this.prefix = prefix;
    this.tags = tags;
    this.generation = generation;
    this.current = current;
    this.addListener = addListener;
  }

  /** The meters of a reloading channel, tagged {@code channel=channelName} and extra tags. */
  public static ReloadMetrics of(ReloadingChannel channel, String channelName, Tag... extraTags) {
    Objects.requireNonNull(channel, "channel");
    Tags t = Tags.of(extraTags).and(MeterNames.CHANNEL,
        Objects.requireNonNull(channelName, "channelName"));
    Supplier<Optional<? extends Generation<?>>> current = channel::current;
    return new ReloadMetrics("msp4j.channel", t, channel::generation, current,
        l -> channel.addListener(l));
  }

  /** The meters of a reloading MSP, tagged {@code msp_id} and {@code extraTags}. */
  public static ReloadMetrics of(ReloadingMsp msp, Tag... extraTags) {
    Objects.requireNonNull(msp, "msp");
    Tags t = Tags.of(extraTags).and(MeterNames.MSP_ID, msp.id());
    Supplier<Optional<? extends Generation<?>>> current = msp::current;
    return new ReloadMetrics("msp4j.msp", t, msp::generation, current, l -> msp.addListener(l));
  }

  /** The meters of a watched MSP folder's reloading MSP. */
  public static ReloadMetrics of(MspFolderWatcher watcher, Tag... extraTags) {
    return of(Objects.requireNonNull(watcher, "watcher").msp(), extraTags);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder(prefix + ".generation", generation, g -> g.getAsLong())
        .description("The number of the configuration generation served (0 before the first)")
        .tags(tags).strongReference(true).register(registry);
    Gauge.builder(prefix + ".reload.last.success", current, ReloadMetrics::appliedAtSeconds)
        .description("When the generation served was swapped in, in seconds since the epoch")
        .baseUnit("seconds").tags(tags).strongReference(true).register(registry);
    Counter applied = reloads(registry, "applied");
    Counter failed = reloads(registry, "failed");
    Counter recovered = reloads(registry, "recovered");
    Timer delay = Timer.builder(prefix + ".reload.delay")
        .description("Time from a change handed to the reloader to its new generation serving")
        .tags(tags).register(registry);
    addListener.accept(new ReloadListener<Object>() {
      @Override
      public void reloaded(Generation<?> g) {
        applied.increment();
        delay.record(g.reloadTime());
      }

      @Override
      public void reloadFailed(ReloadFailure failure) {
        failed.increment();
      }

      @Override
      public void recovered(Generation<?> g) {
        recovered.increment();
      }
    });
  }

  private Counter reloads(MeterRegistry registry, String outcome) {
    return Counter.builder(prefix + ".reloads")
        .description("Reloads that found a new configuration, by outcome")
        .tags(tags).tag(MeterNames.OUTCOME, outcome).register(registry);
  }

  private static double appliedAtSeconds(Supplier<Optional<? extends Generation<?>>> current) {
    return current.get().map(g -> g.appliedAt().toEpochMilli() / 1000.0).orElse(Double.NaN);
  }
}

package io.msp4j.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.config.MspFolders;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.inspect.MspInspector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seconds until the earliest {@code notAfter} of each MSP's certificates of each kind ({@code
 * root_ca}, {@code intermediate_ca}, {@code tls_ca}, {@code admin}, {@code signing_identity}),
 * negative once passed: for the MSPs of a followed channel ({@code
 * msp4j.channel.certificate.expiry}, tagged {@code channel}, {@code msp_id}, {@code kind}) or of
 * a watched local MSP folder ({@code msp4j.msp.certificate.expiry}, tagged {@code msp_id}, {@code
 * kind}). The dates are read with {@code msp expiry}'s inspection ({@link MspInspector}) for the
 * generation served when bound and for every new generation: the gauges (one per MSP and kind
 * held) change on the reloading thread, the inspection runs on the thread that first reads a
 * gauge of the generation (a scrape), never on the follower's. The seconds are counted from the
 * registry clock's time at each read.
 *
 * <pre>{@code
 * ExpiryMetrics.of(follower.channel(), "mychannel").bindTo(registry);
 * ExpiryMetrics.of(watcher).bindTo(registry);
 * }</pre>
 *
 * An MSP that is not X.509 (Idemix) has no such dates and no gauges. Bind to one registry.
 */
public final class ExpiryMetrics implements MeterBinder {
  private static final Logger LOG = LoggerFactory.getLogger(ExpiryMetrics.class);

  private final String name;
  private final Tags tags;
  private final Source source;

  /** The configurations of the generation served, and a listener told of the next ones. */
  private interface Source {
    ExpiryDates current();

    void onNewGeneration(Runnable r);
  }

  private ExpiryMetrics(String name, Tags tags, Source source) {
    this.name = name;
    this.tags = tags;
    this.source = source;
  }

  /** The expiry of a reloading channel's MSPs, tagged {@code channel=channelName}. */
  public static ExpiryMetrics of(ReloadingChannel channel, String channelName, Tag... extraTags) {
    Objects.requireNonNull(channel, "channel");
    Tags t = Tags.of(extraTags).and(MeterNames.CHANNEL,
        Objects.requireNonNull(channelName, "channelName"));
    return new ExpiryMetrics("msp4j.channel.certificate.expiry", t, new Source() {
      @Override
      public ExpiryDates current() {
        return channel.current().map(g -> ofChannel(g.value())).orElse(ExpiryDates.NONE);
      }

      @Override
      public void onNewGeneration(Runnable r) {
        channel.addListener(new ReloadListener<Channel>() {
          @Override
          public void reloaded(Generation<? extends Channel> generation) {
            r.run();
          }
        });
      }
    });
  }

  /** The expiry of a watched MSP folder's certificates (the folder is read again for them). */
  public static ExpiryMetrics of(MspFolderWatcher watcher, Tag... extraTags) {
    Objects.requireNonNull(watcher, "watcher");
    String mspId = watcher.msp().id();
    return new ExpiryMetrics("msp4j.msp.certificate.expiry", Tags.of(extraTags), new Source() {
      @Override
      public ExpiryDates current() {
        MspFolderConfig c = watcher.isLocal() ? MspFolders.readLocal(watcher.dir(), mspId)
            : MspFolders.readVerifying(watcher.dir(), mspId);
        return new ExpiryDates(List.of(new ExpiryDates.Config(c.mspConfig(), c.sources())));
      }

      @Override
      public void onNewGeneration(Runnable r) {
        watcher.msp().addListener(new ReloadListener<Msp>() {
          @Override
          public void reloaded(Generation<? extends Msp> generation) {
            r.run();
          }
        });
      }
    });
  }

  private static ExpiryDates ofChannel(Channel channel) {
    List<ExpiryDates.Config> configs = new ArrayList<>();
    for (ChannelOrg org : channel.orgs()) {
      configs.add(new ExpiryDates.Config(org.mspConfig(), ConfigSources.none()));
    }
    return new ExpiryDates(configs);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauges gauges = new Gauges(registry);
    gauges.update();
    source.onNewGeneration(gauges::update);
  }

  /** The gauges registered, one per key, and the configurations they read. */
  private final class Gauges {
    private final MeterRegistry registry;
    private final Map<ExpiryDates.Key, Meter> meters = new HashMap<>();
    private volatile ExpiryDates dates = ExpiryDates.NONE;

    Gauges(MeterRegistry registry) {
      this.registry = registry;
    }

    /** Takes the generation served: gauges come for new keys and go for keys no longer held. */
    synchronized void update() {
      ExpiryDates now;
      try {
        now = source.current();
      } catch (MspException | IllegalArgumentException e) {
        LOG.warn("certificate expiry not updated, the previous dates stay: {}", e.getMessage());
        return;
      }
      dates = now;
      for (ExpiryDates.Key k : Set.copyOf(meters.keySet())) {
        if (!now.keys().contains(k)) {
          registry.remove(meters.remove(k));
        }
      }
      for (ExpiryDates.Key k : now.keys()) {
        meters.computeIfAbsent(k, this::register);
      }
    }

    private Meter register(ExpiryDates.Key k) {
      return Gauge.builder(name, this, g -> g.secondsUntil(k))
          .description("Seconds until the earliest notAfter of the MSP's certificates of this"
              + " kind (negative once passed)")
          .baseUnit("seconds").tags(tags).tag(MeterNames.MSP_ID, k.mspId())
          .tag(MeterNames.KIND, k.kind()).register(registry);
    }

    private double secondsUntil(ExpiryDates.Key k) {
      Instant at;
      try {
        at = dates.dates().get(k);
      } catch (MspException e) {
        LOG.warn("certificate expiry cannot be read: {}", e.getMessage());
        return Double.NaN;
      }
      if (at == null) {
        return Double.NaN;
      }
      return (at.toEpochMilli() - registry.config().clock().wallTime()) / 1000.0;
    }
  }
}

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
import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.MspInspector;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seconds until the earliest {@code notAfter} of each MSP's certificates of each kind ({@code
 * root_ca}, {@code intermediate_ca}, {@code tls_ca}, {@code admin}, {@code signing_identity}),
 * negative once passed: for the MSPs of a followed channel ({@code
 * msp4j.channel.certificate.expiry}, tagged {@code channel}, {@code msp_id}, {@code kind}) or of
 * a watched local MSP folder ({@code msp4j.msp.certificate.expiry}, tagged {@code msp_id}, {@code
 * kind}). The dates are read with {@code msp expiry}'s inspection ({@link MspInspector}) from the
 * generation served when bound and again on every new generation; the seconds are counted from
 * the registry clock's time at each read.
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

  /** Reads the dates of the generation served, and adds a listener told of the next ones. */
  private interface Source {
    Map<Key, Instant> current();

    void onNewGeneration(Runnable r);
  }

  /** One gauge: an MSP and a kind of certificate. */
  private record Key(String mspId, String kind) {}

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
      public Map<Key, Instant> current() {
        return channel.current().map(g -> ofChannel(g.value())).orElse(Map.of());
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

  /** The expiry of a watched MSP folder's certificates. */
  public static ExpiryMetrics of(MspFolderWatcher watcher, Tag... extraTags) {
    Objects.requireNonNull(watcher, "watcher");
    String mspId = watcher.msp().id();
    return new ExpiryMetrics("msp4j.msp.certificate.expiry", Tags.of(extraTags), new Source() {
      @Override
      public Map<Key, Instant> current() {
        MspFolderConfig c = watcher.isLocal() ? MspFolders.readLocal(watcher.dir(), mspId)
            : MspFolders.readVerifying(watcher.dir(), mspId);
        Map<Key, Instant> out = new HashMap<>();
        earliest(c.mspConfig(), c.sources(), out);
        return out;
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

  private static Map<Key, Instant> ofChannel(Channel channel) {
    Map<Key, Instant> out = new HashMap<>();
    for (ChannelOrg org : channel.orgs()) {
      earliest(org.mspConfig(), ConfigSources.none(), out);
    }
    return out;
  }

  /** Adds the earliest notAfter of each kind of {@code config}'s certificates to {@code out}. */
  private static void earliest(MSPConfig config, ConfigSources sources, Map<Key, Instant> out) {
    if (config.getType() != 0) {
      return; // not X.509 (FABRIC = 0): Idemix credentials carry no notAfter
    }
    MspInspection inspection =
        MspInspector.inspect(config, InspectOptions.defaults().withSources(sources));
    for (CertificateNode n : inspection.allCertificates()) {
      Optional<String> kind = CertificateKinds.of(n.role());
      if (kind.isPresent()) {
        out.merge(new Key(inspection.mspId(), kind.get()), n.notAfter(),
            (a, b) -> a.isBefore(b) ? a : b);
      }
    }
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauges gauges = new Gauges(registry);
    gauges.update();
    source.onNewGeneration(gauges::update);
  }

  /** The gauges registered, one per key, and the dates they read. */
  private final class Gauges {
    private final MeterRegistry registry;
    private final Map<Key, Instant> dates = new ConcurrentHashMap<>();
    private final Map<Key, Meter> meters = new HashMap<>();

    Gauges(MeterRegistry registry) {
      this.registry = registry;
    }

    /** Reads the dates again; gauges come for new keys and go for keys no longer there. */
    synchronized void update() {
      Map<Key, Instant> now;
      try {
        now = source.current();
      } catch (MspException | IllegalArgumentException e) {
        LOG.warn("certificate expiry not updated, the previous dates stay: {}", e.getMessage());
        return;
      }
      dates.putAll(now);
      for (Key k : Map.copyOf(meters).keySet()) {
        if (!now.containsKey(k)) {
          registry.remove(meters.remove(k));
          dates.remove(k);
        }
      }
      for (Key k : now.keySet()) {
        meters.computeIfAbsent(k, this::register);
      }
    }

    private Meter register(Key k) {
      return Gauge.builder(name, dates, d -> secondsUntil(d.get(k)))
          .description("Seconds until the earliest notAfter of the MSP's certificates of this"
              + " kind (negative once passed)")
          .baseUnit("seconds").tags(tags).tag(MeterNames.MSP_ID, k.mspId())
          .tag(MeterNames.KIND, k.kind()).register(registry);
    }

    private double secondsUntil(Instant at) {
      if (at == null) {
        return Double.NaN;
      }
      return (at.toEpochMilli() - registry.config().clock().wallTime()) / 1000.0;
    }
  }
}

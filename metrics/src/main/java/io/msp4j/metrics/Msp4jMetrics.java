package io.msp4j.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.network.ChannelFollower;
import java.util.List;
import java.util.Objects;

/**
 * One binder for everything a long-running part has, for hosts that want all of msp4j's meters
 * by binding one object:
 *
 * <pre>{@code
 * Msp4jMetrics.follower(follower).bindTo(registry);   // follower, its channel's reloads and expiry
 * Msp4jMetrics.watcher(watcher).bindTo(registry);     // a watched MSP folder's reloads and expiry
 * }</pre>
 *
 * Validation meters need the {@link ValidationMetrics} given to the caches when they are made
 * ({@link MspFolderWatcher.Builder#validationObserver}), and submission meters the {@link
 * SubmitMetrics} given to the submitter: bind those too.
 */
public final class Msp4jMetrics {
  private Msp4jMetrics() {}

  /**
   * The follower's meters ({@link FollowerMetrics}), its channel's reload meters ({@link
   * ReloadMetrics}) and the expiry of the channel's MSPs ({@link ExpiryMetrics}), all tagged
   * {@code channel} and {@code extraTags}.
   */
  public static MeterBinder follower(ChannelFollower follower, Tag... extraTags) {
    Objects.requireNonNull(follower, "follower");
    String channel = follower.channelId();
    return all(FollowerMetrics.of(follower, extraTags),
        ReloadMetrics.of(follower.channel(), channel, extraTags),
        ExpiryMetrics.of(follower.channel(), channel, extraTags));
  }

  /**
   * A watched MSP folder's reload meters ({@link ReloadMetrics}) and certificate expiry ({@link
   * ExpiryMetrics}), tagged {@code msp_id} and {@code extraTags}.
   */
  public static MeterBinder watcher(MspFolderWatcher watcher, Tag... extraTags) {
    Objects.requireNonNull(watcher, "watcher");
    return all(ReloadMetrics.of(watcher, extraTags), ExpiryMetrics.of(watcher, extraTags));
  }

  private static MeterBinder all(MeterBinder... binders) {
    List<MeterBinder> list = List.of(binders);
    return (MeterRegistry registry) -> list.forEach(b -> b.bindTo(registry));
  }
}

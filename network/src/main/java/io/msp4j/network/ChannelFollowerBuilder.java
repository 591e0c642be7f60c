package io.msp4j.network;

import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.core.SigningIdentity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;

/** Builds a {@link ChannelFollower}. */
public final class ChannelFollowerBuilder {
  final String channelId;
  final ConnectionOptions connection;
  final SigningIdentity signer;
  DeliverService service = DeliverService.ORDERER;
  Optional<byte[]> anchor = Optional.empty();
  FollowStateStore store = FollowStateStore.none();
  OptionalLong until = OptionalLong.empty();
  final List<FollowListener> listeners = new ArrayList<>();
  ReloadingChannel channel;
  ChannelOptions channelOptions = ChannelOptions.defaults();
  Duration initialBackoff = Duration.ofMillis(200);
  Duration maxBackoff = Duration.ofSeconds(10);
  Duration giveUpAfter = Duration.ofMinutes(5);
  boolean configEndpoints = true;
  Duration censorshipTimeout = ChannelFollower.DEFAULT_CENSORSHIP_TIMEOUT;
  boolean watchHeaders;
  Random random = new Random();
  Clock clock = Clock.systemUTC();

  ChannelFollowerBuilder(String channelId, ConnectionOptions connection, SigningIdentity signer) {
    this.channelId = Objects.requireNonNull(channelId, "channelId");
    this.connection = Objects.requireNonNull(connection, "connection");
    this.signer = Objects.requireNonNull(signer, "signer");
  }

  /** Which service the endpoints are (default: orderers). */
  public ChannelFollowerBuilder service(DeliverService s) {
    this.service = Objects.requireNonNull(s, "service");
    return this;
  }

  /**
   * The trust anchor: the genesis block, or a config block the caller trusts (DELIVER-01).
   * Without one (and without a saved state), the stream's genesis block is taken as the anchor.
   */
  public ChannelFollowerBuilder anchor(byte[] configBlock) {
    this.anchor = Optional.of(configBlock.clone());
    return this;
  }

  /** Where the state is kept; a saved state takes precedence over the anchor. */
  public ChannelFollowerBuilder state(FollowStateStore s) {
    this.store = Objects.requireNonNull(s, "store");
    return this;
  }

  /** Stops once block {@code number} is verified (default: follow for ever). */
  public ChannelFollowerBuilder until(long number) {
    this.until = OptionalLong.of(number);
    return this;
  }

  /** Adds a listener. */
  public ChannelFollowerBuilder listener(FollowListener l) {
    listeners.add(Objects.requireNonNull(l, "listener"));
    return this;
  }

  /** The channel the configurations are applied to (default: a new one). */
  public ChannelFollowerBuilder channel(ReloadingChannel c) {
    this.channel = Objects.requireNonNull(c, "channel");
    return this;
  }

  /** How a new channel loads configurations (MSP setup options, parallelism). */
  public ChannelFollowerBuilder channelOptions(ChannelOptions o) {
    this.channelOptions = Objects.requireNonNull(o, "channelOptions");
    return this;
  }

  /** The first and the largest retry delay (default 200 ms and 10 s, doubling). */
  public ChannelFollowerBuilder backoff(Duration initial, Duration max) {
    if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("backoff " + initial + " .. " + max + " is not a range");
    }
    this.initialBackoff = initial;
    this.maxBackoff = max;
    return this;
  }

  /** How long without a connection or a block before giving up (default 5 minutes). */
  public ChannelFollowerBuilder giveUpAfter(Duration d) {
    if (d.isNegative()) {
      throw new IllegalArgumentException("a give-up time cannot be negative: " + d);
    }
    this.giveUpAfter = d;
    return this;
  }

  /** Whether an orderer follower also tries the orderer endpoints the channel names (default on). */
  public ChannelFollowerBuilder configEndpoints(boolean on) {
    this.configEndpoints = on;
    return this;
  }

  /**
   * How long verified headers of other orderers may run ahead of the blocks before the block
   * source is held to censor and left (DELIVER-BFT-03; default 30 s, a v3 peer's default).
   */
  public ChannelFollowerBuilder censorshipTimeout(Duration d) {
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("a censorship timeout must be positive: " + d);
    }
    this.censorshipTimeout = d;
    return this;
  }

  /**
   * Whether to watch the other orderers' header streams on a channel that is not BFT too (a
   * Raft cluster, say), so that a block source that stalls with its connection open is left
   * after the censorship timeout (default off; a BFT channel is always watched, as Fabric v3
   * does). Beyond Fabric: it changes only which orderer blocks are read from, never a verdict.
   */
  public ChannelFollowerBuilder watchHeaders(boolean on) {
    this.watchHeaders = on;
    return this;
  }

  /** Shuffles a BFT channel's sources, as Fabric's deliverer does (default: unseeded). */
  public ChannelFollowerBuilder random(Random r) {
    this.random = Objects.requireNonNull(r, "random");
    return this;
  }

  /** The clock for timestamps and give-up times. */
  public ChannelFollowerBuilder clock(Clock c) {
    this.clock = Objects.requireNonNull(c, "clock");
    return this;
  }

  /** The follower; nothing connects before {@link ChannelFollower#run()}. */
  public ChannelFollower build() {
    return new ChannelFollower(this);
  }
}

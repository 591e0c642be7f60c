package io.msp4j.channel;

import io.msp4j.channel.internal.reload.ChannelCandidate;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.core.reload.Reloader;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * A channel whose configuration is replaced when a new config block is applied, as a peer does
 * when it commits one: the block is decoded and the whole {@link Channel} (every organisation's
 * MSP, the MSP manager, the policy tree) loaded on the applying thread, then swapped in
 * atomically as the next numbered {@link Generation}. Callers never see a half-loaded channel,
 * never wait for one to load, and never get an error because one is loading; a configuration that
 * cannot be used is refused and the previous generation goes on serving. Listeners get the same
 * {@link ReloadListener} calls as for a reloading MSP, with what changed: capabilities,
 * organisations, each organisation's MSP entries, policies by path.
 *
 * <pre>{@code
 * ReloadingChannel channel = ReloadingChannel.builder("mychannel").listener(l).build();
 * channel.apply(genesisBlock);                      // generation 1
 * Identity creator = channel.deserialize(creatorBytes);
 * channel.policy("/Channel/Application/Writers").policy().evaluate(signedData);
 * channel.apply(nextConfigBlock);                   // generation 2, or refused
 * }</pre>
 *
 * <p>Every call is answered by the generation current when it starts. What it hands out
 * (identities, policies, MSPs, the {@link Channel} of {@link #current()}) belongs to that
 * generation and keeps answering with it: take {@link #current()} once to answer several
 * questions with one configuration. Thread-safe; {@link #apply} calls are serialised.
 *
 * <p>With {@link ChannelOptions#withSharedMsps} in its options, each generation takes the org
 * MSPs already set up for equal org values, by an earlier generation or by another channel
 * sharing them; an org whose value this block changes gets a new MSP in this channel only, and
 * what earlier generations handed out keeps the MSP it had (see {@link SharedMsps}).
 */
public final class ReloadingChannel {
  private final Reloader<Channel> reloader;
  private final ChannelOptions options;
  private final Object applyLock = new Object();
  /** The bytes or decoded configuration the next reload reads; guarded by applyLock. */
  private Object next;

  private ReloadingChannel(Builder b) {
    this.options = b.options;
    Reloader.Builder<Channel> rb =
        Reloader.builder("channel " + b.name, this::read).clock(b.clock);
    b.listeners.forEach(rb::listener);
    this.reloader = rb.build();
  }

  /** A builder of a reloading channel; {@code name} names it in log lines. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  private ChannelCandidate read() {
    Object n = next;
    DecodedConfig decoded = n instanceof byte[] bytes ? ConfigBlocks.decode(bytes) : (DecodedConfig) n;
    Optional<String> served = reloader.current().flatMap(g -> g.value().channelId());
    if (served.isPresent() && decoded.channelId().isPresent()
        && !served.get().equals(decoded.channelId().get())) {
      throw new ChannelConfigException(Reason.CHANNEL_CONFIG_INVALID, "CONFIGTX-UPDATE-02",
          "channel header", "the configuration is for channel '" + decoded.channelId().get()
              + "', this channel is '" + served.get() + "'");
    }
    return new ChannelCandidate(decoded, options);
  }

  /**
   * Decodes a config block (or {@code ConfigEnvelope}, or {@code Config}), loads it and swaps it
   * in, on the calling thread. A configuration that cannot be decoded or loaded is refused (the
   * result says why, as do the listeners); the same configuration again swaps nothing.
   */
  public ReloadResult<Channel> apply(byte[] configBlock) {
    Objects.requireNonNull(configBlock, "configBlock");
    return applyNext(configBlock.clone());
  }

  /** As {@link #apply(byte[])} for a configuration already decoded. */
  public ReloadResult<Channel> apply(DecodedConfig decoded) {
    return applyNext(Objects.requireNonNull(decoded, "decoded"));
  }

  private ReloadResult<Channel> applyNext(Object config) {
    synchronized (applyLock) {
      next = config;
      try {
        return reloader.reload();
      } finally {
        next = null;
      }
    }
  }

  /** The generation served now, empty before a configuration was applied. */
  public Optional<Generation<Channel>> current() {
    return reloader.current();
  }

  /** The number of the generation served now, 0 before a configuration was applied. */
  public long generation() {
    return reloader.generation();
  }

  /** See {@link Reloader#awaitGeneration}. */
  public Generation<Channel> awaitGeneration(long number, Duration timeout)
      throws InterruptedException, TimeoutException {
    return reloader.awaitGeneration(number, timeout);
  }

  /** Adds a listener, told of every later configuration applied or refused. */
  public void addListener(ReloadListener<? super Channel> listener) {
    reloader.addListener(listener);
  }

  /** Removes a listener added before. */
  public void removeListener(ReloadListener<? super Channel> listener) {
    reloader.removeListener(listener);
  }

  /**
   * Deserialises with the current generation's MSP manager (MGR-03); the identity answers with
   * that generation's MSP ever after.
   *
   * @throws IdentityException as the manager does, or with reason {@link
   *     Reason#MANAGER_NOT_SET_UP} before a configuration was applied
   */
  public Identity deserialize(byte[] serializedIdentity) {
    return served().value().mspManager().deserialize(serializedIdentity);
  }

  /** The current generation's MSP with this ID. */
  public Optional<Msp> msp(String mspId) {
    return served().value().msp(mspId);
  }

  /**
   * Looks a policy up in the current generation's policy tree (POLICY-MGR-02); the policy found
   * evaluates with that generation's MSPs.
   */
  public PolicyLookup policy(String path) {
    return served().value().policy(path);
  }

  private Generation<Channel> served() {
    return reloader.current().orElseThrow(() -> new IdentityException(
        Reason.MANAGER_NOT_SET_UP, "MGR-03",
        reloader.name() + " has no configuration yet: none applied so far could be loaded", null));
  }

  @Override
  public String toString() {
    return "ReloadingChannel{" + reloader.name() + ", generation " + generation() + "}";
  }

  /** Builds a {@link ReloadingChannel}. */
  public static final class Builder {
    private final String name;
    private ChannelOptions options = ChannelOptions.defaults();
    private Clock clock = Clock.systemUTC();
    private final List<ReloadListener<? super Channel>> listeners = new ArrayList<>();

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** How each configuration is loaded (MSP setup options, parallelism). */
    public Builder options(ChannelOptions o) {
      this.options = Objects.requireNonNull(o, "options");
      return this;
    }

    /** The clock that stamps generations and failures (default: the system clock, UTC). */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /** Adds a listener from the start, so that it is told of the first configuration too. */
    public Builder listener(ReloadListener<? super Channel> listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** The reloading channel, serving nothing until a configuration is applied. */
    public ReloadingChannel build() {
      return new ReloadingChannel(this);
    }
  }
}

package io.msp4j.channel.internal.reload;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.core.reload.Candidate;
import io.msp4j.core.reload.MspChange;
import io.msp4j.x509.X509MspContents;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A channel configuration waiting to be applied: loaded as a {@link Channel} when set up; the
 * organisations' MSP contents are read for comparison only when they changed, and kept for the
 * next comparison.
 */
public final class ChannelCandidate implements Candidate<Channel> {
  private final DecodedConfig decoded;
  private final ChannelOptions options;
  private final Map<String, X509MspContents> contents = new HashMap<>();
  private Channel channel;

  public ChannelCandidate(DecodedConfig decoded, ChannelOptions options) {
    this.decoded = decoded;
    this.options = options;
  }

  /** The same configuration for the same channel: nothing to load or swap. */
  @Override
  public boolean sameConfiguration(Candidate<Channel> applied) {
    return applied instanceof ChannelCandidate c
        && c.decoded.channelId().equals(decoded.channelId())
        && c.decoded.config().equals(decoded.config());
  }

  @Override
  public Channel setUp() {
    channel = Channel.load(decoded, options);
    return channel;
  }

  @Override
  public List<MspChange> changesSince(Candidate<Channel> previous) {
    return ChannelChanges.between((ChannelCandidate) previous, this);
  }

  Channel channel() {
    return channel;
  }

  /** The contents of an organisation's MSP value, read once per candidate. */
  X509MspContents contents(ChannelOrg org) {
    return contents.computeIfAbsent(org.groupPath(), p -> X509MspContents.of(org.mspConfig()));
  }
}

package io.msp4j.channel.update;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ConfigForm;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.channel.MspReuse;
import io.msp4j.channel.update.internal.ChannelViewAdapter;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Checking updates to a loaded channel: the entry point that joins the update checks to the
 * channel's loader, MSPs and policy tree.
 *
 * <pre>{@code
 * Channel channel = Channel.load(blockBytes);
 * UpdateReport r = ChannelUpdates.checker(channel).check(ConfigUpdateRequest.parse(envelope), List.of());
 * }</pre>
 */
public final class ChannelUpdates {
  private ChannelUpdates() {}

  /**
   * A checker for updates to {@code current}, whose proposed configs are loaded with {@code
   * options}, which must be those {@code current} was loaded with: org MSPs the update leaves
   * unchanged are reused from it.
   *
   * @throws ConfigUpdateException with rule CONFIGTX-UPDATE-02 when the channel has no ID (a bare
   *     Config was loaded), or CONFIGTX-UPDATE-05 when its ID or keys are invalid
   */
  public static UpdateChecker checker(Channel current, ChannelOptions options) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(options, "options");
    String id = current.channelId().orElseThrow(() -> new ConfigUpdateException(
        io.msp4j.core.Reason.UPDATE_WRONG_CHANNEL, "CONFIGTX-UPDATE-02",
        "the current config carries no channel ID (a bare Config): load it from a block"));
    // Org MSPs whose MSP value and version do not change are taken from the current channel
    // rather than set up again: the same setup of the same bytes gives the same MSP.
    ChannelOptions proposed = options.withReuse(MspReuse.from(current));
    return UpdateChecker.of(id, ChannelViewAdapter.of(current), (channelId, config) ->
        ChannelViewAdapter.of(Channel.load(new DecodedConfig(ConfigForm.CONFIG,
            Optional.of(channelId), OptionalLong.empty(), config), proposed)));
  }

  /** {@link #checker(Channel, ChannelOptions)} with default options. */
  public static UpdateChecker checker(Channel current) {
    return checker(current, ChannelOptions.defaults());
  }
}

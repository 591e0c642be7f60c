package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Msp;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A channel configuration file given with {@code --block}: a config block as peers and orderers
 * store it, a bare {@code ConfigEnvelope} or a bare {@code Config}, loaded as Fabric loads it.
 */
final class BlockInput {
  private BlockInput() {}

  /**
   * Reads and loads the file.
   *
   * @throws ChannelConfigException when the file cannot be read or the configuration cannot be
   *     used
   */
  static Channel load(Path file) {
    return load(file, ChannelOptions.defaults());
  }

  /** As {@link #load(Path)}, with the given options (the node's Fabric release among them). */
  static Channel load(Path file, ChannelOptions options) {
    byte[] bytes;
    try {
      bytes = InputFiles.config(file);
    } catch (InputFiles.TooLargeException e) {
      throw new ChannelConfigException(Reason.LIMIT_EXCEEDED, e.rule(), file.toString(),
          e.problem() + ", the largest message Fabric's gRPC servers accept by default", e);
    } catch (IOException | RuntimeException e) {
      throw new ChannelConfigException(Reason.FILE_UNREADABLE, "PROTO-07", file.toString(),
          "cannot read the block file: " + e.getMessage(), e);
    }
    try {
      return Channel.load(bytes, options);
    } catch (ChannelConfigException e) {
      throw new ChannelConfigException(e.reason(), e.rule(), file + ": " + e.path(), e.problem(),
          e.getCause());
    }
  }

  /**
   * The channel MSP with this ID.
   *
   * @throws ChannelConfigException with reason {@link Reason#UNKNOWN_MSP} listing the MSP IDs the
   *     channel has
   */
  static Msp msp(Channel channel, Path file, String mspId) {
    return channel.msp(mspId).orElseThrow(() -> new ChannelConfigException(Reason.UNKNOWN_MSP,
        "CHANNEL-MSP-01", file.toString(), "the channel has no MSP '" + mspId + "'; its MSP IDs are "
            + String.join(", ", channel.msps().keySet())));
  }

  /**
   * Notes on standard error what a node of the channel's Fabric release would refuse in its
   * capabilities.
   */
  static void noteUnsupportedCapabilities(Channel channel, PrintWriter err, String command) {
    boolean v25 = channel.release().isV2_5();
    List<String> unsupported = v25 ? channel.capabilities().unsupportedByFabricV25()
        : channel.capabilities().unsupportedByFabricV3();
    if (!unsupported.isEmpty()) {
      err.println(command + ": note: a Fabric v" + channel.release() + " node would refuse this "
          + "channel, it does not support " + String.join(", ", unsupported));
      err.flush();
    }
  }
}

package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Msp;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
    byte[] bytes;
    try {
      refuseIfTooLarge(file, Files.size(file));
      bytes = InputFiles.config(file);
    } catch (ChannelConfigException e) {
      throw e;
    } catch (InputFiles.TooLargeException e) { // a file whose size said less than it holds
      throw new ChannelConfigException(Reason.LIMIT_EXCEEDED, e.rule(), file.toString(),
          e.problem(), e);
    } catch (IOException | RuntimeException e) {
      throw new ChannelConfigException(Reason.FILE_UNREADABLE, "PROTO-07", file.toString(),
          "cannot read the block file: " + e.getMessage(), e);
    }
    try {
      return Channel.load(bytes);
    } catch (ChannelConfigException e) {
      throw new ChannelConfigException(e.reason(), e.rule(), file + ": " + e.path(), e.problem(),
          e.getCause());
    }
  }

  /** Refuses a file too large for a configuration before reading it (LIMIT-11). */
  private static void refuseIfTooLarge(Path file, long size) {
    if (size > InputLimits.MAX_CONFIG_BLOCK_BYTES) {
      throw new ChannelConfigException(Reason.LIMIT_EXCEEDED, "LIMIT-11", file.toString(),
          InputLimits.describe("the file's size", size, InputLimits.MAX_CONFIG_BLOCK_BYTES)
              + " bytes, the largest message Fabric's gRPC servers accept by default");
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

  /** Notes on standard error what a Fabric v3 node would refuse in the channel's capabilities. */
  static void noteUnsupportedCapabilities(Channel channel, PrintWriter err, String command) {
    List<String> unsupported = channel.capabilities().unsupportedByFabricV3();
    if (!unsupported.isEmpty()) {
      err.println(command + ": note: a Fabric v3.0 node would refuse this channel, it does not "
          + "support " + String.join(", ", unsupported));
      err.flush();
    }
  }
}

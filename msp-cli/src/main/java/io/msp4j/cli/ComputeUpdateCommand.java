package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.channel.update.ConfigUpdates;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx compute-update}: the update from a channel's current config block to a new
 * config, with configtxlator's read and write set rules, written as an unsigned {@code
 * CONFIG_UPDATE} envelope. Exit status 0 written, 1 the configs do not differ, 2 an input cannot
 * be used, 3 usage.
 */
@Command(
    name = "compute-update",
    description = "Compute the config update from a channel's current config block to a new config (as configtxlator compute_update) and write it as an unsigned CONFIG_UPDATE envelope.",
    mixinStandardHelpOptions = true)
final class ComputeUpdateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--block", required = true, paramLabel = "CURRENT.block",
      description = "The channel's current config block.")
  Path block;

  @Option(names = "--config", required = true, paramLabel = "NEW.block",
      description = "The new config: a config block or a common.Config.")
  Path config;

  @Option(names = "--output", required = true, paramLabel = "FILE",
      description = "Where to write the common.Envelope.")
  Path output;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ConfigInputs current;
    ConfigInputs next;
    try {
      current = ConfigInputs.fromBlock(Files.readAllBytes(block));
      next = ConfigInputs.fromBlockOrConfig(Files.readAllBytes(config));
    } catch (IOException e) {
      err.println("msp configtx compute-update: cannot read: " + e.getMessage());
      return e instanceof InvalidProtocolBufferException ? ExitCodes.SETUP_FAILED
          : ExitCodes.USAGE;
    }
    ConfigUpdate update;
    try {
      update = ConfigUpdates.compute(current.config(), next.config(), current.channelId());
    } catch (ConfigUpdateException e) {
      err.println("msp configtx compute-update: [" + e.rule() + "] " + e.detail());
      return ExitCodes.INVALID;
    }
    try {
      Files.write(output, ConfigUpdates.envelope(update).toByteArray());
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx compute-update: cannot write " + output + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    out.println("wrote " + output + ": update of channel " + update.getChannelId());
    out.flush();
    return ExitCodes.OK;
  }
}

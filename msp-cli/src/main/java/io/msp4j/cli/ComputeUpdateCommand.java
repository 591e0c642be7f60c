package io.msp4j.cli;

import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.channel.update.ComputedUpdate;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.config.configtx.ConfigtxYaml;
import io.msp4j.config.configtx.Organization;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.MspException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx compute-update}: the update from a channel's current config block to a new
 * config (given, or the current one with an org of configtx.yaml put in), with configtxlator's read and write set rules, written as an unsigned {@code
 * CONFIG_UPDATE} envelope. Values and policies are compared as messages: one only encoded
 * differently is left out, and a note names it. Exit status 0 written, 1 the configs do not
 * differ, 2 an input cannot be used, 3 usage.
 */
@Command(
    name = "compute-update",
    description = "Compute the config update from a channel's current config block to a new config (as configtxlator compute_update) and write it as an unsigned CONFIG_UPDATE envelope."
        + " Values are compared as messages: one whose bytes differ but that decodes to an equal message (a map encoded in another order) is left out, with a note.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (Org1 of configtx.yaml into the channel whose config block is current.block):",
        "  ./msp configtx compute-update --block current.block --configtx path/to/configtx.yaml --org Org1 --output update.pb"
    })
final class ComputeUpdateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--block", required = true, paramLabel = "CURRENT.block",
      description = "The channel's current config block.")
  Path block;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  /** Where the new config comes from: a config, or an org of configtx.yaml. */
  static final class Target {
    @Option(names = "--config", required = true, paramLabel = "NEW.block",
        description = "The new config: a config block, a ConfigEnvelope or a common.Config.")
    Path config;

    @ArgGroup(exclusive = false)
    FromConfigtx configtx;
  }

  /** An org of configtx.yaml put into the current config. */
  static final class FromConfigtx {
    @Option(names = "--configtx", required = true, paramLabel = "PATH",
        description = "configtx.yaml (or the folder holding it).")
    Path file;

    @Option(names = "--org", required = true, paramLabel = "NAME",
        description = "The organisation (its Name) whose group replaces or joins the channel's: "
            + "where the channel has it (Application, Orderer or both), else under Orderer when "
            + "it has OrdererEndpoints, else under Application.")
    String org;
  }

  @Option(names = "--output", required = true, paramLabel = "FILE",
      description = "Where to write the common.Envelope.")
  Path output;

  /** The release whose configtxgen encodes a --configtx org (REL-DSL-01, REL-YAML-01). */
  @Mixin ReleaseOption release;

  /** The current config with the configtx.yaml org encoded and put in its place. */
  private Config withOrg(Config current) {
    Path file = target.configtx.file;
    TopLevel top = ConfigtxYaml.read(file, System.getenv(), release.release());
    Organization org = top.organization(target.configtx.org).orElseThrow(() ->
        new IllegalArgumentException(file + " has no organisation named '"
            + target.configtx.org + "'"));
    return OrgPlacement.place(current, top, org, release.release());
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DecodedConfig current;
    Config next;
    try {
      current = ConfigBlocks.decode(InputFiles.config(block));
      if (current.channelId().isEmpty()) {
        err.println("msp configtx compute-update: " + block + " carries no channel ID (a bare "
            + "Config): give the channel's config block");
        return ExitCodes.SETUP_FAILED;
      }
      next = target.config != null
          ? ConfigBlocks.decode(InputFiles.config(target.config)).config()
          : withOrg(current.config());
    } catch (IOException e) {
      err.println("msp configtx compute-update: cannot read: " + e.getMessage());
      return InputFiles.status(e);
    } catch (MspException e) {
      err.println("msp configtx compute-update: [" + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    } catch (IllegalArgumentException e) {
      err.println("msp configtx compute-update: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    }
    ComputedUpdate computed;
    try {
      computed = ConfigUpdates.diff(current.config(), next, current.channelId().get());
    } catch (ConfigUpdateException e) {
      err.println("msp configtx compute-update: [" + e.rule() + "] " + e.detail());
      return ExitCodes.INVALID;
    }
    ConfigUpdate update = computed.update();
    try {
      Files.write(output, ConfigUpdates.envelope(update).toByteArray());
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx compute-update: cannot write " + output + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    out.println("wrote " + output + ": update of channel " + update.getChannelId());
    if (!computed.reencoded().isEmpty()) {
      out.println("note: " + computed.note());
    }
    out.flush();
    return ExitCodes.OK;
  }
}

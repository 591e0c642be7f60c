package io.msp4j.cli;

import io.msp4j.channel.json.FabricJson;
import io.msp4j.channel.json.GroupKind;
import io.msp4j.config.configtx.ConfigtxYaml;
import io.msp4j.config.configtx.OrgGroup;
import io.msp4j.config.configtx.OrgGroups;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.MspException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code msp configtx print-org}: prints an organisation's channel config group as {@code
 * configtxgen -printOrg} does, byte for byte; {@code --fabric-release 2.5} reads and prints as
 * v2.5's configtxgen (DELTA25-07: always the orderer-org form; kafka, not BFT). Exit status 0 printed, 2 when the file or the
 * organisation cannot be used (one line naming the place), 3 usage.
 */
@Command(
    name = "print-org",
    mixinStandardHelpOptions = true,
    description = {
        "Print an organisation of configtx.yaml as its channel config group, in",
        "configtxlator's JSON, exactly as 'configtxgen -printOrg NAME' prints it.",
        "CONFIGTX_* environment variables override values as in configtxgen.",
        "With --fabric-release 2.5, as v2.5's configtxgen: always the orderer-org",
        "form, and orderer type kafka rather than BFT (DELTA25-07)."
    },
    footer = {
        "",
        "Example (configtx.yaml as configtxgen reads it, MSPDir relative to its folder):",
        "  ./msp configtx print-org --configtx path/to/configtx.yaml --org Org1"
    })
public final class PrintOrgCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--configtx", required = true, paramLabel = "PATH",
      description = "configtx.yaml, or the folder holding it.")
  Path configtx;

  @Option(names = "--org", required = true, paramLabel = "NAME",
      description = "The Name of a top-level organisation.")
  String org;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      TopLevel top = ConfigtxYaml.read(configtx, System.getenv(), release.release());
      OrgGroup group = OrgGroups.printOrg(top, org, release.release());
      GroupKind kind =
          group.kind() == OrgGroup.Kind.ORDERER ? GroupKind.ORDERER_ORG : GroupKind.APPLICATION_ORG;
      out.print(FabricJson.print(group.group(), kind));
      out.flush();
      return ExitCodes.OK;
    } catch (MspException e) {
      err.println("msp configtx print-org: " + e.getMessage().replaceAll("\\s*\\R\\s*", " "));
      err.flush();
      return ExitCodes.SETUP_FAILED;
    }
  }
}

package io.msp4j.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code msp policy}: signature and implicit-meta policy tools. */
@Command(
    name = "policy",
    description = "Signature-policy tools: compile the policy language into Fabric's protobuf; check "
        + "whether signers satisfy a channel's policy.",
    mixinStandardHelpOptions = true,
    subcommands = {PolicyCompileCommand.class, PolicyCheckCommand.class},
    footer = {
        "",
        "Example:",
        "  ./msp policy compile --policy \"AND('Org1MSP.peer', 'Org2MSP.peer')\""
    })
final class PolicyCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}

package io.msp4j.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code msp configtx}: channel configuration tools (updates: compute, sign, check). */
@Command(
    name = "configtx",
    description = "Channel configuration tools: compute, sign and check config updates.",
    mixinStandardHelpOptions = true,
    subcommands = {
      ComputeUpdateCommand.class,
      SignUpdateCommand.class
    })
final class ConfigtxCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}

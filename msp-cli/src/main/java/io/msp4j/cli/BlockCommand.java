package io.msp4j.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code msp block}: the group of commands that work on blocks. */
@Command(
    name = "block",
    description = "Block tools: check blocks as a peer checks what the ordering service delivers.",
    mixinStandardHelpOptions = true,
    subcommands = {BlockCheckCommand.class},
    footer = {
        "",
        "Example:",
        "  ./msp block check --config testdata/sample/channel/config.block testdata/sample/channel/1.block testdata/sample/channel/2.block"
    })
final class BlockCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}

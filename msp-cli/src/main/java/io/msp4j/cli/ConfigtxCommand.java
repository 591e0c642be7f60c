package io.msp4j.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code msp configtx}: the group of commands that work on configtx.yaml and channel
 * configuration. A new subcommand is added to {@link #SUBCOMMANDS}.
 */
@Command(
    name = "configtx",
    mixinStandardHelpOptions = true,
    description = "Channel configuration tools (configtx.yaml, config groups, config updates).",
    footer = {
        "",
        "Example:",
        "  ./msp configtx print-org --configtx path/to/configtx.yaml --org Org1"
    })
public final class ConfigtxCommand implements Runnable {

  /** The subcommands, in the order help lists them. */
  static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("print-org", PrintOrgCommand::new);
    m.put("compute-update", ComputeUpdateCommand::new);
    m.put("sign", SignUpdateCommand::new);
    m.put("check-update", CheckUpdateCommand::new);
    m.put("submit", SubmitCommand::new);
    m.put("rotate-ca", RotateCaCommand::new);
    return Collections.unmodifiableMap(m);
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The command line of this group with its subcommands registered. */
  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new ConfigtxCommand());
    SUBCOMMANDS.forEach((name, command) -> cli.addSubcommand(name, command.get()));
    return cli;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}

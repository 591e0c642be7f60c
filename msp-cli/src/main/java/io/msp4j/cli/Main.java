package io.msp4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code msp} command. */
@Command(
    name = "msp",
    mixinStandardHelpOptions = true,
    version = "msp4j 0.1.0",
    description = "Fabric-compatible MSP tools: generate fixture trees, validate identities.",
    subcommands = {GenerateCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Exit status for a usage error (bad options or arguments). */
  public static final int EXIT_USAGE = 3;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command and returns its exit status; never calls {@link System#exit}. */
  public static int run(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setParameterExceptionHandler((ex, a) -> {
      ex.getCommandLine().getErr().println("msp: " + ex.getMessage());
      ex.getCommandLine().usage(ex.getCommandLine().getErr());
      return EXIT_USAGE;
    });
    return cli.execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}

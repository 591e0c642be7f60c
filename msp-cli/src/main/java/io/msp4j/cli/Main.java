package io.msp4j.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code msp} command. */
@Command(
    name = "msp",
    mixinStandardHelpOptions = true,
    version = "msp4j 0.1.0",
    description = "Fabric-compatible MSP tools: generate fixture trees, validate identities, sign and verify.",
    subcommands = {ValidateCommand.class, GenerateCommand.class, VerifyCommand.class, SignCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command and returns its exit status; never calls {@link System#exit}. */
  public static int run(String... args) {
    return run(
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8),
        args);
  }

  /** Runs the command with the given output and error streams (used by tests and embedders). */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(out);
    cli.setErr(err);
    cli.setParameterExceptionHandler((ex, a) -> {
      ex.getCommandLine().getErr().println("msp: " + ex.getMessage());
      ex.getCommandLine().usage(ex.getCommandLine().getErr());
      return ExitCodes.USAGE;
    });
    cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      // A failure nothing anticipated: say what it was, without a stack trace.
      commandLine.getErr().println("msp: error: " + ex);
      return ExitCodes.SETUP_FAILED;
    });
    return cli.execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}

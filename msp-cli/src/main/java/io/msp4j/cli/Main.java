package io.msp4j.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code msp} command. */
@Command(
    name = "msp",
    mixinStandardHelpOptions = true,
    version = "msp4j 0.1.0",
    description = "Fabric-compatible MSP tools: generate fixture trees, validate identities (once or while the MSP folder changes), sign and verify, policies, channel configuration.")
public final class Main implements Runnable {

  /**
   * The subcommands, in the order help lists them. They are registered here rather than in the
   * annotation so that a run of one subcommand builds the model of that one only: picocli's
   * reflection over every command's options is a large part of the command's start-up time.
   */
  private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("validate", ValidateCommand::new);
    m.put("generate", GenerateCommand::new);
    m.put("verify", VerifyCommand::new);
    m.put("sign", SignCommand::new);
    m.put("policy", PolicyCommand::new);
    m.put("configtx", ConfigtxCommand::commandLine);
    m.put("watch", WatchCommand::new);
    return Collections.unmodifiableMap(m);
  }

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
    return run(System.in, out, err, args);
  }

  /**
   * Runs the command with the given input, output and error streams; the input is what {@code
   * msp watch} reads its paths from.
   */
  public static int run(InputStream in, PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new Main());
    Supplier<Object> only = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
    if (only != null) {
      cli.addSubcommand(args[0], withInput(only.get(), in));
    } else {
      SUBCOMMANDS.forEach((name, command) -> cli.addSubcommand(name, withInput(command.get(), in)));
    }
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

  private static Object withInput(Object command, InputStream in) {
    if (command instanceof WatchCommand w) {
      w.input = in;
    }
    return command;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}

package io.msp4j.cli;

import io.msp4j.cli.operations.CommandLogging;
import io.msp4j.cli.operations.LogLevels;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** Entry point of the {@code msp} command. */
@Command(
    name = "msp",
    mixinStandardHelpOptions = true,
    version = "msp4j 0.1.0",
    description = "Fabric-compatible MSP tools: generate fixture trees, validate identities (once or while the MSP folder changes), sign and verify, policies, channel configuration, block checks, follow a live channel and submit updates, inspect MSPs.",
    footer = {
        "",
        "Run 'msp COMMAND --help' for a command's options and an example.",
        "Shell completion: source <(./msp completion)"
    })
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
    m.put("block", BlockCommand::new);
    m.put("channel", ChannelCommand::commandLine);
    m.put("inspect", InspectCommand::new);
    m.put("expiry", ExpiryCommand::new);
    m.put("completion", CompletionCommand::new);
    return Collections.unmodifiableMap(m);
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * Logging is off unless asked for: the library logs through SLF4J, and the command binds
   * logback, whose levels {@link CommandLogging} sets (and {@code PUT /logspec} changes later).
   */
  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "Log what the library does (setup summaries, refused configurations, skipped files) to standard error.")
  void verbose(boolean on) {
    LogLevels levels = CommandLogging.process();
    if (on && levels.canChange()) {
      levels.activate(CommandLogging.VERBOSE);
    }
  }

  public static void main(String[] args) {
    int status;
    try {
      status = run(args);
    } catch (OutOfMemoryError e) {
      // The input's bytes are unreachable by now; say so on one line rather than dump a trace.
      System.err.println("msp: error: out of memory: the input is too large for this JVM's heap"
          + " (raise it with -Xmx, or see the limits in docs/security.md)");
      status = ExitCodes.SETUP_FAILED;
    } catch (StackOverflowError e) {
      System.err.println("msp: error: the input is nested too deeply for this JVM's stack");
      status = ExitCodes.SETUP_FAILED;
    }
    System.exit(status);
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
    quietLogging();
    Supplier<Object> only = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
    CommandLine cli = only != null ? withSubcommand(args[0], withInput(only.get(), in)) : full(in);
    cli.setOut(out);
    cli.setErr(err);
    cli.setParameterExceptionHandler(new UsageErrors());
    cli.setExecutionExceptionHandler(new UnexpectedFailures());
    return cli.execute(args);
  }

  // The handlers and the footer renderer below are named classes, not lambdas: a lambda that
  // implements one of picocli's interfaces (compiled for Java 5) keeps that interface, and the
  // classes that use it, out of the start-up archive the msp script makes.

  /** A command line picocli cannot parse: the message and the usage, exit status 64. */
  private static final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
      ex.getCommandLine().getErr().println("msp: " + ex.getMessage());
      ex.getCommandLine().usage(ex.getCommandLine().getErr());
      return ExitCodes.USAGE;
    }
  }

  /** A failure nothing anticipated: say what it was, without a stack trace. */
  private static final class UnexpectedFailures implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine,
        CommandLine.ParseResult parseResult) {
      commandLine.getErr().println("msp: error: " + ex);
      return ExitCodes.SETUP_FAILED;
    }
  }

  /** Footers hold example command lines, printed as written so that they can be copied. */
  private static final class RawFooter implements CommandLine.IHelpSectionRenderer {
    @Override
    public String render(CommandLine.Help help) {
      String[] lines = help.commandSpec().usageMessage().footer();
      return lines.length == 0 ? "" : String.join("\n", lines) + "\n";
    }
  }

  /** The command with every subcommand, for help and for shell completion. */
  static CommandLine full() {
    return full(System.in);
  }

  private static CommandLine full(InputStream in) {
    CommandLine cli = new CommandLine(new Main());
    SUBCOMMANDS.forEach((name, command) -> cli.addSubcommand(name, withInput(command.get(), in)));
    return rawFooters(cli);
  }

  private static CommandLine withSubcommand(String name, Object command) {
    CommandLine cli = new CommandLine(new Main());
    cli.addSubcommand(name, command);
    return rawFooters(cli);
  }

  private static Object withInput(Object command, InputStream in) {
    if (command instanceof WatchCommand w) {
      w.input = in;
    }
    return command;
  }

  /** Every command's footer printed as written (see {@link RawFooter}). */
  private static CommandLine rawFooters(CommandLine cli) {
    cli.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, new RawFooter());
    for (CommandLine sub : cli.getSubcommands().values()) {
      rawFooters(sub);
    }
    return cli;
  }

  /** Silent unless {@code --verbose} (or, later, {@code PUT /logspec}) says otherwise. */
  private static void quietLogging() {
    // Name the backend the command ships with, so that SLF4J does not scan the class path for
    // providers at start-up, and keep SLF4J's own notice about that choice off standard error.
    if (System.getProperty(PROVIDER) == null) {
      System.setProperty(PROVIDER, "ch.qos.logback.classic.spi.LogbackServiceProvider");
      if (System.getProperty(SLF4J_VERBOSITY) == null) {
        System.setProperty(SLF4J_VERBOSITY, "WARN");
      }
    }
    LogLevels levels = CommandLogging.process();
    if (levels.canChange()) {
      levels.activate(CommandLogging.SILENT);
    }
  }

  private static final String PROVIDER = "slf4j.provider";
  private static final String SLF4J_VERBOSITY = "slf4j.internal.verbosity";

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}

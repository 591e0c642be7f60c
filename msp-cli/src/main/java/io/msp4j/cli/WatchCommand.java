package io.msp4j.cli;

import io.msp4j.cli.operations.ExpiryCheck;
import io.msp4j.metrics.Msp4jMetrics;
import io.msp4j.metrics.ValidationMetrics;
import io.msp4j.cli.operations.FolderExpiry;
import io.msp4j.cli.operations.OperationsServer;
import io.msp4j.cli.operations.OperationsStartException;
import io.msp4j.cli.operations.ReloadCheck;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.x509.SetupOptions;
import io.msp4j.core.Msp;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.pkcs11.Pkcs11Token;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp watch}: keeps an MSP in step with its folder and answers identity paths read from
 * standard input, one a line, each with the verdict {@code msp validate --json} gives plus the
 * {@code generation} that answered. Standard error gets one JSON line per reload attempt. It
 * never exits on a bad configuration; it exits 0 at the end of its input.
 */
@Command(
    name = "watch",
    description = {
      "Validate identities whose paths are read from standard input, one a line, against an MSP"
          + " folder that is reloaded whenever it changes.",
      "Each answer is the JSON object of 'msp validate --json' plus \"generation\". Each reload"
          + " attempt prints {\"reloaded\": N, \"changes\": [...]} or"
          + " {\"reload_failed\": MESSAGE, \"rule\": ID, \"generation\": KEPT} on standard error;"
          + " the first line after failures adds \"recovered\": true (with no changes when the"
          + " folder is back to the configuration served).",
      "While no configuration could be set up (generation 0) each input is answered with"
          + " {\"input\", \"setup_error\", \"reason\", \"rule\", \"generation\": 0}."
    },
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (paths typed or piped in; the sample's Org2 folder reloaded when it changes):",
        "  ./msp watch --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --msp-id Org2MSP"
    })
final class WatchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspOptions msp;

  @Option(
      names = "--settle-ms",
      paramLabel = "MS",
      defaultValue = "" + MspFolderWatcher.DEFAULT_SETTLE_MILLIS,
      description = "How long the folder must stay unchanged before it is read (default: ${DEFAULT-VALUE}).")
  long settleMillis;

  @Option(
      names = "--poll",
      description = "Poll the folder instead of listening for file-system events.")
  boolean poll;

  @Option(
      names = "--poll-ms",
      paramLabel = "MS",
      defaultValue = "" + MspFolderWatcher.DEFAULT_POLL_MILLIS,
      description = "How often the folder is checked without an event (default: ${DEFAULT-VALUE}).")
  long pollMillis;

  @Mixin ReleaseOption release;

  @Mixin OperationsOptions operations = new OperationsOptions();

  /** Where the paths are read from; standard input unless the caller sets another. */
  InputStream input = System.in;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (settleMillis < 0 || pollMillis <= 0) {
      err.println("msp watch: --settle-ms must be 0 or more and --poll-ms more than 0");
      return ExitCodes.USAGE;
    }
    Optional<String> conflict = release.conflict(release.mspVersion(msp.version));
    if (conflict.isPresent()) {
      err.println("msp watch: " + conflict.get());
      return ExitCodes.USAGE;
    }
    Optional<String> opsProblem = operations.problem();
    if (opsProblem.isPresent()) {
      err.println("msp watch: " + opsProblem.get());
      return ExitCodes.USAGE;
    }
    ReloadPrinter printer = new ReloadPrinter(err);
    ReloadCheck reloadCheck = new ReloadCheck(msp.mspDir.toString());
    ExpiryCheck expiry = operations.expiryCheck();
    Optional<OperationsServer> server = Optional.empty();
    if (operations.enabled()) {
      try {
        server = Optional.of(operations.builder().check(reloadCheck).check(expiry).start());
      } catch (IOException e) {
        err.println("msp watch: cannot read: " + e.getMessage());
        return InputFiles.status(e);
      } catch (OperationsStartException e) {
        err.println("msp watch: operations endpoint: " + e.getMessage());
        return ExitCodes.SETUP_FAILED;
      }
      printer.print(Json.object("event", "operations", "url", server.get().url()));
    }
    try {
      return watch(printer, reloadCheck, expiry, server, out, err);
    } finally {
      server.ifPresent(OperationsServer::close);
    }
  }

  private int watch(ReloadPrinter printer, ReloadCheck reloadCheck, ExpiryCheck expiry,
      Optional<OperationsServer> server, PrintWriter out, PrintWriter err) throws IOException {
    boolean checked = server.isPresent();
    Optional<Pkcs11Token> token;
    try {
      token = msp.local ? msp.bccsp.open() : Optional.empty();
    } catch (MspSetupException e) {
      SetupFailures.report(e, false, out, err);
      return ExitCodes.SETUP_FAILED;
    }
    MspFolderWatcher.Builder builder = MspFolderWatcher.builder(msp.mspDir, msp.mspId);
    token.ifPresent(t -> builder.keyStore(t.keyStore()));
    ValidationMetrics validations = ValidationMetrics.forMsp(msp.mspId);
    if (checked) {
      builder.listener(reloadCheck)
          .listener(new FolderExpiry(expiry, msp.mspDir, msp.mspId, msp.local))
          .validationObserver(validations);
    }
    try (MspFolderWatcher watcher = builder
        .local(msp.local)
        .version(release.mspVersion(msp.version))
        .setupOptions(release.apply(SetupOptions.defaults()))
        .settleWindow(Duration.ofMillis(settleMillis))
        .pollInterval(Duration.ofMillis(pollMillis))
        .forcePolling(poll)
        .allowInitialFailure(true)
        .listener(printer)
        .start()) {
      server.ifPresent(s -> {
        validations.bindTo(s.registry());
        Msp4jMetrics.watcher(watcher).bindTo(s.registry());
      });
      BufferedReader in = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isEmpty()) {
          out.println(Json.write(answer(watcher.msp().current(), printer.lastFailure(), line)));
          out.flush();
        }
      }
    } finally {
      token.ifPresent(Pkcs11Token::close);
    }
    return ExitCodes.OK;
  }

  private static Map<String, Object> answer(
      Optional<Generation<Msp>> current, ReloadFailure lastFailure, String input) {
    if (current.isEmpty()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("input", input);
      o.putAll(IdentityVerdicts.setupError(lastFailure != null ? lastFailure.error()
          : new MspSetupException(Reason.MSP_NOT_SET_UP, "CORE-01",
              "the MSP folder kept changing while it was read; it will be read once it settles")));
      o.put("generation", 0L);
      return o;
    }
    Generation<Msp> g = current.get();
    byte[] content;
    try {
      content = InputFiles.identity(Path.of(input));
    } catch (InputFiles.TooLargeException e) { // not read: it cannot become an identity
      Map<String, Object> verdict = IdentityVerdicts.refused(input, e.asVerdict());
      verdict.put("generation", g.number());
      return verdict;
    } catch (IOException | InvalidPathException | SecurityException e) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("input", input);
      String why = e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage();
      o.put("input_error", "cannot read input " + input + ": " + why);
      o.put("generation", g.number());
      return o;
    }
    Map<String, Object> verdict = IdentityVerdicts.of(g.value(), input, content);
    verdict.put("generation", g.number());
    return verdict;
  }

  /** Prints each reload attempt as one JSON line on standard error. */
  static final class ReloadPrinter implements ReloadListener<Msp> {
    private final PrintWriter err;
    private volatile ReloadFailure lastFailure;

    ReloadPrinter(PrintWriter err) {
      this.err = err;
    }

    /** The last refused configuration (what generation 0 answers with), or null. */
    ReloadFailure lastFailure() {
      return lastFailure;
    }

    @Override
    public void reloaded(Generation<? extends Msp> generation) {
      List<Object> changes = new ArrayList<>();
      for (MspChange c : generation.changes()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", c.kind().name());
        m.put("action", c.action().name());
        m.put("item", c.item());
        m.put("count", c.count());
        changes.add(m);
      }
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("reloaded", generation.number());
      o.put("changes", changes);
      if (lastFailure != null) {
        // The first configuration served after refused ones: the failure is over.
        o.put("recovered", true);
        lastFailure = null;
      }
      print(o);
    }

    @Override
    public void recovered(Generation<? extends Msp> generation) {
      lastFailure = null;
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("reloaded", generation.number());
      o.put("changes", List.of());
      o.put("recovered", true);
      print(o);
    }

    @Override
    public void reloadFailed(ReloadFailure failure) {
      lastFailure = failure;
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("reload_failed", failure.detail());
      o.put("rule", failure.rule());
      o.put("generation", failure.keptGeneration());
      print(o);
    }

    void print(Map<String, Object> o) {
      synchronized (err) {
        err.println(Json.write(o));
        err.flush();
      }
    }
  }
}

package io.msp4j.cli;

import io.msp4j.core.MspException;
import io.msp4j.x509.inspect.ExpiryEntry;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.MspInspector;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
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
 * {@code msp expiry}: the certificates and CRLs of an MSP that have expired or will within a
 * window. Exit status 0 when nothing is listed, 1 when something is, 2 when the input cannot be
 * read as an MSP, 3 on a usage error. Information only: Fabric ignores expiry when it validates
 * identities, and so do {@code validate} and {@code verify}.
 */
@Command(
    name = "expiry",
    mixinStandardHelpOptions = true,
    description = {
        "List the certificates and CRLs of an MSP that have expired or will within a window.",
        "Every certificate (CAs, admins, signing certificate, TLS CAs, OU "
            + "certificates) whose notAfter has passed or falls within the window, and every "
            + "CRL whose nextUpdate has, soonest first. Exit status 1 when something is listed, "
            + "0 when nothing is. Fabric does not check expiry when it validates identities; "
            + "this changes no verdict."},
    footer = {
        "",
        "Example:",
        "  ./msp expiry --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --within 90d",
        "  ./msp expiry --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --now 2074-12-01T00:00:00Z --json",
        "  ./msp expiry --block testdata/sample/channel/config.block --within 2w"
    })
final class ExpiryCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspInputs inputs;

  @Option(names = "--within", paramLabel = "DURATION", defaultValue = "30d",
      converter = DurationConverter.class,
      description = "The window, e.g. 30d, 12h, 2w, 1y (default: ${DEFAULT-VALUE}); 0d lists what has expired.")
  Duration window;

  @Option(names = "--now", paramLabel = "INSTANT", converter = GenerateCommand.InstantConverter.class,
      description = "Look from this instant instead of now, e.g. 2030-01-01T00:00:00Z.")
  Instant now;

  @Option(names = "--json", description = "Print one JSON object per entry.")
  boolean json;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Clock clock = now == null ? Clock.systemUTC() : Clock.fixed(now, ZoneOffset.UTC);
    Optional<String> problem = inputs.problem();
    if (problem.isPresent()) {
      err.println("msp expiry: " + problem.get());
      return ExitCodes.USAGE;
    }
    List<ExpiryEntry> entries = new ArrayList<>();
    List<MspInputs.Loaded> loaded;
    try {
      loaded = inputs.load(release.release()).msps();
      for (MspInputs.Loaded msp : loaded) {
        if (IdemixInspect.isIdemix(msp.config())) {
          continue; // idemix credentials carry no expiry
        }
        entries.addAll(MspInspector.inspect(
            msp.config(), new InspectOptions(clock, window, msp.sources())).expiring());
      }
    } catch (MspException e) {
      err.println("msp expiry: cannot read the MSP [" + e.rule() + "] " + e.detail());
      err.flush();
      return ExitCodes.SETUP_FAILED;
    }
    boolean several = loaded.size() > 1;
    for (ExpiryEntry e : entries) {
      out.println(json ? Json.write(json(e)) : text(e, several));
    }
    if (entries.isEmpty() && !json) {
      out.println("nothing expires within " + DurationConverter.text(window) + " (by "
          + clock.instant().plus(window).truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + ")");
    }
    out.flush();
    return entries.isEmpty() ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private static String text(ExpiryEntry e, boolean withMsp) {
    String when = e.what().equals("crl") ? "next update " : "notAfter ";
    return (e.expired() ? "EXPIRED   " : "EXPIRING  ")
        + (withMsp ? e.mspId() + "  " : "")
        + String.format("%-20s", e.role()) + "  " + e.source() + "  " + when + e.at()
        + " (" + InspectText.days(e.daysLeft(), e.expired()) + ")  "
        + e.name() + e.serialHex().map(s -> "  serial " + s).orElse("");
  }

  private static Map<String, Object> json(ExpiryEntry e) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("msp_id", e.mspId());
    o.put("what", e.what());
    o.put("role", e.role());
    o.put("source", e.source());
    o.put("name", e.name());
    o.put("serial", e.serialHex().orElse(null));
    o.put("at", e.at().toString());
    o.put("days_left", e.daysLeft());
    o.put("expired", e.expired());
    return o;
  }
}

package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.KnownIdentity;
import io.msp4j.channel.update.UpdateChecker;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.core.MspException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx check-update}: what the ordering service makes of a config update against
 * the channel's current config block, and what the update does to the org MSPs and to known
 * identities. Exit status 0 accepted and nobody locked out (or {@code --allow-lockout}), 1
 * rejected or an org would be locked out, 2 an input cannot be used, 3 usage.
 */
@Command(
    name = "check-update",
    description = "Check a config update as the ordering service would, and report its effect on the MSPs and on known identities.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (the users of Org1 followed through the update):",
        "  ./msp configtx check-update --block current.block --envelope signed.pb --known crypto/peerOrganizations/org1.example.com/users --json"
    })
final class CheckUpdateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--block", required = true, paramLabel = "CURRENT.block",
      description = "The channel's current config block.")
  Path block;

  @Option(names = "--envelope", required = true, paramLabel = "FILE",
      description = "The update: a CONFIG_UPDATE common.Envelope or a bare ConfigUpdateEnvelope.")
  Path envelope;

  @Option(names = "--known", paramLabel = "DIR",
      description = "A folder whose certificates (.pem) and serialized identities (.id, as sign"
          + " --identity-out writes them: idemix members) are identities to follow, any depth;"
          + " repeatable.")
  List<Path> known = new ArrayList<>();

  @Option(names = "--allow-lockout",
      description = "Exit 0 even when an org would be left without a known admin.")
  boolean allowLockout;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    byte[] blockBytes;
    byte[] envelopeBytes;
    try {
      blockBytes = InputFiles.config(block);
      envelopeBytes = InputFiles.message(envelope, "the envelope");
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx check-update: cannot read: " + e.getMessage());
      return InputFiles.status(e);
    }
    Channel current;
    UpdateChecker checker;
    try {
      ChannelOptions options = release.channelOptions();
      current = Channel.load(blockBytes, options);
      checker = ChannelUpdates.checker(current, options);
    } catch (MspException e) {
      return unusable(block + ": the current config cannot be used", e, out, err);
    }
    ConfigUpdateRequest request;
    try {
      request = ConfigUpdateRequest.parse(envelopeBytes);
    } catch (ConfigUpdateException e) {
      return unusable(envelope + ": not a usable config update", e, out, err);
    }
    List<KnownIdentity> identities;
    try {
      identities = KnownCertificates.read(known);
    } catch (IOException e) {
      err.println("msp configtx check-update: cannot read --known: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    UpdateReport report = checker.check(request, identities);
    if (json) {
      UpdateReportOutput.json(report, allowLockout, out);
    } else {
      UpdateReportOutput.text(report, allowLockout, out);
    }
    if (!report.accepted() || (report.locksOut() && !allowLockout)) {
      return ExitCodes.INVALID;
    }
    return ExitCodes.OK;
  }

  private int unusable(String what, MspException e, PrintWriter out, PrintWriter err) {
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("accepted", false);
      o.put("stage", e instanceof ConfigUpdateException ? "authorization" : null);
      o.put("rule", e.rule());
      o.put("reason", e.reason().name());
      o.put("message", what + ": " + e.detail());
      o.put("policies", List.of());
      o.put("changes", List.of());
      o.put("impact", List.of());
      o.put("lockout", false);
      out.println(Json.write(o));
      out.flush();
    } else {
      err.println("msp configtx check-update: " + what + " [" + e.rule() + "] " + e.detail());
    }
    return ExitCodes.SETUP_FAILED;
  }
}

package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.MspInspector;
import io.msp4j.x509.inspect.ReleaseUpgrade;
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
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp inspect}: the shape of an MSP as a tree, with marks for revoked, expired, expiring
 * and unused certificates. Exit status 0 when printed (whatever the marks and the setup verdict
 * say), 2 when the input cannot be read as an MSP, 3 on a usage error.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
        "Show an MSP at a glance: its CA trees, OU and NodeOU bindings, CRLs, and marks.",
        "Root CAs with the intermediates, admins and signing "
            + "certificate below the CA that issued them, TLS CAs, OU and NodeOU bindings, "
            + "CRLs; for each certificate its subject, serial, key type and validity, marked "
            + "REVOKED (by which CRL), EXPIRED, EXPIRING (within --within), NOT YET VALID or "
            + "UNUSED (an identity CA nothing in the configuration depends on). The first lines "
            + "say whether the MSP sets up. With --block: every organisation of the channel (or "
            + "those of --msp-id) at the version its capabilities imply, then the channel's policy "
            + "tree, each policy as configtx.yaml writes it."},
    footer = {
        "",
        "Example:",
        "  ./msp inspect --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --msp-id Org2MSP",
        "  ./msp inspect --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --dot | dot -Tsvg > org2.svg",
        "  ./msp inspect --block testdata/sample/channel/config.block --msp-id Org1MSP"
    })
final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspInputs inputs;

  @Option(names = "--msp-version", paramLabel = "V", defaultValue = "3.0",
      converter = MspOptions.VersionConverter.class,
      description = "MSP version of the setup check: 1.0, 1.1, 1.3, 1.4.3 or 3.0 (default: ${DEFAULT-VALUE}, "
          + "or 1.4.3 with --fabric-release 2.5).")
  MspVersion version;

  @Option(names = "--within", paramLabel = "DURATION", defaultValue = "30d",
      converter = DurationConverter.class,
      description = "Mark EXPIRING what expires within this window, e.g. 30d, 12h, 2w (default: ${DEFAULT-VALUE}).")
  Duration window;

  @Option(names = "--now", paramLabel = "INSTANT", converter = GenerateCommand.InstantConverter.class,
      description = "Compute the marks as of this instant, e.g. 2030-01-01T00:00:00Z (default: now).")
  Instant now;

  @Mixin ReleaseOption release;

  @Option(names = "--upgrade-from", paramLabel = "R", converter = ReleaseOption.Converter.class,
      description = "The upgrade check's starting release (default: 2.5, the newest v2.5).")
  FabricRelease upgradeFrom;

  @Option(names = "--upgrade-to", paramLabel = "R", converter = ReleaseOption.Converter.class,
      description = "The upgrade check's target release (default: 3.1.5, the newest).")
  FabricRelease upgradeTo;

  @ArgGroup(exclusive = true)
  Format format = new Format();

  static final class Format {
    @Option(names = "--json", description = "Print one JSON object per MSP.")
    boolean json;

    @Option(names = "--dot", description = "Print a Graphviz graph (render with dot -Tsvg).")
    boolean dot;
  }

  @Override
  public Integer call() {
    try (MspInputs closing = inputs) {
      return run();
    }
  }

  private Integer run() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Optional<String> problem = inputs.problem();
    if (problem.isPresent()) {
      err.println("msp inspect: " + problem.get());
      return ExitCodes.USAGE;
    }
    MspVersion folderVersion = release.mspVersion(version);
    Optional<String> conflict = release.conflict(folderVersion);
    if (conflict.isPresent()) {
      err.println("msp inspect: " + conflict.get());
      return ExitCodes.USAGE;
    }
    MspInputs.Inputs read;
    try {
      read = inputs.load(release.release());
    } catch (MspException e) {
      err.println("msp inspect: cannot read the MSP [" + e.rule() + "] " + e.detail());
      err.flush();
      return ExitCodes.SETUP_FAILED;
    }
    List<MspInputs.Loaded> loaded = read.msps();
    Clock clock = now == null ? Clock.systemUTC() : Clock.fixed(now, ZoneOffset.UTC);
    List<MspInspection> inspections = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    List<Object> jsons = new ArrayList<>();
    for (MspInputs.Loaded msp : loaded) {
      if (IdemixInspect.isIdemix(msp.config())) {
        // No certificates to draw or to age: an idemix org is described, and its setup judged.
        MspVersion at = msp.version().orElse(
            release.mspVersionGiven() ? version : IdemixFolderMsp.DEFAULT_VERSION);
        SetupVerdict setup = SetupVerdict.of(msp, at);
        if (format.json) {
          Map<String, Object> o = IdemixInspect.json(msp.where(), msp.config(), setup);
          texts.add(Json.write(o));
          jsons.add(o);
        } else if (!format.dot) {
          texts.add(IdemixInspect.text(msp.where(), msp.config(), setup));
        }
        continue;
      }
      MspInspection m;
      try {
        m = MspInspector.inspect(msp.config(), new InspectOptions(clock, window, msp.sources()));
      } catch (MspSetupException e) {
        err.println("msp inspect: " + msp.where() + ": [" + e.rule() + "] " + e.detail());
        err.flush();
        return ExitCodes.SETUP_FAILED;
      }
      SetupVerdict setup = SetupVerdict.of(msp, msp.version().orElse(folderVersion));
      inspections.add(m);
      if (format.dot) {
        continue;
      }
      // The network keeps its MSP version across the upgrade; a folder is compared at the
      // newest version both releases have unless --msp-version says otherwise.
      FabricRelease from = upgradeFrom != null ? upgradeFrom : ReleaseUpgrade.DEFAULT_FROM;
      FabricRelease to = upgradeTo != null ? upgradeTo : FabricRelease.defaultRelease();
      MspVersion common = from.isV2_5() || to.isV2_5() ? MspVersion.V1_4_3 : MspVersion.V3_0;
      ReleaseUpgrade upgrade = ReleaseUpgrade.check(msp.config(), msp.version()
          .orElse(release.mspVersionGiven() ? version : common), msp.setup(), from, to,
          List.of());
      if (format.json) {
        Map<String, Object> o = InspectJson.of(msp.where(), m, setup);
        o.put("upgrade_from", from.label());
        o.put("upgrade_to", to.label());
        o.put("upgrade", UpgradeOutput.json(upgrade));
        texts.add(Json.write(o));
        jsons.add(o);
      } else {
        texts.add(InspectText.render(msp.where(), m, setup) + "\n" + UpgradeOutput.text(upgrade));
      }
    }
    if (format.dot) {
      out.print(InspectDot.render(inspections));
    } else if (read.channel().isPresent()) {
      Channel channel = read.channel().get();
      List<PolicyTreeText.Entry> policies =
          PolicyTreeText.entries(channel.config().getChannelGroup());
      if (format.json) {
        out.println(Json.write(channelJson(channel, jsons, policies)));
      } else {
        out.print(channelHeading(channel) + "\n" + String.join("\n", texts) + "\npolicies\n"
            + PolicyTreeText.text(policies));
      }
    } else if (format.json) {
      texts.forEach(out::println);
    } else {
      out.print(String.join("\n", texts));
    }
    out.flush();
    return ExitCodes.OK;
  }

  private static String channelHeading(Channel channel) {
    return "channel " + channel.channelId().orElse("(no channel ID)") + ", config sequence "
        + Long.toUnsignedString(channel.sequence()) + ", MSP version " + channel.mspVersion().label()
        + ", " + channel.orgs().size() + " organisations\n";
  }

  private static Map<String, Object> channelJson(
      Channel channel, List<Object> msps, List<PolicyTreeText.Entry> policies) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("channel_id", channel.channelId().orElse(null));
    o.put("sequence", Long.toUnsignedString(channel.sequence()));
    o.put("msp_version", channel.mspVersion().label());
    o.put("msps", msps);
    o.put("policies", PolicyTreeText.json(policies));
    return o;
  }
}

package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.core.MspException;
import io.msp4j.network.BroadcastResult;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import io.msp4j.network.OrdererStatus;
import io.msp4j.network.OrderingConsensus;
import io.msp4j.network.QuorumCount;
import io.msp4j.network.UpdateSubmitter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx submit}: broadcasts a signed config update to the ordering service, as it is
 * (BROADCAST-01), optionally after check-update's verdict and lock-out guard against the current
 * config block. With several orderers, a Raft service's are tried in turn with backoff until the
 * give-up time, a BFT service's all at once with a quorum ({@link UpdateSubmitter}; with {@code
 * --block}, the quorum of the channel's consenters, an orderer given that is not one named and
 * not counted). Exit status 0 when the ordering service accepted the update (an orderer answered
 * SUCCESS; under BFT, a quorum did), 1 when the pre-check refused it or the verdict is another status (a 4xx answer, the last
 * 5xx answer heard at the give-up time, or a BFT quorum not reached), 2 when no orderer answered
 * (unreachable, TLS failed) or an input cannot be used, 3 on a usage error.
 */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = "Broadcast a signed config update to the ordering service, optionally judged first as check-update judges it."
        + " Several --orderer: Raft tries them in turn (retrying SERVICE_UNAVAILABLE with backoff until --give-up-after), BFT sends to all and needs a quorum"
        + " (with --block, of the channel's consenters: an orderer given that is not a consenter is named and not counted).",
    footer = {
        "",
        "Example (checked against the current config block first):",
        "  ./msp configtx submit --orderer 127.0.0.1:7050 --tls-ca tlsca.example.com-cert.pem --server-name orderer.example.com --envelope signed.pb --block current.block --json",
        "",
        "Example (a 4-node BFT service; the consensus type comes from --block, or --consensus bft):",
        "  ./msp configtx submit --orderer 127.0.0.1:7050 --orderer 127.0.0.1:7051 --orderer 127.0.0.1:7052 --orderer 127.0.0.1:7053 --tls-ca tlsca.example.com-cert.pem --envelope signed.pb --consensus bft --json"
    })
final class SubmitCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--orderer", required = true, paramLabel = "HOST:PORT",
      description = "An orderer; repeatable (Raft: tried in this order; BFT: all of them, give every orderer).")
  List<String> orderers = new ArrayList<>();

  @Option(names = "--consensus", paramLabel = "raft|bft",
      description = "How to broadcast to several orderers (default: the ConsensusType of --block, else raft).")
  String consensus;

  @Option(names = "--give-up-after", paramLabel = "DURATION", defaultValue = "1m",
      converter = DurationConverter.class,
      description = "Stop retrying when no orderer settled the update for this long (default 1m; 10s, 2m).")
  Duration giveUpAfter;

  @Mixin TlsOptions tls;

  @Mixin ReleaseOption release;

  @Option(names = "--envelope", required = true, paramLabel = "FILE",
      description = "The signed CONFIG_UPDATE envelope (from configtx sign), sent as it is.")
  Path envelope;

  @Option(names = "--block", paramLabel = "CURRENT.block",
      description = "The channel's current config block: check the update first and send it only when it would be accepted.")
  Path block;

  @Option(names = "--allow-lockout", description = "With --block: send even when an org would be left without a known admin.")
  boolean allowLockout;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!tls.clientPairComplete()) {
      err.println("msp configtx submit: --tls-cert and --tls-key go together");
      return ExitCodes.USAGE;
    }
    if (allowLockout && block == null) {
      err.println("msp configtx submit: --allow-lockout goes with --block");
      return ExitCodes.USAGE;
    }
    List<Endpoint> endpoints = new ArrayList<>();
    try {
      for (String o : orderers) {
        endpoints.add(Endpoint.parse(o));
      }
    } catch (IllegalArgumentException e) {
      err.println("msp configtx submit: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    if (giveUpAfter.isZero()) {
      err.println("msp configtx submit: --give-up-after must be positive");
      return ExitCodes.USAGE;
    }
    Optional<OrderingConsensus> rule;
    if (consensus == null) {
      rule = Optional.empty();
    } else if (consensus.equalsIgnoreCase("raft") || consensus.equalsIgnoreCase("bft")) {
      rule = Optional.of(OrderingConsensus.valueOf(consensus.toUpperCase(Locale.ROOT)));
    } else {
      err.println("msp configtx submit: --consensus is raft or bft, not '" + consensus + "'");
      return ExitCodes.USAGE;
    }
    byte[] envelopeBytes;
    Optional<Channel> current = Optional.empty();
    ConnectionOptions connection;
    try {
      envelopeBytes = InputFiles.message(envelope, "the envelope");
      if (block != null) {
        current = Optional.of(Channel.load(InputFiles.config(block), release.channelOptions()));
      }
      connection = tls.connection(endpoints);
    } catch (IOException e) {
      err.println("msp configtx submit: cannot read: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    } catch (MspException e) {
      err.println("msp configtx submit: " + block + ": the current config cannot be used ["
          + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    } catch (NetworkException e) {
      err.println("msp configtx submit: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    }
    UpdateSubmitter.SubmitResult r;
    try {
      UpdateSubmitter.Builder b = UpdateSubmitter.builder(connection).giveUpAfter(giveUpAfter);
      rule.ifPresent(b::consensus);
      r = b.build().submit(envelopeBytes, current, allowLockout);
    } catch (MspException e) {
      err.println("msp configtx submit: " + envelope + ": not a usable config update ["
          + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    } catch (NetworkException e) {
      err.println("msp configtx submit: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    }
    Optional<Channel> given = current;
    print(r, rule.or(() -> given.flatMap(OrderingConsensus::of)).orElse(OrderingConsensus.RAFT),
        out);
    return r.broadcast().map(BroadcastResult::accepted).orElse(false)
        ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private void print(UpdateSubmitter.SubmitResult r, OrderingConsensus rule, PrintWriter out) {
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("submitted", r.submitted());
      o.put("status", r.broadcast().map(b -> b.status().name()).orElse(null));
      o.put("info", r.broadcast().map(BroadcastResult::info).orElse(null));
      o.put("check", r.check().map(c -> (Object) UpdateReportOutput.jsonObject(c, allowLockout))
          .orElse(null));
      o.put("consensus", rule.name());
      o.put("orderers", r.orderers().stream().map(SubmitCommand::json).toList());
      r.quorum().ifPresent(q -> o.put("quorum", json(q)));
      out.println(Json.write(o));
    } else {
      r.check().ifPresent(c -> UpdateReportOutput.text(c, allowLockout, out));
      if (r.submitted()) {
        BroadcastResult b = r.broadcast().orElseThrow();
        out.println("orderer: " + b.status() + (b.info().isEmpty() ? "" : ": " + b.info()));
        if (r.orderers().size() > 1) {
          List<Endpoint> notConsenters =
              r.quorum().map(QuorumCount::notConsenters).orElse(List.of());
          for (OrdererStatus s : r.orderers()) {
            out.println("  " + s.endpoint() + ": " + s.status()
                + (s.info().isEmpty() ? "" : ": " + s.info())
                + (notConsenters.contains(s.endpoint()) ? " (not a consenter of the channel)" : ""));
          }
        }
      } else {
        out.println("not submitted: the check above says the ordering service would refuse it"
            + " or an org would be locked out");
      }
    }
    out.flush();
  }

  private static Map<String, Object> json(QuorumCount q) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("counted_over", q.countedOver());
    o.put("members", q.members());
    o.put("quorum", q.quorum());
    o.put("accepted", q.accepted());
    o.put("not_consenters", q.notConsenters().stream().map(Endpoint::toString).toList());
    o.put("consenters_not_given",
        q.consentersNotGiven().stream().map(Endpoint::toString).toList());
    return o;
  }

  private static Map<String, Object> json(OrdererStatus s) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("endpoint", s.endpoint().toString());
    o.put("status", s.status());
    o.put("info", s.info());
    o.put("attempts", s.attempts());
    return o;
  }
}

package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.core.MspException;
import io.msp4j.network.BroadcastResult;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import io.msp4j.network.UpdateSubmitter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
 * {@code msp configtx submit}: broadcasts a signed config update to an orderer, as it is
 * (BROADCAST-01), optionally after check-update's verdict and lock-out guard against the current
 * config block. Exit status 0 when the orderer answered SUCCESS, 1 when it or the pre-check
 * refused the update, 2 when the orderer cannot be reached, TLS fails or an input cannot be used,
 * 3 on a usage error.
 */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = "Broadcast a signed config update to an orderer, optionally judged first as check-update judges it.",
    footer = {
        "",
        "Example (checked against the current config block first):",
        "  ./msp configtx submit --orderer 127.0.0.1:7050 --tls-ca tlsca.example.com-cert.pem --server-name orderer.example.com --envelope signed.pb --block current.block --json"
    })
final class SubmitCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--orderer", required = true, paramLabel = "HOST:PORT", description = "The orderer.")
  String orderer;

  @Mixin TlsOptions tls;

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
    Endpoint endpoint;
    try {
      endpoint = Endpoint.parse(orderer);
    } catch (IllegalArgumentException e) {
      err.println("msp configtx submit: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    byte[] envelopeBytes;
    Optional<Channel> current = Optional.empty();
    ConnectionOptions connection;
    try {
      envelopeBytes = InputFiles.message(envelope, "the envelope");
      if (block != null) {
        current = Optional.of(Channel.load(InputFiles.config(block)));
      }
      connection = tls.connection(List.of(endpoint));
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
      r = UpdateSubmitter.of(connection).submit(envelopeBytes, current, allowLockout);
    } catch (MspException e) {
      err.println("msp configtx submit: " + envelope + ": not a usable config update ["
          + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    } catch (NetworkException e) {
      err.println("msp configtx submit: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    }
    print(r, out);
    return r.broadcast().map(BroadcastResult::accepted).orElse(false)
        ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private void print(UpdateSubmitter.SubmitResult r, PrintWriter out) {
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("submitted", r.submitted());
      o.put("status", r.broadcast().map(b -> b.status().name()).orElse(null));
      o.put("info", r.broadcast().map(BroadcastResult::info).orElse(null));
      o.put("check", r.check().map(c -> (Object) UpdateReportOutput.jsonObject(c, allowLockout))
          .orElse(null));
      out.println(Json.write(o));
    } else {
      r.check().ifPresent(c -> UpdateReportOutput.text(c, allowLockout, out));
      if (r.submitted()) {
        BroadcastResult b = r.broadcast().orElseThrow();
        out.println("orderer: " + b.status() + (b.info().isEmpty() ? "" : ": " + b.info()));
      } else {
        out.println("not submitted: the check above says the ordering service would refuse it"
            + " or an org would be locked out");
      }
    }
    out.flush();
  }
}

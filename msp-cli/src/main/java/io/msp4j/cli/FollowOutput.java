package io.msp4j.cli;

import io.msp4j.channel.check.Refusal;
import io.msp4j.channel.check.Signer;
import io.msp4j.channel.update.MspChange;
import io.msp4j.network.AppliedConfig;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.CensorshipEvent;
import io.msp4j.network.DeliverService;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FollowListener;
import io.msp4j.network.NetworkException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code msp channel follow} prints: a line per block on standard output (text, or one JSON
 * object per line), connection events on standard error. Blocks before {@code --from} are verified
 * but not printed.
 */
final class FollowOutput implements FollowListener {
  private final PrintWriter out;
  private final PrintWriter err;
  private final boolean json;
  private final long from;

  FollowOutput(PrintWriter out, PrintWriter err, boolean json, long from) {
    this.out = out;
    this.err = err;
    this.json = json;
    this.from = from;
  }

  @Override
  public void connected(Endpoint endpoint, DeliverService service) {
    String kind = service == DeliverService.ORDERER ? "orderer" : "peer";
    if (json) {
      event(map("event", "connected", "endpoint", endpoint.toString(), "service", kind));
    } else {
      err.println("msp channel follow: connected to " + kind + " " + endpoint);
      err.flush();
    }
  }

  @Override
  public void disconnected(Endpoint endpoint, NetworkException cause, Duration retryIn) {
    if (json) {
      event(map("event", "disconnected", "endpoint", endpoint.toString(),
          "kind", cause.kind().name().toLowerCase(Locale.ROOT), "cause", cause.getMessage(),
          "retry_ms", retryIn.toMillis()));
    } else {
      err.println("msp channel follow: disconnected from " + endpoint + ": " + cause.getMessage()
          + "; retrying in " + retryIn.toMillis() + " ms");
      err.flush();
    }
  }

  private void event(Map<String, Object> e) {
    err.println(Json.write(e));
    err.flush();
  }

  @Override
  public void delivered(DeliveredBlock b) {
    if (Long.compareUnsigned(b.number(), from) < 0) {
      return;
    }
    if (json) {
      Map<String, Object> o = map("number", b.number(), "verified", true,
          "config", b.config().isPresent());
      if (b.anchor()) {
        o.put("anchor", true);
      }
      b.source().ifPresent(e -> o.put("source", e.toString()));
      if (b.config().isPresent()) {
        AppliedConfig c = b.config().get();
        o.put("sequence", c.sequence());
        o.put("changes", UpdateReportOutput.changes(c.changes()));
      } else {
        o.put("transactions", b.transactions());
        o.put("signers", signers(b.signers()));
      }
      out.println(Json.write(o));
    } else {
      out.println(text(b));
    }
    out.flush();
  }

  private static String text(DeliveredBlock b) {
    String head = "block " + Long.toUnsignedString(b.number()) + ": ";
    if (b.config().isPresent()) {
      AppliedConfig c = b.config().get();
      List<String> changes = c.changes().stream().map(MspChange::toString).toList();
      return head + (b.anchor() ? "trust anchor, " : "verified, ") + "config sequence "
          + Long.toUnsignedString(c.sequence()) + ", " + changes.size() + " change"
          + (changes.size() == 1 ? "" : "s") + (changes.isEmpty() ? "" : ": " + String.join("; ", changes));
    }
    return head + "verified, " + b.transactions() + " transaction" + (b.transactions() == 1 ? "" : "s")
        + ", signed by " + String.join(", ", b.signers().stream().map(Signer::toString).toList());
  }

  /**
   * A censorship (DELIVER-BFT-03): with {@code --json} a line of its own among the block lines,
   * since what follows comes from another orderer.
   */
  @Override
  public void censorship(CensorshipEvent e) {
    if (json) {
      out.println(Json.write(map("censorship_suspected", map("source", e.source().toString(),
          "header", e.header(), "last_block", e.lastBlock(),
          "suspected_at", e.suspectedAt().toString()), "switched_to", e.switchedTo().toString())));
      out.flush();
    } else {
      err.println("msp channel follow: " + e.source() + " withheld blocks: header "
          + Long.toUnsignedString(e.header()) + " was verified from other orderers at "
          + e.suspectedAt() + ", the last block is " + Long.toUnsignedString(e.lastBlock())
          + " (DELIVER-BFT-03); switching to " + e.switchedTo());
      err.flush();
    }
  }

  @Override
  public void refused(BlockRefusedException e) {
    Refusal r = e.refusal();
    if (json) {
      out.println(Json.write(map("number", e.number(), "verified", false, "refusal",
          map("check", r.check(), "reason", r.reason().name(), "rule", r.rule(),
              "message", r.message()))));
    } else {
      out.println("block " + Long.toUnsignedString(e.number()) + ": REFUSED " + r);
    }
    out.flush();
  }

  private static List<Object> signers(List<Signer> signers) {
    List<Object> out = new ArrayList<>();
    for (Signer s : signers) {
      out.add(map("msp_id", s.mspId(), "subject", s.subject(), "serial", s.serialHex()));
    }
    return out;
  }

  private static Map<String, Object> map(Object... kv) {
    return Json.object(kv);
  }
}

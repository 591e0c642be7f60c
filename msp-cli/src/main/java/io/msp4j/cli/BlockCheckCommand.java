package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.Refusal;
import io.msp4j.channel.check.Signer;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.channel.check.TransactionVerdict;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.hyperledger.fabric.protos.common.Block;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code msp block check}: each block's structure, data hash and orderer signatures, and each
 * transaction's header, creator and endorsers, against a channel configuration. Exit status 0
 * when every block and transaction passes, 1 when one fails, 2 when the configuration cannot be
 * used or a block file cannot be read, 3 on a usage error.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
        "Check blocks against a channel configuration, as a Fabric v3 peer checks them.",
        "For each block: its header and metadata, that every transaction is well formed and the "
            + "header's data hash is theirs, and that the orderer signatures satisfy "
            + "/Channel/Orderer/BlockValidation. For each transaction: its headers, tx ID and "
            + "proposal hash, that its creator is valid in the channel and signed it, and that "
            + "every endorser is valid and signed the proposal response. A refusal names the "
            + "check, the reason, the spec rule when an MSP or a policy decided, and the signer."
    },
    footer = {
        "",
        "Example:",
        "  ./msp block check --config testdata/sample/channel/config.block testdata/sample/channel/1.block testdata/sample/channel/2.block --json"
    })
final class BlockCheckCommand implements Callable<Integer> {
  private static final String NAME = "msp block check";

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE",
      description = "The channel's configuration: its latest config block (or a ConfigEnvelope, or a Config).")
  Path config;

  @Option(names = "--json", description = "Print one JSON object per block.")
  boolean json;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads that check a block's transactions, as a peer's committer validates "
          + "them in parallel (default: the number of processors, ${DEFAULT-VALUE} here). The "
          + "verdicts and their order do not depend on it.")
  int threads = Runtime.getRuntime().availableProcessors();

  /** More threads than this only costs memory: a block's work is shared in a few dozen batches. */
  static final int MAX_THREADS = 256;

  @Mixin ReleaseOption release;

  @Parameters(paramLabel = "BLOCK", arity = "1..*", description = "Block files (binary protobuf).")
  List<Path> blocks;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (threads < 1 || threads > MAX_THREADS) {
      throw new ParameterException(spec.commandLine(),
          "--threads must be between 1 and " + MAX_THREADS + ", not " + threads);
    }
    SignerChecks checks;
    try {
      Channel channel = BlockInput.load(config, release.channelOptions());
      BlockInput.noteUnsupportedCapabilities(channel, err, NAME);
      checks = SignerChecks.of(channel);
    } catch (MspException e) {
      SetupFailures.report(e, "channel config cannot be used", json, out, err);
      return ExitCodes.SETUP_FAILED;
    }
    // The other threads' share of each block; daemon threads, so that nothing outlives the command.
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, r -> {
      Thread t = new Thread(r, "block-check");
      t.setDaemon(true);
      return t;
    }) : null;
    try {
      return checkAll(pool == null ? checks : checks.withExecutor(pool, threads), out, err);
    } finally {
      if (pool != null) {
        pool.shutdown();
      }
    }
  }

  private int checkAll(SignerChecks checks, PrintWriter out, PrintWriter err) {
    boolean allValid = true;
    for (Path file : blocks) {
      byte[] bytes;
      try {
        bytes = InputFiles.message(file, "the block");
      } catch (IOException | RuntimeException e) {
        err.println(NAME + ": cannot read " + file + ": " + e.getMessage());
        err.flush();
        return ExitCodes.SETUP_FAILED;
      }
      BlockVerdict v = verdict(checks, bytes);
      allValid &= v.valid();
      out.print(json ? Json.write(json(file, v)) + "\n" : text(file, v));
    }
    out.flush();
    return allValid ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private static BlockVerdict verdict(SignerChecks checks, byte[] bytes) {
    Block block;
    try {
      block = Block.parseFrom(bytes);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      return new BlockVerdict(0, List.of(), Optional.of(new Refusal("BLOCK-01", Reason.BLOCK_MALFORMED,
          "BLOCK-01", "the file is not a block: " + e.getMessage())), List.of(), Optional.empty());
    }
    return checks.block(block);
  }

  private static String text(Path file, BlockVerdict v) {
    StringBuilder sb = new StringBuilder().append(file).append(": block ")
        .append(Long.toUnsignedString(v.number())).append(": ");
    sb.append(v.refusal().map(r -> "INVALID " + r).orElse("valid"));
    if (!v.signers().isEmpty()) {
      sb.append(" (signed by ");
      v.signers().forEach(s -> sb.append(s).append("; "));
      sb.setLength(sb.length() - 2);
      sb.append(')');
    }
    v.note().ifPresent(n -> sb.append(" (").append(n).append(')'));
    sb.append('\n');
    for (TransactionVerdict t : v.transactions()) {
      sb.append("  tx ").append(t.index()).append(' ')
          .append(t.txId().isEmpty() ? "(no tx ID)" : t.txId()).append(": ")
          .append(t.refusal().map(r -> "INVALID " + r).orElse("valid"));
      if (t.valid()) {
        t.creator().ifPresent(c -> sb.append(" (creator ").append(c));
        if (!t.endorsers().isEmpty()) {
          sb.append("; endorsed by ");
          t.endorsers().forEach(e -> sb.append(e.mspId()).append(", "));
          sb.setLength(sb.length() - 2);
        }
        sb.append(t.creator().isPresent() ? ")" : "");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static Map<String, Object> json(Path file, BlockVerdict v) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("file", file.toString());
    o.put("number", Long.toUnsignedString(v.number()));
    o.put("valid", v.valid());
    o.put("refusal", refusal(v.refusal()));
    List<Object> signers = new ArrayList<>();
    v.signers().forEach(s -> signers.add(signer(s)));
    o.put("signers", signers);
    o.put("note", v.note().orElse(null));
    List<Object> txs = new ArrayList<>();
    for (TransactionVerdict t : v.transactions()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("index", t.index());
      x.put("tx_id", t.txId());
      x.put("type", t.type());
      x.put("valid", t.valid());
      x.put("creator", t.creator().map(BlockCheckCommand::signer).orElse(null));
      List<Object> endorsers = new ArrayList<>();
      t.endorsers().forEach(e -> endorsers.add(signer(e)));
      x.put("endorsers", endorsers);
      x.put("refusal", refusal(t.refusal()));
      txs.add(x);
    }
    o.put("transactions", txs);
    return o;
  }

  private static Map<String, Object> signer(Signer s) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("msp_id", s.mspId());
    o.put("subject", s.subject().isEmpty() ? null : s.subject());
    o.put("serial", s.serialHex().isEmpty() ? null : s.serialHex());
    return o;
  }

  private static Object refusal(Optional<Refusal> r) {
    if (r.isEmpty()) {
      return null;
    }
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("check", r.get().check());
    o.put("reason", r.get().reason().name());
    o.put("rule", r.get().rule());
    o.put("message", r.get().message());
    o.put("fabric_accepts", r.get().fabricAccepts());
    return o;
  }
}

package io.msp4j.cli;

import io.msp4j.cli.operations.CensorshipCheck;
import io.msp4j.cli.operations.ChannelExpiry;
import io.msp4j.cli.operations.ExpiryCheck;
import io.msp4j.cli.operations.FolderExpiry;
import io.msp4j.cli.operations.FollowerEvents;
import io.msp4j.metrics.Msp4jMetrics;
import io.msp4j.cli.operations.OperationsServer;
import io.msp4j.cli.operations.OperationsStartException;
import io.msp4j.cli.operations.RefusedBlockCheck;
import io.msp4j.cli.operations.SourceCheck;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.SigningIdentity;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.ChannelFollowerBuilder;
import io.msp4j.network.ConfigBlockWriter;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.DeliverService;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FollowOutcome;
import io.msp4j.network.FollowStateStore;
import io.msp4j.network.NetworkException;
import io.msp4j.pkcs11.Pkcs11Token;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp channel follow}: follows a channel from orderers or peers, verifying every block as a
 * Fabric v3 peer's deliver client does and applying each config block. Exit status 0 when the
 * last block asked for was verified or a signal stopped it (the state saved), 1 when a block was
 * refused, 2 when access was refused, the channel is unknown, TLS failed, no endpoint was
 * reachable within the give-up time, or an input cannot be used, 3 on a usage error.
 */
@Command(
    name = "follow",
    mixinStandardHelpOptions = true,
    description = "Follow a channel from orderers or peers: every block verified (DELIVER-01..07), config blocks applied.",
    footer = {
        "",
        "Example (from the genesis block, printing JSON, keeping the state and the latest config block):",
        "  ./msp channel follow --orderer 127.0.0.1:7050 --tls-ca tlsca.example.com-cert.pem --server-name orderer.example.com --channel mychannel --msp-dir users/User1@org1.example.com/msp --msp-id Org1MSP --state follow.json --write-config current.block --json"
    })
final class FollowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--orderer", paramLabel = "HOST:PORT",
      description = "An orderer to follow from; repeatable (tried in turn, then those the channel names).")
  List<String> orderers = new ArrayList<>();

  @Option(names = "--peer", paramLabel = "HOST:PORT",
      description = "A peer to follow from; repeatable.")
  List<String> peers = new ArrayList<>();

  @Mixin TlsOptions tls;

  @Option(names = "--channel", required = true, paramLabel = "ID", description = "The channel.")
  String channel;

  @Option(names = "--msp-dir", required = true, paramLabel = "LOCAL_MSP",
      description = "The local MSP folder whose signing identity signs the requests (a reader of the channel):"
          + " an X.509 folder, or an idemix user's (msp/IssuerPublicKey and user/SignerConfig).")
  Path mspDir;

  @Mixin MspTypeOption mspType = new MspTypeOption();

  @Option(names = "--msp-id", required = true, paramLabel = "ID", description = "Its MSP ID.")
  String mspId;

  @Mixin BccspOption bccsp = new BccspOption();

  @Mixin ReleaseOption release;

  @Option(names = "--config", paramLabel = "FILE",
      description = "A config block to trust as the anchor; following starts after it (default: the channel's genesis block, as delivered).")
  Path config;

  @Option(names = "--from", paramLabel = "N", defaultValue = "0",
      description = "Print blocks from this number on (earlier ones are still verified).")
  long from;

  @Option(names = "--until", paramLabel = "N", description = "Stop after this block.")
  Long until;

  @Option(names = "--state", paramLabel = "FILE",
      description = "Resume after the block saved here, and keep the file current.")
  Path state;

  @Option(names = "--write-config", paramLabel = "FILE",
      description = "Keep the latest config block here (for compute-update --block).")
  Path writeConfig;

  @Option(names = "--give-up-after", paramLabel = "DURATION", defaultValue = "5m",
      converter = DurationConverter.class,
      description = "Give up when no endpoint served the channel for this long (default 5m; 10s, 2m, 1h).")
  Duration giveUpAfter;

  @Option(names = "--censorship-timeout", paramLabel = "DURATION", defaultValue = "30s",
      converter = DurationConverter.class,
      description = "On a BFT channel (and with --watch-headers), leave the block source when other orderers' signed headers have been ahead of its blocks this long (default 30s, as a Fabric v3 peer).")
  Duration censorshipTimeout;

  @Option(names = "--watch-headers",
      description = "Also watch the other orderers' header streams on a channel that is not BFT (a Raft cluster), so that a stalled block source is left after the censorship timeout.")
  boolean watchHeaders;

  @Mixin OperationsOptions operations = new OperationsOptions();

  @Option(names = "--health-source-timeout", paramLabel = "DURATION", defaultValue = "1m",
      converter = DurationConverter.class,
      description = "With --operations-listen, /healthz fails (follower.source) when no block source has been connected for longer than this (default 1m).")
  Duration sourceTimeout;

  @Option(names = "--json", description = "One JSON object per block (with its source endpoint), and a censorship_suspected line when the source is left; connection events as JSON lines on standard error.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (orderers.isEmpty() == peers.isEmpty()) {
      err.println("msp channel follow: give --orderer or --peer endpoints (not both)");
      return ExitCodes.USAGE;
    }
    if (!tls.clientPairComplete()) {
      err.println("msp channel follow: --tls-cert and --tls-key go together");
      return ExitCodes.USAGE;
    }
    if (censorshipTimeout.isZero() || censorshipTimeout.isNegative()) {
      err.println("msp channel follow: --censorship-timeout must be positive");
      return ExitCodes.USAGE;
    }
    Optional<String> opsProblem = operations.problem();
    if (opsProblem.isPresent()) {
      err.println("msp channel follow: " + opsProblem.get());
      return ExitCodes.USAGE;
    }
    if (sourceTimeout.isZero() || sourceTimeout.isNegative()) {
      err.println("msp channel follow: --health-source-timeout must be positive");
      return ExitCodes.USAGE;
    }
    if (from < 0 || (until != null && until < 0)) {
      err.println("msp channel follow: block numbers are not negative");
      return ExitCodes.USAGE;
    }
    List<Endpoint> endpoints = new ArrayList<>();
    try {
      for (String e : orderers.isEmpty() ? peers : orderers) {
        endpoints.add(Endpoint.parse(e));
      }
    } catch (IllegalArgumentException e) {
      err.println("msp channel follow: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    ConnectionOptions connection;
    byte[] anchor = null;
    try {
      connection = tls.connection(endpoints);
      if (config != null) {
        anchor = InputFiles.config(config);
      }
    } catch (IOException e) {
      err.println("msp channel follow: cannot read: " + e.getMessage());
      return InputFiles.status(e);
    } catch (NetworkException e) {
      err.println("msp channel follow: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    }
    SigningIdentity signer;
    Optional<Pkcs11Token> token = Optional.empty();
    try {
      if (mspType.idemix(mspDir)) {
        signer = IdemixFolderMsp.load(mspDir, mspId, null, release.release())
            .defaultSigningIdentity();
      } else {
        token = bccsp.open();
        signer = MspOptions.load(mspDir, mspId, release.release().newestMspVersion(), true,
            token.map(Pkcs11Token::keyStore), release.release()).defaultSigningIdentity();
      }
    } catch (MspSetupException e) {
      token.ifPresent(Pkcs11Token::close);
      SetupFailures.report(e, false, out, err);
      return ExitCodes.SETUP_FAILED;
    } catch (MspException e) {
      token.ifPresent(Pkcs11Token::close);
      err.println("msp channel follow: the local MSP cannot sign [" + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    }
    ChannelFollowerBuilder b = ChannelFollower.builder(channel, connection, signer)
        .channelOptions(release.channelOptions())
        .service(orderers.isEmpty() ? DeliverService.PEER : DeliverService.ORDERER)
        .giveUpAfter(giveUpAfter)
        .censorshipTimeout(censorshipTimeout)
        .watchHeaders(watchHeaders)
        .listener(new FollowOutput(out, err, json, from));
    if (anchor != null) {
      b.anchor(anchor);
    }
    if (until != null) {
      b.until(until);
    }
    if (state != null) {
      b.state(FollowStateStore.file(state));
    }
    if (writeConfig != null) {
      b.listener(new ConfigBlockWriter(writeConfig));
    }
    FollowerEvents events = new FollowerEvents(Clock.systemUTC());
    if (operations.enabled()) {
      b.listener(events);
    }
    ChannelFollower follower = b.build();
    Optional<OperationsServer> server = Optional.empty();
    try {
      if (operations.enabled()) {
        try {
          server = Optional.of(startOperations(follower, events));
        } catch (IOException e) {
          err.println("msp channel follow: cannot read: " + e.getMessage());
          return InputFiles.status(e);
        } catch (OperationsStartException e) {
          err.println("msp channel follow: operations endpoint: " + e.getMessage());
          return ExitCodes.SETUP_FAILED;
        }
        String url = server.get().url();
        if (json) {
          err.println(Json.write(Json.object("event", "operations", "url", url)));
        } else {
          err.println("msp channel follow: operations endpoint on " + url);
        }
        err.flush();
      }
      return runUntilSignalled(follower, err);
    } finally {
      server.ifPresent(OperationsServer::close);
      token.ifPresent(Pkcs11Token::close);
    }
  }

  /** The operations endpoint: the follower's checks and meters, the expiry of its MSPs. */
  private OperationsServer startOperations(ChannelFollower follower, FollowerEvents events)
      throws IOException, OperationsStartException {
    ExpiryCheck expiry = operations.expiryCheck();
    follower.channel().addListener(new ChannelExpiry(expiry, channel));
    new FolderExpiry(expiry, mspDir, mspId, true).readNow();
    return operations.builder()
        .binder(Msp4jMetrics.follower(follower))
        .check(new SourceCheck(events, sourceTimeout))
        .check(new CensorshipCheck(events))
        .check(new RefusedBlockCheck(events))
        .check(expiry)
        .start();
  }

  /**
   * Runs the follower; SIGINT or SIGTERM closes it, and the process exits 0 once its state is
   * saved (it is saved after every block).
   */
  private int runUntilSignalled(ChannelFollower follower, PrintWriter err) {
    CountDownLatch done = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      if (done.getCount() == 0) {
        return; // a normal exit: the status is already decided
      }
      follower.close();
      try {
        done.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      Runtime.getRuntime().halt(ExitCodes.OK);
    }, "msp-follow-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      FollowOutcome o = follower.run();
      return switch (o.status()) {
        case UNTIL_REACHED, CLOSED -> ExitCodes.OK;
        case REFUSED -> ExitCodes.INVALID;
        case GAVE_UP -> {
          err.println("msp channel follow: " + describe(o.failure().orElseThrow()));
          yield ExitCodes.SETUP_FAILED;
        }
      };
    } catch (BlockRefusedException e) {
      err.println("msp channel follow: the anchor cannot be used: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    } catch (NetworkException e) {
      err.println("msp channel follow: " + e.getMessage());
      return ExitCodes.SETUP_FAILED;
    } finally {
      err.flush();
      done.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it ends the process
      }
    }
  }

  private static String describe(NetworkException e) {
    return switch (e.kind()) {
      case FORBIDDEN -> "access refused: " + e.getMessage();
      case NOT_FOUND -> "the channel is unknown: " + e.getMessage();
      case TLS -> "TLS failure: " + e.getMessage();
      default -> "no endpoint reachable: " + e.getMessage();
    };
  }
}

package io.msp4j.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.metrics.Msp4jMetrics;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.FollowOutcome;
import io.msp4j.network.TestChain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;

/**
 * A real {@link ChannelFollower} following the {@link FollowStream} (1,000 blocks of 100
 * transactions) from the network tests' fake orderer over TLS on 127.0.0.1, with or without
 * every follower meter bound ({@link Msp4jMetrics#follower}: the follower's meters, its channel's
 * reloads and the expiry of its MSPs) to a {@link SimpleMeterRegistry}. Each run anchors a new
 * follower on block 0 and follows to the last block.
 */
final class MetricsFollowFixture implements AutoCloseable {
  private final List<Block> blocks;
  private final TestChain tls;
  private final FakeOrderingService service;
  private final ConnectionOptions connection;

  MetricsFollowFixture() {
    try {
      blocks = FollowStream.blocks();
      tls = new TestChain(Files.createTempDirectory("msp4j-bench-metrics"));
      Path dir = tls.ordererOrg.identity("orderer").tlsDir();
      service = FakeOrderingService.start(dir, null, blocks);
      connection = ConnectionOptions.builder().endpoint(service.endpoint())
          .tlsRootCert("ca.crt", Files.readAllBytes(dir.resolve("ca.crt")))
          .serverName("orderer.example.com").connectTimeout(Duration.ofSeconds(5)).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The number of blocks each run verifies after the anchor. */
  int blocksPerRun() {
    return blocks.size() - 1;
  }

  /** Follows the stream once, on the calling thread; the registry is null without meters. */
  SimpleMeterRegistry follow(boolean bound) {
    ChannelFollower f = ChannelFollower.builder(TestChain.CHANNEL, connection, tls.org1User)
        .configEndpoints(false).anchor(blocks.get(0).toByteArray()).until(blocksPerRun())
        .build();
    SimpleMeterRegistry registry = null;
    if (bound) {
      registry = new SimpleMeterRegistry();
      Msp4jMetrics.follower(f).bindTo(registry);
    }
    FollowOutcome o = f.run();
    if (o.status() != FollowOutcome.Status.UNTIL_REACHED) {
      throw new IllegalStateException("the follower stopped: " + o);
    }
    return registry;
  }

  @Override
  public void close() {
    service.close();
  }
}

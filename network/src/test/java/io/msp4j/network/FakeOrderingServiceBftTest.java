package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.network.internal.DeliverStream;
import io.msp4j.network.internal.GrpcChannels;
import io.msp4j.network.internal.SignedEnvelopes;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.hyperledger.fabric.protos.orderer.SeekInfo.SeekContentType;
import org.hyperledger.fabric.protos.orderer.SeekPosition;
import org.hyperledger.fabric.protos.orderer.SeekSpecified;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fake orderers of a BFT network serve what a Fabric v3 orderer serves to a BFT deliver
 * client (DELIVER-BFT-01): full blocks, or headers with their signatures; and misbehave on demand.
 */
@Tag("DELIVER-BFT-01")
class FakeOrderingServiceBftTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Duration QUIET = Duration.ofMillis(300);
  @TempDir static java.nio.file.Path tmp;
  static BftNetwork net;
  private final List<AutoCloseable> open = new ArrayList<>();

  @BeforeAll
  static void network() throws Exception {
    net = BftNetwork.start(tmp);
    net.chain.appendTransactions(2);       // 1
    net.chain.appendConsenterRemoval(4);   // 2, a config block
    net.chain.appendTransactions(1);       // 3
    net.publish();
  }

  @AfterAll
  static void stop() {
    net.close();
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
    net.orderers().forEach(o -> {
      o.withholdBlocks = false;
      o.stalled = false;
      o.headerTamper = java.util.function.Function.identity();
    });
  }

  private DeliverStream stream(int orderer, SeekContentType type) throws Exception {
    ManagedChannel ch = GrpcChannels.open(net.orderer(orderer).endpoint(),
        net.connection().build());
    open.add(ch::shutdownNow);
    SeekInfo info = SeekInfo.newBuilder()
        .setStart(position(0)).setStop(position(SignedEnvelopes.NEWEST_POSSIBLE))
        .setBehavior(SeekInfo.SeekBehavior.BLOCK_UNTIL_READY).setContentType(type).build();
    DeliverStream s = DeliverStream.open(ch, DeliverService.ORDERER,
        new SignedEnvelopes(net.chain.org1User, new SecureRandom()).envelope(
            HeaderType.DELIVER_SEEK_INFO, BftTestChain.CHANNEL, info, Optional.empty(),
            Instant.now()));
    open.add(s);
    return s;
  }

  private static SeekPosition position(long n) {
    return SeekPosition.newBuilder().setSpecified(SeekSpecified.newBuilder().setNumber(n)).build();
  }

  private static List<Block> blocks(DeliverStream s, int count) throws InterruptedException {
    List<Block> got = new ArrayList<>();
    while (got.size() < count) {
      DeliverStream.Answer a = s.next(WAIT);
      assertThat(a).as("answer %d", got.size()).isInstanceOf(DeliverStream.BlockAnswer.class);
      got.add(((DeliverStream.BlockAnswer) a).block());
    }
    return got;
  }

  @Test
  void headerStreamsSendBlocksWithoutDataButConfigBlocksWhole() throws Exception {
    int before = net.orderer(1).streams(SeekContentType.HEADER_WITH_SIG);
    List<Block> got = blocks(stream(1, SeekContentType.HEADER_WITH_SIG), 4);
    for (int i = 0; i < 4; i++) {
      Block b = net.chain.block(i);
      assertThat(got.get(i)).isEqualTo(ConfigBlocks.holdsConfig(b) ? b
          : b.toBuilder().clearData().build());
    }
    assertThat(got.get(1).hasData()).isFalse();
    assertThat(got.get(2)).isEqualTo(net.chain.block(2));
    assertThat(net.orderer(1).streams(SeekContentType.HEADER_WITH_SIG)).isEqualTo(before + 1);
    assertThat(blocks(stream(1, SeekContentType.BLOCK), 4)).isEqualTo(net.chain.blocks());
  }

  @Test
  void aCensoringOrdererWithholdsBlocksButNotHeaders() throws Exception {
    net.orderer(2).withholdBlocks = true;
    DeliverStream full = stream(2, SeekContentType.BLOCK);
    assertThat(full.next(QUIET)).isNull();
    assertThat(blocks(stream(2, SeekContentType.HEADER_WITH_SIG), 4)).hasSize(4);
    net.orderer(2).withholdBlocks = false;
    assertThat(blocks(full, 4)).isEqualTo(net.chain.blocks());
  }

  @Test
  void aStalledOrdererSendsNothingAndKeepsTheStream() throws Exception {
    net.orderer(3).stalled = true;
    DeliverStream headers = stream(3, SeekContentType.HEADER_WITH_SIG);
    DeliverStream full = stream(3, SeekContentType.BLOCK);
    assertThat(headers.next(QUIET)).isNull();
    assertThat(full.next(Duration.ofMillis(50))).isNull();
    net.orderer(3).stalled = false;
    assertThat(blocks(headers, 1)).hasSize(1);
  }

  @Test
  void headerTamperChangesOnlyHeaders() throws Exception {
    net.orderer(4).headerTamper = b -> b.toBuilder().clearMetadata().build();
    List<Block> headers = blocks(stream(4, SeekContentType.HEADER_WITH_SIG), 4);
    assertThat(headers).allSatisfy(b -> assertThat(b.hasMetadata()).isFalse());
    assertThat(blocks(stream(4, SeekContentType.BLOCK), 4)).isEqualTo(net.chain.blocks());
  }
}

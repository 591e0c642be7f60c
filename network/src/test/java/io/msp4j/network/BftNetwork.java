package io.msp4j.network;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Four fake orderers serving a {@link BftTestChain}, for tests of a BFT follower: each {@link
 * FakeOrderingService} listens with its own orderer's TLS certificate, the genesis names their
 * ports, and {@link #publish()} hands every orderer the blocks it does not have yet.
 *
 * <pre>{@code
 * try (BftNetwork net = BftNetwork.start(tmp)) {
 *   net.chain.appendTransactions(2);          // signed by consenters 1..3
 *   net.chain.appendConsenterRemoval(4);
 *   net.publish();                            // all four serve blocks 0..2
 *   net.orderer(2).withholdBlocks = true;     // a censoring orderer
 *   ConnectionOptions o = net.connection().build();
 * }
 * }</pre>
 */
public final class BftNetwork implements AutoCloseable {
  public final BftTestChain chain;
  private final List<FakeOrderingService> orderers;

  private BftNetwork(BftTestChain chain, List<FakeOrderingService> orderers) {
    this.chain = chain;
    this.orderers = List.copyOf(orderers);
  }

  /** Generates the crypto under {@code dir}, starts the four orderers, makes and serves genesis. */
  public static BftNetwork start(Path dir) throws IOException {
    BftTestChain chain = new BftTestChain(dir);
    List<FakeOrderingService> started = new ArrayList<>();
    try {
      for (int id = 1; id <= BftTestChain.ORDERERS; id++) {
        started.add(FakeOrderingService.start(chain.tlsDir(id), null, List.of()));
      }
    } catch (IOException | RuntimeException e) {
      started.forEach(FakeOrderingService::close);
      throw e;
    }
    chain.genesis(started.stream().map(s -> s.endpoint().port()).toList());
    BftNetwork net = new BftNetwork(chain, started);
    net.publish();
    return net;
  }

  /** The fake orderer of consenter {@code id} (1-based). */
  public FakeOrderingService orderer(int id) {
    return orderers.get(id - 1);
  }

  /** The four fake orderers, consenter 1 first. */
  public List<FakeOrderingService> orderers() {
    return orderers;
  }

  /** Every orderer's endpoint, consenter 1 first. */
  public List<Endpoint> endpoints() {
    return orderers.stream().map(FakeOrderingService::endpoint).toList();
  }

  /** Hands each orderer the blocks of the chain it does not serve yet. */
  public void publish() {
    List<org.hyperledger.fabric.protos.common.Block> blocks = chain.blocks();
    for (FakeOrderingService o : orderers) {
      o.chain.addAll(blocks.subList(Math.min(o.chain.size(), blocks.size()), blocks.size()));
    }
  }

  /**
   * Connection options trusting the orderers' TLS CA, naming every endpoint (their certificates
   * are valid for 127.0.0.1).
   */
  public ConnectionOptions.Builder connection() throws IOException {
    ConnectionOptions.Builder b = ConnectionOptions.builder()
        .tlsRootCert("ca.crt", Files.readAllBytes(chain.tlsDir(1).resolve("ca.crt")))
        .connectTimeout(Duration.ofSeconds(2));
    endpoints().forEach(b::endpoint);
    return b;
  }

  @Override
  public void close() {
    orderers.forEach(FakeOrderingService::close);
  }
}

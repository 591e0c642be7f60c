package io.msp4j.bench;

import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BftTestChain;
import io.msp4j.network.BlockStreamVerifier;
import io.msp4j.network.HeaderWatch;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Block;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What watching the other orderers' headers costs a BFT follower (DELIVER-BFT-01/02), side by
 * side in one run on {@link BftHeaderStream}: {@code blocksOnly} verifies the block stream as a
 * follower that watches nothing; {@code blocksAndHeaders} verifies the same blocks as the BFT
 * follower does (orderer signatures through its memo) and, for each block, the three other
 * orderers' headers, each stream with its own verifier, as the follower's header receivers do.
 * One thread, so time is CPU time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class HeaderWatchBench {
  /** Which orderers' signatures each block and header carries (see {@link BftHeaderStream}). */
  @Param({"same", "rotating", "mixed"})
  public String shape;

  private BftHeaderStream stream;
  private BlockStreamVerifier plain;
  private BlockStreamVerifier watching;
  private List<HeaderWatch.HeaderStream> headerStreams;

  /** Each side's channel, kept loaded between runs as a follower keeps it. */
  private ReloadingChannel plainChannel;
  private ReloadingChannel watchingChannel;

  @Setup(Level.Trial)
  public void load() {
    stream = BftHeaderStream.generate(shape);
    plainChannel = ReloadingChannel.builder("plain").build();
    watchingChannel = ReloadingChannel.builder("watching").build();
  }

  @Setup(Level.Invocation)
  public void anchor() {
    byte[] genesis = stream.genesis.toByteArray();
    plain = BlockStreamVerifier.anchor(BftTestChain.CHANNEL, genesis, plainChannel).verifier();
    HeaderWatch watch = HeaderWatch.anchor(BftTestChain.CHANNEL, genesis, watchingChannel);
    watching = watch.blocks();
    headerStreams = List.of(watch.headerStream(), watch.headerStream(), watch.headerStream());
  }

  @Benchmark
  public void blocksOnly(Blackhole bh) {
    for (Block b : stream.blocks) {
      bh.consume(plain.verify(b));
    }
  }

  @Benchmark
  public void blocksAndHeaders(Blackhole bh) {
    for (int i = 0; i < stream.blocks.size(); i++) {
      bh.consume(watching.verify(stream.blocks.get(i)));
      for (int k = 0; k < 3; k++) {
        Optional<String> refused = headerStreams.get(k).verify(stream.headers.get(k).get(i));
        if (refused.isPresent()) {
          throw new IllegalStateException(refused.get());
        }
      }
    }
  }
}

package io.msp4j.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.Principal;
import io.msp4j.metrics.ValidationMetrics;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the meter binders of {@code msp4j-metrics} cost, each side by side with the same work
 * unobserved, in one run: a {@link CachingMsp} hit ({@code deserialize} + {@code validate} + one
 * MEMBER principal, as {@code ValidateBench.cachedHit}) without and with a bound {@link
 * ValidationMetrics} observing its caches; and a real follower following 1,000 blocks of 100
 * transactions from the fake orderer ({@link MetricsFollowFixture}) without and with every
 * follower meter bound. {@link MetricsCostTimes} measures the same as CPU time, in pairs.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
public class MetricsCostBench {

  /** A caching MSP over the root-issued fixture that has seen its 64 identities, per side. */
  @State(Scope.Thread)
  public static class Hits {
    @Param({"false", "true"})
    public boolean observed;

    CachingMsp msp;
    List<byte[]> identities;
    MSPPrincipal member;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      Fixtures f = Fixtures.build(false, 0, 64);
      if (observed) {
        ValidationMetrics meters = ValidationMetrics.forMsp(Fixtures.MSP_ID);
        meters.bindTo(new SimpleMeterRegistry());
        msp = CachingMsp.wrap(f.msp, CachingMsp.DEFAULT_CAPACITY, meters);
      } else {
        msp = CachingMsp.wrap(f.msp);
      }
      identities = f.identities;
      member = Principal.Role.member(Fixtures.MSP_ID).toProto();
      for (byte[] id : identities) {
        Identity identity = msp.deserialize(id);
        msp.validate(identity);
        msp.satisfies(identity, member);
      }
    }
  }

  /** The follower and the fake orderer, per side. */
  @State(Scope.Benchmark)
  public static class Follow {
    @Param({"false", "true"})
    public boolean bound;

    MetricsFollowFixture fixture;

    @Setup(Level.Trial)
    public void start() {
      fixture = new MetricsFollowFixture();
    }

    @TearDown(Level.Trial)
    public void stop() {
      fixture.close();
    }
  }

  /** A cache hit of all three caches, the MSP observed or not. */
  @Benchmark
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  @Warmup(iterations = 5, time = 2)
  @Measurement(iterations = 5, time = 2)
  public Identity cachedHit(Hits s) {
    Identity id = s.msp.deserialize(s.identities.get(s.next++ & 63));
    s.msp.validate(id);
    s.msp.satisfies(id, s.member);
    return id;
  }

  /** Following the whole stream once, the meters bound or not. */
  @Benchmark
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  public void followStream(Follow s, Blackhole bh) {
    bh.consume(s.fixture.follow(s.bound));
  }
}

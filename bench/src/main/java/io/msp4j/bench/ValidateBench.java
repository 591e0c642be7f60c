package io.msp4j.bench;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.Principal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * Deserialise and validate an identity the MSP has not seen before (NodeOUs on, MSP v3.0),
 * issued by the root or by an intermediate CA. Fabric v2.5 on this kind of machine: 366 µs and
 * 718 µs. And the same through the caching MSP when it has seen the identity before, with one
 * principal check ({@link #cachedHit}; Fabric: 0.52 µs).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ValidateBench {

  /** Identities issued by the root. */
  @State(Scope.Benchmark)
  public static class Root {
    Fixtures fixtures;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      fixtures = Fixtures.build(false, 0, 512);
    }
  }

  /** Identities issued by an intermediate CA. */
  @State(Scope.Benchmark)
  public static class Intermediate {
    Fixtures fixtures;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      fixtures = Fixtures.build(true, 0, 512);
    }
  }

  /**
   * A caching MSP over the root-issued fixture that has seen 64 identities (fewer than its 100
   * entries): every call hits all three of its caches.
   */
  @State(Scope.Benchmark)
  public static class Cached {
    CachingMsp msp;
    List<byte[]> identities;
    MSPPrincipal member;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      Fixtures f = Fixtures.build(false, 0, 64);
      msp = CachingMsp.wrap(f.msp);
      identities = f.identities;
      member = Principal.Role.member(Fixtures.MSP_ID).toProto();
      for (byte[] id : identities) {
        Identity identity = msp.deserialize(id);
        msp.validate(identity);
        msp.satisfies(identity, member);
      }
    }
  }

  static Identity validateNext(Fixtures f, int i) {
    List<byte[]> ids = f.identities;
    Identity id = f.msp.deserialize(ids.get(i % ids.size()));
    f.msp.validate(id);
    return id;
  }

  @Benchmark
  public Identity newIdentityRoot(Root s) {
    return validateNext(s.fixtures, s.next++);
  }

  @Benchmark
  public Identity newIdentityIntermediate(Intermediate s) {
    return validateNext(s.fixtures, s.next++);
  }

  /** Deserialise, validate and check the MEMBER principal through the caches: all hits. */
  @Benchmark
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public Identity cachedHit(Cached s) {
    Identity id = s.msp.deserialize(s.identities.get(s.next++ & 63));
    s.msp.validate(id);
    s.msp.satisfies(id, s.member);
    return id;
  }
}

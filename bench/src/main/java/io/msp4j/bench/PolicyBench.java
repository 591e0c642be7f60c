package io.msp4j.bench;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.policy.EvaluationOptions;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.ImplicitMetaPolicies;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.x509.X509Msps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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

/**
 * An endorsement check as a peer makes it: the channel's {@code MAJORITY Endorsement}
 * implicit-meta policy over one {@code OR('OrgNMSP.peer')} signature policy per organisation,
 * given one valid peer signature per organisation over a 2 KiB proposal response. The MSPs are
 * X.509 MSPs at version 3.0 with NodeOUs, wrapped in {@link CachingMsp} behind one {@link
 * MspManager}, as a channel holds them. Each operation uses the next of 256 signature sets, so
 * every signer is an identity the caches (100 entries per MSP) have not seen recently: each
 * operation deserialises, verifies and validates afresh. With {@code parallel}, the signatures of
 * one evaluation are verified on a pool of as many threads as there are processors.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class PolicyBench {
  private static final int SETS = 256;

  @Param({"2", "10"})
  public int orgs;

  @Param({"false", "true"})
  public boolean parallel;

  private ExecutorService pool;
  private Policy endorsement;
  private List<List<SignedData>> sets;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    PolicyFixtures f = PolicyFixtures.build(orgs, SETS);
    List<Msp> msps = new ArrayList<>();
    for (int o = 0; o < orgs; o++) {
      msps.add(CachingMsp.wrap(X509Msps.setup(f.mspConfigs.get(o), MspVersion.V3_0)));
    }
    IdentityDeserializer channel = MspManager.of(msps)::deserialize;
    EvaluationOptions options = EvaluationOptions.defaults();
    if (parallel) {
      int threads = Runtime.getRuntime().availableProcessors();
      pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "policy-verify");
        t.setDaemon(true);
        return t;
      });
      options = EvaluationOptions.builder().executor(pool).parallelism(threads).build();
    }
    Map<String, Policy> children = new LinkedHashMap<>();
    for (int o = 0; o < orgs; o++) {
      children.put("Org" + (o + 1), SignaturePolicies.compile(
          PolicyDsl.compile("OR('" + f.mspIds.get(o) + ".peer')"), channel, options));
    }
    endorsement = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("MAJORITY Endorsement"), children);
    sets = f.signatureSets;
    for (List<SignedData> set : sets) {
      endorsement.evaluate(set).check();
    }
    Fixtures.collectSetUpGarbage();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  /** One endorsement check with signers not seen recently. */
  @Benchmark
  public PolicyResult endorsement() {
    List<SignedData> set = sets.get(next);
    next = next + 1 == SETS ? 0 : next + 1;
    return endorsement.evaluate(set);
  }
}

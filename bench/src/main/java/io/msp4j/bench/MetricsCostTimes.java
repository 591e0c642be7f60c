package io.msp4j.bench;

import com.sun.management.OperatingSystemMXBean;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.Principal;
import io.msp4j.metrics.ValidationMetrics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * The work {@link MetricsCostBench} times, as pairs of CPU times in one process: each pair does
 * the same work once without and once with the meters (in alternating order), and the ratio of
 * each pair is what the meters cost under the same conditions, which separate forks on a noisy
 * two-core machine do not give. The median and the tails of the ratios are printed.
 *
 * <ul>
 *   <li>{@code follow PAIRS}: a real follower over the fake orderer, 1,000 blocks of 100
 *       transactions per run ({@link MetricsFollowFixture}); the follower thread's CPU time per
 *       block (verification, listeners, meters) and the whole process's (the fake orderer, gRPC
 *       and TLS on both sides too);
 *   <li>{@code hit PAIRS}: {@value #HITS} cache hits of a {@link CachingMsp} ({@code
 *       deserialize} + {@code validate} + one MEMBER principal) per side, thread CPU time per hit.
 * </ul>
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.MetricsCostTimes follow 20</pre>
 */
public final class MetricsCostTimes {
  static final int HITS = 2_000_000;

  private MetricsCostTimes() {}

  public static void main(String[] args) {
    String what = args.length > 0 ? args[0] : "hit";
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    switch (what) {
      case "follow" -> follow(pairs);
      case "hit" -> hits(pairs);
      default -> throw new IllegalArgumentException("follow or hit, not " + what);
    }
  }

  private static void follow(int pairs) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try (MetricsFollowFixture f = new MetricsFollowFixture()) {
      for (int i = 0; i < Math.max(2, pairs / 4); i++) { // warm-up, not counted
        f.follow(false);
        f.follow(true);
      }
      double[][] thread = new double[2][pairs];
      double[][] process = new double[2][pairs];
      for (int i = 0; i < pairs; i++) {
        for (int k = 0; k < 2; k++) {
          boolean bound = (k == 0) == (i % 2 == 1);
          int side = bound ? 1 : 0;
          long t = threads.getCurrentThreadCpuTime();
          long p = os.getProcessCpuTime();
          f.follow(bound);
          thread[side][i] = (threads.getCurrentThreadCpuTime() - t) / 1e3 / f.blocksPerRun();
          process[side][i] = (os.getProcessCpuTime() - p) / 1e3 / f.blocksPerRun();
        }
      }
      report("follow, follower thread CPU per block", "µs", thread, pairs);
      report("follow, process CPU per block", "µs", process, pairs);
    }
  }

  private static void hits(int pairs) {
    Fixtures fx = Fixtures.build(false, 0, 64);
    ValidationMetrics meters = ValidationMetrics.forMsp(Fixtures.MSP_ID);
    meters.bindTo(new SimpleMeterRegistry());
    CachingMsp[] msps = {CachingMsp.wrap(fx.msp),
        CachingMsp.wrap(fx.msp, CachingMsp.DEFAULT_CAPACITY, meters)};
    MSPPrincipal member = Principal.Role.member(Fixtures.MSP_ID).toProto();
    for (int i = 0; i < 5; i++) { // warm-up, not counted
      hitLoop(msps[0], fx.identities, member);
      hitLoop(msps[1], fx.identities, member);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] cpu = new double[2][pairs];
    for (int i = 0; i < pairs; i++) {
      for (int k = 0; k < 2; k++) {
        int side = (k == 0) == (i % 2 == 1) ? 1 : 0;
        long t = threads.getCurrentThreadCpuTime();
        hitLoop(msps[side], fx.identities, member);
        cpu[side][i] = (double) (threads.getCurrentThreadCpuTime() - t) / HITS;
      }
    }
    report("cache hit, thread CPU per hit", "ns", cpu, pairs);
  }

  private static int hitLoop(CachingMsp msp, List<byte[]> ids, MSPPrincipal member) {
    int h = 0;
    for (int i = 0; i < HITS; i++) {
      Identity id = msp.deserialize(ids.get(i & 63));
      msp.validate(id);
      msp.satisfies(id, member);
      h += System.identityHashCode(id) & 1;
    }
    return h;
  }

  private static void report(String what, String unit, double[][] sides, int pairs) {
    double[] ratio = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      ratio[i] = sides[1][i] / sides[0][i];
    }
    double[] without = sides[0].clone();
    double[] with = sides[1].clone();
    Arrays.sort(without);
    Arrays.sort(with);
    Arrays.sort(ratio);
    System.out.printf(Locale.ROOT, "%s, %d pairs: without %.2f %s, with %.2f %s (medians);"
            + " ratio median %.4fx, p10 %.4fx, p90 %.4fx%n", what, pairs, at(without, 0.5), unit,
        at(with, 0.5), unit, at(ratio, 0.5), at(ratio, 0.1), at(ratio, 0.9));
  }

  private static double at(double[] sorted, double q) {
    return sorted[Math.min(sorted.length - 1, (int) (q * sorted.length))];
  }
}

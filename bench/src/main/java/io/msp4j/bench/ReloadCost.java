package io.msp4j.bench;

import com.sun.management.ThreadMXBean;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.core.Msp;
import io.msp4j.core.reload.ReloadResult;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * What one reload of {@link ReloadBench}'s folder costs its thread: the bytes it allocates (which
 * the collector must reclaim while callers run) and its CPU and wall time. Each reload follows
 * change {@code k} of a {@link ReloadFixture} (a second admin toggled, the CRL swapped for one
 * differing by a serial each way), as in {@code ReloadBench.validateDuringReloads}. Prints every
 * reload, then the medians over the second half (the first half is warm-up).
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ReloadCost [crlSize] [reloads]</pre>
 */
public final class ReloadCost {
  private ReloadCost() {}

  public static void main(String[] args) {
    int crlSize = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int reloads = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    double[] mb = new double[reloads];
    double[] cpu = new double[reloads];
    double[] wall = new double[reloads];
    try (ReloadFixture fixture = new ReloadFixture(crlSize);
        MspFolderWatcher watcher = fixture.watch()) {
      for (int k = 0; k < reloads; k++) {
        fixture.change(k + 1);
        long bytes = mx.getCurrentThreadAllocatedBytes();
        long cpuStart = mx.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        ReloadResult<Msp> r = watcher.reloadNow();
        wall[k] = (System.nanoTime() - start) / 1e6;
        cpu[k] = (mx.getCurrentThreadCpuTime() - cpuStart) / 1e6;
        mb[k] = (mx.getCurrentThreadAllocatedBytes() - bytes) / 1e6;
        if (r.status() != ReloadResult.Status.APPLIED) {
          throw new IllegalStateException("reload " + (k + 1) + " was not applied: " + r);
        }
        System.out.printf("reload %d: allocated %.1f MB, CPU %.1f ms, wall %.1f ms%n", k + 1, mb[k], cpu[k], wall[k]);
      }
    }
    int from = reloads / 2;
    System.out.printf("crlSize=%d, median of reloads %d..%d: allocated %.1f MB, CPU %.1f ms, wall %.1f ms%n",
        crlSize, from + 1, reloads, median(mb, from), median(cpu, from), median(wall, from));
  }

  private static double median(double[] v, int from) {
    double[] s = Arrays.copyOfRange(v, from, v.length);
    Arrays.sort(s);
    return s[s.length / 2];
  }
}

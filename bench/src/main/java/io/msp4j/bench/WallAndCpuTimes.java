package io.msp4j.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Wall-clock time of each run and process CPU time per run of an operation, after a warm-up of
 * the same length: what the Fabric programs beside the benchmarks print, for comparisons on a
 * machine too loaded for wall-clock time alone. CPU time includes the JVM's compiler and
 * collector threads.
 *
 * @param sortedNanos the wall-clock time of each measured run, ascending (at least 3 runs)
 * @param cpuMillisPerRun process CPU time over the measured runs, divided by their number
 */
record WallAndCpuTimes(long[] sortedNanos, double cpuMillisPerRun) {
  private static final int MAX_RUNS = 1 << 16;

  /** Runs {@code op} for {@code seconds} untimed, then for {@code seconds} timed. */
  static WallAndCpuTimes measure(double seconds, Runnable op) {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long warmUntil = System.nanoTime() + (long) (seconds * 1e9);
    do {
      op.run();
    } while (System.nanoTime() < warmUntil);
    long[] times = new long[MAX_RUNS];
    int n = 0;
    long cpuStart = os.getProcessCpuTime();
    long until = System.nanoTime() + (long) (seconds * 1e9);
    do {
      long t = System.nanoTime();
      op.run();
      times[n++] = System.nanoTime() - t;
    } while ((System.nanoTime() < until || n < 3) && n < times.length);
    double cpu = (os.getProcessCpuTime() - cpuStart) / 1e6 / n;
    long[] sorted = Arrays.copyOf(times, n);
    Arrays.sort(sorted);
    return new WallAndCpuTimes(sorted, cpu);
  }

  int runs() {
    return sortedNanos.length;
  }

  double minMillis() {
    return sortedNanos[0] / 1e6;
  }

  double medianMillis() {
    return sortedNanos[sortedNanos.length / 2] / 1e6;
  }

  double meanMillis() {
    return Arrays.stream(sortedNanos).average().orElse(0) / 1e6;
  }
}

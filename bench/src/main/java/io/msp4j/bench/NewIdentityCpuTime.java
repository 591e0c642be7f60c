package io.msp4j.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The cost of a new identity beyond its one signature check, on a shared machine: alternates
 * batches of {@link ValidateBench#newIdentityRoot}, {@link VerifyBench#p256Native}, {@link
 * VerifyBench#p256BouncyCastle} and {@link VerifyBench#p256NativeDistinct} in one thread and
 * measures each batch in thread CPU time, which other processes' load disturbs much less than
 * wall-clock time. Prints the median per operation and the medians over rounds of newIdentityRoot
 * / min(p256Native, p256BouncyCastle) and newIdentityRoot / p256NativeDistinct taken within each
 * round. The first half as many rounds again are warm-up.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.NewIdentityCpuTime [rounds] [batch]</pre>
 */
public final class NewIdentityCpuTime {
  private static final String[] NAMES =
      {"newIdentityRoot", "p256Native", "p256BouncyCastle", "p256NativeDistinct"};

  private NewIdentityCpuTime() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int batch = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ValidateBench.Root root = new ValidateBench.Root();
    root.setUp();
    VerifyBench verify = new VerifyBench();
    verify.setUp();
    ValidateBench validate = new ValidateBench();
    double[][] micros = new double[NAMES.length][rounds];
    int kept = 0;
    for (int r = -rounds / 2; r < rounds; r++) {
      for (int k = 0; k < NAMES.length; k++) {
        long start = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < batch; i++) {
          Object result = switch (k) {
            case 0 -> validate.newIdentityRoot(root);
            case 1 -> verify.p256Native();
            case 2 -> verify.p256BouncyCastle();
            default -> verify.p256NativeDistinct();
          };
          kept += result.hashCode() & 1;
        }
        if (r >= 0) {
          micros[k][r] = (threads.getCurrentThreadCpuTime() - start) / 1000.0 / batch;
        }
      }
    }
    for (int k = 0; k < NAMES.length; k++) {
      double[] sorted = micros[k].clone();
      Arrays.sort(sorted);
      System.out.printf("%-17s %6.1f us CPU per operation (median; min %.1f, max %.1f)%n",
          NAMES[k], sorted[rounds / 2], sorted[0], sorted[rounds - 1]);
    }
    double[] ratios = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      ratios[r] = micros[0][r] / Math.min(micros[1][r], micros[2][r]);
    }
    Arrays.sort(ratios);
    System.out.printf("newIdentityRoot / faster signature check: %.2fx (median of %d rounds; "
        + "min %.2f, max %.2f)%n", ratios[rounds / 2], rounds, ratios[0], ratios[rounds - 1]);
    double[] distinct = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      distinct[r] = micros[0][r] / micros[3][r];
    }
    Arrays.sort(distinct);
    System.out.printf("newIdentityRoot / p256NativeDistinct: %.2fx (median of %d rounds; "
        + "min %.2f, max %.2f) [%d]%n", distinct[rounds / 2], rounds, distinct[0],
        distinct[rounds - 1], kept & 1);
  }
}

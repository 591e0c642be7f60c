package io.msp4j.config;

import static io.msp4j.config.ReloadFixtures.MSP_ID;
import static io.msp4j.config.ReloadFixtures.serialized;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.config.ReloadFixtures.Recorder;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.ReloadingMsp;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several threads validate without pause while the folder changes 100 times under a watcher on
 * its own thread. Configuration {@code v} revokes leaf {@code v % LEAVES} (none for v = 0), so
 * generation {@code g} serves configuration {@code g - 1} and every verdict can be checked
 * against the generation that gave it. No call may fail for any other reason.
 */
class ReloadSoakTest {
  private static final int CHANGES = 100;
  private static final int LEAVES = 8;
  private static final int THREADS = 2;

  @TempDir Path tmp;

  private final ReloadFixtures f = new ReloadFixtures("soak");

  /** Which leaf configuration {@code v} revokes, -1 for none. */
  private static int revokedIn(long v) {
    return v == 0 ? -1 : (int) (v % LEAVES);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  @Tag("CORE-03")
  @Tag("CORE-07")
  void validationsDuringAHundredReloadsNeverFailAndAlwaysMatchTheirGeneration() throws Exception {
    List<IssuedCertificate> leaves = new ArrayList<>();
    List<byte[]> serialized = new ArrayList<>();
    for (int i = 0; i < LEAVES; i++) {
      IssuedCertificate c = f.pki.leaf("C=US,O=Org1,OU=peer,CN=peer" + i + ".org1", f.ica);
      leaves.add(c);
      serialized.add(serialized(c));
    }
    List<String> crls = new ArrayList<>();
    for (int i = 0; i < LEAVES; i++) {
      crls.add(f.pki.crl(f.ica).revoke(leaves.get(i)).build().pem());
    }
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    Recorder recorder = new Recorder();
    List<Throwable> problems = new CopyOnWriteArrayList<>();
    AtomicLong calls = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID)
        .settleWindow(Duration.ZERO).listener(recorder).start()) {
      ReloadingMsp msp = w.msp();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int seed = t;
        Thread th = new Thread(() -> {
          int i = seed;
          while (!stop.get()) {
            int leaf = i++ % LEAVES;
            try {
              check(msp, serialized.get(leaf), leaf);
              calls.incrementAndGet();
            } catch (Throwable e) {
              problems.add(e);
            }
          }
        }, "soak-" + t);
        threads.add(th);
        th.start();
      }
      for (int v = 1; v <= CHANGES; v++) {
        // Written as a careful operator does: a temporary file renamed into place.
        Path staged = dir.resolve("crl.pem.tmp");
        Files.writeString(staged, crls.get(revokedIn(v)));
        Files.createDirectories(dir.resolve("crls"));
        Files.move(staged, dir.resolve("crls/crl.pem"), StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        msp.awaitGeneration(v + 1, Duration.ofSeconds(60));
      }
      stop.set(true);
      for (Thread th : threads) {
        th.join();
      }
      assertThat(problems).isEmpty();
      assertThat(recorder.failures).isEmpty();
      assertThat(recorder.reloads).extracting(g -> g.number())
          .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, CHANGES + 1).boxed().toList());
      assertThat(calls.get()).isGreaterThan(CHANGES);
    }
  }

  /**
   * One identity asked both ways: its own validate answers with the generation that made it; the
   * reloading MSP answers with a generation served at some moment during the call.
   */
  private static void check(ReloadingMsp msp, byte[] serialized, int leaf) {
    Identity id = msp.deserialize(serialized);
    long made = msp.generationOf(id).orElseThrow().number();
    boolean valid = verdict(id::validate);
    if (valid == (revokedIn(made - 1) == leaf)) {
      throw new AssertionError("generation " + made + " said valid=" + valid + " for leaf " + leaf);
    }
    long before = msp.generation();
    boolean now = verdict(() -> msp.validate(id));
    long after = msp.generation();
    boolean explained = false;
    for (long g = before; g <= after && !explained; g++) {
      explained = now != (revokedIn(g - 1) == leaf);
    }
    if (!explained) {
      throw new AssertionError("generations " + before + ".." + after + " cannot give valid=" + now
          + " for leaf " + leaf);
    }
  }

  private static boolean verdict(Runnable validation) {
    try {
      validation.run();
      return true;
    } catch (IdentityException e) {
      if (e.reason() != Reason.REVOKED || !e.rule().equals("VALIDATE-CRL-02")) {
        throw e;
      }
      return false;
    }
  }
}

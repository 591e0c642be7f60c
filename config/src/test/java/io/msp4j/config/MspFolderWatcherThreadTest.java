package io.msp4j.config;

import static io.msp4j.config.ReloadFixtures.MSP_ID;
import static io.msp4j.config.ReloadFixtures.serialized;
import static io.msp4j.config.ReloadFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.ReloadFixtures.Recorder;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.ReloadingMsp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder watcher on its own thread, woken by file-system events or by polling. These tests
 * wait for the generation they expect (an explicit hook, not a sleep), with a generous timeout
 * for a loaded machine; they normally end a few tens of milliseconds after the write.
 */
class MspFolderWatcherThreadTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir Path tmp;

  private final ReloadFixtures f = new ReloadFixtures("watcher-thread");
  private final Recorder recorder = new Recorder();

  private IdentityException peerFailure(ReloadingMsp msp) {
    return assertThrows(IdentityException.class, () -> msp.validate(msp.deserialize(serialized(f.peer))));
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void fileSystemEventsWakeTheWatcherLongBeforeItWouldPoll() throws Exception {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    List<Thread> made = new CopyOnWriteArrayList<>();
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID)
        .settleWindow(Duration.ofMillis(20)).pollInterval(Duration.ofHours(1))
        .threadFactory(r -> {
          Thread t = new Thread(r, "test-watch");
          t.setDaemon(true);
          made.add(t);
          return t;
        })
        .listener(recorder).start()) {
      assertThat(w.usesEvents()).isTrue();
      assertThat(made).hasSize(1);
      write(dir.resolve("crls/crl.pem"), f.pki.crl(f.ica).revoke(f.peer).build().pem());
      w.msp().awaitGeneration(2, TIMEOUT);
      assertThat(peerFailure(w.msp()).reason()).isEqualTo(Reason.REVOKED);
      w.close();
      assertThat(made.get(0).isAlive()).isFalse();
    }
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void forcedPollingPicksUpAChangeWithoutEvents() throws Exception {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID).forcePolling(true)
        .pollInterval(Duration.ofMillis(20)).settleWindow(Duration.ofMillis(20))
        .listener(recorder).start()) {
      assertThat(w.usesEvents()).isFalse();
      write(dir.resolve("crls/crl.pem"), f.pki.crl(f.ica).revoke(f.peer).build().pem());
      w.msp().awaitGeneration(2, TIMEOUT);
      assertThat(peerFailure(w.msp()).reason()).isEqualTo(Reason.REVOKED);
    }
  }

  @Test
  @Tag("FOLDER-02")
  void kubernetesSymlinkSwapsAreHeardThroughTheNewDirectories() throws Exception {
    Path mount = tmp.resolve("mount");
    ReloadFixtures.kubernetesMount(mount, f.base().build(), "2026_03_01_12_00_00.1");
    try (MspFolderWatcher w = MspFolderWatcher.builder(mount, MSP_ID)
        .settleWindow(Duration.ofMillis(20)).pollInterval(Duration.ofHours(1))
        .listener(recorder).start()) {
      ReloadFixtures.kubernetesMount(mount,
          f.base().crl(f.pki.crl(f.ica).revoke(f.peer).build()).build(), "2026_03_01_12_05_00.2");
      w.msp().awaitGeneration(2, TIMEOUT);
      assertThat(peerFailure(w.msp()).reason()).isEqualTo(Reason.REVOKED);
      ReloadFixtures.kubernetesMount(mount,
          f.base().crl(f.pki.crl(f.ica).revoke(f.user).build()).build(), "2026_03_01_12_10_00.3");
      w.msp().awaitGeneration(3, TIMEOUT);
      w.msp().validate(w.msp().deserialize(serialized(f.peer)));
      assertThat(recorder.failures).isEmpty();
      assertThat(recorder.reloads).extracting(g -> g.number()).containsExactly(1L, 2L, 3L);
    }
  }

  @Test
  void listenersAreToldOnTheWatchersThread() throws Exception {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    List<String> threads = new CopyOnWriteArrayList<>();
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID)
        .settleWindow(Duration.ofMillis(20))
        .listener(new io.msp4j.core.reload.ReloadListener<io.msp4j.core.Msp>() {
          @Override
          public void reloaded(io.msp4j.core.reload.Generation<? extends io.msp4j.core.Msp> g) {
            threads.add(Thread.currentThread().getName());
          }
        }).start()) {
      write(dir.resolve("crls/crl.pem"), f.pki.crl(f.ica).revoke(f.peer).build().pem());
      w.msp().awaitGeneration(2, TIMEOUT);
      assertThat(threads).containsExactly(Thread.currentThread().getName(), "msp4j-watch-" + MSP_ID);
    }
  }
}

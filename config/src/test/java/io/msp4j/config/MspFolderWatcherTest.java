package io.msp4j.config;

import static io.msp4j.config.ReloadFixtures.MSP_ID;
import static io.msp4j.config.ReloadFixtures.serialized;
import static io.msp4j.config.ReloadFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.ReloadFixtures.ManualTicker;
import io.msp4j.config.ReloadFixtures.Recorder;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.MspChange.Action;
import io.msp4j.core.reload.MspChange.Kind;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.core.reload.ReloadResult.Status;
import io.msp4j.core.reload.ReloadingMsp;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder watcher on its manual trigger: each step is taken by the test with a ticker it moves,
 * so settling is exact and nothing sleeps.
 */
class MspFolderWatcherTest {
  private static final Duration SETTLE = Duration.ofMillis(MspFolderWatcher.DEFAULT_SETTLE_MILLIS);

  @TempDir Path tmp;

  private final ReloadFixtures f = new ReloadFixtures("watcher");
  private final ManualTicker ticker = new ManualTicker();
  private final Recorder recorder = new Recorder();

  private MspFolderWatcher manual(Path dir) {
    return MspFolderWatcher.builder(dir, MSP_ID).manual().ticker(ticker).listener(recorder).start();
  }

  /** The change is seen, nothing is read until the folder has been quiet for the window. */
  private ReloadResult<Msp> settle(MspFolderWatcher w) {
    assertThat(w.checkNow()).isEmpty();
    ticker.advance(SETTLE.minusMillis(1));
    assertThat(w.checkNow()).isEmpty();
    ticker.advance(Duration.ofMillis(1));
    return w.checkNow().orElseThrow();
  }

  private static void valid(ReloadingMsp msp, IssuedCertificate c) {
    msp.validate(msp.deserialize(serialized(c)));
  }

  private static IdentityException invalid(ReloadingMsp msp, IssuedCertificate c) {
    return assertThrows(IdentityException.class, () -> msp.validate(msp.deserialize(serialized(c))));
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void aCrlDroppedIntoCrlsRevokesOnTheNextValidation() {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      ReloadingMsp msp = w.msp();
      valid(msp, f.peer);
      write(dir.resolve("crls/crl.pem"), f.pki.crl(f.ica).revoke(f.peer).build().pem());
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.APPLIED);
      assertThat(msp.generation()).isEqualTo(2);
      IdentityException e = invalid(msp, f.peer);
      assertThat(e.reason()).isEqualTo(Reason.REVOKED);
      assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
      valid(msp, f.user);
      assertThat(r.generation().changes()).singleElement().satisfies(c -> {
        assertThat(c.kind()).isEqualTo(Kind.REVOKED_SERIALS);
        assertThat(c.action()).isEqualTo(Action.ADDED);
        assertThat(c.count()).isEqualTo(1);
        assertThat(c.item()).contains("CN=ica.org1").endsWith(": " + f.peer.serial().toString(16));
      });
      assertThat(recorder.reloads).extracting(g -> g.number()).containsExactly(1L, 2L);
    }
  }

  @Test
  @Tag("SANITIZE-03")
  @Tag("VALIDATE-01")
  void anAddedIntermediateCaMakesTheIdentitiesItIssuedValid() {
    IssuedCertificate ica2 = f.pki.intermediateCa("C=US,O=Org1,CN=ica2.org1", f.root);
    IssuedCertificate icaPeer = f.pki.leaf("C=US,O=Org1,OU=peer,CN=peer1.org1", ica2);
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      ReloadingMsp msp = w.msp();
      IdentityException before = assertThrows(IdentityException.class, () -> msp.deserialize(serialized(icaPeer)));
      assertThat(before.reason()).isEqualTo(Reason.NO_CHAIN);
      write(dir.resolve("intermediatecerts/ica2.pem"), ica2.pem());
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.APPLIED);
      valid(msp, icaPeer);
      assertThat(r.generation().changes()).extracting(MspChange::kind, MspChange::action)
          .containsExactly(org.assertj.core.api.Assertions.tuple(Kind.INTERMEDIATE_CA, Action.ADDED));
    }
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void anUnparsableCaFileIsRefusedWhileTheOldMspKeepsAnsweringAndTheRepairIsApplied() {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      ReloadingMsp msp = w.msp();
      Identity held = msp.deserialize(serialized(f.peer));
      Path broken = dir.resolve("cacerts/zz-ca2.pem");
      write(broken, "-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n");
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.FAILED);
      assertThat(r.failure().rule()).isEqualTo("SETUP-PARSE-01");
      assertThat(r.failure().reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
      assertThat(r.failure().detail()).contains("cacerts/zz-ca2.pem");
      assertThat(r.failure().keptGeneration()).isEqualTo(1);
      assertThat(recorder.failures).containsExactly(r.failure());
      assertThat(msp.generation()).isEqualTo(1);
      valid(msp, f.peer);
      msp.validate(held);

      IssuedCertificate ca2 = f.pki.rootCa("C=US,O=Org1,CN=ca2.org1");
      write(broken, ca2.pem());
      ReloadResult<Msp> repaired = settle(w);
      assertThat(repaired.status()).isEqualTo(Status.APPLIED);
      assertThat(msp.generation()).isEqualTo(2);
      valid(msp, f.pki.leaf("C=US,O=Org1,OU=client,CN=User9@org1", ca2));
      assertThat(repaired.generation().changes()).extracting(MspChange::kind).containsExactly(Kind.ROOT_CA);
    }
  }

  @Test
  @Tag("CERT-ID-01")
  @Tag("NODEOU-03")
  void aNodeOuCertificateNoCaIssuedIsRefusedAndTheRepairedFolderIsApplied() {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      ReloadingMsp msp = w.msp();
      IssuedCertificate stranger = f.pki.rootCa("C=US,O=Elsewhere,CN=ca.elsewhere");
      write(dir.resolve("elsewhere/ca.pem"), stranger.pem());
      write(dir.resolve("config.yaml"), ReloadFixtures.nodeOus("elsewhere/ca.pem").toYaml());
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.FAILED);
      assertThat(r.failure().reason()).isEqualTo(Reason.OU_CERTIFICATE_INVALID);
      assertThat(r.failure().rule()).isEqualTo("CERT-ID-01");
      assertThat(r.failure().detail()).contains("ca.elsewhere");
      valid(msp, f.peer);

      write(dir.resolve("config.yaml"),
          ReloadFixtures.nodeOus("intermediatecerts/intermediatecert.pem").toYaml());
      ReloadResult<Msp> repaired = settle(w);
      assertThat(repaired.status()).isEqualTo(Status.APPLIED);
      assertThat(repaired.generation().changes()).singleElement().satisfies(c -> {
        assertThat(c.kind()).isEqualTo(Kind.NODE_OUS);
        assertThat(c.item()).contains("client 'client' -> 'client' certified by ");
      });
      valid(msp, f.peer);
    }
  }

  @Test
  void aChangeWrittenFileByFileOverASecondIsAppliedOnceComplete() {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    IssuedCertificate ica2 = f.pki.intermediateCa("C=US,O=Org1,CN=ica2.org1", f.root);
    IssuedCertificate icaAdmin = f.pki.leaf("C=US,O=Org1,OU=admin,CN=Admin2@org1", ica2);
    IssuedCertificate icaPeer = f.pki.leaf("C=US,O=Org1,OU=peer,CN=peer1.org1", ica2);
    IssuedCertificate tlsCa = f.pki.rootCa("C=US,O=Org1,CN=tlsca.org1");
    List<Runnable> steps = List.of(
        () -> write(dir.resolve("intermediatecerts/ica2.pem"), ica2.pem()),
        () -> write(dir.resolve("admincerts/admin2.pem"), icaAdmin.pem()),
        () -> write(dir.resolve("crls/ica.pem"), f.pki.crl(f.ica).revoke(f.user).build().pem()),
        () -> write(dir.resolve("tlscacerts/tlsca.pem"), tlsCa.pem()),
        () -> write(dir.resolve("crls/ica2.pem"), f.pki.crl(ica2).revoke(icaPeer).build().pem()));
    try (MspFolderWatcher w = manual(dir)) {
      // One step every 200 ms, the folder stamped every 100 ms and right after each step: the
      // folder is never seen quiet for the 200 ms window until the last step is 200 ms old.
      for (Runnable step : steps) {
        step.run();
        assertThat(w.checkNow()).isEmpty();
        ticker.advance(Duration.ofMillis(100));
        assertThat(w.checkNow()).isEmpty();
        ticker.advance(Duration.ofMillis(100));
      }
      // 200 ms after the last step: quiet for the window, read once.
      ReloadResult<Msp> r = w.checkNow().orElseThrow();
      assertThat(r.status()).isEqualTo(Status.APPLIED);
      assertThat(w.checkNow()).isEmpty();
      ticker.advance(Duration.ofSeconds(5));
      assertThat(w.checkNow()).isEmpty();
      assertThat(recorder.reloads).hasSize(2);
      assertThat(recorder.failures).isEmpty();
      assertThat(r.generation().changes()).extracting(MspChange::kind).containsExactlyInAnyOrder(
          Kind.INTERMEDIATE_CA, Kind.ADMIN, Kind.REVOKED_SERIALS, Kind.REVOKED_SERIALS, Kind.TLS_ROOT_CA);
      ReloadingMsp msp = w.msp();
      assertThat(invalid(msp, f.user).reason()).isEqualTo(Reason.REVOKED);
      assertThat(invalid(msp, icaPeer).reason()).isEqualTo(Reason.REVOKED);
      assertThat(msp.isSatisfied(msp.deserialize(serialized(icaAdmin)),
          io.msp4j.core.Principal.Role.admin(MSP_ID))).isTrue();
    }
  }

  @Test
  void anEditorsTemporaryFileRenamedOverTheOriginalIsAppliedOnce() throws Exception {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    IssuedCertificate admin2 = f.pki.leaf("C=US,O=Org1,OU=admin,CN=Admin2@org1", f.ica);
    try (MspFolderWatcher w = manual(dir)) {
      Path target = dir.resolve("admincerts/admincert.pem");
      Path swap = dir.resolve("admincerts/.admincert.pem.swp");
      write(swap, admin2.pem().substring(0, 40));
      assertThat(w.checkNow()).isEmpty();
      ticker.advance(Duration.ofMillis(50));
      write(swap, admin2.pem());
      assertThat(w.checkNow()).isEmpty();
      ticker.advance(Duration.ofMillis(50));
      Files.move(swap, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.APPLIED);
      assertThat(recorder.reloads).hasSize(2);
      assertThat(recorder.failures).isEmpty();
      assertThat(r.generation().changes()).extracting(MspChange::kind, MspChange::action).containsExactly(
          org.assertj.core.api.Assertions.tuple(Kind.ADMIN, Action.ADDED),
          org.assertj.core.api.Assertions.tuple(Kind.ADMIN, Action.REMOVED));
    }
  }

  @Test
  @Tag("FOLDER-02")
  void aFolderSwappedByRenamingASymlinkAsKubernetesDoesIsPickedUp() {
    Path mount = tmp.resolve("mount");
    ReloadFixtures.kubernetesMount(mount, f.base().build(), "2026_03_01_12_00_00.1");
    try (MspFolderWatcher w = manual(mount)) {
      ReloadingMsp msp = w.msp();
      valid(msp, f.peer);
      ReloadFixtures.kubernetesMount(mount,
          f.base().crl(f.pki.crl(f.ica).revoke(f.peer).build()).build(), "2026_03_01_12_05_00.2");
      assertThat(Files.exists(mount.resolve("..2026_03_01_12_00_00.1"))).isFalse();
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.APPLIED);
      assertThat(invalid(msp, f.peer).reason()).isEqualTo(Reason.REVOKED);
      valid(msp, f.user);
    }
  }

  @Test
  @Tag("SETUP-SIGNER-02")
  @Tag("CORE-04")
  void theSigningIdentityIsRotatedAndASignatureInProgressKeepsItsKey() throws Exception {
    IssuedCertificate peer2 = f.pki.leaf("C=US,O=Org1,OU=peer,CN=peer0.org1", f.ica);
    Path dir = f.base().signCert(f.peer).build().writeTo(tmp.resolve("msp"));
    byte[] msg = "proposal".getBytes(StandardCharsets.UTF_8);
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID).local(true).manual()
        .ticker(ticker).listener(recorder).start()) {
      ReloadingMsp msp = w.msp();
      SigningIdentity first = msp.defaultSigningIdentity();
      assertThat(first.certificate().serialHex()).isEqualTo(f.peer.serial().toString(16));

      // The certificate arrives before its key: refused, the old signer keeps signing.
      write(dir.resolve("signcerts/signcert.pem"), peer2.pem());
      ReloadResult<Msp> half = settle(w);
      assertThat(half.status()).isEqualTo(Status.FAILED);
      assertThat(half.failure().rule()).isEqualTo("SETUP-SIGNER-02");
      assertThat(msp.defaultSigningIdentity()).isSameAs(first);

      // A thread signs with the identity it holds while the key is rotated under it.
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger signed = new AtomicInteger();
      Identity oldPublic = msp.deserialize(serialized(f.peer));
      List<Throwable> problems = new java.util.concurrent.CopyOnWriteArrayList<>();
      Thread signer = new Thread(() -> {
        while (!stop.get() || signed.get() == 0) {
          try {
            oldPublic.verify(msg, first.sign(msg));
            signed.incrementAndGet();
          } catch (Throwable t) {
            problems.add(t);
          }
        }
      });
      signer.start();
      write(dir.resolve("keystore/priv_sk"), peer2.pkcs8Pem());
      ReloadResult<Msp> rotated = settle(w);
      stop.set(true);
      signer.join();
      assertThat(problems).isEmpty();
      assertThat(rotated.status()).isEqualTo(Status.APPLIED);
      assertThat(rotated.generation().changes()).singleElement().satisfies(c -> {
        assertThat(c.kind()).isEqualTo(Kind.SIGNING_IDENTITY);
        assertThat(c.action()).isEqualTo(Action.CHANGED);
      });
      SigningIdentity second = msp.defaultSigningIdentity();
      assertThat(second.certificate().serialHex()).isEqualTo(peer2.serial().toString(16));
      Identity newPublic = msp.deserialize(serialized(peer2));
      newPublic.verify(msg, second.sign(msg));
      oldPublic.verify(msg, first.sign(msg));
      IdentityException cross = assertThrows(IdentityException.class, () -> newPublic.verify(msg, first.sign(msg)));
      assertThat(cross.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
      msp.validate(second.publicVersion());
    }
  }

  @Test
  @Tag("VER-03")
  void aLocalMspIsBuiltAtVersion3BehindFabricsCacheAsAFabricV3NodeBuildsItsOwn() {
    Path dir = f.base().signCert(f.peer).build().writeTo(tmp.resolve("msp"));
    byte[] peer = serialized(f.peer);
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID).local(true).manual().start()) {
      Msp served = w.msp().current().orElseThrow().value();
      assertThat(served).isInstanceOf(CachingMsp.class);
      assertThat(served.version()).isEqualTo(MspVersion.V3_0);
      assertThat(served.deserialize(peer)).isSameAs(served.deserialize(peer));
      assertThat(served.defaultSigningIdentity().certificate().serialHex())
          .isEqualTo(f.peer.serial().toString(16));
    }
    // A Fabric v2.5 node builds its own MSP at 1.4.3, behind the same cache.
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID).local(true)
        .version(MspVersion.V1_4_3).manual().start()) {
      Msp served = w.msp().current().orElseThrow().value();
      assertThat(served).isInstanceOf(CachingMsp.class);
      assertThat(served.version()).isEqualTo(MspVersion.V1_4_3);
      assertThat(served.deserialize(peer)).isSameAs(served.deserialize(peer));
    }
  }

  @Test
  void aFileWrittenAgainWithTheSameBytesIsNoChange() throws Exception {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      Path ca = dir.resolve("cacerts/cacert.pem");
      byte[] same = Files.readAllBytes(ca);
      Path copy = dir.resolve("cacerts/.tmp");
      Files.write(copy, same);
      Files.move(copy, ca, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      write(dir.resolve("README"), "not part of an MSP");
      ReloadResult<Msp> r = settle(w);
      assertThat(r.status()).isEqualTo(Status.UNCHANGED);
      assertThat(w.msp().generation()).isEqualTo(1);
      assertThat(recorder.reloads).hasSize(1);
      assertThat(recorder.failures).isEmpty();
    }
  }

  @Test
  @Tag("FOLDER-04")
  void aFolderThatCannotBeSetUpAtFirstIsThrownOrServedAsGenerationZeroUntilRepaired() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("msp"));
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> MspFolderWatcher.builder(dir, MSP_ID).manual().start());
    assertThat(e.rule()).isEqualTo("FOLDER-04");

    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, MSP_ID).manual().ticker(ticker)
        .listener(recorder).allowInitialFailure(true).start()) {
      ReloadingMsp msp = w.msp();
      assertThat(msp.generation()).isZero();
      assertThat(recorder.failures).singleElement().satisfies(fl -> {
        assertThat(fl.rule()).isEqualTo("FOLDER-04");
        assertThat(fl.keptGeneration()).isZero();
      });
      assertThat(assertThrows(IdentityException.class, () -> msp.deserialize(serialized(f.peer))).reason())
          .isEqualTo(Reason.MSP_NOT_SET_UP);
      f.base().build().writeTo(dir);
      assertThat(settle(w).status()).isEqualTo(Status.APPLIED);
      assertThat(msp.generation()).isEqualTo(1);
      valid(msp, f.peer);
    }
  }

  @Test
  void reloadNowReadsAtOnceWithoutWaitingForTheFolderToSettle() {
    Path dir = f.base().build().writeTo(tmp.resolve("msp"));
    try (MspFolderWatcher w = manual(dir)) {
      write(dir.resolve("crls/crl.pem"), f.pki.crl(f.ica).revoke(f.peer).build().pem());
      assertThat(w.reloadNow().status()).isEqualTo(Status.APPLIED);
      assertThat(invalid(w.msp(), f.peer).reason()).isEqualTo(Reason.REVOKED);
      ticker.advance(Duration.ofSeconds(1));
      assertThat(w.checkNow()).isEmpty();
      assertThat(w.usesEvents()).isFalse();
    }
  }
}

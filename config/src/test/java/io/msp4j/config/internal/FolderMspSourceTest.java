package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.ReadOptions;
import io.msp4j.core.Msp;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.reload.Candidate;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.core.reload.ReloadingMsp;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.SetupOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderMspSourceTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("folder-source");
  private final IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
  private final IssuedCertificate peer = pki.leaf("C=US,O=Org1,OU=peer,CN=peer0.org1", root);
  private final IssuedCertificate admin = pki.leaf("C=US,O=Org1,OU=admin,CN=Admin@org1", root);

  private FolderMspSource source(Path dir, boolean local) {
    return new FolderMspSource(dir, "Org1MSP", local, MspVersion.V3_0, ReadOptions.defaults(),
        SetupOptions.defaults(), null);
  }

  @Test
  void aReadingIsCurrentWhileTheFolderIsUntouched() {
    Path dir = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    FolderMspSource s = source(dir, false);
    s.expect(FolderStamp.of(dir));
    Candidate<Msp> c = s.read();
    assertThat(c.setUp().id()).isEqualTo("Org1MSP");
    assertThat(c.stillCurrent()).isTrue();
    assertThat(s.read().sameConfiguration(c)).isTrue();
  }

  @Test
  void aReadingIsDroppedWhenTheFolderChangesAfterItOrChangedBeforeIt() throws Exception {
    Path dir = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    FolderMspSource s = source(dir, false);
    Candidate<Msp> c = s.read();
    Files.writeString(dir.resolve("cacerts/more.pem"), pki.rootCa("CN=ca2").pem());
    assertThat(c.stillCurrent()).isFalse();

    FolderStamp settled = FolderStamp.of(dir);
    Files.writeString(dir.resolve("cacerts/more.pem"), pki.rootCa("CN=ca3").pem());
    s.expect(settled);
    assertThat(s.read().stillCurrent()).isFalse();
  }

  @Test
  void aFailedReadingOfAFolderBeingWrittenIsSupersededNotReported() throws Exception {
    Path dir = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    FolderMspSource s = source(dir, false);
    ReloadingMsp msp = ReloadingMsp.builder("Org1MSP", s).build();
    msp.reload();
    Files.writeString(dir.resolve("config.yaml"), "NodeOUs: [");
    Candidate<Msp> half = s.read();
    assertThrows(MspSetupException.class, half::setUp);
    Files.writeString(dir.resolve("config.yaml"), "NodeOUs:\n  Enable: false\n");
    assertThat(half.stillCurrent()).isFalse();
    // Through the reloading MSP: a source whose next reading changes under it.
    Files.writeString(dir.resolve("config.yaml"), "NodeOUs: [");
    s.expect(FolderStamp.of(dir.resolve("elsewhere")));
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.SUPERSEDED);
    s.expect(null);
    assertThat(msp.reload().status()).isEqualTo(ReloadResult.Status.FAILED);
  }

  @Test
  void theKeyStoreContentIsPartOfTheConfiguration() throws Exception {
    Path dir = MspFolder.builder().caCert(root).adminCert(admin).signCert(peer).build().writeTo(tmp.resolve("msp"));
    FolderMspSource s = source(dir, true);
    Candidate<Msp> before = s.read();
    before.setUp();
    Files.writeString(dir.resolve("keystore/unrelated_sk"), "not a key");
    Candidate<Msp> after = s.read();
    assertThat(after.sameConfiguration(before)).isFalse();
    after.setUp();
    assertThat(after.changesSince(before)).singleElement()
        .satisfies(c -> assertThat(c.kind()).isEqualTo(io.msp4j.core.reload.MspChange.Kind.KEY_STORE));
  }
}

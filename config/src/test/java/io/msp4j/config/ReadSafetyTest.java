package io.msp4j.config;

import static io.msp4j.config.Fixtures.link;
import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size limit and the outside-the-folder check of {@link ReadOptions}. */
class ReadSafetyTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("ReadSafetyTest");
  private static final IssuedCertificate ROOT = PKI.root;
  private static final IssuedCertificate OTHER = PKI.leaf("other", KeyAlgorithm.EC_P256);
  private static final ReadOptions FOLLOW = ReadOptions.builder().followLinksOutsideFolder(true).build();

  @TempDir Path tmp;
  Path msp;

  @BeforeEach
  void setUp() {
    msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
  }

  private static MspSetupException failure(Runnable r) {
    try {
      r.run();
    } catch (MspSetupException e) {
      return e;
    }
    throw new AssertionError("expected an MspSetupException");
  }

  @Test
  @Tag("FOLDER-02")
  @Tag("LIMIT-03")
  void fileAboveTheSizeLimitIsAnErrorNamingIt() {
    String big = ROOT.pem() + "#".repeat(5000);
    write(msp, "crls/big.crl", big);
    ReadOptions small = ReadOptions.builder().maxFileSize(4096).build();

    MspSetupException e = failure(() -> MspFolders.readVerifying(msp, "Org1MSP", small));

    assertThat(e.reason()).isEqualTo(Reason.FILE_TOO_LARGE);
    assertThat(e.rule()).isEqualTo("LIMIT-03");
    assertThat(e.detail()).isEqualTo("crls/big.crl: file is larger than the limit of 4096 bytes (see ReadOptions.maxFileSize)");
    assertThat(MspFolders.readVerifying(msp, "Org1MSP").fabricConfig().getRevocationList(0))
        .isEqualTo(ByteString.copyFromUtf8(big));
  }

  @Test
  @Tag("CFGYAML-01")
  void configYamlAboveTheSizeLimitIsAnError() {
    write(msp, "config.yaml", "# " + "x".repeat(5000) + "\n");
    ReadOptions small = ReadOptions.builder().maxFileSize(4000).build();
    MspSetupException e = failure(() -> MspFolders.readVerifying(msp, "Org1MSP", small));
    assertThat(e.reason()).isEqualTo(Reason.FILE_TOO_LARGE);
    assertThat(e.detail()).startsWith("config.yaml:");
  }

  @Test
  @Tag("LIMIT-03")
  void defaultLimitsAre32MiBAFileAnd64MiBAFolder() {
    assertThat(ReadOptions.defaults().maxFileSize()).isEqualTo(32L * 1024 * 1024);
    assertThat(ReadOptions.defaults().maxTotalBytes()).isEqualTo(64L * 1024 * 1024);
    assertThat(ReadOptions.defaults().followLinksOutsideFolder()).isFalse();
    assertThatThrownBy(() -> ReadOptions.builder().maxFileSize(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ReadOptions.defaults().toBuilder().build()).isEqualTo(ReadOptions.defaults());
  }

  @Test
  @Tag("FOLDER-02")
  void fileLinkLeavingTheFolderIsRefusedByDefaultAndFollowedWhenAllowed() {
    write(tmp, "shared/admin.pem", OTHER.pem());
    link(msp.resolve("admincerts/admin.pem"), tmp.resolve("shared/admin.pem"));

    MspSetupException e = failure(() -> MspFolders.readVerifying(msp, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.PATH_OUTSIDE_FOLDER);
    assertThat(e.detail()).startsWith("admincerts/admin.pem: resolves to a file outside");

    assertThat(MspFolders.readVerifying(msp, "Org1MSP", FOLLOW).fabricConfig().getAdminsCount())
        .isEqualTo(1);
  }

  @Test
  @Tag("FOLDER-02")
  void folderLinkLeavingTheFolderIsRefusedByDefault() {
    write(tmp, "shared-admins/admin.pem", OTHER.pem());
    link(msp.resolve("admincerts"), tmp.resolve("shared-admins"));
    assertThat(failure(() -> MspFolders.readVerifying(msp, "Org1MSP")).reason())
        .isEqualTo(Reason.PATH_OUTSIDE_FOLDER);
    assertThat(MspFolders.readVerifying(msp, "Org1MSP", FOLLOW).fabricConfig().getAdminsCount())
        .isEqualTo(1);
  }

  @Test
  void mspFolderThatIsItselfALinkIsReadThroughIt() {
    Path alias = link(tmp.resolve("alias"), msp);
    assertThat(MspFolders.readVerifying(alias, "Org1MSP").fabricConfig().getRootCertsCount())
        .isEqualTo(1);
  }

  @Test
  @Tag("FOLDER-03")
  void subFolderLinkLoopIsAnErrorNotAHang() {
    link(msp.resolve("admincerts"), Path.of("admincerts2"));
    link(msp.resolve("admincerts2"), Path.of("admincerts"));
    MspSetupException e = failure(() -> MspFolders.readVerifying(msp, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FILE_UNREADABLE);
    assertThat(e.rule()).isEqualTo("FOLDER-03");
  }
}

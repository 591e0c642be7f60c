package io.msp4j.config;

import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a folder as each release does: the words for an empty signcerts or cacerts folder
 * (REL-FOLDER-01, same verdict) and a config.yaml with a duplicated key (REL-YAML-01).
 */
class MspFolderReleaseTest {
  private static final Fixtures.Pki PKI = new Fixtures.Pki("MspFolderReleaseTest");
  private static final IssuedCertificate ROOT = PKI.root;

  @TempDir Path tmp;

  static Stream<FabricRelease> releases() {
    return FabricRelease.all().stream();
  }

  private static ReadOptions as(FabricRelease r) {
    return ReadOptions.builder().release(r).build();
  }

  private static boolean ownError(FabricRelease r) {
    return r.compareTo(FabricRelease.V3_1_4) >= 0;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @Tag("REL-FOLDER-01")
  @DisplayName("REL-FOLDER-01 an empty signcerts is refused by every release, in v3.1.4+'s words from v3.1.4")
  void anEmptySigncertsIsRefusedInEachReleasesWords(FabricRelease r) {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
    write(msp, "signcerts/readme", "no pem");
    MspSetupException e =
        assertThrows(MspSetupException.class, () -> MspFolders.readLocal(msp, "Org1MSP", as(r)));
    assertThat(e.reason()).isEqualTo(Reason.SIGNCERTS_MISSING);
    assertThat(e.rule()).isEqualTo("FOLDER-09");
    assertThat(e.detail()).contains("signcerts: no file with a PEM block", "REL-FOLDER-01", r.label())
        .contains(ownError(r) ? "no signing certificate found in directory" : "nil conf reference");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @Tag("REL-FOLDER-01")
  @DisplayName("REL-FOLDER-01 an empty cacerts is refused by every release, in v3.1.4+'s words from v3.1.4")
  void anEmptyCacertsIsRefusedInEachReleasesWords(FabricRelease r) {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/readme", "no pem");
    MspSetupException e =
        assertThrows(MspSetupException.class, () -> MspFolders.readVerifying(msp, "Org1MSP", as(r)));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_EMPTY);
    assertThat(e.rule()).isEqualTo("FOLDER-04");
    assertThat(e.detail()).contains("cacerts: no file with a PEM block", "REL-FOLDER-01")
        .contains(ownError(r) ? "no ca certificate found in directory" : "nil conf reference");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @Tag("REL-YAML-01")
  @DisplayName("REL-YAML-01 config.yaml with NodeOUs twice: v3.1.x refuses it, v3.0.0 and v2.5.x merge into the first")
  void aDuplicatedKeyInConfigYamlIsRefusedFromV3_1(FabricRelease r) {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
    write(msp, "config.yaml", """
        NodeOUs:
          Enable: false
        NodeOUs:
          Enable: true
        """);
    if (r.line() == FabricRelease.Line.V3_1) {
      MspSetupException e = assertThrows(MspSetupException.class,
          () -> MspFolders.readVerifying(msp, "Org1MSP", as(r)));
      assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
      assertThat(e.rule()).isEqualTo("REL-YAML-01");
      assertThat(e.detail()).contains("config.yaml:3: key \"NodeOUs\" is already defined at line 1");
    } else {
      assertThat(MspFolders.readVerifying(msp, "Org1MSP", as(r)).fabricConfig().getFabricNodeOus()
          .getEnable()).isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @Tag("REL-YAML-01")
  @DisplayName("REL-YAML-01 a duplicate under a key Fabric does not read is not looked at by any release")
  void aDuplicateUnderAnUnreadKeyIsAcceptedByEveryRelease(FabricRelease r) {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
    write(msp, "config.yaml", """
        Comment:
          a: 1
          a: 2
        NodeOUs:
          Enable: true
        """);
    assertThat(MspFolders.readVerifying(msp, "Org1MSP", as(r)).fabricConfig().getFabricNodeOus()
        .getEnable()).isTrue();
  }
}

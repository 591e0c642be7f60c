package io.msp4j.config;

import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folder readings compared against Fabric's own reader on generated folders: each test pins one
 * behaviour where an earlier msp4j disagreed with Fabric. Read as Fabric v3.0.0 (and v2.5), whose
 * YAML library these verdicts are; v3.1 refuses the duplicated keys used here (REL-YAML-01,
 * MspFolderReleaseTest).
 */
class FabricFolderVerdictTest {
  private static final Fixtures.Pki PKI = new Fixtures.Pki("FabricFolderVerdictTest");
  private static final IssuedCertificate ROOT = PKI.root;
  private static final String FOUR_OUS =
      "  ClientOUIdentifier:\n    Certificate: cacerts/ca.pem\n    OrganizationalUnitIdentifier: client\n"
          + "  PeerOUIdentifier:\n    OrganizationalUnitIdentifier: peer\n"
          + "  AdminOUIdentifier:\n    OrganizationalUnitIdentifier: admin\n"
          + "  OrdererOUIdentifier:\n    OrganizationalUnitIdentifier: orderer\n";

  private static final ReadOptions V3_0 =
      ReadOptions.builder().release(io.msp4j.core.FabricRelease.V3_0_0).build();

  @TempDir Path tmp;
  Path msp;

  @BeforeEach
  void setUp() {
    msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
  }

  private FabricMSPConfig read(String configYaml) {
    write(msp, "config.yaml", configYaml);
    return MspFolders.readVerifying(msp, "Org1MSP", V3_0).fabricConfig();
  }

  @Test
  @Tag("CFGYAML-01")
  @Tag("CFGYAML-05")
  void repeatedEnableKeyIsAcceptedAndTheLastOneCounts() {
    FabricMSPConfig c = read("NodeOUs:\n  Enable: false\n  Enable: true\n" + FOUR_OUS);
    assertThat(c.getFabricNodeOus().getEnable()).isTrue();
    assertThat(c.getFabricNodeOus().getAdminOuIdentifier().getOrganizationalUnitIdentifier())
        .isEqualTo("admin");

    assertThat(read("NodeOUs:\n  Enable: true\n" + FOUR_OUS + "  Enable: false\n").hasFabricNodeOus())
        .isFalse();
  }

  @Test
  @Tag("CFGYAML-01")
  @Tag("CFGYAML-06")
  void secondNodeOusBlockOnlyChangesWhatItNames() {
    FabricMSPConfig c = read("NodeOUs:\n  Enable: false\n" + FOUR_OUS + "NodeOUs:\n  Enable: true\n");
    assertThat(c.getFabricNodeOus().getClientOuIdentifier().getOrganizationalUnitIdentifier())
        .isEqualTo("client");
    assertThat(c.getFabricNodeOus().getClientOuIdentifier().getCertificate().isEmpty()).isFalse();

    FabricMSPConfig cleared = read("NodeOUs:\n  Enable: true\n" + FOUR_OUS + "  ClientOUIdentifier:\n");
    assertThat(cleared.getFabricNodeOus().hasClientOuIdentifier()).isFalse();
  }

  @Test
  @Tag("CFGYAML-02")
  void repeatedListReplacesTheEarlierOne() {
    FabricMSPConfig c = read("OrganizationalUnitIdentifiers:\n  - Certificate: cacerts/ca.pem\n"
        + "    OrganizationalUnitIdentifier: client\n"
        + "OrganizationalUnitIdentifiers:\n  - Certificate: cacerts/ca.pem\n"
        + "    OrganizationalUnitIdentifier: peer\n");
    assertThat(c.getOrganizationalUnitIdentifiersList())
        .extracting(o -> o.getOrganizationalUnitIdentifier())
        .containsExactly("peer");
  }

  @Test
  @Tag("CFGYAML-01")
  void quotedBooleanSpellingIsNotABoolean() {
    write(msp, "config.yaml", "NodeOUs:\n  Enable: \"yes\"\n" + FOUR_OUS);
    MspSetupException e =
        assertThrows(MspSetupException.class, () -> MspFolders.readVerifying(msp, "Org1MSP", V3_0));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(read("NodeOUs:\n  Enable: !!bool yes\n" + FOUR_OUS).getFabricNodeOus().getEnable())
        .isTrue();
  }

  @Test
  @Tag("CFGYAML-01")
  void mergeKeyOverridesTheKeysBeforeIt() {
    assertThat(read("NodeOUs:\n  Enable: true\n" + FOUR_OUS + "  <<: {Enable: false}\n")
        .hasFabricNodeOus()).isFalse();
    assertThat(read("NodeOUs:\n  <<: {Enable: false}\n  Enable: true\n" + FOUR_OUS)
        .hasFabricNodeOus()).isTrue();
  }

  @Test
  @Tag("DELTA25-05")
  void configYamlIsReadWithTheYamlRulesBothFabricReleasesShare() {
    // Fabric v2.5 and v3.0 read config.yaml with the same YAML library and schema, so these
    // readings, where YAML libraries part ways, are those of both releases.
    // YAML 1.1 booleans:
    assertThat(read("NodeOUs:\n  Enable: yes\n" + FOUR_OUS).getFabricNodeOus().getEnable())
        .isTrue();
    assertThat(read("NodeOUs:\n  Enable: On\n" + FOUR_OUS).getFabricNodeOus().getEnable()).isTrue();
    assertThat(read("NodeOUs:\n  Enable: no\n" + FOUR_OUS).hasFabricNodeOus()).isFalse();
    // Keys are case-sensitive: a lower-case spelling is an unknown key, ignored.
    assertThat(read("nodeOUs:\n  Enable: true\n" + FOUR_OUS).hasFabricNodeOus()).isFalse();
    assertThat(read("NodeOUs:\n  enable: true\n" + FOUR_OUS).hasFabricNodeOus()).isFalse();
    assertThat(read("NodeOUs:\n  Enable: true\n"
        + "  clientOUIdentifier: {OrganizationalUnitIdentifier: x}\n")
        .getFabricNodeOus().hasClientOuIdentifier()).isFalse();
    // A key written twice is no error (a stricter library refuses it): the last one counts.
    assertThat(read("NodeOUs:\n  Enable: true\n  Enable: false\n" + FOUR_OUS).hasFabricNodeOus())
        .isFalse();
  }
}

package io.msp4j.config;

import static io.msp4j.config.Fixtures.link;
import static io.msp4j.config.Fixtures.mkdir;
import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config.yaml as part of a folder: paths, files and what ends up in the FabricMSPConfig. */
class MspFoldersConfigYamlTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("MspFoldersConfigYamlTest");
  private static final IssuedCertificate ROOT = PKI.root;
  private static final IssuedCertificate OTHER = PKI.leaf("other", KeyAlgorithm.EC_P256);

  @TempDir Path tmp;
  Path msp;

  @BeforeEach
  void setUp() {
    msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
  }

  private FabricMSPConfig read(String configYaml) {
    write(msp, "config.yaml", configYaml);
    return MspFolders.readVerifying(msp, "Org1MSP").fabricConfig();
  }

  private MspSetupException failure(String configYaml, ReadOptions options) {
    write(msp, "config.yaml", configYaml);
    try {
      MspFolders.readVerifying(msp, "Org1MSP", options);
    } catch (MspSetupException e) {
      return e;
    }
    throw new AssertionError("expected the folder to be refused");
  }

  private MspSetupException failure(String configYaml) {
    return failure(configYaml, ReadOptions.defaults());
  }

  private static String ou(String cert, String ou) {
    return "OrganizationalUnitIdentifiers:\n  - Certificate: " + cert + "\n"
        + "    OrganizationalUnitIdentifier: " + ou + "\n";
  }

  // ---- CFGYAML-01 ----------------------------------------------------------------------------

  @Test
  @Tag("CFGYAML-01")
  void absentConfigYamlGivesNoOusAndNoNodeOus() {
    FabricMSPConfig c = MspFolders.readVerifying(msp, "Org1MSP").fabricConfig();
    assertThat(c.getOrganizationalUnitIdentifiersList()).isEmpty();
    assertThat(c.hasFabricNodeOus()).isFalse();
  }

  @Test
  @Tag("CFGYAML-01")
  void danglingConfigYamlLinkCountsAsAbsent() {
    link(msp.resolve("config.yaml"), Path.of("gone.yaml"));
    assertThat(MspFolders.readVerifying(msp, "Org1MSP").fabricConfig().hasFabricNodeOus()).isFalse();
  }

  @Test
  @Tag("CFGYAML-01")
  void configYamlThatIsADirectoryIsAnError() {
    mkdir(msp, "config.yaml");
    MspSetupException e = null;
    try {
      MspFolders.readVerifying(msp, "Org1MSP");
    } catch (MspSetupException ex) {
      e = ex;
    }
    assertThat(e).isNotNull();
    assertThat(e.reason()).isEqualTo(Reason.FILE_UNREADABLE);
    assertThat(e.rule()).isEqualTo("CFGYAML-01");
  }

  @Test
  @Tag("CFGYAML-01")
  void typeErrorNamesTheLine() {
    MspSetupException e = failure("# NodeOUs\n\n\nNodeOUs:\n\n\n  Enable: \"true\"\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.detail())
        .isEqualTo("config.yaml:7: NodeOUs.Enable must be a boolean, got string \"true\"");
  }

  // ---- CFGYAML-03 / 04 -----------------------------------------------------------------------

  @Test
  @Tag("CFGYAML-04")
  void ouIdentifierTakesTheRawFileBytesAndTheOuString() {
    String content = "any bytes, not checked here\n" + OTHER.pem();
    write(msp, "intermediatecerts/i.pem", content);
    FabricMSPConfig c = read(ou("intermediatecerts/i.pem", "COP"));
    assertThat(c.getOrganizationalUnitIdentifiersList())
        .containsExactly(
            FabricOUIdentifier.newBuilder()
                .setCertificate(com.google.protobuf.ByteString.copyFromUtf8(content))
                .setOrganizationalUnitIdentifier("COP")
                .build());
  }

  @Test
  @Tag("CFGYAML-04")
  void ouIdentifierWithEmptyOuStringIsKept() {
    FabricMSPConfig c = read(ou("cacerts/ca.pem", "\"\""));
    assertThat(c.getOrganizationalUnitIdentifiersCount()).isEqualTo(1);
    assertThat(c.getOrganizationalUnitIdentifiers(0).getOrganizationalUnitIdentifier()).isEmpty();
  }

  @Test
  @Tag("CFGYAML-04")
  void ouIdentifiersKeepTheirOrder() {
    write(msp, "b.pem", OTHER.pem());
    FabricMSPConfig c = read(ou("b.pem", "second") + "  - Certificate: cacerts/ca.pem\n"
        + "    OrganizationalUnitIdentifier: first\n");
    assertThat(c.getOrganizationalUnitIdentifiersList())
        .extracting(FabricOUIdentifier::getOrganizationalUnitIdentifier)
        .containsExactly("second", "first");
  }

  @Test
  @Tag("CFGYAML-04")
  void missingOuCertificateFileIsAnError() {
    MspSetupException e = failure(ou("cacerts/missing.pem", "COP"));
    assertThat(e.reason()).isEqualTo(Reason.FILE_UNREADABLE);
    assertThat(e.rule()).isEqualTo("CFGYAML-04");
    assertThat(e.detail())
        .isEqualTo("config.yaml:2: OrganizationalUnitIdentifiers[0].Certificate:"
            + " cacerts/missing.pem does not exist");
  }

  @Test
  @Tag("CFGYAML-04")
  void emptyOuCertificatePathIsTheFolderItselfAndAnError() {
    MspSetupException e = failure(ou("\"\"", "COP"));
    assertThat(e.reason()).isEqualTo(Reason.FILE_UNREADABLE);
    assertThat(e.rule()).isEqualTo("CFGYAML-04");
  }

  @Test
  @Tag("CFGYAML-03")
  void leadingSlashIsJoinedOntoTheFolder() {
    FabricMSPConfig c = read(ou("/cacerts/ca.pem", "COP"));
    assertThat(c.getOrganizationalUnitIdentifiers(0).getCertificate().toStringUtf8())
        .isEqualTo(ROOT.pem());
  }

  @Test
  @Tag("CFGYAML-03")
  void dotDotInsideTheFolderIsCleanedLikeGo() {
    FabricMSPConfig c = read(ou("signcerts/../cacerts/./ca.pem", "COP"));
    assertThat(c.getOrganizationalUnitIdentifiers(0).getCertificate().toStringUtf8())
        .isEqualTo(ROOT.pem());
  }

  @Test
  @Tag("CFGYAML-03")
  void pathClimbingOutOfTheFolderIsRefusedByDefaultAndReadWhenAllowed() {
    write(tmp, "outside.pem", OTHER.pem());
    MspSetupException e = failure(ou("../outside.pem", "COP"));
    assertThat(e.reason()).isEqualTo(Reason.PATH_OUTSIDE_FOLDER);
    assertThat(e.rule()).isEqualTo("CFGYAML-03");

    FabricMSPConfig c =
        MspFolders.readVerifying(
                msp, "Org1MSP", ReadOptions.builder().followLinksOutsideFolder(true).build())
            .fabricConfig();
    assertThat(c.getOrganizationalUnitIdentifiers(0).getCertificate().toStringUtf8())
        .isEqualTo(OTHER.pem());
  }

  @Test
  @Tag("CFGYAML-03")
  void linkToAFileOutsideTheFolderIsRefusedByDefault() {
    write(tmp, "outside.pem", OTHER.pem());
    link(msp.resolve("ou.pem"), tmp.resolve("outside.pem"));
    assertThat(failure(ou("ou.pem", "COP")).reason()).isEqualTo(Reason.PATH_OUTSIDE_FOLDER);
  }

  // ---- CFGYAML-05 / 06 -----------------------------------------------------------------------

  private static final String NODE_OUS = """
      NodeOUs:
        Enable: %s
        ClientOUIdentifier:
          Certificate: cacerts/ca.pem
          OrganizationalUnitIdentifier: client
        PeerOUIdentifier:
          Certificate: cacerts/missing.pem
          OrganizationalUnitIdentifier: peer
        AdminOUIdentifier:
          Certificate: cacerts/ca.pem
          OrganizationalUnitIdentifier: ""
        OrdererOUIdentifier:
          OrganizationalUnitIdentifier: orderer
      """;

  @Test
  @Tag("CFGYAML-05")
  @Tag("CFGYAML-06")
  void enabledNodeOusAreEmittedPerIdentifier() {
    FabricNodeOUs n = read(NODE_OUS.formatted("true")).getFabricNodeOus();

    assertThat(n.getEnable()).isTrue();
    assertThat(n.getClientOuIdentifier().getOrganizationalUnitIdentifier()).isEqualTo("client");
    assertThat(n.getClientOuIdentifier().getCertificate().toStringUtf8()).isEqualTo(ROOT.pem());
    // missing certificate file: silently dropped, identifier kept
    assertThat(n.hasPeerOuIdentifier()).isTrue();
    assertThat(n.getPeerOuIdentifier().getOrganizationalUnitIdentifier()).isEqualTo("peer");
    assertThat(n.getPeerOuIdentifier().getCertificate().isEmpty()).isTrue();
    // empty OU string: identifier not emitted
    assertThat(n.hasAdminOuIdentifier()).isFalse();
    // no certificate configured
    assertThat(n.getOrdererOuIdentifier().getOrganizationalUnitIdentifier()).isEqualTo("orderer");
    assertThat(n.getOrdererOuIdentifier().getCertificate().isEmpty()).isTrue();
  }

  @Test
  @Tag("CFGYAML-05")
  void disabledNodeOusAreNotEmittedAtAll() {
    assertThat(read(NODE_OUS.formatted("false")).hasFabricNodeOus()).isFalse();
    assertThat(read(NODE_OUS.formatted("no")).hasFabricNodeOus()).isFalse();
    assertThat(read("NodeOUs:\n  ClientOUIdentifier: {OrganizationalUnitIdentifier: c}\n")
        .hasFabricNodeOus()).isFalse();
  }

  @Test
  @Tag("CFGYAML-05")
  void enabledNodeOusWithoutIdentifiersGiveOnlyTheFlag() {
    FabricMSPConfig c = read("NodeOUs:\n  Enable: On\n");
    assertThat(c.getFabricNodeOus()).isEqualTo(FabricNodeOUs.newBuilder().setEnable(true).build());
  }

  @Test
  @Tag("CFGYAML-06")
  void nodeOuCertificateThatIsADirectoryIsDropped() {
    FabricNodeOUs n =
        read("NodeOUs:\n  Enable: true\n  ClientOUIdentifier:\n    Certificate: cacerts\n"
            + "    OrganizationalUnitIdentifier: client\n").getFabricNodeOus();
    assertThat(n.getClientOuIdentifier().getCertificate().isEmpty()).isTrue();
  }

  @Test
  @Tag("CFGYAML-06")
  @Tag("CFGYAML-03")
  void nodeOuCertificateOutsideTheFolderIsRefusedByDefault() {
    write(tmp, "outside.pem", OTHER.pem());
    MspSetupException e =
        failure("NodeOUs:\n  Enable: true\n  PeerOUIdentifier:\n    Certificate: ../outside.pem\n"
            + "    OrganizationalUnitIdentifier: peer\n");
    assertThat(e.reason()).isEqualTo(Reason.PATH_OUTSIDE_FOLDER);
  }

  // ---- CFGYAML-07 ----------------------------------------------------------------------------

  @Test
  @Tag("CFGYAML-07")
  void sampleConfigGivesOneOuIdentifierAndNoNodeOus() {
    write(msp, "cacerts/cacert.pem", ROOT.pem());
    FabricMSPConfig c = read("""
        OrganizationalUnitIdentifiers:
          - Certificate: "cacerts/cacert.pem"
            OrganizationalUnitIdentifier: "COP"
        NodeOUs:
          Enable: false
          ClientOUIdentifier:
            OrganizationalUnitIdentifier: "OU_client"
          PeerOUIdentifier:
            OrganizationalUnitIdentifier: "OU_peer"
          AdminOUIdentifier:
            OrganizationalUnitIdentifier: "OU_admin"
          OrdererOUIdentifier:
            OrganizationalUnitIdentifier: "OU_orderer"
        """);
    assertThat(c.getOrganizationalUnitIdentifiersList())
        .extracting(FabricOUIdentifier::getOrganizationalUnitIdentifier)
        .containsExactly("COP");
    assertThat(c.hasFabricNodeOus()).isFalse();
  }
}

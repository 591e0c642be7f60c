package io.msp4j.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.KeyStoreEntry;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Folders in the layout cryptogen writes (NodeOUs config.yaml, keystore/priv_sk). */
class CryptogenTreeTest {

  @TempDir static Path tmp;
  static GeneratedOrg org;

  @BeforeAll
  static void generate() {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: CryptogenTreeTest
        Now: 2024-06-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp);
    org = tree.org("org1.example.com");
  }

  @Test
  @Tag("FOLDER-08")
  @Tag("CFGYAML-05")
  void organisationMspReadsWithAllFourNodeOus() {
    FabricMSPConfig c = MspFolders.readVerifying(org.mspDir(), "Org1MSP").fabricConfig();
    assertThat(c.getRootCertsCount()).isEqualTo(1);
    assertThat(c.getTlsRootCertsCount()).isEqualTo(1);
    assertThat(c.getFabricNodeOus().getEnable()).isTrue();
    assertThat(c.getFabricNodeOus().getClientOuIdentifier().getOrganizationalUnitIdentifier())
        .isEqualTo("client");
    assertThat(c.getFabricNodeOus().getClientOuIdentifier().getCertificate())
        .isEqualTo(c.getRootCerts(0));
    assertThat(c.getFabricNodeOus().getOrdererOuIdentifier().getOrganizationalUnitIdentifier())
        .isEqualTo("orderer");
  }

  @Test
  @Tag("FOLDER-09")
  @Tag("FOLDER-10")
  void peerLocalMspFindsItsPrivSkKeyByScanning() {
    GeneratedIdentity peer = org.identity("peer0");
    MspFolderConfig local = MspFolders.readLocal(peer.mspDir(), "Org1MSP");
    assertThat(local.fabricConfig().getSigningIdentity().getPublicSigner().toByteArray())
        .isEqualTo(peer.certificate().pem().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(local.keyStore().find(peer.certificate().fabricSki()))
        .get()
        .isInstanceOfSatisfying(KeyStoreEntry.Private.class,
            p -> assertThat(p.source()).isEqualTo("keystore/priv_sk"));
  }
}

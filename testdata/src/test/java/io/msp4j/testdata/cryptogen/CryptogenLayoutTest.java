package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tree for the example spec has exactly the files cryptogen (Fabric v3.1) writes for it. The
 * expected list below is derived from cryptogen's source: for every organisation {@code ca/} and
 * {@code tlsca/} hold {@code <cn>-cert.pem} and {@code priv_sk}; the organisation's {@code msp/}
 * holds admincerts (the admin's certificate when NodeOUs are off), cacerts and tlscacerts (its
 * temporary keystore is removed); every node and user has {@code msp/} with admincerts (nodes: the
 * admin's certificate; users: their own), cacerts, keystore/priv_sk, signcerts/<cn>-cert.pem,
 * tlscacerts, and {@code tls/} with ca.crt plus server.crt/server.key for nodes or
 * client.crt/client.key for users. Orderer organisations get only the admin as user.
 */
class CryptogenLayoutTest {

  private static final String EXPECTED_EXAMPLE_FILES = """
      ordererOrganizations/example.com/ca/ca.example.com-cert.pem
      ordererOrganizations/example.com/ca/priv_sk
      ordererOrganizations/example.com/msp/admincerts/Admin@example.com-cert.pem
      ordererOrganizations/example.com/msp/cacerts/ca.example.com-cert.pem
      ordererOrganizations/example.com/msp/tlscacerts/tlsca.example.com-cert.pem
      ordererOrganizations/example.com/orderers/orderer.example.com/msp/admincerts/Admin@example.com-cert.pem
      ordererOrganizations/example.com/orderers/orderer.example.com/msp/cacerts/ca.example.com-cert.pem
      ordererOrganizations/example.com/orderers/orderer.example.com/msp/keystore/priv_sk
      ordererOrganizations/example.com/orderers/orderer.example.com/msp/signcerts/orderer.example.com-cert.pem
      ordererOrganizations/example.com/orderers/orderer.example.com/msp/tlscacerts/tlsca.example.com-cert.pem
      ordererOrganizations/example.com/orderers/orderer.example.com/tls/ca.crt
      ordererOrganizations/example.com/orderers/orderer.example.com/tls/server.crt
      ordererOrganizations/example.com/orderers/orderer.example.com/tls/server.key
      ordererOrganizations/example.com/tlsca/priv_sk
      ordererOrganizations/example.com/tlsca/tlsca.example.com-cert.pem
      ordererOrganizations/example.com/users/Admin@example.com/msp/admincerts/Admin@example.com-cert.pem
      ordererOrganizations/example.com/users/Admin@example.com/msp/cacerts/ca.example.com-cert.pem
      ordererOrganizations/example.com/users/Admin@example.com/msp/keystore/priv_sk
      ordererOrganizations/example.com/users/Admin@example.com/msp/signcerts/Admin@example.com-cert.pem
      ordererOrganizations/example.com/users/Admin@example.com/msp/tlscacerts/tlsca.example.com-cert.pem
      ordererOrganizations/example.com/users/Admin@example.com/tls/ca.crt
      ordererOrganizations/example.com/users/Admin@example.com/tls/client.crt
      ordererOrganizations/example.com/users/Admin@example.com/tls/client.key
      peerOrganizations/org1.example.com/ca/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/ca/priv_sk
      peerOrganizations/org1.example.com/msp/admincerts/Admin@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/msp/cacerts/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/msp/tlscacerts/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/admincerts/Admin@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/cacerts/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/keystore/priv_sk
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/signcerts/peer0.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/tlscacerts/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/tls/ca.crt
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/tls/server.crt
      peerOrganizations/org1.example.com/peers/peer0.org1.example.com/tls/server.key
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/msp/admincerts/Admin@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/msp/cacerts/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/msp/keystore/priv_sk
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/msp/signcerts/peer1.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/msp/tlscacerts/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/tls/ca.crt
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/tls/server.crt
      peerOrganizations/org1.example.com/peers/peer1.org1.example.com/tls/server.key
      peerOrganizations/org1.example.com/tlsca/priv_sk
      peerOrganizations/org1.example.com/tlsca/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp/admincerts/Admin@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp/cacerts/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp/keystore/priv_sk
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp/signcerts/Admin@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp/tlscacerts/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/tls/ca.crt
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/tls/client.crt
      peerOrganizations/org1.example.com/users/Admin@org1.example.com/tls/client.key
      peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/admincerts/User1@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/cacerts/ca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/keystore/priv_sk
      peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/signcerts/User1@org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/User1@org1.example.com/msp/tlscacerts/tlsca.org1.example.com-cert.pem
      peerOrganizations/org1.example.com/users/User1@org1.example.com/tls/ca.crt
      peerOrganizations/org1.example.com/users/User1@org1.example.com/tls/client.crt
      peerOrganizations/org1.example.com/users/User1@org1.example.com/tls/client.key
      """;

  /** Org2 has Org1's shape. */
  private static List<String> expectedExampleFiles() {
    List<String> base = Arrays.asList(EXPECTED_EXAMPLE_FILES.strip().split("\n"));
    return Stream.concat(base.stream(), base.stream()
            .filter(f -> f.startsWith("peerOrganizations/org1.example.com/"))
            .map(f -> f.replace("org1.example.com", "org2.example.com")))
        .map(String::strip)
        .sorted()
        .toList();
  }

  @Test
  @Tag("FOLDER-01")
  void exampleSpecGivesExactlyCryptogensFiles(@TempDir Path out) {
    CryptoTree.fromYaml(Fixtures.exampleSpec("layout")).generate(out);

    assertThat(Fixtures.files(out)).containsExactlyElementsOf(expectedExampleFiles());
  }

  @Test
  void exampleSpecLeavesNoEmptyFolders(@TempDir Path out) throws IOException {
    CryptoTree.fromYaml(Fixtures.exampleSpec("layout")).generate(out);

    try (Stream<Path> dirs = Files.walk(out)) {
      assertThat(dirs.filter(Files::isDirectory).filter(Fixtures::isEmptyDir)).isEmpty();
    }
  }

  @Test
  @Tag("FOLDER-01")
  void nodeOusLeaveAdmincertsEmptyAndAddConfigYamlToEveryMsp(@TempDir Path out) {
    String spec = Fixtures.exampleSpec("layout").replace("EnableNodeOUs: false",
        "EnableNodeOUs: true");
    GeneratedTree tree = CryptoTree.fromYaml(spec).generate(out);

    List<String> expected = expectedExampleFiles().stream()
        .filter(f -> !f.contains("/admincerts/"))
        .toList();
    List<String> configs = expected.stream()
        .filter(f -> f.endsWith("/msp/cacerts/" + f.substring(f.lastIndexOf('/') + 1)))
        .map(f -> f.substring(0, f.indexOf("/msp/") + 5) + "config.yaml")
        .toList();
    assertThat(Fixtures.files(out))
        .containsExactlyElementsOf(Stream.concat(expected.stream(), configs.stream()).sorted()
            .toList());
    for (GeneratedOrg org : tree.orgs()) {
      assertThat(org.mspDir().resolve("admincerts")).isEmptyDirectory();
      for (GeneratedIdentity id : org.users()) {
        assertThat(id.mspDir().resolve("admincerts")).isEmptyDirectory();
      }
      for (GeneratedIdentity id : org.nodes()) {
        assertThat(id.mspDir().resolve("admincerts")).isEmptyDirectory();
      }
    }
  }

  @Test
  void resultNamesTheFoldersItWrote(@TempDir Path out) {
    GeneratedTree tree = CryptoTree.fromYaml(Fixtures.exampleSpec("layout")).generate(out);

    GeneratedOrg org1 = tree.org("org1.example.com");
    assertThat(tree.orgs()).extracting(GeneratedOrg::domain)
        .containsExactly("org1.example.com", "org2.example.com", "example.com");
    assertThat(org1.dir()).isEqualTo(out.resolve("peerOrganizations/org1.example.com"));
    assertThat(org1.nodes()).extracting(GeneratedIdentity::commonName)
        .containsExactly("peer0.org1.example.com", "peer1.org1.example.com");
    assertThat(org1.users()).extracting(GeneratedIdentity::commonName)
        .containsExactly("User1@org1.example.com", "Admin@org1.example.com");
    assertThat(org1.identity("peer1").tlsCertFile())
        .isEqualTo(out.resolve("peerOrganizations/org1.example.com/peers/peer1.org1.example.com/tls/server.crt"));
    assertThat(org1.admin().signCertFile()).isRegularFile();
    assertThat(org1.rootCa().certFile()).isRegularFile();
    assertThat(tree.org("example.com").identity("orderer").role()).isEqualTo(Role.ORDERER);
  }

  @Test
  void refusesToOverwriteAnExistingOrganisation(@TempDir Path out) {
    CryptoTree tree = CryptoTree.fromYaml(Fixtures.exampleSpec("layout"));
    tree.generate(out);

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> tree.generate(out))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessageContaining("peerOrganizations/org1.example.com already exists");
  }
}

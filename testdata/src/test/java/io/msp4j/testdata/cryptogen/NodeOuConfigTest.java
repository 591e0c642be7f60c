package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

class NodeOuConfigTest {
  private static final String ORG = """
      Seed: nodeous
      Now: 2024-01-01T00:00:00Z
      PeerOrgs:
        - Name: Org1
          Domain: org1.example.com
          EnableNodeOUs: true
          Template: {Count: 1}
          Users: {Count: 1}
      """;

  @SuppressWarnings("unchecked")
  private static Map<String, Object> load(Path file) throws Exception {
    return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions()))
        .load(Files.readString(file));
  }

  private static Map<String, Object> id(String ou, String cert) {
    return Map.of("Certificate", cert, "OrganizationalUnitIdentifier", ou);
  }

  @Test
  @Tag("CFGYAML-02")
  void configYamlBindsTheFourNodeOusToTheCaCertificate(@TempDir Path out) throws Exception {
    GeneratedOrg org = CryptoTree.fromYaml(ORG).generate(out).org("org1.example.com");
    String ca = "cacerts/ca.org1.example.com-cert.pem";

    for (Path msp : new Path[] {org.mspDir(), org.identity("peer0").mspDir(),
        org.identity("User1").mspDir(), org.admin().mspDir()}) {
      Map<String, Object> config = load(msp.resolve("config.yaml"));
      assertThat(config).containsOnlyKeys("NodeOUs");
      assertThat(config.get("NodeOUs")).isEqualTo(Map.of(
          "Enable", true,
          "ClientOUIdentifier", id("client", ca),
          "PeerOUIdentifier", id("peer", ca),
          "AdminOUIdentifier", id("admin", ca),
          "OrdererOUIdentifier", id("orderer", ca)));
      assertThat(msp.resolve(ca)).isRegularFile();
    }
  }

  @Test
  @Tag("CFGYAML-02")
  void configYamlIsWrittenAsFabricV3CryptogenWritesIt(@TempDir Path out) throws Exception {
    GeneratedOrg org = CryptoTree.fromYaml(ORG).generate(out).org("org1.example.com");

    assertThat(Files.readString(org.mspDir().resolve("config.yaml"))).isEqualTo("""
        NodeOUs:
            Enable: true
            ClientOUIdentifier:
                Certificate: cacerts/ca.org1.example.com-cert.pem
                OrganizationalUnitIdentifier: client
            PeerOUIdentifier:
                Certificate: cacerts/ca.org1.example.com-cert.pem
                OrganizationalUnitIdentifier: peer
            AdminOUIdentifier:
                Certificate: cacerts/ca.org1.example.com-cert.pem
                OrganizationalUnitIdentifier: admin
            OrdererOUIdentifier:
                Certificate: cacerts/ca.org1.example.com-cert.pem
                OrganizationalUnitIdentifier: orderer
        """);
  }

  @Test
  @Tag("CFGYAML-02")
  void withIntermediatesTheNodeOusPointAtTheIssuingIntermediate(@TempDir Path out)
      throws Exception {
    String spec = ORG.replace("    Template: {Count: 1}\n", "    Template: {Count: 1}\n"
        + "    CA:\n      Intermediates:\n        - Hostname: ica\n    OUIdentifiers: [COP]\n");
    GeneratedOrg org = CryptoTree.fromYaml(spec).generate(out).org("org1.example.com");
    String ica = "intermediatecerts/ica.org1.example.com-cert.pem";

    Map<String, Object> config = load(org.mspDir().resolve("config.yaml"));
    assertThat(config.get("OrganizationalUnitIdentifiers"))
        .isEqualTo(java.util.List.of(id("COP", ica)));
    @SuppressWarnings("unchecked")
    Map<String, Object> nodeOus = (Map<String, Object>) config.get("NodeOUs");
    assertThat(nodeOus.get("PeerOUIdentifier")).isEqualTo(id("peer", ica));
    assertThat(org.mspDir().resolve(ica)).isRegularFile();
    assertThat(org.mspDir().resolve("tlsintermediatecerts/tlsica.org1.example.com-cert.pem"))
        .isRegularFile();
  }

  @Test
  void withoutNodeOusOrOuIdentifiersThereIsNoConfigYaml(@TempDir Path out) {
    GeneratedOrg org = CryptoTree.fromYaml(ORG.replace("EnableNodeOUs: true",
        "EnableNodeOUs: false")).generate(out).org("org1.example.com");

    assertThat(org.mspDir().resolve("config.yaml")).doesNotExist();
    assertThat(org.identity("peer0").mspDir().resolve("config.yaml")).doesNotExist();
  }
}

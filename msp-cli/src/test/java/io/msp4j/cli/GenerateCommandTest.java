package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
  private static final String SPEC = """
      Seed: cli
      Now: 2024-01-01T00:00:00Z
      OrdererOrgs:
        - Name: Orderer
          Domain: example.com
          Specs:
            - Hostname: orderer
      PeerOrgs:
        - Name: Org1
          Domain: org1.example.com
          Template:
            Count: 2
          Users:
            Count: 1
      """;

  @Test
  void generatesTheTreeAndListsTheOrganisations(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("crypto-config.yaml"), SPEC);
    Path output = dir.resolve("out");

    CliRun r = CliRun.of("generate", "--config", config.toString(), "--output", output.toString());

    assertThat(r.status()).isZero();
    assertThat(r.out().lines()).containsExactly("peerOrganizations/org1.example.com",
        "ordererOrganizations/example.com");
    assertThat(output.resolve("peerOrganizations/org1.example.com/peers/peer1.org1.example.com"
        + "/tls/server.key")).isRegularFile();
    assertThat(output.resolve("ordererOrganizations/example.com/users/Admin@example.com/msp"
        + "/signcerts/Admin@example.com-cert.pem")).isRegularFile();
  }

  @Test
  void seedOptionMakesRunsIdentical(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("c.yaml"), SPEC.replace("Seed: cli\n", ""));
    CliRun.of("generate", "--config", config.toString(), "--output", dir.resolve("a").toString(),
        "--seed", "s1");
    CliRun.of("generate", "--config", config.toString(), "--output", dir.resolve("b").toString(),
        "--seed", "s1");

    String key = "peerOrganizations/org1.example.com/ca/priv_sk";
    assertThat(Files.readAllBytes(dir.resolve("b").resolve(key)))
        .isEqualTo(Files.readAllBytes(dir.resolve("a").resolve(key)));
  }

  @Test
  void badSpecExitsWithTwoAndNamesTheLine(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("crypto-config.yaml"),
        SPEC.replace("      Count: 2", "      Cout: 2"));

    CliRun r = CliRun.of("generate", "--config", config.toString(), "--output",
        dir.resolve("out").toString());

    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo(
        "msp generate: crypto-config.yaml:12: unknown key 'Cout' in Template (did you mean 'Count'?)");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void badCountExitsWithTwo(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("crypto-config.yaml"),
        SPEC.replace("      Count: 1", "      Count: -3"));

    CliRun r = CliRun.of("generate", "--config", config.toString(), "--output",
        dir.resolve("out").toString());

    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("crypto-config.yaml:14: Count in Users must be a non-negative integer");
  }

  @Test
  void missingConfigOptionIsAUsageError() {
    CliRun r = CliRun.of("generate", "--output", "somewhere");

    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("Missing required option: '--config=FILE'");
  }

  @Test
  void badNowIsAUsageError(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("c.yaml"), SPEC);

    CliRun r = CliRun.of("generate", "--config", config.toString(), "--now", "tomorrow");

    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("'tomorrow' is not an instant");
  }

  @Test
  void unreadableConfigIsAUsageError(@TempDir Path dir) {
    CliRun r = CliRun.of("generate", "--config", dir.resolve("missing.yaml").toString(), "--output",
        dir.resolve("out").toString());

    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("missing.yaml: no such file");
  }

  @Test
  void existingOutputIsAUsageErrorAndIsLeftAlone(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("c.yaml"), SPEC);
    Path output = dir.resolve("out");
    CliRun.of("generate", "--config", config.toString(), "--output", output.toString());
    Path key = output.resolve("peerOrganizations/org1.example.com/ca/priv_sk");
    byte[] before = Files.readAllBytes(key);

    CliRun r = CliRun.of("generate", "--config", config.toString(), "--output", output.toString(),
        "--seed", "other");

    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("already exists");
    assertThat(Files.readAllBytes(key)).isEqualTo(before);
  }
}

package io.msp4j.config;

import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.configtx.ConfigtxYaml;
import io.msp4j.config.internal.ConfigYaml;
import io.msp4j.config.internal.YamlLimits;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bounds on folders and YAML documents (LIMIT-04, LIMIT-05 in docs/security.md): each is an
 * error with reason LIMIT_EXCEEDED and its rule, and what Fabric's tools write stays far below.
 */
class InputLimitsTest {
  private static final Fixtures.Pki PKI = new Fixtures.Pki("InputLimitsTest");
  private static final IssuedCertificate ROOT = PKI.root;

  @TempDir Path tmp;

  @Test
  @Tag("LIMIT-04")
  void aSubFolderWithMoreEntriesThanTheLimitIsRefusedNamingIt() throws Exception {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
    for (int i = 0; i < 20; i++) {
      Files.writeString(msp.resolve("cacerts/junk-" + i + ".txt"), "not a certificate");
    }
    ReadOptions twenty = ReadOptions.builder().maxFilesPerFolder(21).build();
    assertThat(MspFolders.readVerifying(msp, "Org1MSP", twenty).fabricConfig().getRootCertsCount()).isEqualTo(1);
    ReadOptions fewer = ReadOptions.builder().maxFilesPerFolder(20).build();
    MspSetupException e = assertThrows(MspSetupException.class, () -> MspFolders.readVerifying(msp, "Org1MSP", fewer));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-04");
    assertThat(e.getMessage()).contains("cacerts").contains("more than 20 entries");
    assertThat(ReadOptions.defaults().maxFilesPerFolder()).isEqualTo(10_000);
    assertThrows(IllegalArgumentException.class, () -> ReadOptions.builder().maxFilesPerFolder(0));
  }

  @Test
  @Tag("LIMIT-04")
  void theKeystoreIsBoundedToo() throws Exception {
    Path msp = tmp.resolve("local");
    IssuedCertificate signer = PKI.leaf("signer", io.msp4j.testdata.KeyAlgorithm.EC_P256);
    write(msp, "cacerts/ca.pem", ROOT.pem());
    write(msp, "signcerts/cert.pem", signer.pem());
    for (int i = 0; i < 5; i++) {
      write(msp, "keystore/k" + i + "_sk", "junk");
    }
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> MspFolders.readLocal(msp, "Org1MSP", ReadOptions.builder().maxFilesPerFolder(3).build()).keyStore()
            .find(signer.fabricSki()));
    assertThat(e.rule()).isEqualTo("LIMIT-04");
  }

  @Test
  @Tag("LIMIT-05")
  void aConfigYamlLargerThanOneMebibyteIsRefusedBeforeParsing() {
    byte[] big = ("# " + "x".repeat(YamlLimits.MAX_CONFIG_YAML_BYTES) + "\n").getBytes(StandardCharsets.UTF_8);
    MspSetupException e = assertThrows(MspSetupException.class, () -> ConfigYaml.parse(big, "config.yaml"));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-05");
    assertThat(e.getMessage()).startsWith("config.yaml: is ");
  }

  @Test
  @Tag("LIMIT-05")
  void yamlNestedDeeperThanTheLimitIsALimitNotAStackOverflow() {
    int depth = YamlLimits.MAX_NESTING + 10;
    String deep = "NodeOUs: " + "[".repeat(depth) + "]".repeat(depth) + "\n";
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> ConfigYaml.parse(deep.getBytes(StandardCharsets.UTF_8), "config.yaml"));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-05");
    ConfigtxException c = assertThrows(ConfigtxException.class,
        () -> ConfigtxYaml.parse(("Organizations: " + "[".repeat(depth) + "]".repeat(depth) + "\n")
            .getBytes(StandardCharsets.UTF_8), Path.of("/cfg/configtx.yaml"), Map.of()));
    assertThat(c.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(c.rule()).isEqualTo("LIMIT-05");
  }

  @Test
  @Tag("LIMIT-05")
  void anAliasBombOfMergeKeysStopsAtTheMergeBudget() {
    StringBuilder y = new StringBuilder("a0: &a0 {Enable: true}\n");
    for (int i = 1; i <= 20; i++) {
      y.append("a").append(i).append(": &a").append(i).append(" {<<: [*a").append(i - 1).append(", *a")
          .append(i - 1).append("]}\n");
    }
    y.append("NodeOUs: *a20\n");
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> ConfigYaml.parse(y.toString().getBytes(StandardCharsets.UTF_8), "config.yaml"));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-05");
    assertThat(e.getMessage()).contains("excessive aliasing");
  }

  @Test
  @Tag("LIMIT-05")
  void aConfigtxYamlLargerThanSixteenMebibytesIsRefused() throws Exception {
    Path file = tmp.resolve("configtx.yaml");
    byte[] big = new byte[(int) YamlLimits.MAX_CONFIGTX_BYTES + 1];
    java.util.Arrays.fill(big, (byte) ' ');
    Files.write(file, big);
    ConfigtxException e = assertThrows(ConfigtxException.class, () -> ConfigtxYaml.read(file, Map.of()));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-05");
    ConfigtxException p = assertThrows(ConfigtxException.class, () -> ConfigtxYaml.parse(big, file, Map.of()));
    assertThat(p.rule()).isEqualTo("LIMIT-05");
  }

  @Test
  @Tag("LIMIT-03")
  void filesReadFromOneFolderAreBoundedAltogether() throws Exception {
    Path msp = tmp.resolve("total");
    write(msp, "cacerts/ca.pem", ROOT.pem());
    String padding = "\n" + "#".repeat(4000);
    for (int i = 0; i < 4; i++) {
      write(msp, "admincerts/a" + i + ".pem", ROOT.pem() + padding);
    }
    long total = Files.size(msp.resolve("cacerts/ca.pem")) + 4 * Files.size(msp.resolve("admincerts/a0.pem"));
    assertThat(MspFolders.readVerifying(msp, "Org1MSP", ReadOptions.builder().maxTotalBytes(total).build())
        .fabricConfig().getAdminsCount()).isEqualTo(4);
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> MspFolders.readVerifying(msp, "Org1MSP", ReadOptions.builder().maxTotalBytes(total - 1).build()));
    assertThat(e.reason()).isEqualTo(Reason.FILE_TOO_LARGE);
    assertThat(e.rule()).isEqualTo("LIMIT-03");
    assertThat(e.getMessage()).contains("admincerts/a3.pem").contains("maxTotalBytes");
  }
}

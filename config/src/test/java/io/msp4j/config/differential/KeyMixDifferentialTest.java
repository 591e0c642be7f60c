package io.msp4j.config.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.FabricRelease;
import io.msp4j.testdata.differential.DifferentialCase;
import io.msp4j.testdata.differential.KeyMixGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The key-type mixes (RSA, Ed25519, P-384, P-256 as root, intermediate, admin and leaf, with and
 * without NodeOUs, at every MSP version) against the verdicts of Fabric v2.5.12's and v3.0.0's
 * own msp packages, recorded in {@code differential/keymix-fabric-v*.tsv.gz}: msp4j at each
 * release must give that release's every answer.
 *
 * <p>With {@code -Dmsp4j.differential.out=DIR} the corpus is also written to {@code DIR/keymix},
 * with msp4j's answers in {@code msp4j-2.5.tsv} and {@code msp4j-3.0.tsv}.
 */
class KeyMixDifferentialTest {
  @TempDir static Path work;
  static List<DifferentialCase> cases;

  @BeforeAll
  static void generate() {
    cases = KeyMixGenerator.cases();
  }

  @ParameterizedTest(name = "Fabric v{0}")
  @CsvSource({"2.5.12, /differential/keymix-fabric-v2.5.12.tsv.gz",
      "3.0.0, /differential/keymix-fabric-v3.0.0.tsv.gz",
      "3.1.0, /differential/keymix-fabric-v3.1.0.tsv.gz",
      "3.1.2, /differential/keymix-fabric-v3.1.2.tsv.gz",
      "3.1.5, /differential/keymix-fabric-v3.1.5.tsv.gz",
      "2.5.16, /differential/keymix-fabric-v2.5.16.tsv.gz"})
  @Tag("DELTA25-01")
  @Tag("DELTA25-02")
  @Tag("DELTA25-10")
  @Tag("DELTA25-11")
  @Tag("DELTA25-12")
  @Tag("ALG-03")
  @Tag("ALG-04")
  void everyKeyMixGetsTheReleasesVerdict(String release, String table) throws IOException {
    FabricRelease r = FabricRelease.parse(release);
    String out = System.getProperty("msp4j.differential.out");
    Path corpus = out != null ? Files.createDirectories(Path.of(out).resolve("keymix")) : work.resolve(release);
    List<String> ours = new ArrayList<>();
    for (DifferentialCase c : cases) {
      ours.addAll(MspVerdicts.of(c, corpus, r));
    }
    if (out != null) {
      Files.write(corpus.resolve("msp4j-" + release + ".tsv"), ours, StandardCharsets.UTF_8);
    }
    List<String> differences = RecordedVerdicts.read(table).differences(ours);
    assertThat(ours.size()).isGreaterThanOrEqualTo(!r.isV2_5() ? 3_000 : 2_000);
    assertThat(differences).as("%d of %d answers differ from Fabric v%s's", differences.size(),
        ours.size(), release).isEmpty();
  }
}

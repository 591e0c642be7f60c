package io.msp4j.config.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.FabricRelease;
import io.msp4j.testdata.differential.DifferentialGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The differential corpus against Fabric's recorded verdicts: every MSP of the seed list is
 * generated again, set up and asked about each of its identities, and every answer (setup
 * outcome, deserialisation, validation, ROLE principals, OUs) must equal the one Fabric's own msp
 * package gave for the same bytes, release by release: msp4j at release R against the gzipped
 * table {@code differential/fabric-vR.tsv.gz} of Fabric vR (v3.0.0 and v2.5.12 built with Go
 * 1.23.5, v3.1.0 with Go 1.24.4, v3.1.2 with Go 1.25.12, v3.1.5 and v2.5.16 with Go 1.26.11; the
 * v2.5 tables have no MSP at version 3.0). The v3.0.0 table's {@code # seeds A-B} line gives the
 * seed list.
 *
 * <p>With {@code -Dmsp4j.differential.out=DIR} the corpus is also written to DIR, with msp4j's
 * answers in {@code DIR/msp4j.tsv} (release 3.0.0), {@code DIR/msp4j-2.5.tsv} (2.5.12) and
 * {@code DIR/msp4j-R.tsv} for the others, for running Fabric over it again.
 */
class FabricDifferentialTest {
  private static final String SEEDS_TABLE = "/differential/fabric-v3.0.0.tsv.gz";

  @TempDir Path work;

  @ParameterizedTest(name = "Fabric v{0}")
  @CsvSource({"3.0.0, /differential/fabric-v3.0.0.tsv.gz, msp4j.tsv",
      "2.5.12, /differential/fabric-v2.5.12.tsv.gz, msp4j-2.5.tsv",
      "3.1.0, /differential/fabric-v3.1.0.tsv.gz, msp4j-3.1.0.tsv",
      "3.1.2, /differential/fabric-v3.1.2.tsv.gz, msp4j-3.1.2.tsv",
      "3.1.5, /differential/fabric-v3.1.5.tsv.gz, msp4j-3.1.5.tsv",
      "2.5.16, /differential/fabric-v2.5.16.tsv.gz, msp4j-2.5.16.tsv"})
  @Tag("CHAIN-05")
  @Tag("VALIDATE-01")
  @Tag("IDENT-03")
  @Tag("NODEOU-05")
  @Tag("DELTA25-02")
  @Tag("DELTA25-12")
  @Tag("REL-X509-05")
  @Tag("REL-X509-08")
  @Tag("REL-URL-01")
  void everyGeneratedIdentityGetsFabricsVerdict(String release, String table, String outName)
      throws IOException {
    FabricRelease r = FabricRelease.parse(release);
    long[] seeds = RecordedVerdicts.read(SEEDS_TABLE).seeds().orElseThrow(
        () -> new AssertionError("no '# seeds A-B' line in " + SEEDS_TABLE));
    String out = System.getProperty("msp4j.differential.out");
    Path corpus = out != null ? Files.createDirectories(Path.of(out)) : work;
    List<String> ours = new ArrayList<>();
    for (long seed = seeds[0]; seed <= seeds[1]; seed++) {
      ours.addAll(MspVerdicts.of(DifferentialGenerator.generate(seed), corpus, r));
    }
    if (out != null) {
      Files.write(corpus.resolve(outName), ours, StandardCharsets.UTF_8);
    }
    int identities = (int) ours.stream().filter(l -> !l.contains("\tsetup\t")).count();
    List<String> differences = RecordedVerdicts.read(table).differences(ours);
    assertThat(identities).isGreaterThanOrEqualTo(!r.isV2_5() ? 10_000 : 8_000);
    assertThat(differences).as("%d of %d answers differ from Fabric v%s's", differences.size(),
        ours.size(), release).isEmpty();
  }
}

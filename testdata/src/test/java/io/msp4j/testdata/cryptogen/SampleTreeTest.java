package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample committed under {@code testdata/sample} is exactly what the generator makes from its
 * spec. When generation changes on purpose, regenerate the sample as testdata/README.md says.
 */
class SampleTreeTest {
  private static final Path SAMPLE = Path.of("sample");

  @Test
  void committedSampleMatchesAFreshGeneration(@TempDir Path out) throws IOException {
    GeneratedTree fresh = CryptoTree.fromFile(SAMPLE.resolve("crypto-config.yaml")).generate(out);

    List<String> committed = Fixtures.files(SAMPLE).stream()
        .filter(f -> f.startsWith("peerOrganizations/") || f.startsWith("ordererOrganizations/"))
        .toList();
    assertThat(Fixtures.files(out)).isEqualTo(committed);
    for (String f : committed) {
      assertThat(Files.readAllBytes(out.resolve(f))).as(f)
          .isEqualTo(Files.readAllBytes(SAMPLE.resolve(f)));
    }
    GeneratedOrg org2 = fresh.org("org2.example.com");
    assertThat(org2.identity("User2").revoked()).isTrue();
    assertThat(org2.crls()).singleElement().satisfies(crl ->
        assertThat(crl.revokedSerials()).containsExactly(org2.identity("User2").certificate().serial()));
    assertThat(org2.cas()).hasSize(2);
  }
}

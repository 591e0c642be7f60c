package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.IdemixChannelFixtures.IdemixOrgSpec;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The identity, signature and transaction files committed under {@code configtxgen/idemix/} are
 * exactly what {@link IdemixChannelFixtures} makes from the seeds and the committed sample. To
 * write them (and the folder configtxgen and the Go harness were run in) after a deliberate change:
 * {@code mvn -B -q test -pl channel -am -Dtest=IdemixChannelFixturesTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dmsp4j.idemix.channel.write=WORKDIR}; then run
 * configtxgen and the harness again as the README says, since the verdicts are of these files.
 */
class IdemixChannelFixturesTest {
  static final Path COMMITTED = Path.of("src/test/resources/io/msp4j/channel/configtxgen/idemix");

  @Test
  void committedIdemixChannelFilesMatchAFreshGeneration(@TempDir Path tmp) throws IOException {
    String write = System.getProperty("msp4j.idemix.channel.write", "");
    Path work = write.isEmpty() ? tmp.resolve("work") : Path.of(write);
    Map<IdemixOrgSpec, IdemixOrgFolders> orgs = IdemixChannelFixtures.writeWorkFolder(work);
    Map<String, byte[]> fresh = IdemixChannelFixtures.files(work, orgs);
    if (!write.isEmpty()) {
      for (Map.Entry<String, byte[]> f : fresh.entrySet()) {
        Files.write(work.resolve(f.getKey()), f.getValue());
        Files.write(COMMITTED.resolve(f.getKey()), f.getValue());
      }
    }
    for (Map.Entry<String, byte[]> f : fresh.entrySet()) {
      assertThat(Files.readAllBytes(COMMITTED.resolve(f.getKey()))).as(f.getKey()).isEqualTo(f.getValue());
    }
  }

  @Test
  void theReadmeQuotesTheConfigtxYamlConfigtxgenRead() throws IOException {
    assertThat(Files.readString(COMMITTED.resolve("README.md")))
        .contains("```yaml\n" + new String(IdemixChannelFixtures.configtxYaml(), StandardCharsets.UTF_8) + "```\n");
  }
}

package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeterminismTest {
  private static final String EXTRAS = """
      PeerOrgs:
        - Name: Org9
          Domain: org9.example.com
          EnableNodeOUs: true
          CA:
            PublicKeyAlgorithm: ed25519
            Intermediates:
              - PublicKeyAlgorithm: ecdsa-p384
          Template: {Count: 1, PublicKeyAlgorithm: ed25519}
          Users: {Count: 2}
          CRL: {Revoke: [User1@org9.example.com]}
      """;

  private static void assertSameBytes(Path a, Path b) throws IOException {
    List<String> files = Fixtures.files(a);
    assertThat(Fixtures.files(b)).isEqualTo(files);
    for (String f : files) {
      assertThat(Files.readAllBytes(b.resolve(f))).as(f).isEqualTo(Files.readAllBytes(a.resolve(f)));
    }
  }

  @Test
  void sameSeedAndNowGiveTheSameBytes(@TempDir Path a, @TempDir Path b) throws IOException {
    CryptoTree.fromYaml(Fixtures.exampleSpec("same")).generate(a);
    CryptoTree.fromYaml(Fixtures.exampleSpec("same")).generate(b);

    assertSameBytes(a, b);
  }

  @Test
  void sameSeedGivesTheSameBytesWithEveryExtension(@TempDir Path a, @TempDir Path b)
      throws IOException {
    String spec = "Seed: ext\nNow: 2030-05-05T05:05:05Z\n" + EXTRAS;
    CryptoTree.fromYaml(spec).generate(a);
    CryptoTree.fromYaml(spec).generate(b);

    assertSameBytes(a, b);
  }

  @Test
  void differentSeedsGiveDifferentKeysAndCertificates(@TempDir Path a, @TempDir Path b)
      throws IOException {
    CryptoTree.fromYaml(Fixtures.exampleSpec("one")).generate(a);
    CryptoTree.fromYaml(Fixtures.exampleSpec("two")).generate(b);

    assertThat(Fixtures.files(b)).isEqualTo(Fixtures.files(a));
    String key = "peerOrganizations/org1.example.com/ca/priv_sk";
    String cert = "peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/signcerts/"
        + "peer0.org1.example.com-cert.pem";
    assertThat(Files.readAllBytes(b.resolve(key))).isNotEqualTo(Files.readAllBytes(a.resolve(key)));
    assertThat(Files.readAllBytes(b.resolve(cert)))
        .isNotEqualTo(Files.readAllBytes(a.resolve(cert)));
  }

  @Test
  void withoutASeedEveryRunIsFresh(@TempDir Path a, @TempDir Path b) throws IOException {
    CryptoTree tree = CryptoTree.fromYaml(Fixtures.exampleSpec("x")).withSeed(null);
    tree.generate(a);
    tree.generate(b);

    String key = "ordererOrganizations/example.com/ca/priv_sk";
    assertThat(Files.readAllBytes(b.resolve(key))).isNotEqualTo(Files.readAllBytes(a.resolve(key)));
  }

  @Test
  void addingAnOrganisationLeavesTheOthersUnchanged(@TempDir Path a, @TempDir Path b)
      throws IOException {
    CryptoTree.fromYaml(Fixtures.exampleSpec("stable")).generate(a);
    CryptoTree.fromYaml(Fixtures.exampleSpec("stable") + EXTRAS.replace("PeerOrgs:\n", "")
        .replace("\n  ", "\n  ").indent(0)).generate(b);

    Path org1a = a.resolve("peerOrganizations/org1.example.com");
    Path org1b = b.resolve("peerOrganizations/org1.example.com");
    assertSameBytes(org1a, org1b);
    assertThat(b.resolve("peerOrganizations/org9.example.com")).isDirectory();
  }

  @Test
  void nowFromTheApiOverridesTheSpec(@TempDir Path a) {
    GeneratedTree tree = CryptoTree.fromYaml(Fixtures.exampleSpec("now"))
        .withNow(Instant.parse("2030-01-01T00:00:00Z")).generate(a);

    assertThat(tree.org("example.com").rootCa().certificate().holder().getNotBefore().toInstant())
        .isEqualTo(Instant.parse("2029-12-31T23:55:00Z"));
  }
}

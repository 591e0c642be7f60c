package io.msp4j.x509.internal.chain;

import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.GoVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoX509Rules;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Go 1.24's rsa1024min: an RSA key below 1024 bits verifies nothing (REL-X509-10). */
@Tag("REL-X509-10")
class SmallRsaKeyTest {
  private final TestPki pki = TestPki.seeded("small-rsa");

  @Test
  void aLeafUnderA512BitRsaRootHasAChainUntilGo124() {
    IssuedCertificate root = pki.certificate().subject("CN=small rsa root")
        .keyAlgorithm(KeyAlgorithm.RSA_512).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    GoX509Rules go123 = GoX509Rules.of(GoVersion.of(23, 5));
    GoX509Rules go124 = GoX509Rules.of(GoVersion.of(24, 0));
    assertThat(PathBuilder.withBouncyCastle(go123).findPaths(parsed(leaf, go123),
        parsed(leaf).verificationTime(), pool(go123, root), pool(go123)).found()).isTrue();
    PathResult r = PathBuilder.withBouncyCastle(go124).findPaths(parsed(leaf, go124),
        parsed(leaf).verificationTime(), pool(go124, root), pool(go124));
    assertThat(r.found()).isFalse();
    assertThat(r.failure().orElseThrow().message()).contains("512-bit RSA key");
  }

  @Test
  void a2048BitRsaRootStillVerifies() {
    IssuedCertificate root = pki.certificate().subject("CN=rsa root")
        .keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    GoX509Rules go126 = GoX509Rules.of(GoVersion.of(26, 4));
    assertThat(PathBuilder.withBouncyCastle(go126).findPaths(parsed(leaf, go126),
        parsed(leaf).verificationTime(), pool(go126, root), pool(go126)).found()).isTrue();
  }
}

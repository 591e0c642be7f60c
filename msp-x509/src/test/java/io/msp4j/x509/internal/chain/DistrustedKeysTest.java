package io.msp4j.x509.internal.chain;

import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.GoVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoX509Rules;
import java.util.HexFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Go 1.26's distrusted public-CA keys (REL-X509-09). */
@Tag("REL-X509-09")
class DistrustedKeysTest {
  @Test
  void theListHoldsGosEightKeysAndNothingElse() {
    assertThat(DistrustedKeys.isDistrusted(HexFormat.of().parseHex(
        "ebed6475c2c2d80fcb199f3fe8dd6e6b3ce60b77eb15d4e42c3dec0c6f5b5105"))).isTrue();
    assertThat(DistrustedKeys.isDistrusted(HexFormat.of().parseHex(
        "92c063d67e8f14db71d288e11266ffdaf69cbf115f7bab14f3bc2f68d25e0e30"))).isTrue();
    assertThat(DistrustedKeys.isDistrusted(new byte[32])).isFalse();
  }

  @Test
  void onlyGo126HasTheListAndAnOrdinaryChainPassesIt() {
    assertThat(GoX509Rules.of(GoVersion.of(25, 12)).distrustedKeys()).isFalse();
    assertThat(GoX509Rules.of(GoVersion.of(26, 0)).distrustedKeys()).isTrue();
    TestPki pki = TestPki.seeded("distrust");
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    assertThat(DistrustedKeys.find(java.util.List.of(parsed(leaf), parsed(root)))).isNull();
    GoX509Rules go126 = GoX509Rules.of(GoVersion.of(26, 4));
    PathResult r = PathBuilder.withBouncyCastle(go126).findPaths(parsed(leaf, go126),
        parsed(leaf).verificationTime(), pool(go126, root), pool(go126));
    assertThat(r.found()).isTrue();
  }
}

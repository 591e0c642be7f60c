package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.GoVersion;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** URI parsing by Go release: bracketed hosts (Go 1.24.8/1.25.2) and strict colons (REL-URL-01). */
class GoUrlReleaseTest {
  private static final GoX509Rules GO_1_23 = GoX509Rules.of(GoVersion.of(23, 5));
  private static final GoX509Rules GO_1_24_4 = GoX509Rules.of(GoVersion.of(24, 4));
  private static final GoX509Rules GO_1_25_2 = GoX509Rules.of(GoVersion.of(25, 2));
  private static final GoX509Rules GO_1_26 = GoX509Rules.of(GoVersion.of(26, 4));

  @Test
  @Tag("REL-URL-01")
  void aSecondColonInAnHttpsPortFailsFromGo126() {
    for (GoX509Rules old : new GoX509Rules[] {GO_1_23, GO_1_24_4, GO_1_25_2}) {
      GoUrl.Parsed p = GoUrl.parse("https://host:8443:1/", old);
      assertThat(p.ok()).as("Go %s", old.go()).isTrue();
      assertThat(p.host()).isEqualTo("host:8443:1");
    }
    assertThat(GoUrl.parse("https://host:8443:1/", GO_1_26).ok()).isFalse();
    assertThat(GoUrl.parse("HTTP://host:1:2", GO_1_26).ok()).isFalse();
    assertThat(GoUrl.parse("https://host:8443/", GO_1_26).host()).isEqualTo("host:8443");
    // Other schemes keep the last colon as the port's start.
    assertThat(GoUrl.parse("mongodb://h:1:2/", GO_1_26).ok()).isTrue();
  }

  @Test
  @Tag("REL-URL-01")
  void bracketsHoldOnlyAnIpv6AddressFromGo1_24_8And1_25_2() {
    assertThat(GoUrl.parse("https://[example.com]/", GO_1_24_4).ok()).isTrue();
    assertThat(GoUrl.parse("https://[example.com]/", GO_1_25_2).ok()).isFalse();
    assertThat(GoUrl.parse("https://[10.0.0.1]/", GO_1_24_4).ok()).isTrue();
    assertThat(GoUrl.parse("https://[10.0.0.1]/", GO_1_26).ok()).isFalse();
    assertThat(GoUrl.parse("https://a[b/", GO_1_23).ok()).isTrue();
    assertThat(GoUrl.parse("https://a[b/", GO_1_26).ok()).isFalse();
    GoUrl.Parsed v6 = GoUrl.parse("https://[::1]:8443/x", GO_1_26);
    assertThat(v6.ok()).isTrue();
    assertThat(v6.host()).isEqualTo("[::1]:8443");
    assertThat(GoUrl.parse("https://[fe80::1%25eth0]/", GO_1_26).host())
        .isEqualTo("[fe80::1%eth0]");
    assertThat(GoUrl.parse("https://[::ffff:10.0.0.1]/", GO_1_26).ok()).isTrue();
  }
}

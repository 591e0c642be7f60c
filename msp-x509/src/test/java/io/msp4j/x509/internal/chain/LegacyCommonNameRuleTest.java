package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("CHAIN-07")
class LegacyCommonNameRuleTest {
  @ParameterizedTest(name = "\"{0}\" looks like a hostname: {1}")
  @CsvSource(delimiter = '|', value = {
      "''|false",
      ".|false",
      "example.com|true",
      "example.com.|true",
      "*.example.com|true",
      ".example.com|false",
      "host.*.example.com|false",
      "localhost|true",
      "-localhost|false",
      "Not_Quite.example.com|true",
      "weird:colon.example.com|true",
      "1-2-3.example.com|true",
      "example..com|false",
      "exa mple.com|false",
      "caf\u00e9.example.com|false"})
  void hostnameTestVectors(String cn, boolean expected) {
    assertThat(LegacyCommonNameRule.looksLikeHostname(cn)).isEqualTo(expected);
  }
}

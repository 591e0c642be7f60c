package io.msp4j.x509.internal.pem;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class GoPemTest {
  private static final String BODY = "AAECAwQF\n";

  private static Optional<PemBlock> decode(String s) {
    return GoPem.decode(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void decodesFirstBlockAndSkipsLeadingText() {
    PemBlock b =
        decode("junk before\n-----BEGIN CERTIFICATE-----\n" + BODY + "-----END CERTIFICATE-----\n")
            .orElseThrow();
    assertThat(b.type()).isEqualTo("CERTIFICATE");
    assertThat(b.bytes()).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(b.rest()).isEmpty();
  }

  @Test
  @Tag("WELLFORMED-01")
  void returnsWhatFollowsTheEndLine() {
    PemBlock b =
        decode("-----BEGIN X-----\n" + BODY + "-----END X-----\n\nmore").orElseThrow();
    assertThat(new String(b.rest(), StandardCharsets.US_ASCII)).isEqualTo("\nmore");
  }

  @Test
  void endLineWithoutNewlineLeavesNothing() {
    PemBlock b = decode("-----BEGIN X-----\n" + BODY + "-----END X-----").orElseThrow();
    assertThat(b.rest()).isEmpty();
  }

  @Test
  void acceptsCrLfAndHeaders() {
    PemBlock b =
        decode("-----BEGIN X-----\r\nProc-Type: 4,ENCRYPTED\r\n\r\nAAEC\r\nAwQF\r\n-----END X-----\r\n")
            .orElseThrow();
    assertThat(b.headers()).containsEntry("Proc-Type", "4,ENCRYPTED");
    assertThat(b.bytes()).containsExactly(0, 1, 2, 3, 4, 5);
  }

  @Test
  void skipsAMalformedBlockAndTakesTheNextOne() {
    PemBlock b =
        decode("-----BEGIN A-----\n!!!!\n-----END A-----\n-----BEGIN B-----\n" + BODY + "-----END B-----\n")
            .orElseThrow();
    assertThat(b.type()).isEqualTo("B");
  }

  @Test
  void mismatchedEndTypeIsNotABlock() {
    assertThat(decode("-----BEGIN A-----\n" + BODY + "-----END B-----\n")).isEmpty();
  }

  @Test
  void missingPaddingIsNotABlock() {
    assertThat(decode("-----BEGIN A-----\nAAECAwQ\n-----END A-----\n")).isEmpty();
  }

  @Test
  void beginMustStartALine() {
    assertThat(decode("x-----BEGIN A-----\n" + BODY + "-----END A-----\n")).isEmpty();
  }

  @Test
  void emptyInputHasNoBlock() {
    assertThat(GoPem.decode(new byte[0])).isEmpty();
    assertThat(decode("-----BEGIN A-----\n")).isEmpty();
  }
}

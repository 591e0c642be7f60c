package io.msp4j.core.internal.pem;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.Random;
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

  @Test
  @Tag("SETUP-CRL-01")
  void paddingOnlyEndsTheBody() {
    assertThat(decode("-----BEGIN A-----\nAA==\n-----END A-----\n").orElseThrow().bytes())
        .containsExactly(0);
    assertThat(decode("-----BEGIN A-----\nAAE=\n-----END A-----\n").orElseThrow().bytes())
        .containsExactly(0, 1);
    assertThat(decode("-----BEGIN A-----\nAA=\r\n =\n-----END A-----\n").orElseThrow().bytes())
        .containsExactly(0);
    assertThat(decode("-----BEGIN A-----\nAA==AAAA\n-----END A-----\n")).isEmpty();
    assertThat(decode("-----BEGIN A-----\nA===\n-----END A-----\n")).isEmpty();
    assertThat(decode("-----BEGIN A-----\n====\n-----END A-----\n")).isEmpty();
    assertThat(decode("-----BEGIN A-----\nAA=A\n-----END A-----\n")).isEmpty();
    assertThat(decode("-----BEGIN A-----\nAA*A\n-----END A-----\n")).isEmpty();
  }

  /**
   * Bodies made of base64 characters, padding, blanks and an occasional stray byte decode as
   * Java's strict base64 decoder reads them once blanks are dropped and the length is checked.
   */
  @Test
  @Tag("SETUP-CRL-01")
  void bodiesDecodeAsStrictBase64WithBlanksIgnored() {
    String alphabet = "AQgw+/9z=== \t\r\n\n*\u00e9";
    Random random = new Random(7);
    int decoded = 0;
    for (int round = 0; round < 20_000; round++) {
      StringBuilder body = new StringBuilder();
      int n = random.nextInt(14);
      for (int i = 0; i < n; i++) {
        body.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String pem = "-----BEGIN A-----\n" + body + "\n-----END A-----\n";
      byte[] expected = strictBase64(body.toString());
      Optional<PemBlock> block = decode(pem);
      assertThat(block.map(PemBlock::bytes).orElse(null)).as("body %s", body).isEqualTo(expected);
      assertThat(GoPem.containsBlock(pem.getBytes(StandardCharsets.ISO_8859_1)))
          .isEqualTo(expected != null);
      if (expected != null) {
        decoded++;
      }
    }
    assertThat(decoded).isPositive();
  }

  /**
   * The fast path for the usual body (lines of one length, joined and given to the JDK's decoder)
   * finds the END line the reference scan finds and gives the bytes the reference decoder gives,
   * on bodies of every line length, LF or CR LF, with a short, long, empty or missing last line,
   * and with stray characters (blanks, newlines, '-', '=', an END line inside) that it must hand
   * back to the reference readers.
   */
  @Test
  @Tag("SETUP-PARSE-01")
  void fastBodyAgreesWithTheReferenceScanAndDecoder() {
    Random random = new Random(21);
    String[] strays = {" ", "\t", "\r", "\n", "-", "=", "*", "\n-----END A-----\n", "\n\n"};
    int fast = 0;
    int handedBack = 0;
    for (int size = 0; size < 200; size++) {
      byte[] raw = new byte[size];
      random.nextBytes(raw);
      String text = Base64.getEncoder().encodeToString(raw);
      for (int variant = 0; variant < 16; variant++) {
        int lineLength = 1 + random.nextInt(80);
        String lineBreak = random.nextBoolean() ? "\n" : "\r\n";
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < text.length(); i += lineLength) {
          if (i > 0) {
            body.append(lineBreak);
          }
          body.append(text, i, Math.min(text.length(), i + lineLength));
        }
        if (variant % 4 == 3) {
          body.insert(random.nextInt(body.length() + 1), strays[random.nextInt(strays.length)]);
        } else if (variant % 8 == 6) {
          body.append(lineBreak); // an empty last line
        }
        byte[] data = (body + "\n-----END A-----\n").getBytes(StandardCharsets.ISO_8859_1);
        GoPem.FastBody ours = GoPem.fastBody(data, 0);
        long reference = GoPem.scanBody(data, 0);
        if (ours == null) {
          handedBack++;
          assertThat(variant % 4 == 3 || text.isEmpty()).as("usual body %s", body).isTrue();
          continue;
        }
        fast++;
        int endIndex = (int) (reference >>> 32);
        int length = (int) reference;
        assertThat(ours.endIndex()).as("END of %s", body).isEqualTo(endIndex);
        assertThat(length).as("%s decodes", body).isNotNegative();
        assertThat(ours.decoded()).as("body %s", body)
            .isEqualTo(GoPem.decodeBase64(data, 0, endIndex, length));
      }
    }
    assertThat(fast).isGreaterThanOrEqualTo(2_400);
    assertThat(handedBack).isGreaterThan(500);
  }

  private static byte[] strictBase64(String body) {
    String clean = body.replaceAll("[ \t\r\n]", "");
    if (clean.length() % 4 != 0) {
      return null;
    }
    try {
      return Base64.getDecoder().decode(clean.getBytes(StandardCharsets.ISO_8859_1));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}

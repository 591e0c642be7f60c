package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class GoAsn1Test {
  /**
   * The integer check of the usual UTCTime form agrees with the general reader on every
   * combination of years around the century and leap years, months, days and times at and past
   * their bounds.
   */
  @Test
  @Tag("SETUP-CRL-01")
  void plainUtcTimeCheckAgreesWithTheGeneralReader() {
    String[] years = {"00", "04", "23", "24", "49", "50", "68", "69", "70", "96", "99"};
    String[][] times = {{"00", "00", "00"}, {"23", "59", "59"}, {"24", "00", "00"},
        {"12", "60", "00"}, {"12", "00", "60"}, {"99", "99", "99"}};
    int accepted = 0;
    for (String year : years) {
      for (int month = 0; month <= 13; month++) {
        for (int day = 0; day <= 32; day++) {
          for (String[] t : times) {
            String s = year + two(month) + two(day) + t[0] + t[1] + t[2] + "Z";
            byte[] b = ("xx" + s).getBytes(StandardCharsets.US_ASCII);
            boolean general = accepts(s.getBytes(StandardCharsets.US_ASCII));
            assertThat(GoAsn1.isPlainUtcTime(b, 2)).as(s).isEqualTo(general);
            accepted += general ? 1 : 0;
          }
        }
      }
    }
    // two valid times a day; 2000, 2004, 2024, 2068 and 1996 are leap years, the other six not
    assertThat(accepted).isEqualTo(2 * (5 * 366 + 6 * 365));
  }

  @Test
  @Tag("SETUP-CRL-01")
  void otherFormsAreLeftToTheGeneralReader() {
    for (String s : new String[] {"2401030000ZZZ", "240103000000+", "24010300000aZ",
        "240103000000z", " 40103000000Z"}) {
      byte[] b = s.getBytes(StandardCharsets.US_ASCII);
      assertThat(GoAsn1.isPlainUtcTime(b, 0)).as(s).isFalse();
    }
  }

  private static boolean accepts(byte[] v) {
    try {
      GoAsn1.utcTime(v);
      return true;
    } catch (GoAsn1.Asn1Exception e) {
      return false;
    }
  }

  private static String two(int n) {
    return n < 10 ? "0" + n : Integer.toString(n);
  }
}

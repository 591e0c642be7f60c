package io.msp4j.testdata;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;

/** Reads the first PEM block of a text with Bouncy Castle's reader. */
final class PemReading {
  private PemReading() {}

  static byte[] firstBlock(String pem) {
    try (PemReader r = new PemReader(new StringReader(pem))) {
      PemObject o = r.readPemObject();
      if (o == null) {
        throw new IllegalArgumentException("no PEM block found");
      }
      return o.getContent();
    } catch (IOException e) {
      throw new UncheckedIOException("unreadable PEM: " + e.getMessage(), e);
    }
  }
}

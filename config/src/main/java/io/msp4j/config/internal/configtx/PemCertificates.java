package io.msp4j.config.internal.configtx;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;
import org.bouncycastle.util.io.pem.PemWriter;

/** The CERTIFICATE blocks of a PEM file, each encoded again on its own (64-column lines). */
final class PemCertificates {

  private PemCertificates() {}

  static List<String> split(byte[] content) {
    List<String> out = new ArrayList<>();
    try (PemReader r =
        new PemReader(new InputStreamReader(new ByteArrayInputStream(content), StandardCharsets.UTF_8))) {
      for (PemObject o; (o = r.readPemObject()) != null; ) {
        if (!o.getType().equals("CERTIFICATE") || !o.getHeaders().isEmpty()) {
          continue;
        }
        StringWriter sw = new StringWriter();
        try (PemWriter w = new PemWriter(sw)) {
          w.writeObject(o);
        }
        out.add(sw.toString());
      }
    } catch (IOException | RuntimeException e) {
      // Go stops at the first block it cannot decode and keeps what it found.
    }
    return out;
  }
}

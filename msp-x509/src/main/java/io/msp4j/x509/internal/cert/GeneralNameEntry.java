package io.msp4j.x509.internal.cert;

import java.nio.charset.StandardCharsets;

/**
 * One GeneralName of a SubjectAltName extension: Go's tag number ({@code identifier ^ 0x80}:
 * 1 rfc822Name, 2 dNSName, 6 URI, 7 iPAddress; constructed forms give other numbers) and the raw
 * content bytes.
 */
public record GeneralNameEntry(int tag, byte[] data) {
  public static final int EMAIL = 1;
  public static final int DNS = 2;
  public static final int URI = 6;
  public static final int IP = 7;

  public GeneralNameEntry {
    data = data.clone();
  }

  @Override
  public byte[] data() {
    return data.clone();
  }

  /** The content as a byte string (one char per byte). */
  public String text() {
    return new String(data, StandardCharsets.ISO_8859_1);
  }
}

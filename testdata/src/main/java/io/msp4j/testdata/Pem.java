package io.msp4j.testdata;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;

/**
 * Writes PEM text the way Go's {@code encoding/pem} does: {@code -----BEGIN label-----}, optional
 * headers and a blank line, base64 in 64-character lines, {@code \n} line ends, a final {@code \n}.
 * Helpers to concatenate blocks and to surround them with junk serve malformed-input tests.
 */
public final class Pem {
  /** Label of certificates. */
  public static final String CERTIFICATE = "CERTIFICATE";
  /** Label of CRLs. */
  public static final String X509_CRL = "X509 CRL";
  /** Label of PKCS#8 private keys. */
  public static final String PRIVATE_KEY = "PRIVATE KEY";
  /** Label of SEC 1 EC private keys. */
  public static final String EC_PRIVATE_KEY = "EC PRIVATE KEY";
  /** Label of PKCS#1 RSA private keys. */
  public static final String RSA_PRIVATE_KEY = "RSA PRIVATE KEY";
  /** Label of SubjectPublicKeyInfo public keys. */
  public static final String PUBLIC_KEY = "PUBLIC KEY";

  private Pem() {}

  /** One PEM block with the given label (any text, even empty or unusual) around {@code der}. */
  public static String encode(String label, byte[] der) {
    return encode(label, Map.of(), der);
  }

  /**
   * One PEM block with headers ({@code Key: value} lines followed by a blank line), written in the
   * map's iteration order.
   */
  public static String encode(String label, Map<String, String> headers, byte[] der) {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(headers, "headers");
    Objects.requireNonNull(der, "der");
    StringBuilder sb = new StringBuilder();
    sb.append("-----BEGIN ").append(label).append("-----\n");
    if (!headers.isEmpty()) {
      headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
      sb.append('\n');
    }
    String b64 = Base64.getEncoder().encodeToString(der);
    for (int i = 0; i < b64.length(); i += 64) {
      sb.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
    }
    sb.append("-----END ").append(label).append("-----\n");
    return sb.toString();
  }

  /** {@code encode(CERTIFICATE, der)}. */
  public static String certificate(byte[] der) {
    return encode(CERTIFICATE, der);
  }

  /** {@code encode(X509_CRL, der)}. */
  public static String crl(byte[] der) {
    return encode(X509_CRL, der);
  }

  /** The blocks one after another, unchanged. */
  public static String concat(String... blocks) {
    return String.join("", blocks);
  }

  /** {@code before + pem + after}, for tests of leading text and trailing bytes. */
  public static String withJunk(String before, String pem, String after) {
    return Objects.requireNonNull(before, "before")
        + Objects.requireNonNull(pem, "pem")
        + Objects.requireNonNull(after, "after");
  }

  /** The UTF-8 bytes of a PEM text, as written to a file. */
  public static byte[] bytes(String pem) {
    return pem.getBytes(StandardCharsets.UTF_8);
  }
}

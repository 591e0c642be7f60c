package io.msp4j.testdata.differential;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;

/** OIDs, times and small encodings shared by the corpus generator's parts. */
final class Encodings {
  private Encodings() {}

  static final Instant BASE = Instant.parse("2024-01-01T00:00:00Z");
  static final Instant END = Instant.parse("2034-01-01T00:00:00Z");
  static final String CN = "2.5.4.3";
  static final String OU = "2.5.4.11";
  static final String O = "2.5.4.10";
  static final String C = "2.5.4.6";
  static final String EMAIL_ATTR = "1.2.840.113549.1.9.1";
  static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
  static final String ECDSA_SHA384 = "1.2.840.10045.4.3.3";
  static final String ECDSA_SHA512 = "1.2.840.10045.4.3.4";
  static final String ECDSA_SHA1 = "1.2.840.10045.4.1";
  static final String ED25519 = "1.3.101.112";
  static final String RSA_SHA256 = "1.2.840.113549.1.1.11";
  static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
  static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  static final String CODE_SIGNING = "1.3.6.1.5.5.7.3.3";
  static final String ANY_EKU = "2.5.29.37.0";


  static byte[] pem(String type, byte[] der) {
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der);
    return ("-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] name(byte[]... rdns) {
    return DerWriter.seq(rdns);
  }

  static byte[] attr(String oid, int tag, String value) {
    return DerWriter.seq(DerWriter.oid(oid), DerWriter.tlv(tag,
        value.getBytes(tag == 0x0c ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1)));
  }

  static byte[] ext(String oid, boolean critical, byte[] value) {
    return critical
        ? DerWriter.seq(DerWriter.oid(oid), DerWriter.bool(true), DerWriter.octets(value))
        : DerWriter.seq(DerWriter.oid(oid), DerWriter.octets(value));
  }

  static byte[] ekuValue(String[] oids) {
    byte[][] parts = new byte[oids.length][];
    for (int i = 0; i < oids.length; i++) {
      parts[i] = DerWriter.oid(oids[i]);
    }
    return DerWriter.seq(parts);
  }

  static byte[] time(Instant t) {
    int year = t.atZone(ZoneOffset.UTC).getYear();
    if (year >= 1950 && year < 2050) {
      return DerWriter.ascii(0x17, fmt("yyMMddHHmmss", t) + "Z");
    }
    return DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", t) + "Z");
  }

  static String fmt(String pattern, Instant t) {
    return DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC).format(t);
  }

  /** RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt, parameters written out. */
  static byte[] pssAlgorithm() {
    byte[] sha256 = DerWriter.seq(DerWriter.oid("2.16.840.1.101.3.4.2.1"), DerWriter.nul());
    return DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.10"), DerWriter.seq(
        DerWriter.tlv(0xA0, sha256),
        DerWriter.tlv(0xA1, DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.8"), sha256)),
        DerWriter.tlv(0xA2, DerWriter.integer(32))));
  }

  static byte[] algorithmFor(KeyPair keys) {
    String alg = keys.getPrivate().getAlgorithm();
    if (alg.equals("RSA")) {
      return DerWriter.seq(DerWriter.oid(RSA_SHA256), DerWriter.nul());
    }
    if (alg.equals("Ed25519") || alg.equals("EdDSA")) {
      return DerWriter.seq(DerWriter.oid(ED25519));
    }
    int bits = ((java.security.interfaces.ECKey) keys.getPrivate()).getParams().getOrder().bitLength();
    return DerWriter.seq(DerWriter.oid(bits > 384 ? ECDSA_SHA512 : bits > 256 ? ECDSA_SHA384 : ECDSA_SHA256));
  }

  static String jcaFor(KeyPair keys) {
    String alg = keys.getPrivate().getAlgorithm();
    if (alg.equals("RSA")) {
      return "SHA256withRSA";
    }
    if (alg.equals("Ed25519") || alg.equals("EdDSA")) {
      return "Ed25519";
    }
    int bits = ((java.security.interfaces.ECKey) keys.getPrivate()).getParams().getOrder().bitLength();
    return bits > 384 ? "SHA512withECDSA" : bits > 256 ? "SHA384withECDSA" : "SHA256withECDSA";
  }

  static byte[] sha256(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
  static int headerLength(byte[] tlv) {
    int l = tlv[1] & 0xff;
    return l < 0x80 ? 2 : 2 + (l & 0x7f);
  }

  static boolean markCritical(List<String> notes, String what) {
    notes.add(what + "=critical");
    return true;
  }
}

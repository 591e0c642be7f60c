package io.msp4j.x509.internal.cert;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;

/**
 * Small helpers over Bouncy Castle's ASN.1 objects that reproduce the strictness of Go's
 * cryptobyte reader: definite, minimal lengths (checked by re-encoding), first element read and
 * trailing bytes left alone where Go leaves them alone.
 */
public final class Der {
  private Der() {}

  /** Encodes an object keeping SET order and the parsed contents (BC's DL encoding). */
  public static byte[] encode(ASN1Encodable object) {
    try {
      return object.toASN1Primitive().getEncoded(ASN1Encoding.DL);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode ASN.1 object", e);
    }
  }

  /**
   * Reads the first ASN.1 element of {@code bytes}; bytes after it are ignored. Fails with
   * {@code error} when there is no element or its encoding is not definite-length DER form.
   */
  public static ASN1Primitive first(byte[] bytes, String error) {
    ASN1Primitive p;
    try (ASN1InputStream in = new ASN1InputStream(new ByteArrayInputStream(bytes), bytes.length)) {
      p = in.readObject();
    } catch (IOException | RuntimeException e) {
      throw new CertificateParseException(error, e);
    }
    if (p == null) {
      throw new CertificateParseException(error);
    }
    byte[] enc = encode(p);
    if (enc.length > bytes.length || !Arrays.equals(enc, 0, enc.length, bytes, 0, enc.length)) {
      throw new CertificateParseException(error);
    }
    return p;
  }

  /** Reads exactly one element: trailing bytes are an error. */
  public static ASN1Primitive only(byte[] bytes, String error) {
    ASN1Primitive p = first(bytes, error);
    if (encode(p).length != bytes.length) {
      throw new CertificateParseException(error);
    }
    return p;
  }

  /** Like {@link #first} but requires a SEQUENCE. */
  public static ASN1Sequence firstSequence(byte[] bytes, String error) {
    if (first(bytes, error) instanceof ASN1Sequence s) {
      return s;
    }
    throw new CertificateParseException(error);
  }

  /**
   * The content of a BIT STRING, right-aligned as Go's {@code BitString.RightAlign}. Go's reader
   * requires the unused bits to be zero.
   */
  public static byte[] bitStringBytes(ASN1Encodable object, String error) {
    if (!(object instanceof ASN1BitString bits)) {
      throw new CertificateParseException(error);
    }
    int pad = bits.getPadBits();
    byte[] octets = bits.getBytes();
    if (pad > 7 || (octets.length == 0 && pad != 0)) {
      throw new CertificateParseException(error);
    }
    if (pad == 0) {
      return octets;
    }
    byte[] raw = Der.encode(bits);
    // Content octets follow the pad-bits octet; check the unused bits of the raw last octet.
    if ((raw[raw.length - 1] & ((1 << pad) - 1)) != 0) {
      throw new CertificateParseException(error);
    }
    byte[] out = new byte[octets.length];
    int carry = 0;
    for (int i = 0; i < octets.length; i++) {
      int b = raw[raw.length - octets.length + i] & 0xff;
      out[i] = (byte) ((carry << (8 - pad)) | (b >>> pad));
      carry = b & ((1 << pad) - 1);
    }
    return out;
  }

  /**
   * Go's cryptobyte limit on OBJECT IDENTIFIER arcs: every sub-identifier (the first one holding
   * the first two arcs) must be below 2^31. Throws {@code error} otherwise.
   */
  public static ASN1ObjectIdentifier goOid(ASN1Encodable object, String error) {
    if (!(object instanceof ASN1ObjectIdentifier oid)) {
      throw new CertificateParseException(error);
    }
    byte[] c = contents(encode(oid));
    long value = 0;
    for (byte b : c) {
      value = (value << 7) | (b & 0x7f);
      if (value > Integer.MAX_VALUE) {
        throw new CertificateParseException(error);
      }
      if ((b & 0x80) == 0) {
        value = 0;
      }
    }
    return oid;
  }

  /** The content octets of a TLV encoding (low tag number form). */
  public static byte[] contents(byte[] tlv) {
    int lenByte = tlv[1] & 0xff;
    int header = lenByte < 0x80 ? 2 : 2 + (lenByte & 0x7f);
    return Arrays.copyOfRange(tlv, header, tlv.length);
  }

  /** DER SEQUENCE whose contents are the given, already encoded, elements in order. */
  public static byte[] sequence(byte[]... encodedElements) {
    int length = 0;
    for (byte[] e : encodedElements) {
      length += e.length;
    }
    byte[] header = header(0x30, length);
    byte[] out = Arrays.copyOf(header, header.length + length);
    int pos = header.length;
    for (byte[] e : encodedElements) {
      System.arraycopy(e, 0, out, pos, e.length);
      pos += e.length;
    }
    return out;
  }

  /** A DER element: {@code tag}, the minimal definite length, then {@code contents}. */
  public static byte[] tlv(int tag, byte[] contents) {
    byte[] header = header(tag, contents.length);
    byte[] out = Arrays.copyOf(header, header.length + contents.length);
    System.arraycopy(contents, 0, out, header.length, contents.length);
    return out;
  }

  /** DER BIT STRING of whole bytes (no unused bits). */
  public static byte[] bitString(byte[] bytes) {
    byte[] contents = new byte[bytes.length + 1]; // leading 0: no unused bits
    System.arraycopy(bytes, 0, contents, 1, bytes.length);
    return tlv(0x03, contents);
  }

  /** Tag and definite length in the shortest form. */
  private static byte[] header(int tag, int length) {
    if (length < 0x80) {
      return new byte[] {(byte) tag, (byte) length};
    }
    int n = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
    byte[] h = new byte[2 + n];
    h[0] = (byte) tag;
    h[1] = (byte) (0x80 | n);
    for (int i = 0; i < n; i++) {
      h[2 + i] = (byte) (length >>> (8 * (n - 1 - i)));
    }
    return h;
  }
}

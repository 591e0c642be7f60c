package io.msp4j.testdata;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.Key;
import java.security.interfaces.ECKey;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;

/** The ECDSA signature rewrites behind {@link SignatureMangling}. */
final class EcdsaSignatureMangler {
  private EcdsaSignatureMangler() {}

  /** Decoded SEQUENCE{r, s, extra...} plus any bytes after it. */
  static final class Decoded {
    final BigInteger r;
    final BigInteger s;
    final List<ASN1Encodable> extra;

    Decoded(BigInteger r, BigInteger s, List<ASN1Encodable> extra) {
      this.r = r;
      this.s = s;
      this.extra = extra;
    }
  }

  static Decoded decode(byte[] sig) {
    try (ASN1InputStream in = new ASN1InputStream(sig)) {
      ASN1Primitive p = in.readObject();
      if (!(p instanceof ASN1Sequence)) {
        throw new IllegalArgumentException("ECDSA signature is not a DER SEQUENCE");
      }
      ASN1Sequence seq = (ASN1Sequence) p;
      if (seq.size() < 2
          || !(seq.getObjectAt(0) instanceof ASN1Integer)
          || !(seq.getObjectAt(1) instanceof ASN1Integer)) {
        throw new IllegalArgumentException("ECDSA signature does not start with two INTEGERs");
      }
      List<ASN1Encodable> extra = new ArrayList<>();
      for (int i = 2; i < seq.size(); i++) {
        extra.add(seq.getObjectAt(i));
      }
      return new Decoded(
          ((ASN1Integer) seq.getObjectAt(0)).getValue(),
          ((ASN1Integer) seq.getObjectAt(1)).getValue(),
          extra);
    } catch (IOException | IllegalStateException e) {
      throw new IllegalArgumentException("ECDSA signature does not decode: " + e.getMessage(), e);
    }
  }

  static byte[] encode(BigInteger r, BigInteger s) {
    return encode(r, s, List.of());
  }

  static byte[] encode(BigInteger r, BigInteger s, List<ASN1Encodable> extra) {
    List<ASN1Encodable> items = new ArrayList<>();
    items.add(new ASN1Integer(r));
    items.add(new ASN1Integer(s));
    items.addAll(extra);
    try {
      return new DERSequence(items.toArray(new ASN1Encodable[0])).getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static BigInteger order(Key key) {
    if (!(key instanceof ECKey)) {
      throw new IllegalArgumentException(
          "S-value mangling needs an EC signing key, not " + (key == null ? "none" : key.getAlgorithm()));
    }
    return ((ECKey) key).getParams().getOrder();
  }

  static byte[] highS(byte[] sig, Key key) {
    BigInteger n = order(key);
    Decoded d = decode(sig);
    BigInteger s = d.s.compareTo(n.shiftRight(1)) <= 0 ? n.subtract(d.s) : d.s;
    return encode(d.r, s, d.extra);
  }

  static byte[] lowS(byte[] sig, Key key) {
    BigInteger n = order(key);
    Decoded d = decode(sig);
    BigInteger s = d.s.compareTo(n.shiftRight(1)) > 0 ? n.subtract(d.s) : d.s;
    return encode(d.r, s, d.extra);
  }

  static byte[] extraInteger(byte[] sig, BigInteger value) {
    Decoded d = decode(sig);
    List<ASN1Encodable> extra = new ArrayList<>(d.extra);
    extra.add(new ASN1Integer(value));
    return encode(d.r, d.s, extra);
  }

  /** SEQUENCE{ INTEGER(00 || minimal r), s, extra... }, written by hand since the DER encoder refuses it. */
  static byte[] nonMinimalR(byte[] sig, Key key) {
    Decoded d = decode(sig);
    byte[] r = d.r.toByteArray();
    byte[] padded = new byte[r.length + 1];
    System.arraycopy(r, 0, padded, 1, r.length);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    writeTlv(body, 0x02, padded);
    try {
      body.write(new ASN1Integer(d.s).getEncoded(ASN1Encoding.DER));
      for (ASN1Encodable e : d.extra) {
        body.write(e.toASN1Primitive().getEncoded(ASN1Encoding.DER));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeTlv(out, 0x30, body.toByteArray());
    return out.toByteArray();
  }

  private static void writeTlv(ByteArrayOutputStream out, int tag, byte[] content) {
    out.write(tag);
    int len = content.length;
    if (len < 0x80) {
      out.write(len);
    } else {
      byte[] l = BigInteger.valueOf(len).toByteArray();
      int start = l[0] == 0 ? 1 : 0;
      out.write(0x80 | (l.length - start));
      out.write(l, start, l.length - start);
    }
    out.write(content, 0, content.length);
  }
}

package io.msp4j.testdata;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.security.Key;
import java.security.cert.CRLException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.cert.X509CRLEntryHolder;
import org.bouncycastle.cert.X509CRLHolder;

/** A signed CRL. Immutable; byte arrays are copied in and out. */
public final class IssuedCrl {
  private final byte[] der;
  private final X509CRLHolder holder;

  private IssuedCrl(byte[] der, X509CRLHolder holder) {
    this.der = der;
    this.holder = holder;
  }

  /**
   * Wraps DER CRL bytes.
   *
   * @throws IllegalArgumentException if they do not parse as a CRL
   */
  public static IssuedCrl fromDer(byte[] der) {
    Objects.requireNonNull(der, "der");
    byte[] copy = der.clone();
    try {
      return new IssuedCrl(copy, new X509CRLHolder(copy));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a parsable X.509 CRL: " + e.getMessage(), e);
    }
  }

  static IssuedCrl of(X509CRLHolder holder) {
    try {
      return new IssuedCrl(holder.getEncoded(), holder);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The same TBSCertList and signature algorithm with the signature bytes passed through
   * {@code mangling}.
   *
   * @param signerKey the issuer's key (public or private), for manglings that need the curve order
   */
  public IssuedCrl withMangledSignature(SignatureMangling mangling, Key signerKey) {
    Objects.requireNonNull(mangling, "mangling");
    CertificateList c = holder.toASN1Structure();
    byte[] sig = mangling.apply(c.getSignature().getOctets(), signerKey);
    CertificateList rebuilt =
        CertificateList.getInstance(
            new DERSequence(new ASN1Encodable[] {c.getTBSCertList(), c.getSignatureAlgorithm(), new DERBitString(sig)}));
    return of(new X509CRLHolder(rebuilt));
  }

  /** The DER encoding (a copy). */
  public byte[] der() {
    return der.clone();
  }

  /** PEM with label {@code X509 CRL}. */
  public String pem() {
    return Pem.crl(der);
  }

  /** {@code prefix} followed by {@link #pem()}: Fabric cannot parse such a file (SETUP-CRL-01). */
  public String pemWithPrefix(String prefix) {
    return Objects.requireNonNull(prefix, "prefix") + pem();
  }

  /** The Bouncy Castle view. */
  public X509CRLHolder holder() {
    return holder;
  }

  /** A fresh JCA CRL object parsed by the Bouncy Castle provider. */
  public X509CRL x509Crl() {
    try {
      CertificateFactory f = CertificateFactory.getInstance("X.509", BcProvider.INSTANCE);
      return (X509CRL) f.generateCRL(new ByteArrayInputStream(der));
    } catch (CertificateException | CRLException e) {
      throw new IllegalStateException("CRL does not parse as JCA X509CRL: " + e.getMessage(), e);
    }
  }

  /** The serial numbers of the revoked entries, in CRL order. */
  public List<BigInteger> revokedSerials() {
    List<BigInteger> out = new ArrayList<>();
    for (Object o : holder.getRevokedCertificates()) {
      out.add(((X509CRLEntryHolder) o).getSerialNumber());
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IssuedCrl && Arrays.equals(der, ((IssuedCrl) o).der);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(der);
  }

  @Override
  public String toString() {
    return "IssuedCrl[issuer=" + holder.getIssuer() + ", revoked=" + revokedSerials().size() + "]";
  }
}

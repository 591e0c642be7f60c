package io.msp4j.testdata;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.Key;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x509.Certificate;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cert.X509CertificateHolder;

/**
 * A certificate together with its key pair (the private key is absent for imported certificates).
 * Immutable; byte arrays are copied in and out.
 */
public final class IssuedCertificate {
  private final byte[] der;
  private final X509CertificateHolder holder;
  private final PublicKey publicKey;
  private final PrivateKey privateKey;

  private IssuedCertificate(byte[] der, X509CertificateHolder holder, PublicKey publicKey, PrivateKey privateKey) {
    this.der = der;
    this.holder = holder;
    this.publicKey = publicKey;
    this.privateKey = privateKey;
  }

  /**
   * Wraps DER certificate bytes. {@code privateKey} may be {@code null}.
   *
   * @throws IllegalArgumentException if the bytes are not a parsable certificate
   */
  public static IssuedCertificate fromDer(byte[] der, PrivateKey privateKey) {
    Objects.requireNonNull(der, "der");
    byte[] copy = der.clone();
    X509CertificateHolder h;
    try {
      h = new X509CertificateHolder(copy);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a parsable X.509 certificate: " + e.getMessage(), e);
    }
    PublicKey pub;
    try {
      pub = KeyPairs.publicKey(h.getSubjectPublicKeyInfo().getEncoded());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new IssuedCertificate(copy, h, pub, privateKey);
  }

  /** Wraps DER certificate bytes without a private key. */
  public static IssuedCertificate fromDer(byte[] der) {
    return fromDer(der, null);
  }

  /** Reads the first PEM block of {@code pem} (any label) as a certificate, without a private key. */
  public static IssuedCertificate fromPem(String pem) {
    return fromDer(PemReading.firstBlock(pem));
  }

  static IssuedCertificate of(X509CertificateHolder holder, KeyPair keyPair) {
    try {
      return new IssuedCertificate(holder.getEncoded(), holder, keyPair.getPublic(), keyPair.getPrivate());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same certificate paired with another private key (e.g. a mismatching one). */
  public IssuedCertificate withPrivateKey(PrivateKey key) {
    return new IssuedCertificate(der, holder, publicKey, key);
  }

  /** The same certificate without its private key, as an imported certificate. */
  public IssuedCertificate withoutPrivateKey() {
    return new IssuedCertificate(der, holder, publicKey, null);
  }

  /**
   * The same TBSCertificate and signature algorithm with the signature bytes passed through
   * {@code mangling}; the key is kept. Handy for twins of one certificate (high-S and low-S copies,
   * an extra INTEGER in the signature).
   *
   * @param signerKey the issuer's key (public or private), for manglings that need the curve order
   */
  public IssuedCertificate withMangledSignature(SignatureMangling mangling, Key signerKey) {
    Objects.requireNonNull(mangling, "mangling");
    Certificate c = holder.toASN1Structure();
    byte[] sig = mangling.apply(c.getSignature().getOctets(), signerKey);
    Certificate rebuilt =
        Certificate.getInstance(
            new DERSequence(new ASN1Encodable[] {c.getTBSCertificate(), c.getSignatureAlgorithm(), new DERBitString(sig)}));
    return of(new X509CertificateHolder(rebuilt), new KeyPair(publicKey, privateKey));
  }

  /** The DER encoding (a copy). */
  public byte[] der() {
    return der.clone();
  }

  /** PEM with label {@code CERTIFICATE}, Go's layout. */
  public String pem() {
    return Pem.certificate(der);
  }

  /** The Bouncy Castle view. */
  public X509CertificateHolder holder() {
    return holder;
  }

  /** A fresh JCA certificate object parsed by the Bouncy Castle provider. */
  public X509Certificate x509Certificate() {
    try {
      CertificateFactory f = CertificateFactory.getInstance("X.509", BcProvider.INSTANCE);
      return (X509Certificate) f.generateCertificate(new ByteArrayInputStream(der));
    } catch (CertificateException e) {
      throw new IllegalStateException("certificate does not parse as JCA X509Certificate: " + e.getMessage(), e);
    }
  }

  /** The subject's key pair; its private part is {@code null} when absent. */
  public KeyPair keyPair() {
    return new KeyPair(publicKey, privateKey);
  }

  /** The subject public key. */
  public PublicKey publicKey() {
    return publicKey;
  }

  /** The subject private key, if known. */
  public Optional<PrivateKey> privateKey() {
    return Optional.ofNullable(privateKey);
  }

  /**
   * The private key as PKCS#8 PEM ({@code PRIVATE KEY}).
   *
   * @throws IllegalStateException if the private key is absent
   */
  public String pkcs8Pem() {
    if (privateKey == null) {
      throw new IllegalStateException("certificate " + this + " has no private key");
    }
    return PrivateKeys.pkcs8Pem(privateKey);
  }

  /** The subject DN as encoded in the certificate. */
  public X500Name subject() {
    return holder.getSubject();
  }

  /** The issuer DN as encoded in the certificate. */
  public X500Name issuer() {
    return holder.getIssuer();
  }

  /** The serial number. */
  public BigInteger serial() {
    return holder.getSerialNumber();
  }

  /** The SubjectKeyIdentifier extension's key id (a copy), if present and an OCTET STRING. */
  public Optional<byte[]> subjectKeyId() {
    Extension e = holder.getExtension(Extension.subjectKeyIdentifier);
    if (e == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(ASN1OctetString.getInstance(e.getParsedValue()).getOctets().clone());
    } catch (IllegalArgumentException ex) {
      return Optional.empty();
    }
  }

  /** SHA-256 of the public key as Fabric's key store computes it (FOLDER-10); see {@link SubjectKeyIds}. */
  public byte[] fabricSki() {
    return SubjectKeyIds.fabricSki(publicKey);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IssuedCertificate && Arrays.equals(der, ((IssuedCertificate) o).der);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(der);
  }

  @Override
  public String toString() {
    return "IssuedCertificate[subject=" + holder.getSubject() + ", serial=" + holder.getSerialNumber().toString(16)
        + ", issuer=" + holder.getIssuer() + "]";
  }
}

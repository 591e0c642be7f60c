package io.msp4j.testdata;

import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.CRLNumber;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.ExtensionsGenerator;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v2CRLBuilder;

/**
 * Fluent builder of a CRL signed by an {@link IssuedCertificate}. Obtain it from
 * {@link TestPki#crl(IssuedCertificate)} or {@link #create(SecureRandom, IssuedCertificate)}.
 *
 * <p>Defaults: issuer DN = the issuer certificate's subject; thisUpdate = {@link #DEFAULT_THIS_UPDATE};
 * nextUpdate = {@link #DEFAULT_NEXT_UPDATE}; extensions AuthorityKeyIdentifier (= the issuer's SKI,
 * left out if the issuer has none) and CRLNumber 1, in that order; revocation date = thisUpdate, no
 * reason code; signature algorithm as for certificates.
 */
public final class CrlBuilder {
  /** Default thisUpdate: 2024-01-02T00:00:00Z. */
  public static final Instant DEFAULT_THIS_UPDATE = Instant.parse("2024-01-02T00:00:00Z");
  /** Default nextUpdate: 2049-12-31T00:00:00Z. */
  public static final Instant DEFAULT_NEXT_UPDATE = Instant.parse("2049-12-31T00:00:00Z");

  private final SecureRandom random;
  private final IssuedCertificate issuer;
  private X500Name issuerName;
  private PrivateKey signingKey;
  private Instant thisUpdate = DEFAULT_THIS_UPDATE;
  private Instant nextUpdate = DEFAULT_NEXT_UPDATE;
  private final List<Entry> entries = new ArrayList<>();
  private Extension aki;
  private boolean akiSet;
  private BigInteger crlNumber = BigInteger.ONE;
  private final List<Extension> extra = new ArrayList<>();
  private SignatureAlgorithm signatureAlgorithm;
  private AlgorithmIdentifier declaredAlgorithm;
  private SignatureMangling mangling;

  private static final class Entry {
    final BigInteger serial;
    final Instant date;
    final Integer reason;

    Entry(BigInteger serial, Instant date, Integer reason) {
      this.serial = serial;
      this.date = date;
      this.reason = reason;
    }
  }

  private CrlBuilder(SecureRandom random, IssuedCertificate issuer) {
    this.random = Objects.requireNonNull(random, "random");
    this.issuer = Objects.requireNonNull(issuer, "issuer");
  }

  /** A CRL builder for {@code issuer}, drawing signature randomness from {@code random}. */
  public static CrlBuilder create(SecureRandom random, IssuedCertificate issuer) {
    return new CrlBuilder(random, issuer);
  }

  /** Revokes this serial (revocation date = thisUpdate, no reason). */
  public CrlBuilder revoke(BigInteger serial) {
    return revoke(serial, null, null);
  }

  /** Revokes the certificate's serial. */
  public CrlBuilder revoke(IssuedCertificate certificate) {
    return revoke(Objects.requireNonNull(certificate, "certificate").serial());
  }

  /**
   * Revokes a serial with a revocation date ({@code null} = thisUpdate) and a reason code
   * ({@code null} = no reasonCode entry extension; values as in {@link CRLReason}).
   */
  public CrlBuilder revoke(BigInteger serial, Instant date, Integer reason) {
    entries.add(new Entry(Objects.requireNonNull(serial, "serial"), date, reason));
    return this;
  }

  /** Overrides the issuer DN written into the CRL. */
  public CrlBuilder issuerName(X500Name name) {
    this.issuerName = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Signs with this key instead of the issuer's. */
  public CrlBuilder signingKey(PrivateKey key) {
    this.signingKey = Objects.requireNonNull(key, "key");
    return this;
  }

  /** thisUpdate. */
  public CrlBuilder thisUpdate(Instant t) {
    this.thisUpdate = Objects.requireNonNull(t, "t");
    return this;
  }

  /** nextUpdate; {@code null} leaves it out. */
  public CrlBuilder nextUpdate(Instant t) {
    this.nextUpdate = t;
    return this;
  }

  /** AuthorityKeyIdentifier with this keyIdentifier instead of the issuer's SKI. */
  public CrlBuilder authorityKeyId(byte[] keyId) {
    aki = ext(Extension.authorityKeyIdentifier, false, new AuthorityKeyIdentifier(keyId.clone()));
    akiSet = true;
    return this;
  }

  /** AuthorityKeyIdentifier without keyIdentifier (issuer name and serial only); never matches in Fabric. */
  public CrlBuilder authorityKeyIdWithoutKeyId() {
    aki =
        ext(
            Extension.authorityKeyIdentifier,
            false,
            new AuthorityKeyIdentifier(new GeneralNames(new GeneralName(issuer.issuer())), issuer.serial()));
    akiSet = true;
    return this;
  }

  /** No AuthorityKeyIdentifier (VALIDATE-CRL-02: such a CRL poisons validation). */
  public CrlBuilder noAuthorityKeyId() {
    aki = null;
    akiSet = true;
    return this;
  }

  /** CRLNumber value; {@code null} leaves the extension out. */
  public CrlBuilder crlNumber(BigInteger number) {
    this.crlNumber = number;
    return this;
  }

  /** Any further CRL extension, appended after AKI and CRLNumber. */
  public CrlBuilder extension(ASN1ObjectIdentifier oid, boolean critical, ASN1Encodable value) {
    extra.add(ext(oid, critical, value));
    return this;
  }

  /** Overrides the signature algorithm. */
  public CrlBuilder signatureAlgorithm(SignatureAlgorithm algorithm) {
    this.signatureAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    return this;
  }

  /** Writes this AlgorithmIdentifier instead of the real one (the signature is still real). */
  public CrlBuilder declaredSignatureAlgorithm(AlgorithmIdentifier algorithm) {
    this.declaredAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    return this;
  }

  /** Rewrites the signature bytes after signing, see {@link SignatureMangling}. */
  public CrlBuilder mangleSignature(SignatureMangling mangling) {
    this.mangling = Objects.requireNonNull(mangling, "mangling");
    return this;
  }

  /**
   * Builds and signs the CRL.
   *
   * @throws IllegalStateException if the issuer has no private key and none was given
   */
  public IssuedCrl build() {
    PrivateKey key =
        signingKey != null
            ? signingKey
            : issuer.privateKey()
                .orElseThrow(() -> new IllegalStateException("CRL issuer " + issuer + " has no private key"));
    SignatureAlgorithm alg = signatureAlgorithm != null ? signatureAlgorithm : Signing.defaultFor(key);
    X509v2CRLBuilder b =
        new X509v2CRLBuilder(issuerName != null ? issuerName : issuer.subject(), Date.from(thisUpdate));
    if (nextUpdate != null) {
      b.setNextUpdate(Date.from(nextUpdate));
    }
    for (Entry e : entries) {
      Date when = Date.from(e.date != null ? e.date : thisUpdate);
      if (e.reason == null) {
        b.addCRLEntry(e.serial, when, (Extensions) null);
      } else {
        ExtensionsGenerator g = new ExtensionsGenerator();
        try {
          g.addExtension(Extension.reasonCode, false, CRLReason.lookup(e.reason));
        } catch (java.io.IOException ex) {
          throw new UncheckedIOException(ex);
        }
        b.addCRLEntry(e.serial, when, g.generate());
      }
    }
    try {
      Extension a = akiSet ? aki : defaultAki();
      if (a != null) {
        b.addExtension(a);
      }
      if (crlNumber != null) {
        b.addExtension(Extension.cRLNumber, false, new CRLNumber(crlNumber));
      }
      for (Extension e : extra) {
        b.addExtension(e);
      }
    } catch (CertIOException e) {
      throw new UncheckedIOException(e);
    }
    return IssuedCrl.of(b.build(Signing.signer(alg, key, random, mangling, declaredAlgorithm)));
  }

  private Extension defaultAki() {
    return issuer.subjectKeyId()
        .map(id -> ext(Extension.authorityKeyIdentifier, false, new AuthorityKeyIdentifier(id)))
        .orElse(null);
  }

  private static Extension ext(ASN1ObjectIdentifier oid, boolean critical, ASN1Encodable value) {
    try {
      return new Extension(
          oid, critical, new org.bouncycastle.asn1.DEROctetString(value.toASN1Primitive().getEncoded("DER")));
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.msp4j.testdata;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CertificatePolicies;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.GeneralSubtree;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.NameConstraints;
import org.bouncycastle.asn1.x509.PolicyConstraints;
import org.bouncycastle.asn1.x509.PolicyInformation;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x509.Time;
import org.bouncycastle.asn1.x509.Validity;
import org.bouncycastle.asn1.x509.Certificate;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.ContentSigner;

/**
 * Fluent builder of one X.509 certificate. Obtain it from {@link TestPki#certificate()} or
 * {@link #create(SecureRandom)}; every setter returns {@code this}; {@link #build()} may be called
 * once or several times (each call draws fresh randomness for what was not fixed).
 *
 * <p>Defaults (all overridable):
 * <ul>
 *   <li>self-signed unless {@link #issuer(IssuedCertificate)} is given; subject key EC P-256;
 *   <li>subject: empty (allowed for issued certificates; a self-signed one needs a subject, since
 *       Bouncy Castle refuses to parse an empty issuer DN);
 *   <li>serial: 128 random bits, positive; validity {@link #DEFAULT_NOT_BEFORE} to
 *       {@link #DEFAULT_NOT_AFTER}; version 3;
 *   <li>leaf (default): basicConstraints cA=false (critical), keyUsage digitalSignature (critical);
 *   <li>{@link #ca()}: basicConstraints cA=true (critical), keyUsage digitalSignature, keyCertSign,
 *       cRLSign (critical);
 *   <li>SubjectKeyIdentifier = {@link SubjectKeyIds#fabricSki} (SHA-256 of the public key, as
 *       cryptogen computes it); AuthorityKeyIdentifier = the issuer's SKI for issued certificates,
 *       absent for self-signed ones (as Go does);
 *   <li>signature algorithm: Go's choice for the signing key (see {@link KeyAlgorithm#defaultSignatureAlgorithm()}).
 * </ul>
 *
 * <p>Extensions are written in Go's order: keyUsage, extKeyUsage, basicConstraints, SKI, AKI, SAN,
 * nameConstraints, certificatePolicies, policyConstraints, inhibitAnyPolicy, then custom ones in
 * call order.
 */
public final class CertificateBuilder {
  /** Default notBefore: 2024-01-01T00:00:00Z. */
  public static final Instant DEFAULT_NOT_BEFORE = Instant.parse("2024-01-01T00:00:00Z");
  /** Default notAfter: 2049-12-31T23:59:59Z (still a UTCTime). */
  public static final Instant DEFAULT_NOT_AFTER = Instant.parse("2049-12-31T23:59:59Z");

  private static final List<ASN1ObjectIdentifier> STANDARD_ORDER =
      List.of(
          Extension.keyUsage,
          Extension.extendedKeyUsage,
          Extension.basicConstraints,
          Extension.subjectKeyIdentifier,
          Extension.authorityKeyIdentifier,
          Extension.subjectAlternativeName,
          Extension.nameConstraints,
          Extension.certificatePolicies,
          Extension.policyConstraints,
          Extension.inhibitAnyPolicy);

  private final SecureRandom random;
  private X500Name subject = new X500Name(new org.bouncycastle.asn1.x500.RDN[0]);
  private IssuedCertificate issuer;
  private X500Name issuerName;
  private PrivateKey signingKey;
  private BigInteger serial;
  private Instant notBefore = DEFAULT_NOT_BEFORE;
  private Instant notAfter = DEFAULT_NOT_AFTER;
  private boolean version1;
  private KeyAlgorithm keyAlgorithm = KeyAlgorithm.EC_P256;
  private KeyPair keyPair;
  private boolean ca;
  private SignatureAlgorithm signatureAlgorithm;
  private AlgorithmIdentifier declaredAlgorithm;
  private AlgorithmIdentifier outerAlgorithm;
  private SignatureMangling mangling;
  private boolean fabricSkiDefault = true;
  /** Explicit choices: a value, or {@code null} meaning "leave the extension out". */
  private final Map<ASN1ObjectIdentifier, Extension> explicit = new LinkedHashMap<>();
  private final List<GeneralName> san = new ArrayList<>();
  private final List<GeneralSubtree> permitted = new ArrayList<>();
  private final List<GeneralSubtree> excluded = new ArrayList<>();
  private boolean nameConstraintsCritical = true;

  private CertificateBuilder(SecureRandom random) {
    this.random = Objects.requireNonNull(random, "random");
  }

  /** A builder drawing its randomness (keys, serial, signature) from {@code random}. */
  public static CertificateBuilder create(SecureRandom random) {
    return new CertificateBuilder(random);
  }

  // ---------------------------------------------------------------- names, issuer, serial, time

  /** Subject from text, see {@link Names#parse(String)}. */
  public CertificateBuilder subject(String dn) {
    this.subject = Names.parse(dn);
    return this;
  }

  /** Subject as given (its encoding is kept). */
  public CertificateBuilder subject(X500Name name) {
    this.subject = Objects.requireNonNull(name, "name");
    return this;
  }

  /**
   * Issued by {@code parent}: issuer DN = the parent's subject bytes, signed with its private key,
   * AKI = its SKI. {@code null} means self-signed (the default).
   */
  public CertificateBuilder issuer(IssuedCertificate parent) {
    this.issuer = parent;
    return this;
  }

  /** Overrides the issuer DN written into the certificate (the signing key is unchanged). */
  public CertificateBuilder issuerName(X500Name name) {
    this.issuerName = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Overrides the issuer DN from text. */
  public CertificateBuilder issuerName(String dn) {
    return issuerName(Names.parse(dn));
  }

  /** Signs with this key instead of the issuer's (or the subject's, when self-signed). */
  public CertificateBuilder signingKey(PrivateKey key) {
    this.signingKey = Objects.requireNonNull(key, "key");
    return this;
  }

  /** A fixed serial number (may be zero or negative, for bad-input tests). */
  public CertificateBuilder serial(BigInteger serial) {
    this.serial = Objects.requireNonNull(serial, "serial");
    return this;
  }

  /** A fixed serial number. */
  public CertificateBuilder serial(long serial) {
    return serial(BigInteger.valueOf(serial));
  }

  /** notBefore (inclusive). */
  public CertificateBuilder notBefore(Instant t) {
    this.notBefore = Objects.requireNonNull(t, "t");
    return this;
  }

  /** notAfter (inclusive). */
  public CertificateBuilder notAfter(Instant t) {
    this.notAfter = Objects.requireNonNull(t, "t");
    return this;
  }

  /** Both validity bounds. */
  public CertificateBuilder validity(Instant notBefore, Instant notAfter) {
    return notBefore(notBefore).notAfter(notAfter);
  }

  /** Writes a version 1 certificate: no extensions at all (setting any extension then fails the build). */
  public CertificateBuilder version1() {
    this.version1 = true;
    return this;
  }

  // ---------------------------------------------------------------- keys and signature

  /** Generate the subject key with this algorithm at build time (default EC P-256). */
  public CertificateBuilder keyAlgorithm(KeyAlgorithm algorithm) {
    this.keyAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    this.keyPair = null;
    return this;
  }

  /** Use this subject key pair (its private part may be null unless self-signed). */
  public CertificateBuilder keyPair(KeyPair pair) {
    this.keyPair = Objects.requireNonNull(pair, "pair");
    return this;
  }

  /** Overrides the signature algorithm (it must suit the signing key). */
  public CertificateBuilder signatureAlgorithm(SignatureAlgorithm algorithm) {
    this.signatureAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    return this;
  }

  /**
   * Writes this AlgorithmIdentifier (in TBS and outer certificate) instead of the real one; the
   * signature itself is still made with the real algorithm.
   */
  public CertificateBuilder declaredSignatureAlgorithm(AlgorithmIdentifier algorithm) {
    this.declaredAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    return this;
  }

  /**
   * Writes this AlgorithmIdentifier only in the outer Certificate structure, so that it differs
   * from the one inside the TBSCertificate.
   */
  public CertificateBuilder outerSignatureAlgorithm(AlgorithmIdentifier algorithm) {
    this.outerAlgorithm = Objects.requireNonNull(algorithm, "algorithm");
    return this;
  }

  /** Rewrites the signature bytes after signing, see {@link SignatureMangling}. */
  public CertificateBuilder mangleSignature(SignatureMangling mangling) {
    this.mangling = Objects.requireNonNull(mangling, "mangling");
    return this;
  }

  // ---------------------------------------------------------------- role shortcuts

  /** A CA: cA=true without pathLen, keyUsage digitalSignature|keyCertSign|cRLSign. */
  public CertificateBuilder ca() {
    this.ca = true;
    return this;
  }

  /** A CA with a pathLenConstraint. */
  public CertificateBuilder ca(int pathLen) {
    this.ca = true;
    return basicConstraints(true, pathLen, true);
  }

  /** A leaf (the default): cA=false, keyUsage digitalSignature. */
  public CertificateBuilder leaf() {
    this.ca = false;
    return this;
  }

  // ---------------------------------------------------------------- extensions

  /**
   * basicConstraints with the given values; {@code pathLen} null for none (only meaningful with
   * cA=true, Bouncy Castle cannot encode pathLen with cA=false).
   */
  public CertificateBuilder basicConstraints(boolean isCa, Integer pathLen, boolean critical) {
    BasicConstraints bc;
    if (pathLen != null) {
      if (!isCa) {
        throw new IllegalArgumentException("pathLen needs cA=true");
      }
      bc = new BasicConstraints(pathLen);
    } else {
      bc = new BasicConstraints(isCa);
    }
    return put(Extension.basicConstraints, critical, bc);
  }

  /** Leaves basicConstraints out. */
  public CertificateBuilder noBasicConstraints() {
    return remove(Extension.basicConstraints);
  }

  /** keyUsage with the given bits ({@link KeyUsage} constants OR-ed), critical. */
  public CertificateBuilder keyUsage(int bits) {
    return keyUsage(bits, true);
  }

  /** keyUsage with the given bits and criticality. */
  public CertificateBuilder keyUsage(int bits, boolean critical) {
    return put(Extension.keyUsage, critical, new KeyUsage(bits));
  }

  /** Leaves keyUsage out. */
  public CertificateBuilder noKeyUsage() {
    return remove(Extension.keyUsage);
  }

  /** extendedKeyUsage (non-critical) with these purposes, e.g. {@link KeyPurposeId#id_kp_serverAuth}. */
  public CertificateBuilder extendedKeyUsage(KeyPurposeId... purposes) {
    return extendedKeyUsage(false, purposes);
  }

  /** extendedKeyUsage with criticality. */
  public CertificateBuilder extendedKeyUsage(boolean critical, KeyPurposeId... purposes) {
    return put(Extension.extendedKeyUsage, critical, new ExtendedKeyUsage(purposes));
  }

  /** extendedKeyUsage (non-critical) with arbitrary purpose OIDs in dotted form. */
  public CertificateBuilder extendedKeyUsageOids(String... oids) {
    KeyPurposeId[] ids = new KeyPurposeId[oids.length];
    for (int i = 0; i < oids.length; i++) {
      ids[i] = KeyPurposeId.getInstance(new ASN1ObjectIdentifier(oids[i]));
    }
    return extendedKeyUsage(false, ids);
  }

  /** Leaves extendedKeyUsage out (the default). */
  public CertificateBuilder noExtendedKeyUsage() {
    return remove(Extension.extendedKeyUsage);
  }

  /** SubjectKeyIdentifier with these bytes. */
  public CertificateBuilder subjectKeyId(byte[] keyId) {
    return put(Extension.subjectKeyIdentifier, false, new DEROctetString(keyId.clone()));
  }

  /** SubjectKeyIdentifier computed by RFC 5280 method 1 (SHA-1), as Go does for CAs without one. */
  public CertificateBuilder subjectKeyIdRfc5280() {
    explicit.remove(Extension.subjectKeyIdentifier);
    fabricSkiDefault = false;
    return this;
  }

  /** Leaves SubjectKeyIdentifier out. */
  public CertificateBuilder noSubjectKeyId() {
    return remove(Extension.subjectKeyIdentifier);
  }

  /** AuthorityKeyIdentifier with this keyIdentifier. */
  public CertificateBuilder authorityKeyId(byte[] keyId) {
    return put(Extension.authorityKeyIdentifier, false, new AuthorityKeyIdentifier(keyId.clone()));
  }

  /** AuthorityKeyIdentifier holding only authorityCertIssuer and serial, no keyIdentifier. */
  public CertificateBuilder authorityKeyIdWithoutKeyId(X500Name issuerName, BigInteger issuerSerial) {
    return put(
        Extension.authorityKeyIdentifier,
        false,
        new AuthorityKeyIdentifier(new GeneralNames(new GeneralName(issuerName)), issuerSerial));
  }

  /** Leaves AuthorityKeyIdentifier out. */
  public CertificateBuilder noAuthorityKeyId() {
    return remove(Extension.authorityKeyIdentifier);
  }

  /** Adds dNSName entries to the SAN. */
  public CertificateBuilder dnsNames(String... names) {
    for (String n : names) {
      san.add(new GeneralName(GeneralName.dNSName, n));
    }
    return this;
  }

  /** Adds iPAddress entries (IPv4 or IPv6 text) to the SAN. */
  public CertificateBuilder ipAddresses(String... ips) {
    for (String ip : ips) {
      san.add(new GeneralName(GeneralName.iPAddress, ip));
    }
    return this;
  }

  /** Adds rfc822Name entries to the SAN. */
  public CertificateBuilder emails(String... emails) {
    for (String e : emails) {
      san.add(new GeneralName(GeneralName.rfc822Name, e));
    }
    return this;
  }

  /** Adds uniformResourceIdentifier entries to the SAN. */
  public CertificateBuilder uris(String... uris) {
    for (String u : uris) {
      san.add(new GeneralName(GeneralName.uniformResourceIdentifier, u));
    }
    return this;
  }

  /** Adds any GeneralName to the SAN. */
  public CertificateBuilder san(GeneralName name) {
    san.add(Objects.requireNonNull(name, "name"));
    return this;
  }

  /** Adds a permitted subtree; see {@link #dns(String)}, {@link #ip(String)} and friends. */
  public CertificateBuilder permitted(GeneralName... names) {
    for (GeneralName n : names) {
      permitted.add(new GeneralSubtree(n));
    }
    return this;
  }

  /** Adds an excluded subtree. */
  public CertificateBuilder excluded(GeneralName... names) {
    for (GeneralName n : names) {
      excluded.add(new GeneralSubtree(n));
    }
    return this;
  }

  /** Criticality of nameConstraints (default true, as RFC 5280 requires). */
  public CertificateBuilder nameConstraintsCritical(boolean critical) {
    this.nameConstraintsCritical = critical;
    return this;
  }

  /** certificatePolicies (non-critical) with these policy OIDs in dotted form. */
  public CertificateBuilder certificatePolicies(String... policyOids) {
    PolicyInformation[] infos = new PolicyInformation[policyOids.length];
    for (int i = 0; i < policyOids.length; i++) {
      infos[i] = new PolicyInformation(new ASN1ObjectIdentifier(policyOids[i]));
    }
    return put(Extension.certificatePolicies, false, new CertificatePolicies(infos));
  }

  /** policyConstraints (critical) with requireExplicitPolicy / inhibitPolicyMapping skip counts (null = absent). */
  public CertificateBuilder policyConstraints(Integer requireExplicitPolicy, Integer inhibitPolicyMapping) {
    return put(
        Extension.policyConstraints,
        true,
        new PolicyConstraints(
            requireExplicitPolicy == null ? null : BigInteger.valueOf(requireExplicitPolicy),
            inhibitPolicyMapping == null ? null : BigInteger.valueOf(inhibitPolicyMapping)));
  }

  /**
   * policyMappings (critical) of these dotted OIDs, taken in pairs: issuerDomainPolicy,
   * subjectDomainPolicy, issuerDomainPolicy, ...
   */
  public CertificateBuilder policyMappings(String... issuerSubjectPairs) {
    if (issuerSubjectPairs.length % 2 != 0) {
      throw new IllegalArgumentException("policy mappings come in pairs: "
          + java.util.Arrays.toString(issuerSubjectPairs));
    }
    org.bouncycastle.asn1.ASN1EncodableVector all = new org.bouncycastle.asn1.ASN1EncodableVector();
    for (int i = 0; i < issuerSubjectPairs.length; i += 2) {
      all.add(new org.bouncycastle.asn1.DERSequence(new ASN1Encodable[] {
          new ASN1ObjectIdentifier(issuerSubjectPairs[i]),
          new ASN1ObjectIdentifier(issuerSubjectPairs[i + 1])}));
    }
    return put(Extension.policyMappings, true, new org.bouncycastle.asn1.DERSequence(all));
  }

  /** inhibitAnyPolicy (critical) with this skip count. */
  public CertificateBuilder inhibitAnyPolicy(int skipCerts) {
    return put(Extension.inhibitAnyPolicy, true, new ASN1Integer(skipCerts));
  }

  /**
   * Any extension, e.g. an unknown critical one. Replaces a standard extension of the same OID
   * (keeping its position); others are appended in call order.
   */
  public CertificateBuilder extension(ASN1ObjectIdentifier oid, boolean critical, ASN1Encodable value) {
    return put(oid, critical, value);
  }

  /** Any extension with raw DER (or even non-DER) bytes as its extnValue contents. */
  public CertificateBuilder extension(ASN1ObjectIdentifier oid, boolean critical, byte[] extnValue) {
    explicit.put(oid, new Extension(oid, critical, new DEROctetString(extnValue.clone())));
    return this;
  }

  /** Extension OID in dotted form, raw bytes as its extnValue contents. */
  public CertificateBuilder extension(String oid, boolean critical, byte[] extnValue) {
    return extension(new ASN1ObjectIdentifier(oid), critical, extnValue);
  }

  /** Extension OID in dotted form, DER value. */
  public CertificateBuilder extension(String oid, boolean critical, ASN1Encodable value) {
    return extension(new ASN1ObjectIdentifier(oid), critical, value);
  }

  // ---------------------------------------------------------------- GeneralName helpers

  /** A dNSName for SANs or name constraints. */
  public static GeneralName dns(String name) {
    return new GeneralName(GeneralName.dNSName, name);
  }

  /** An iPAddress: a plain address for SANs, {@code addr/prefix} or {@code addr/mask} for name constraints. */
  public static GeneralName ip(String address) {
    return new GeneralName(GeneralName.iPAddress, address);
  }

  /** An rfc822Name (an address, a host or a {@code .domain}). */
  public static GeneralName email(String value) {
    return new GeneralName(GeneralName.rfc822Name, value);
  }

  /** A uniformResourceIdentifier (for name constraints: a host or {@code .domain}). */
  public static GeneralName uri(String value) {
    return new GeneralName(GeneralName.uniformResourceIdentifier, value);
  }

  /** A directoryName from text. */
  public static GeneralName directoryName(String dn) {
    return new GeneralName(Names.parse(dn));
  }

  // ---------------------------------------------------------------- build

  /**
   * Builds and signs the certificate.
   *
   * @throws IllegalStateException if no signing key is available (issuer without private key)
   * @throws IllegalArgumentException if the signature algorithm does not suit the signing key
   */
  public IssuedCertificate build() {
    KeyPair pair = keyPair != null ? keyPair : KeyPairs.generate(keyAlgorithm, random);
    PrivateKey signer = signingKey;
    if (signer == null) {
      if (issuer != null) {
        signer =
            issuer.privateKey()
                .orElseThrow(() -> new IllegalStateException("issuer " + issuer + " has no private key to sign with"));
      } else {
        signer = pair.getPrivate();
        if (signer == null) {
          throw new IllegalStateException("a self-signed certificate needs the subject's private key");
        }
      }
    }
    BigInteger sn = serial != null ? serial : randomSerial();
    X500Name iss = issuerName != null ? issuerName : issuer != null ? issuer.subject() : subject;
    if (iss.getRDNs().length == 0) {
      throw new IllegalStateException(
          "the issuer DN is empty (self-signed without subject?): Bouncy Castle cannot parse such a certificate");
    }
    SignatureAlgorithm alg = signatureAlgorithm != null ? signatureAlgorithm : Signing.defaultFor(signer);
    ContentSigner cs = Signing.signer(alg, signer, random, mangling, declaredAlgorithm);
    SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(pair.getPublic().getEncoded());
    Validity validity = new Validity(new Time(Date.from(notBefore)), new Time(Date.from(notAfter)));
    Extensions exts = null;
    if (version1) {
      if (!explicit.isEmpty() || !san.isEmpty() || !permitted.isEmpty() || !excluded.isEmpty()) {
        throw new IllegalStateException("a version 1 certificate cannot carry extensions");
      }
    } else {
      List<Extension> list = extensions(pair.getPublic());
      exts = list.isEmpty() ? null : new Extensions(list.toArray(new Extension[0]));
    }
    // Assembled from its parts so that nothing is checked or normalised on the way.
    ASN1EncodableVector t = new ASN1EncodableVector();
    if (!version1) {
      t.add(new DERTaggedObject(true, 0, new ASN1Integer(2)));
    }
    t.add(new ASN1Integer(sn));
    t.add(cs.getAlgorithmIdentifier());
    t.add(iss);
    t.add(validity);
    t.add(subject);
    t.add(spki);
    if (exts != null) {
      t.add(new DERTaggedObject(true, 3, exts));
    }
    DERSequence tbs = new DERSequence(t);
    byte[] signature;
    try (OutputStream out = cs.getOutputStream()) {
      out.write(tbs.getEncoded(ASN1Encoding.DER));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    signature = cs.getSignature();
    AlgorithmIdentifier outer = outerAlgorithm != null ? outerAlgorithm : cs.getAlgorithmIdentifier();
    Certificate cert = Certificate.getInstance(new DERSequence(new ASN1Encodable[] {tbs, outer, new DERBitString(signature)}));
    X509CertificateHolder holder = new X509CertificateHolder(cert);
    return IssuedCertificate.of(holder, pair);
  }

  private BigInteger randomSerial() {
    BigInteger s;
    do {
      s = new BigInteger(128, random);
    } while (s.signum() == 0);
    return s;
  }

  private List<Extension> extensions(PublicKey subjectKey) {
    Map<ASN1ObjectIdentifier, Extension> all = new LinkedHashMap<>(explicit);
    List<Extension> out = new ArrayList<>();
    for (ASN1ObjectIdentifier oid : STANDARD_ORDER) {
      Extension e = all.containsKey(oid) ? all.remove(oid) : defaultExtension(oid, subjectKey).orElse(null);
      if (e != null) {
        out.add(e);
      }
    }
    for (Extension e : all.values()) {
      if (e != null) {
        out.add(e);
      }
    }
    return out;
  }

  private Optional<Extension> defaultExtension(ASN1ObjectIdentifier oid, PublicKey subjectKey) {
    if (oid.equals(Extension.keyUsage)) {
      int bits = ca ? KeyUsage.digitalSignature | KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature;
      return Optional.of(ext(oid, true, new KeyUsage(bits)));
    }
    if (oid.equals(Extension.basicConstraints)) {
      return Optional.of(ext(oid, true, new BasicConstraints(ca)));
    }
    if (oid.equals(Extension.subjectKeyIdentifier)) {
      byte[] id = fabricSkiDefault ? SubjectKeyIds.fabricSki(subjectKey) : SubjectKeyIds.rfc5280Sha1(subjectKey);
      return Optional.of(ext(oid, false, new DEROctetString(id)));
    }
    if (oid.equals(Extension.authorityKeyIdentifier)) {
      if (issuer == null) {
        return Optional.empty();
      }
      return issuer.subjectKeyId().map(id -> ext(oid, false, new AuthorityKeyIdentifier(id)));
    }
    if (oid.equals(Extension.subjectAlternativeName) && !san.isEmpty()) {
      boolean critical = subject.getRDNs().length == 0;
      return Optional.of(ext(oid, critical, new GeneralNames(san.toArray(new GeneralName[0]))));
    }
    if (oid.equals(Extension.nameConstraints) && (!permitted.isEmpty() || !excluded.isEmpty())) {
      NameConstraints nc =
          new NameConstraints(
              permitted.isEmpty() ? null : permitted.toArray(new GeneralSubtree[0]),
              excluded.isEmpty() ? null : excluded.toArray(new GeneralSubtree[0]));
      return Optional.of(ext(oid, nameConstraintsCritical, nc));
    }
    return Optional.empty();
  }

  private CertificateBuilder put(ASN1ObjectIdentifier oid, boolean critical, ASN1Encodable value) {
    explicit.put(oid, ext(oid, critical, value));
    return this;
  }

  private CertificateBuilder remove(ASN1ObjectIdentifier oid) {
    explicit.put(oid, null);
    return this;
  }

  private static Extension ext(ASN1ObjectIdentifier oid, boolean critical, ASN1Encodable value) {
    try {
      ASN1Primitive p = value.toASN1Primitive();
      return new Extension(oid, critical, new DEROctetString(p.getEncoded(ASN1Encoding.DER)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

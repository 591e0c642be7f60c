package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.GoAsn1;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * One configured CRL, prepared for constant-time lookups: the revoked serial numbers in a compact
 * hash set ({@link SerialSet}: no object per serial, so a million-entry CRL stays small), the
 * authority key identifier decoded once, and the signature kept as Fabric re-encodes it
 * (SETUP-CRL-02) for the check made when a serial matches (VALIDATE-CRL-02).
 */
final class RevocationList {
  private static final String AKI_OID = "2.5.29.35";

  private final String source;
  /**
   * The CRL's DER, of which the TBSCertList is {@code [tbsStart, tbsEnd)}; null once the CRL is
   * sealed, when its signature has been checked against every CA it can be asked about.
   */
  private final byte[] der;
  private final int tbsStart;
  private final int tbsEnd;
  private final AlgorithmIdentifier signatureAlgorithm;
  private final byte[] signature;
  private final SerialSet revokedSerials;
  /** The AKI keyIdentifier; empty when the AKI has none; null when the AKI is absent or bad. */
  private final byte[] authorityKeyId;
  private final String akiProblem;
  /** Once sealed: whether the signature verifies, by the public key of each CA the AKI names. */
  private final Map<CertPublicKey, Boolean> signatureVerdicts;

  private RevocationList(
      String source,
      byte[] der,
      int tbsStart,
      int tbsEnd,
      AlgorithmIdentifier signatureAlgorithm,
      byte[] signature,
      SerialSet revokedSerials,
      byte[] authorityKeyId,
      String akiProblem,
      Map<CertPublicKey, Boolean> signatureVerdicts) {
    this.source = source;
    this.der = der;
    this.tbsStart = tbsStart;
    this.tbsEnd = tbsEnd;
    this.signatureAlgorithm = signatureAlgorithm;
    this.signature = signature;
    this.revokedSerials = revokedSerials;
    this.authorityKeyId = authorityKeyId;
    this.akiProblem = akiProblem;
    this.signatureVerdicts = signatureVerdicts;
  }

  /**
   * Prepares a parsed CRL whose signature has already been re-encoded as Fabric does.
   *
   * @param source names the CRL in messages (such as {@code revocation_list[0]})
   */
  static RevocationList of(String source, CrlParser.Parsed crl, byte[] signature) {
    byte[] aki = null;
    String problem = "has no authority key identifier extension";
    for (CrlParser.Ext e : crl.extensions()) {
      if (e.oid().equals(AKI_OID)) {
        try {
          byte[] keyId = authorityKeyId(e.value());
          aki = keyId == null ? new byte[0] : keyId;
          problem = null;
        } catch (RuntimeException ex) {
          problem = "has an authority key identifier that does not decode: " + ex.getMessage();
        }
        break;
      }
    }
    return new RevocationList(
        source,
        crl.der(),
        crl.tbsStart(),
        crl.tbsEnd(),
        algorithm(crl.signatureOid(), crl.signatureParameters()),
        signature,
        crl.revokedSerials(),
        aki,
        problem,
        null);
  }

  /**
   * This CRL with its signature checked now against each of {@code cas} whose SKI its AKI names,
   * and without its DER: a CRL's signature verdict is a pure function of the CRL and the key, so
   * checking it at setup changes no verdict, and a million-entry CRL no longer keeps its tens of
   * megabytes of DER for a check that may never come.
   */
  RevocationList sealed(List<ParsedCertificate> cas, CrlSignatureVerifier verifier) {
    if (der == null) {
      return this;
    }
    Map<CertPublicKey, Boolean> verdicts = new HashMap<>();
    for (ParsedCertificate ca : cas) {
      Optional<byte[]> ski = ca.subjectKeyId();
      if (ski.isPresent() && issuedBy(ski.get())) {
        verdicts.computeIfAbsent(ca.publicKey(), k -> verifier.verifies(this, ca));
      }
    }
    return new RevocationList(source, null, 0, 0, signatureAlgorithm, signature, revokedSerials,
        authorityKeyId, akiProblem, Map.copyOf(verdicts));
  }

  /**
   * Whether this CRL's signature verifies with the issuer's key: checked now, or looked up when
   * the CRL is sealed.
   *
   * @throws IllegalStateException when a sealed CRL is asked about a CA it was not sealed for,
   *     which setup never does: issuers come from the MSP's own CAs
   */
  boolean signatureVerifies(ParsedCertificate issuer, CrlSignatureVerifier verifier) {
    if (der != null) {
      return verifier.verifies(this, issuer);
    }
    Boolean verdict = signatureVerdicts.get(issuer.publicKey());
    if (verdict == null) {
      throw new IllegalStateException(source + " was not sealed for " + issuer.describe());
    }
    return verdict;
  }

  /**
   * The keyIdentifier of an AuthorityKeyIdentifier read as Fabric reads it: Go's
   * {@code asn1.Unmarshal} into a struct of three optional implicitly tagged fields, in order.
   * Returns null when there is no keyIdentifier; a constructed [2] (Fabric's serial number field
   * cannot be decoded) or a malformed element is an error.
   */
  static byte[] authorityKeyId(byte[] value) {
    GoAsn1.Header top = GoAsn1.element(value, 0);
    if (!top.is(GoAsn1.TAG_SEQUENCE, true)) {
      throw new GoAsn1.Asn1Exception("structural error: authority key identifier is not a SEQUENCE");
    }
    byte[] c = GoAsn1.contents(value, top);
    int pos = 0;
    byte[] keyId = null;
    int[][] fields = {{0, 0}, {1, 0}, {2, 1}}; // tag number, constructed
    for (int[] f : fields) {
      if (pos >= c.length) {
        break;
      }
      GoAsn1.Header h = GoAsn1.header(c, pos);
      if (h.cls() != GoAsn1.CLASS_CONTEXT || h.tag() != f[0] || h.compound() != (f[1] == 1)) {
        continue;
      }
      if ((long) h.contentStart() + h.length() > c.length) {
        throw new GoAsn1.Asn1Exception("syntax error: data truncated");
      }
      if (f[0] == 0) {
        keyId = GoAsn1.contents(c, h);
      } else if (f[0] == 2) {
        throw new GoAsn1.Asn1Exception("structural error: struct contains unexported fields");
      }
      pos = h.end();
    }
    return keyId;
  }

  private static AlgorithmIdentifier algorithm(String oid, byte[] parameters) {
    ASN1Encodable params = null;
    if (parameters != null) {
      try {
        params = ASN1Primitive.fromByteArray(parameters);
      } catch (IOException | RuntimeException e) {
        params = DERNull.INSTANCE; // present but unreadable: no known algorithm takes it
      }
    }
    return new AlgorithmIdentifier(new ASN1ObjectIdentifier(oid), params);
  }

  String source() {
    return source;
  }

  /** Why this CRL breaks every revocation check, or empty when its AKI is usable. */
  Optional<String> akiProblem() {
    return Optional.ofNullable(akiProblem);
  }

  /** The AKI keyIdentifier (a copy): empty when the AKI has none, null when it is absent or bad. */
  byte[] authorityKeyId() {
    return authorityKeyId == null ? null : authorityKeyId.clone();
  }

  /** Whether the AKI keyIdentifier equals the issuer's SKI (an AKI without one matches nothing). */
  boolean issuedBy(byte[] issuerSki) {
    return authorityKeyId != null && Arrays.equals(authorityKeyId, issuerSki);
  }

  /** The revoked serial numbers. */
  SerialSet serials() {
    return revokedSerials;
  }

  /** Whether this CRL lists the certificate's serial; allocates nothing. */
  boolean lists(ParsedCertificate cert) {
    return cert.serialIn(revokedSerials);
  }

  int size() {
    return revokedSerials.size();
  }

  /** A copy of the signed TBSCertList (not available once sealed). */
  byte[] tbs() {
    if (der == null) {
      throw new IllegalStateException(source + " is sealed: its DER is no longer kept");
    }
    return Arrays.copyOfRange(der, tbsStart, tbsEnd);
  }

  AlgorithmIdentifier signatureAlgorithm() {
    return signatureAlgorithm;
  }

  byte[] signature() {
    return signature;
  }
}

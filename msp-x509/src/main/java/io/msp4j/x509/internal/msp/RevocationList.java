package io.msp4j.x509.internal.msp;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.TBSCertList;

/**
 * One configured CRL, prepared for constant-time lookups: the revoked serial numbers in a hash
 * set, the authority key identifier decoded once, and the signature kept as Fabric re-encodes it
 * (SETUP-CRL-02) for the check made when a serial matches (VALIDATE-CRL-02).
 */
final class RevocationList {
  private final String source;
  private final byte[] tbs;
  private final AlgorithmIdentifier signatureAlgorithm;
  private final byte[] signature;
  private final Set<BigInteger> revokedSerials;
  /** The AKI keyIdentifier; empty when the AKI has none; null when the AKI is absent or bad. */
  private final byte[] authorityKeyId;
  private final String akiProblem;

  private RevocationList(
      String source,
      byte[] tbs,
      AlgorithmIdentifier signatureAlgorithm,
      byte[] signature,
      Set<BigInteger> revokedSerials,
      byte[] authorityKeyId,
      String akiProblem) {
    this.source = source;
    this.tbs = tbs;
    this.signatureAlgorithm = signatureAlgorithm;
    this.signature = signature;
    this.revokedSerials = revokedSerials;
    this.authorityKeyId = authorityKeyId;
    this.akiProblem = akiProblem;
  }

  /**
   * Prepares a parsed CRL whose signature has already been re-encoded as Fabric does.
   *
   * @param source names the CRL in messages (such as {@code revocation_list[0]})
   */
  static RevocationList of(String source, CertificateList crl, byte[] signature) throws Exception {
    TBSCertList tbsList = crl.getTBSCertList();
    Set<BigInteger> serials = new HashSet<>();
    Enumeration<?> entries = tbsList.getRevokedCertificateEnumeration();
    while (entries.hasMoreElements()) {
      TBSCertList.CRLEntry e = (TBSCertList.CRLEntry) entries.nextElement();
      serials.add(e.getUserCertificate().getValue());
    }
    byte[] aki = null;
    String problem = null;
    Extensions ext = tbsList.getExtensions();
    Extension akiExt = ext == null ? null : ext.getExtension(Extension.authorityKeyIdentifier);
    if (akiExt == null) {
      problem = "has no authority key identifier extension";
    } else {
      try {
        AuthorityKeyIdentifier parsed = AuthorityKeyIdentifier.getInstance(akiExt.getParsedValue());
        byte[] keyId = parsed.getKeyIdentifier();
        aki = keyId == null ? new byte[0] : keyId;
      } catch (RuntimeException e) {
        problem = "has an authority key identifier that does not decode";
      }
    }
    return new RevocationList(
        source,
        tbsList.getEncoded(),
        crl.getSignatureAlgorithm(),
        signature,
        Collections.unmodifiableSet(serials),
        aki,
        problem);
  }

  String source() {
    return source;
  }

  /** Why this CRL breaks every revocation check, or empty when its AKI is usable. */
  Optional<String> akiProblem() {
    return Optional.ofNullable(akiProblem);
  }

  /** Whether the AKI keyIdentifier equals the issuer's SKI (an AKI without one matches nothing). */
  boolean issuedBy(byte[] issuerSki) {
    return authorityKeyId != null && Arrays.equals(authorityKeyId, issuerSki);
  }

  boolean lists(BigInteger serial) {
    return revokedSerials.contains(serial);
  }

  int size() {
    return revokedSerials.size();
  }

  byte[] tbs() {
    return tbs;
  }

  AlgorithmIdentifier signatureAlgorithm() {
    return signatureAlgorithm;
  }

  byte[] signature() {
    return signature;
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.Der;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.TBSCertList;

/**
 * One configured CRL, prepared for constant-time lookups: the revoked serial numbers in a compact
 * hash set ({@link SerialSet}), the authority key identifier decoded once, and the signature kept
 * as Fabric re-encodes it (SETUP-CRL-02) for the check made when a serial matches
 * (VALIDATE-CRL-02).
 */
final class RevocationList {
  private final String source;
  private final byte[] tbs;
  private final AlgorithmIdentifier signatureAlgorithm;
  private final byte[] signature;
  private final SerialSet revokedSerials;
  /** The AKI keyIdentifier; empty when the AKI has none; null when the AKI is absent or bad. */
  private final byte[] authorityKeyId;
  private final String akiProblem;

  private RevocationList(
      String source,
      byte[] tbs,
      AlgorithmIdentifier signatureAlgorithm,
      byte[] signature,
      SerialSet revokedSerials,
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
    SerialSet.Builder serials = new SerialSet.Builder();
    Enumeration<?> entries = tbsList.getRevokedCertificateEnumeration();
    while (entries.hasMoreElements()) {
      TBSCertList.CRLEntry e = (TBSCertList.CRLEntry) entries.nextElement();
      serials.add(e.getUserCertificate().getValue());
    }
    return of(source, crl, signature, tbsList.getEncoded(), serials.build());
  }

  /**
   * The TBS bytes the full parse would give ({@code getEncoded()} of its TBSCertList: the DER of
   * the fields Bouncy Castle keeps, in its order) for a CRL parsed with an empty revoked list,
   * with {@code revokedList} (DER, as it would be re-encoded) in the empty list's place.
   */
  static byte[] tbsWithRevokedList(CertificateList reduced, byte[] revokedList)
      throws MalformedException {
    try {
      TBSCertList tbs = reduced.getTBSCertList();
      ASN1Sequence fields = ASN1Sequence.getInstance(tbs.toASN1Primitive());
      int listIndex =
          (tbs.getVersion() != null ? 1 : 0) + 3 + (tbs.getNextUpdate() != null ? 1 : 0);
      if (listIndex >= fields.size()
          || !(fields.getObjectAt(listIndex) instanceof ASN1Sequence list) || list.size() != 0) {
        throw new MalformedException("the revoked list is not where it was put", null);
      }
      byte[][] parts = new byte[fields.size()][];
      for (int i = 0; i < parts.length; i++) {
        parts[i] = i == listIndex
            ? revokedList
            : fields.getObjectAt(i).toASN1Primitive().getEncoded(ASN1Encoding.DER);
      }
      return Der.sequence(parts);
    } catch (IOException | RuntimeException e) {
      throw new MalformedException(e.getMessage(), e);
    }
  }

  /** A CRL part of which is malformed. */
  static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Prepares a CRL whose revoked serials and exact TBS bytes were read elsewhere ({@link
   * CrlScan}); {@code crl} supplies the other fields.
   */
  static RevocationList of(
      String source, CertificateList crl, byte[] signature, byte[] tbs, SerialSet serials)
      throws MalformedException {
    TBSCertList tbsList;
    try {
      tbsList = crl.getTBSCertList();
    } catch (RuntimeException e) {
      throw new MalformedException(e.getMessage(), e);
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
        source, tbs, crl.getSignatureAlgorithm(), signature, serials, aki, problem);
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

  /** The AKI keyIdentifier (empty array when the AKI has none); empty when unusable. */
  Optional<byte[]> authorityKeyId() {
    return Optional.ofNullable(authorityKeyId).map(byte[]::clone);
  }

  /** The revoked serial numbers. */
  SerialSet serials() {
    return revokedSerials;
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

package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The revocation check of VALIDATE-CRL-01..03: a certificate is revoked when a CRL whose AKI
 * equals its direct issuer's SKI lists its serial and that CRL's signature verifies with the
 * issuer's key. A CRL without a usable AKI makes the whole check fail, as in Fabric.
 */
final class Revocation {
  private final List<RevocationList> crls;
  private final CrlSignatureVerifier verifier;

  Revocation(List<RevocationList> crls, CrlSignatureVerifier verifier) {
    this.crls = List.copyOf(crls);
    this.verifier = verifier;
  }

  /** A failure reason and message, or empty when the certificate is not revoked. */
  Optional<Failure> check(ParsedCertificate cert, List<ParsedCertificate> chain) {
    ParsedCertificate issuer = chain.get(1);
    Optional<byte[]> ski = issuer.subjectKeyId();
    if (ski.isEmpty()) {
      return Optional.of(
          new Failure(
              Reason.ISSUER_MISSING_SKI,
              "VALIDATE-CRL-01",
              "issuer " + issuer.describe() + " has no usable subject key identifier"));
    }
    for (RevocationList crl : crls) {
      Optional<String> problem = crl.akiProblem();
      if (problem.isPresent()) {
        return Optional.of(
            new Failure(Reason.CRL_MISSING_AKI, "VALIDATE-CRL-02", crl.source() + " " + problem.get()));
      }
      if (crl.issuedBy(ski.get())
          && crl.lists(cert)
          && crl.signatureVerifies(issuer, verifier)) {
        return Optional.of(
            new Failure(
                Reason.REVOKED,
                "VALIDATE-CRL-02", "revoked by " + crl.source() + " of " + issuer.describe()));
      }
    }
    return Optional.empty();
  }

  /**
   * This revocation check with every CRL sealed for the MSP's CAs (see {@link
   * RevocationList#sealed}): call it once setup has made every check it makes with other CAs
   * (the TLS CAs), since identities are only ever issued by the MSP's roots and intermediates.
   */
  Revocation sealed(List<ParsedCertificate> cas) {
    List<RevocationList> out = new ArrayList<>(crls.size());
    for (RevocationList crl : crls) {
      out.add(crl.sealed(cas, verifier));
    }
    return new Revocation(out, verifier);
  }

  /** The CRLs, in the order of the configuration's {@code revocation_list}. */
  List<RevocationList> lists() {
    return crls;
  }

  boolean isEmpty() {
    return crls.isEmpty();
  }
}

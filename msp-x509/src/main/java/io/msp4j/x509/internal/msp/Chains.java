package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.ChainFailure;
import io.msp4j.x509.internal.chain.ChainValidationException;
import io.msp4j.x509.internal.chain.PathBuilder;
import java.util.List;

/**
 * The MSP's use of the path builder: exactly one chain at the certificate's own check time
 * (CHAIN-09, VALIDATE-TIME-01), and the "leaf CA" requirement on the issuer (VALIDATE-04).
 */
final class Chains {
  private final PathBuilder builder;

  Chains(PathBuilder builder) {
    this.builder = builder;
  }

  /** The single chain of {@code cert} within {@code pools} at notBefore + 1 s. */
  List<ParsedCertificate> unique(ParsedCertificate cert, Pools pools) throws Failure {
    try {
      return builder.uniquePath(cert, cert.verificationTime(), pools.roots(), pools.intermediates());
    } catch (ChainValidationException e) {
      ChainFailure f = e.failure();
      Reason reason = f.kind() == ChainFailure.Kind.MULTIPLE_PATHS ? Reason.AMBIGUOUS_CHAIN : Reason.NO_CHAIN;
      throw new Failure(reason, f.rule(), f.message());
    }
  }

  /**
   * The unique chain of at least two certificates whose element {@code parentPosition} is a leaf
   * CA of the configured tree (VALIDATE-04; CERT-ID-01 uses position 0).
   */
  List<ParsedCertificate> validation(
      ParsedCertificate cert, Pools pools, InternalNodes internal, int parentPosition)
      throws Failure {
    return validation(cert, pools, internal, parentPosition, null);
  }

  /**
   * {@link #validation(ParsedCertificate, Pools, InternalNodes, int)} where {@code knownUnique},
   * when not null, is {@code cert}'s unique chain in {@code pools} at its check time, already
   * found (by sanitisation): the search is not repeated, the checks on the chain are.
   */
  List<ParsedCertificate> validation(ParsedCertificate cert, Pools pools, InternalNodes internal,
      int parentPosition, List<ParsedCertificate> knownUnique) throws Failure {
    List<ParsedCertificate> chain = knownUnique != null ? knownUnique : unique(cert, pools);
    if (chain.size() < 2) {
      throw new Failure(
          Reason.CHAIN_TOO_SHORT,
          "CHAIN-09",
          "expected a chain of at least 2 certificates, got " + chain.size());
    }
    ParsedCertificate parent = chain.get(parentPosition);
    if (internal.contains(parent)) {
      throw new Failure(
          Reason.ISSUER_NOT_LEAF_CA,
          "VALIDATE-04",
          "issuer " + parent.describe() + " is an internal node of the CA tree, not a leaf CA");
    }
    return chain;
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.ChainSearchException;
import io.msp4j.x509.internal.chain.PathBuilder;
import java.time.Instant;
import java.util.List;

/** Fabric's "exactly one chain" rule over the path builder (CHAIN-09, VALIDATE-TIME-01). */
final class Chains {
  private Chains() {}

  /** The instant a certificate is checked at: its notBefore plus one second (VALIDATE-TIME-01). */
  static Instant checkTime(ParsedCertificate cert) {
    return cert.notBefore().plusSeconds(1);
  }

  /** The single chain of {@code cert} within {@code pools} at the certificate's own check time. */
  static List<ParsedCertificate> unique(ParsedCertificate cert, Pools pools) throws Failure {
    List<List<ParsedCertificate>> paths;
    try {
      paths = PathBuilder.findPaths(cert, checkTime(cert), pools.roots(), pools.intermediates());
    } catch (ChainSearchException e) {
      throw new Failure(Reason.NO_CHAIN, "CHAIN-08", "no valid chain: " + e.getMessage());
    }
    if (paths.isEmpty()) {
      throw new Failure(Reason.NO_CHAIN, "CHAIN-09", "no valid chain to the MSP's CAs");
    }
    if (paths.size() > 1) {
      throw new Failure(
          Reason.AMBIGUOUS_CHAIN,
          "CHAIN-09",
          "ambiguous: " + paths.size() + " valid chains to the MSP's CAs, exactly one is required");
    }
    return paths.get(0);
  }

  /**
   * The unique chain of at least two certificates whose element {@code parentPosition} is a leaf
   * CA of the configured tree (VALIDATE-04, CERT-ID-01).
   */
  static List<ParsedCertificate> validation(
      ParsedCertificate cert, Pools pools, InternalNodes internal, int parentPosition)
      throws Failure {
    List<ParsedCertificate> chain = unique(cert, pools);
    if (chain.size() < 2) {
      throw new Failure(
          Reason.CHAIN_TOO_SHORT,
          "CHAIN-09", "expected a chain of at least 2 certificates, got " + chain.size());
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

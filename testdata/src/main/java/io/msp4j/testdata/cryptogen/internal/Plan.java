package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.CertOptions;
import io.msp4j.testdata.cryptogen.OrgSpec;
import io.msp4j.testdata.cryptogen.Role;
import io.msp4j.testdata.cryptogen.SpecLocation;
import java.time.Instant;
import java.util.List;

/**
 * A spec resolved into what will be written: every CA and identity with its final names, folders,
 * key algorithm, validity and issuer. Paths are relative to the output folder, with {@code /}.
 */
final class Plan {
  private Plan() {}

  /** The subject fields cryptogen puts in names (empty strings are left out). */
  record Subject(String country, String province, String locality, String streetAddress,
      String postalCode, String organizationalUnit) {}

  /**
   * One CA certificate.
   *
   * @param level 0 for the root, 1 for the first intermediate, ...
   * @param dir the folder holding {@code <cn>-cert.pem} and {@code priv_sk}
   */
  record Ca(String commonName, String organization, Subject subject, int level, boolean tls,
      String keyAlgorithm, Instant notBefore, Instant notAfter, CertOptions options, String dir,
      SpecLocation location) {
    String certFileName() {
      return commonName + "-cert.pem";
    }
  }

  /**
   * One identity (node or user) with its enrollment and TLS certificates.
   *
   * @param issuerLevel the level of the CA (and TLS CA) that signs it
   * @param sans the TLS certificate's subject alternative names
   * @param dir the identity's folder, holding {@code msp/} and {@code tls/}
   */
  record Identity(String commonName, Role role, List<String> sans, String keyAlgorithm,
      Instant notBefore, Instant notAfter, CertOptions options, int issuerLevel, String dir,
      SpecLocation location) {}

  /** A revocation: the identity or intermediate CA to list in its issuer's CRL. */
  record Revocation(String commonName, SpecLocation location) {}

  /**
   * One organisation.
   *
   * @param cas the identity CA chain, root first
   * @param tlsCas the TLS CA chain, root first, parallel to {@code cas}
   * @param nodes peers or orderers
   * @param users users, then the admin last
   */
  record Org(OrgSpec spec, boolean ordererOrg, String dir, List<Ca> cas, List<Ca> tlsCas,
      List<Identity> nodes, List<Identity> users, List<Revocation> revocations,
      Instant crlThisUpdate, Instant crlNextUpdate) {
    Ca issuingCa() {
      return cas.get(cas.size() - 1);
    }
  }

  /** The whole plan. */
  record Tree(List<Org> orgs, String seed) {}
}

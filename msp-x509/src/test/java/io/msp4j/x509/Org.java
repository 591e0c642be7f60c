package io.msp4j.x509;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;

/** A small deterministic PKI for one organisation: a root CA and helpers to issue below it. */
final class Org {
  final TestPki pki;
  final IssuedCertificate root;

  Org(String seed) {
    this.pki = TestPki.seeded(seed);
    this.root = ca("CN=ca.org1.example.com,O=org1.example.com,C=US");
  }

  /** A self-signed root CA. */
  IssuedCertificate ca(String dn) {
    return pki.certificate().subject(dn).ca().build();
  }

  /** An intermediate CA issued by {@code parent}. */
  IssuedCertificate intermediate(IssuedCertificate parent, String dn) {
    return pki.certificate().subject(dn).issuer(parent).ca().build();
  }

  /** A leaf issued by {@code issuer}. */
  IssuedCertificate leaf(IssuedCertificate issuer, String dn) {
    return pki.certificate().subject(dn).issuer(issuer).leaf().build();
  }

  /** A leaf issued by the root. */
  IssuedCertificate leaf(String dn) {
    return leaf(root, dn);
  }

  /** The low-S twin of {@code c}: what Fabric's sanitisation turns it into (SANITIZE-04). */
  static IssuedCertificate lowS(IssuedCertificate c, IssuedCertificate issuer) {
    return c.withMangledSignature(SignatureMangling.lowS(), issuer.publicKey());
  }

  /** A builder for anything else, issued by the root. */
  CertificateBuilder custom() {
    return pki.certificate().issuer(root);
  }
}

package io.msp4j.testdata;

import java.security.KeyPair;
import java.util.Objects;

/**
 * The entry point: a seeded source of keys, certificates and CRLs.
 *
 * <pre>{@code
 * TestPki pki = TestPki.seeded("revocation");
 * IssuedCertificate root = pki.certificate().subject("CN=root,O=Org1").ca().build();
 * IssuedCertificate leaf = pki.certificate().subject("CN=user1,OU=client,O=Org1").issuer(root).build();
 * IssuedCrl crl = pki.crl(root).revoke(leaf).build();
 * }</pre>
 *
 * <p>All builders share one {@link DeterministicRandom}: the same seed and the same sequence of
 * {@code build()} calls give byte-identical results. Use {@link #fork(String)} for parts whose
 * output must not depend on what was built before.
 */
public final class TestPki {
  private final DeterministicRandom random;

  private TestPki(DeterministicRandom random) {
    this.random = random;
  }

  /** A PKI seeded with {@code seed}. */
  public static TestPki seeded(String seed) {
    return new TestPki(DeterministicRandom.fromSeed(seed));
  }

  /** A PKI seeded with {@code seed}. */
  public static TestPki seeded(long seed) {
    return new TestPki(DeterministicRandom.fromSeed(seed));
  }

  /** A PKI drawing from the given generator. */
  public static TestPki using(DeterministicRandom random) {
    return new TestPki(Objects.requireNonNull(random, "random"));
  }

  /** An independent PKI whose output depends only on this seed and {@code label}. */
  public TestPki fork(String label) {
    return new TestPki(random.fork(label));
  }

  /** The shared generator. */
  public DeterministicRandom random() {
    return random;
  }

  /** A new key pair. */
  public KeyPair keyPair(KeyAlgorithm algorithm) {
    return KeyPairs.generate(algorithm, random);
  }

  /** A certificate builder (self-signed EC P-256 leaf until told otherwise). */
  public CertificateBuilder certificate() {
    return CertificateBuilder.create(random);
  }

  /** A self-signed EC P-256 root CA with this subject and all defaults. */
  public IssuedCertificate rootCa(String subject) {
    return certificate().subject(subject).ca().build();
  }

  /** An EC P-256 intermediate CA with this subject, issued by {@code parent}. */
  public IssuedCertificate intermediateCa(String subject, IssuedCertificate parent) {
    return certificate().subject(subject).issuer(Objects.requireNonNull(parent, "parent")).ca().build();
  }

  /** An EC P-256 leaf with this subject, issued by {@code issuer}. */
  public IssuedCertificate leaf(String subject, IssuedCertificate issuer) {
    return certificate().subject(subject).issuer(Objects.requireNonNull(issuer, "issuer")).build();
  }

  /** A CRL builder for {@code issuer}. */
  public CrlBuilder crl(IssuedCertificate issuer) {
    return CrlBuilder.create(random, issuer);
  }
}

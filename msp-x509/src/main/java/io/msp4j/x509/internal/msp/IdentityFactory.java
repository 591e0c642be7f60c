package io.msp4j.x509.internal.msp;

import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.CertificateSanitizer;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * "Make an identity from a certificate" (SETUP-IDENT-01): import the public key (ALG-01; no
 * Ed25519 in Fabric v2.5, DELTA25-12),
 * sanitise (SANITIZE-*), then hash with the MSP's identity hash (IDENT-01, SETUP-CRYPTO-02).
 */
final class IdentityFactory {
  private final String hashName;
  private final IdentityHash hash;

  private final Sanitizer sanitizer;
  private final boolean ed25519Import;
  /**
   * Certifiers identifiers of the issuing chains seen in validation, by chain (certificates are
   * equal when their DER is, so the identifier is a function of the key). Those chains are made
   * of the MSP's own CA certificates, so there are few; the bound only guards the memory.
   */
  private final Map<List<ParsedCertificate>, byte[]> certifiers = new ConcurrentHashMap<>();
  private static final int MAX_REMEMBERED_CHAINS = 256;

  IdentityFactory(CryptoSettings settings, Sanitizer sanitizer, VersionRules rules) {
    this.sanitizer = sanitizer;
    this.ed25519Import = rules.ed25519Import();
    this.hashName = settings.identityHashFunction();
    this.hash = IdentityHash.byName(hashName).orElse(null);
  }

  Sanitizer sanitizer() {
    return sanitizer;
  }

  /**
   * A sanitised certificate, its identifier, and its unique chain in the pools it was sanitised
   * with when sanitisation found it (else null).
   */
  record Prepared(ParsedCertificate cert, String id, List<ParsedCertificate> chain) {}

  Prepared prepare(ParsedCertificate cert, Pools pools) throws Failure {
    CertificateSanitizer.Sanitised sanitised = sanitise(cert, pools);
    return new Prepared(sanitised.cert(), HexFormat.of().formatHex(hash(sanitised.cert().der())),
        sanitised.chain());
  }

  private CertificateSanitizer.Sanitised sanitise(ParsedCertificate cert, Pools pools)
      throws Failure {
    KeyAlgorithm key = cert.publicKey().algorithm();
    if (key != KeyAlgorithm.ECDSA && key != KeyAlgorithm.ED25519 && key != KeyAlgorithm.RSA) {
      throw new Failure(
          Reason.UNSUPPORTED_KEY,
          "ALG-01",
          key + " public keys are not supported (ECDSA, Ed25519 and RSA are)");
    }
    if (key == KeyAlgorithm.ED25519 && !ed25519Import) {
      throw new Failure(
          Reason.UNSUPPORTED_KEY,
          "DELTA25-12",
          "Ed25519 public keys cannot be imported in Fabric v2.5 (ECDSA and RSA can)");
    }
    return sanitizer.sanitizeWithChain(cert, pools);
  }

  /**
   * Makes an identity of {@code msp}, or throws an identity error. Its identifier is hashed when
   * first asked for ({@link #identifier}): most identities are validated and checked against
   * policies without it.
   */
  X509Identity make(X509MspImpl msp, ParsedCertificate cert, Pools pools) {
    try {
      CertificateSanitizer.Sanitised s = sanitise(cert, pools);
      return new X509Identity(msp, s.cert(), null, s.chain());
    } catch (Failure f) {
      throw new IdentityException(
          f.reason(), f.rule(), f.getMessage(), cert.ref());
    }
  }

  /**
   * The identifier of a sanitised certificate: the hex of its identity hash (IDENT-01). Only called
   * for identities of an MSP whose setup succeeded, which proves the hash function known
   * (SETUP-CRYPTO-02 fails setup at the CA step otherwise).
   */
  String identifier(ParsedCertificate sanitised) {
    return HexFormat.of().formatHex(hashOrFail(new byte[][] {sanitised.der()}));
  }

  /**
   * {@link #chainId} of an identity's issuing chain, remembered per chain: every identity of a CA
   * has the same one (IDENT-03). The result is shared: callers must not change it.
   */
  byte[] certifiersId(List<ParsedCertificate> issuingChain) {
    byte[] id = certifiers.get(issuingChain);
    if (id == null) {
      id = chainId(issuingChain);
      if (certifiers.size() < MAX_REMEMBERED_CHAINS) {
        certifiers.put(List.copyOf(issuingChain), id);
      }
    }
    return id;
  }

  /** H(DER(c0) || DER(c1) || ...) over a chain: a certifiers identifier (IDENT-03, CERT-ID-01). */
  byte[] chainId(List<ParsedCertificate> chain) {
    byte[][] parts = new byte[chain.size()][];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = chain.get(i).der();
    }
    return hashOrFail(parts);
  }

  byte[] hash(byte[] data) throws Failure {
    if (hash == null) {
      throw unknownHash();
    }
    return hash.hash(data);
  }

  private byte[] hashOrFail(byte[][] parts) {
    // Only reachable after setup succeeded, which proves the hash function is known.
    if (hash == null) {
      throw new IllegalStateException("identity hash function '" + hashName + "' is unknown");
    }
    return hash.hash(parts);
  }

  private Failure unknownHash() {
    return new Failure(
        Reason.UNKNOWN_HASH_FUNCTION,
        "SETUP-CRYPTO-02",
        "identity hash function '" + hashName + "' is not one of SHA256, SHA384, SHA3_256, SHA3_384");
  }
}

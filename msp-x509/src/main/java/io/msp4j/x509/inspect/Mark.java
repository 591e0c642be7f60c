package io.msp4j.x509.inspect;

/**
 * Something an operator should notice about a certificate or a CRL. Marks are information only;
 * none of them changes what the MSP accepts.
 */
public enum Mark {
  /**
   * A certificate whose notAfter is not after the inspection instant (the test Fabric applies to
   * a signing identity, SETUP-SIGNER-03), or a CRL whose nextUpdate is not after it.
   */
  EXPIRED,
  /** Not expired, but notAfter (a CRL: nextUpdate) falls within the expiry window. */
  EXPIRING,
  /** A certificate whose notBefore is after the inspection instant. */
  NOT_YET_VALID,
  /**
   * Listed by a configured CRL that names the certificate's issuer as its authority (AKI equal to
   * the issuer's SKI) and whose signature verifies with the issuer's key: the test of
   * VALIDATE-CRL-02. A revoked intermediate CA makes setup fail (VALIDATE-CRL-04).
   */
  REVOKED,
  /**
   * An identity CA (root or intermediate) that nothing in the configuration depends on: it issued
   * no configured certificate (intermediate, admin, signing certificate), no OU identifier, NodeOU
   * identifier or CRL refers to it, while some other identity CA of the MSP is so used. It may
   * still issue identities presented later, so it is a hint, not an error. TLS CAs are never
   * marked: they issue TLS certificates, which are not part of an MSP configuration.
   */
  UNUSED
}

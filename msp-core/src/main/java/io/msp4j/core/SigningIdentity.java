package io.msp4j.core;

/**
 * An identity that can sign: the signing certificate of a local MSP and its private key (spec
 * CORE-04). Obtained from {@link Msp#defaultSigningIdentity()}.
 *
 * <p>Its own {@code validate()} and {@code satisfies(...)} work on the plain identity, as in
 * Fabric. As in Fabric too, an MSP given the signing object itself ({@code msp.validate(si)}) does
 * not recognise it as one of its identities (VALIDATE-03, PRINCIPAL-03): pass {@link
 * #publicVersion()} instead.
 */
public interface SigningIdentity extends Identity {

  /**
   * Signs {@code message} as Fabric does (SIGN-01): an ECDSA key signs the digest of the message
   * (SHA-256 or SHA3-256 by the MSP's signature hash family) and the result is a minimally
   * encoded DER {@code SEQUENCE{r, s}} with low S; an Ed25519 key signs the message itself and
   * the result is the 64 raw signature bytes.
   *
   * @throws IdentityException with reason {@link Reason#SIGNING_FAILED} when the key cannot sign
   *     (an RSA key, or only a public key in the key store) or the message is empty for Ed25519,
   *     or {@link Reason#HASH_FAMILY_UNSUPPORTED} when the MSP's hash family is unknown
   */
  byte[] sign(byte[] message);

  /** The plain identity for the same certificate, without the private key (CORE-04). */
  Identity publicVersion();
}

package io.msp4j.core;

import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * One organisation's Membership Service Provider, fully set up and immutable; safe to share
 * between threads (spec CORE-01).
 */
public interface Msp {

  /** The MSP ID. */
  String id();

  /** The version the MSP was built at. */
  MspVersion version();

  /**
   * Deserialises a {@code SerializedIdentity} protobuf into an identity of this MSP (DESER-01).
   *
   * @throws IdentityException when the bytes do not decode, name another MSP, or hold a
   *     certificate that cannot become an identity of this MSP
   */
  Identity deserialize(byte[] serializedIdentity);

  /**
   * Validates an identity with Fabric's rules (spec section 4). Returns normally when the identity
   * is valid; the outcome is the same on every call.
   *
   * @throws IdentityException naming the certificate and the rule that failed
   */
  void validate(Identity identity);

  /**
   * The signing identity of a local MSP (the signing certificate and the key found for it at
   * setup). Every call returns the same object.
   *
   * @throws MspException with reason {@link Reason#NO_SIGNING_IDENTITY} when the MSP was set up
   *     without a signing identity, as channel MSPs are (SETUP-SIGNER-05)
   */
  SigningIdentity defaultSigningIdentity();

  /**
   * Checks that a serialized identity is in the canonical form Fabric demands of identities in
   * blocks and gossip messages (WELLFORMED-01): {@code id_bytes} is exactly one PEM block labelled
   * {@code CERTIFICATE} (or unlabelled) with nothing after it, holding a certificate whose ECDSA
   * signature, if any, is minimally DER encoded. High S is allowed. The MSP ID and the MSP's
   * configuration are not looked at. Deserialisation is more lenient (WELLFORMED-02).
   *
   * @throws IdentityException with reason {@link Reason#NOT_WELL_FORMED} saying which step failed
   */
  void checkWellFormed(SerializedIdentity identity);

  /** Whether {@link #checkWellFormed} accepts the identity. */
  default boolean isWellFormed(SerializedIdentity identity) {
    try {
      checkWellFormed(identity);
      return true;
    } catch (IdentityException e) {
      return false;
    }
  }

  /** The TLS root certificates as configured (original bytes, each a copy). */
  List<byte[]> tlsRootCerts();

  /** The TLS intermediate certificates as configured (original bytes, each a copy). */
  List<byte[]> tlsIntermediateCerts();
}

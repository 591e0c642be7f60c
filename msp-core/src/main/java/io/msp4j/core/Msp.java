package io.msp4j.core;

import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
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

  /** Fabric's provider type of an X.509 MSP. */
  int X509_PROVIDER = 0;
  /** Fabric's provider type of an idemix MSP. */
  int IDEMIX_PROVIDER = 1;

  /**
   * Fabric's provider type: {@link #X509_PROVIDER} (the default) or {@link #IDEMIX_PROVIDER}. A
   * manager asks one MSP of each type whether an identity is well formed (MGR-04).
   */
  default int providerType() {
    return X509_PROVIDER;
  }

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

  /**
   * Checks that an identity satisfies a principal, with Fabric's rules for this MSP's version
   * (spec section 6): a combination is flattened depth first and every member must hold; roles,
   * organisational units and identities need a valid identity of this MSP; a configured admin
   * certificate is an admin without being validated. Returns normally when the principal is
   * satisfied; the outcome is the same on every call. As in Fabric, an identity of another MSP
   * is judged with this MSP's rules; to ask the MSP that made it, use {@link
   * Identity#satisfies(MSPPrincipal)} (CORE-03).
   *
   * @throws IdentityException when it is not: the identity's validation failure when the principal
   *     needs a valid identity, or a reason such as {@link Reason#PRINCIPAL_NOT_SATISFIED}, {@link
   *     Reason#PRINCIPAL_MALFORMED}, {@link Reason#PRINCIPAL_UNSUPPORTED} (not at this version or
   *     without NodeOUs) or {@link Reason#MSP_ID_MISMATCH} (the principal names another MSP), with
   *     the rule that decided
   */
  void satisfies(Identity identity, MSPPrincipal principal);

  /** {@link #satisfies(Identity, MSPPrincipal)} for a principal value. */
  default void satisfies(Identity identity, Principal principal) {
    satisfies(identity, principal.toProto());
  }

  /** Whether {@link #satisfies(Identity, MSPPrincipal)} accepts the identity. */
  default boolean isSatisfied(Identity identity, MSPPrincipal principal) {
    try {
      satisfies(identity, principal);
      return true;
    } catch (IdentityException e) {
      return false;
    }
  }

  /** Whether {@link #satisfies(Identity, Principal)} accepts the identity. */
  default boolean isSatisfied(Identity identity, Principal principal) {
    return isSatisfied(identity, principal.toProto());
  }
}

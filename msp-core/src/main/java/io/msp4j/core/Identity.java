package io.msp4j.core;

import java.time.Instant;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity created by an {@link Msp}: one certificate, sanitised, and the MSP it belongs to.
 * Identities are immutable and safe to share between threads.
 */
public interface Identity {

  /** The ID of the MSP that created this identity. */
  String mspId();

  /** Fabric's identifier: MSP ID and hash of the sanitised certificate (IDENT-01). */
  IdentityIdentifier identifier();

  /**
   * The key under which verdicts about this identity may be remembered (a {@link CachingMsp}'s
   * validation and principal caches): two identities of one MSP with equal keys get the same
   * verdicts. For X.509 this is the {@link #identifier()}, since the certificate hash binds all
   * the MSP looks at. An idemix identifier is only the pseudonym, which does not bind the claimed
   * OU, role and proof, so idemix identities return a key over their whole serialized form.
   */
  default Object verdictKey() {
    return identifier();
  }

  /**
   * Validates this identity with the MSP that created it (CORE-03); see {@link Msp#validate}.
   *
   * @throws IdentityException naming the certificate and the rule that failed
   */
  void validate();

  /**
   * Checks this identity against a principal with the MSP that created it (CORE-03); see {@link
   * Msp#satisfies(Identity, MSPPrincipal)}. A principal naming another MSP is therefore not
   * satisfied (except anonymity, which names none).
   *
   * @throws IdentityException saying why the principal is not satisfied
   */
  void satisfies(MSPPrincipal principal);

  /** {@link #satisfies(MSPPrincipal)} for a principal value. */
  default void satisfies(Principal principal) {
    satisfies(principal.toProto());
  }

  /**
   * The organisational units with their certifiers identifiers (IDENT-03); empty when the
   * certificate has no unique chain to its MSP.
   */
  List<OrganizationalUnit> organizationalUnits();

  /** The certificate's notAfter (IDENT-05). */
  Instant expiresAt();

  /**
   * Whether the identity hides who it is (IDENT-06): false for X.509 identities, which carry
   * their certificate; true for idemix identities, which show only a pseudonym, an OU and a role.
   */
  boolean anonymous();

  /** The serialized form: SerializedIdentity with the sanitised certificate as PEM (IDENT-04). */
  byte[] serialize();

  /** Subject, serial and issuer of the certificate, for messages. */
  CertificateRef certificate();

  /** The sanitised certificate, DER encoded (a copy). */
  byte[] certificateDer();

  /**
   * Checks that {@code signature} is this identity's signature over {@code message}, with
   * Fabric's rules (spec VERIFY-01..06): ECDSA keys verify a digest of the message (SHA-256, or
   * SHA3-256 when the MSP's signature hash family is SHA3, whatever the curve) and accept only
   * low-S, DER-encoded signatures; Ed25519 keys verify the message itself; RSA keys never verify.
   * The identity is not validated and its expiry is not looked at; call {@link Msp#validate}
   * for that. Returns normally when the signature verifies.
   *
   * <p>The reasons follow Fabric's two kinds of failure: {@code SIGNATURE_MALFORMED} where
   * Fabric's crypto layer refuses the signature with an error, {@code SIGNATURE_INVALID} where it
   * computes that the signature does not verify.
   *
   * @throws IdentityException with reason {@link Reason#SIGNATURE_INVALID} (the signature does
   *     not verify, or an Ed25519 message is empty), {@link Reason#SIGNATURE_MALFORMED} (empty,
   *     not decodable, or high S),
   *     {@link Reason#HASH_FAMILY_UNSUPPORTED} (the MSP's hash family is neither SHA2 nor SHA3)
   *     or {@link Reason#KEY_ALGORITHM_NOT_ACCEPTED} (an RSA key)
   */
  void verify(byte[] message, byte[] signature);
}

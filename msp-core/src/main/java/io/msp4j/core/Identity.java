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

  /** The serialized form: SerializedIdentity with the sanitised certificate as PEM (IDENT-04). */
  byte[] serialize();

  /** Subject, serial and issuer of the certificate, for messages. */
  CertificateRef certificate();

  /** The sanitised certificate, DER encoded (a copy). */
  byte[] certificateDer();
}

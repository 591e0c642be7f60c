package io.msp4j.core;

import java.time.Instant;
import java.util.List;

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

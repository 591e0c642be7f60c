package io.msp4j.core;

import java.util.List;

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

  /** The TLS root certificates as configured (original bytes, each a copy). */
  List<byte[]> tlsRootCerts();

  /** The TLS intermediate certificates as configured (original bytes, each a copy). */
  List<byte[]> tlsIntermediateCerts();
}

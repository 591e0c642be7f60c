package io.msp4j.core.policy;

import io.msp4j.core.Identity;

/**
 * Turns a serialized identity into an identity, as a channel's MSP manager does ({@code
 * MspManager::deserialize} fits). Signature policies deserialise each signer with it
 * (POLICY-SIG-02); an exception means the signer is dropped.
 */
@FunctionalInterface
public interface IdentityDeserializer {

  /**
   * Deserialises a {@code SerializedIdentity} protobuf.
   *
   * @throws io.msp4j.core.IdentityException (or any runtime exception) when it cannot
   */
  Identity deserialize(byte[] serializedIdentity);
}

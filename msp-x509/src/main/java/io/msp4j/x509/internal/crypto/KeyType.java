package io.msp4j.x509.internal.crypto;

/** The key types that can sign and verify messages in an MSP. */
public enum KeyType {
  ECDSA,
  ED25519
}

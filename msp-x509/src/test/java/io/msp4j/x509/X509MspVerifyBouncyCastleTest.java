package io.msp4j.x509;

/**
 * Every {@link X509MspVerifyTest} case on the pure-Java backend, so that both crypto backends are
 * held to the same message-signature verdicts.
 */
class X509MspVerifyBouncyCastleTest extends X509MspVerifyTest {
  @Override
  CryptoBackend backend() {
    return CryptoBackend.BOUNCY_CASTLE;
  }
}

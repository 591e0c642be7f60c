package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.crypto.CryptoProvider;
import io.msp4j.x509.internal.crypto.PrivateKeyHandle;
import io.msp4j.x509.internal.crypto.PublicKeyHandle;
import io.msp4j.x509.internal.crypto.RawSignature;
import io.msp4j.x509.internal.crypto.SignatureDigest;
import java.security.PrivateKey;
import java.util.concurrent.atomic.AtomicInteger;

/** A provider that counts signature verifications and key preparations, then delegates. */
final class CountingCryptoProvider implements CryptoProvider {
  private final CryptoProvider delegate;
  private final AtomicInteger verifications = new AtomicInteger();
  private final AtomicInteger keys = new AtomicInteger();

  CountingCryptoProvider(CryptoProvider delegate) {
    this.delegate = delegate;
  }

  int verifications() {
    return verifications.get();
  }

  int preparedKeys() {
    return keys.get();
  }

  void reset() {
    verifications.set(0);
    keys.set(0);
  }

  @Override
  public String name() {
    return "counting " + delegate.name();
  }

  @Override
  public byte[] hash(SignatureDigest digest, byte[] data) {
    return delegate.hash(digest, data);
  }

  @Override
  public PublicKeyHandle publicKey(CertPublicKey key) {
    keys.incrementAndGet();
    return delegate.publicKey(key);
  }

  @Override
  public PrivateKeyHandle privateKey(PrivateKey key) {
    return delegate.privateKey(key);
  }

  @Override
  public boolean verify(PublicKeyHandle key, byte[] input, RawSignature signature) {
    verifications.incrementAndGet();
    return delegate.verify(key, input, signature);
  }

  @Override
  public RawSignature sign(PrivateKeyHandle key, byte[] input) {
    return delegate.sign(key, input);
  }
}

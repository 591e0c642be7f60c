package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.SignatureAlgorithm;
import io.msp4j.x509.internal.chain.BouncyCastleSignatureCrypto;
import io.msp4j.x509.internal.chain.SignatureCrypto;
import java.util.Objects;
import java.util.Optional;

/**
 * Certificate and CRL signature checks on a {@link CryptoProvider}: the same provider an MSP uses
 * for message signatures. ECDSA with SHA-256/384/512 and Ed25519 go to the provider, with the
 * issuer key's prepared form kept with the key ({@link CertPublicKey#prepared}); every other
 * algorithm (RSA, SHA-1) is checked by {@link BouncyCastleSignatureCrypto}, whose verdicts these
 * are meant to equal.
 */
public final class ProviderSignatureCrypto implements SignatureCrypto {
  private final CryptoProvider provider;
  private final SignatureCrypto plain = new BouncyCastleSignatureCrypto();

  public ProviderSignatureCrypto(CryptoProvider provider) {
    this.provider = Objects.requireNonNull(provider, "provider");
  }

  /** The provider behind these checks. */
  public CryptoProvider provider() {
    return provider;
  }

  @Override
  public boolean verify(SignatureAlgorithm algorithm, CertPublicKey key, byte[] signedData,
      byte[] signature) {
    if (algorithm.keyAlgorithm() == KeyAlgorithm.ECDSA && key.algorithm() == KeyAlgorithm.ECDSA) {
      Optional<SignatureDigest> digest = SignatureDigest.forJcaName(algorithm.hash());
      if (digest.isPresent()) {
        return verifyEcdsa(digest.get(), key, signedData, signature);
      }
    }
    if (algorithm == SignatureAlgorithm.ED25519 && key.algorithm() == KeyAlgorithm.ED25519) {
      return verifyEd25519(key, signedData, signature);
    }
    return plain.verify(algorithm, key, signedData, signature);
  }

  private boolean verifyEcdsa(SignatureDigest digest, CertPublicKey key, byte[] signedData,
      byte[] signature) {
    RawSignature.Ecdsa rs = StrictEcdsaDer.decode(signature);
    if (rs == null) {
      return false;
    }
    PublicKeyHandle handle = handle(key);
    return handle != null && provider.verify(handle, provider.hash(digest, signedData), rs);
  }

  private boolean verifyEd25519(CertPublicKey key, byte[] signedData, byte[] signature) {
    if (signature.length != 64) {
      return false;
    }
    PublicKeyHandle handle = handle(key);
    return handle != null && provider.verify(handle, signedData, new RawSignature.Ed25519(signature));
  }

  private PublicKeyHandle handle(CertPublicKey key) {
    try {
      return key.prepared(provider, PublicKeyHandle.class, provider::publicKey);
    } catch (UnsupportedKeyException e) {
      return null;
    }
  }
}

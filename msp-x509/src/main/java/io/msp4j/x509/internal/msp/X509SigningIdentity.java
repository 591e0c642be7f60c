package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.SigningIdentity;
import io.msp4j.x509.internal.crypto.PrivateKeyHandle;
import io.msp4j.x509.internal.crypto.UnsupportedKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.util.Objects;

/**
 * The signing identity of a local X.509 MSP: its plain identity (to which everything but {@link
 * #sign} is delegated) and the key found at setup. A key that cannot sign (only a public key in
 * the key store, FOLDER-10; an RSA key, SIGN-01) does not fail setup, only signing. A key held by
 * a device (PKCS#11) signs through it (P11-04) and is checked against the certificate before its
 * first signature is handed out (P11-05).
 */
final class X509SigningIdentity extends ForwardingIdentity<X509Identity> implements SigningIdentity {
  private final MessageSignatures signatures;
  private final PrivateKeyHandle key;
  private final SignerKey.External external;
  private final String cannotSign;
  private final String cannotSignRule;
  /** Whether a signature by the external key has been seen to verify with the certificate. */
  private volatile boolean externalKeyMatches;

  X509SigningIdentity(X509Identity identity, MessageSignatures signatures, SignerKey signerKey) {
    super(identity);
    this.signatures = signatures;
    PrivateKeyHandle handle = null;
    String problem = null;
    String rule = "SIGN-01";
    this.external = signerKey instanceof SignerKey.External x ? x : null;
    Key key = signerKey instanceof SignerKey.Local l ? l.key() : null;
    if (external != null) {
      // Signs through the device; see signExternally.
    } else if (key instanceof PrivateKey pk) {
      try {
        handle = signatures.crypto().privateKey(pk);
      } catch (UnsupportedKeyException e) {
        problem = "the " + pk.getAlgorithm() + " signing key cannot sign (" + e.getMessage() + ")";
      }
    } else {
      problem = "the key store holds only the public key for this certificate, so nothing can sign";
      rule = "FOLDER-10";
    }
    this.key = handle;
    this.cannotSign = problem;
    this.cannotSignRule = rule;
  }

  @Override
  public byte[] sign(byte[] message) {
    Objects.requireNonNull(message, "message");
    if (external != null) {
      return signExternally(message);
    }
    if (key == null) {
      throw new IdentityException(Reason.SIGNING_FAILED, cannotSignRule, cannotSign, delegate().certificate());
    }
    try {
      return signatures.sign(delegate().cert().publicKey().algorithm(), key, message);
    } catch (Failure f) {
      throw f.toIdentityException(delegate().cert());
    }
  }

  /**
   * Signs through an external key (P11-04). Until one of its signatures has verified with the
   * certificate's public key, each is checked before it is returned, and a key that is not the
   * certificate's is refused (beyond Fabric, which signs with whatever key an AltID names: P11-05).
   */
  private byte[] signExternally(byte[] message) {
    byte[] signature;
    try {
      signature = signatures.signExternal(delegate().cert().publicKey(), external.key(), message);
    } catch (Failure f) {
      throw f.toIdentityException(delegate().cert());
    } catch (IdentityException e) {
      throw e;
    } catch (MspException e) {
      throw new IdentityException(e.reason(), e.rule(), e.detail(), delegate().certificate(), e);
    }
    if (!externalKeyMatches) {
      try {
        delegate().verify(message, signature);
      } catch (IdentityException e) {
        throw new IdentityException(
            Reason.TOKEN_KEY_MISMATCH,
            "P11-05",
            "the key found (" + external.source() + ") is not the key of the signing certificate: its signature"
                + " does not verify with the certificate's public key (Fabric would sign with it all the same,"
                + " and its signatures would never verify)",
            delegate().certificate());
      }
      externalKeyMatches = true;
    }
    return signature;
  }

  @Override
  public Identity publicVersion() {
    return delegate();
  }

  @Override
  public String toString() {
    return "X509SigningIdentity{" + delegate().mspId() + ", " + delegate().certificate() + "}";
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.x509.internal.crypto.PrivateKeyHandle;
import io.msp4j.x509.internal.crypto.UnsupportedKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * The signing identity of a local X.509 MSP: its plain identity (to which everything but {@link
 * #sign} is delegated) and the key found at setup. A key that cannot sign (only a public key in
 * the key store, FOLDER-10; an RSA key, SIGN-01) does not fail setup, only signing.
 */
final class X509SigningIdentity implements SigningIdentity {
  private final X509Identity identity;
  private final MessageSignatures signatures;
  private final PrivateKeyHandle key;
  private final String cannotSign;
  private final String cannotSignRule;

  X509SigningIdentity(X509Identity identity, MessageSignatures signatures, Key key) {
    this.identity = identity;
    this.signatures = signatures;
    PrivateKeyHandle handle = null;
    String problem = null;
    String rule = "SIGN-01";
    if (key instanceof PrivateKey pk) {
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
    if (key == null) {
      throw new IdentityException(Reason.SIGNING_FAILED, cannotSignRule, cannotSign, identity.certificate());
    }
    try {
      return signatures.sign(identity.cert().publicKey().algorithm(), key, message);
    } catch (Failure f) {
      throw f.toIdentityException(identity.cert());
    }
  }

  @Override
  public Identity publicVersion() {
    return identity;
  }

  @Override
  public void validate() {
    identity.validate();
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    identity.satisfies(principal);
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    identity.verify(message, signature);
  }

  @Override
  public String mspId() {
    return identity.mspId();
  }

  @Override
  public IdentityIdentifier identifier() {
    return identity.identifier();
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return identity.organizationalUnits();
  }

  @Override
  public Instant expiresAt() {
    return identity.expiresAt();
  }

  /** X.509 identities are never anonymous (IDENT-06). */
  @Override
  public boolean anonymous() {
    return false;
  }

  @Override
  public byte[] serialize() {
    return identity.serialize();
  }

  @Override
  public CertificateRef certificate() {
    return identity.certificate();
  }

  @Override
  public byte[] certificateDer() {
    return identity.certificateDer();
  }

  @Override
  public String toString() {
    return "X509SigningIdentity{" + identity.mspId() + ", " + identity.certificate() + "}";
  }
}

package io.msp4j.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity that answers every call with another identity's answer: the base of wrappers that
 * change where {@code validate} and {@code satisfies} go (a caching MSP's caches, a reloading
 * MSP's generation) and nothing else. A subclass overrides what it routes differently.
 *
 * @param <I> the kind of identity wrapped
 */
public abstract class ForwardingIdentity<I extends Identity> implements Identity {
  private final I delegate;

  /** Wraps {@code delegate}. */
  protected ForwardingIdentity(I delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The identity every call not overridden goes to. */
  protected final I delegate() {
    return delegate;
  }

  @Override
  public String mspId() {
    return delegate.mspId();
  }

  @Override
  public IdentityIdentifier identifier() {
    return delegate.identifier();
  }

  @Override
  public Object verdictKey() {
    return delegate.verdictKey();
  }

  @Override
  public void validate() {
    delegate.validate();
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    delegate.satisfies(principal);
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    delegate.verify(message, signature);
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return delegate.organizationalUnits();
  }

  @Override
  public Instant expiresAt() {
    return delegate.expiresAt();
  }

  @Override
  public boolean anonymous() {
    return delegate.anonymous();
  }

  @Override
  public byte[] serialize() {
    return delegate.serialize();
  }

  @Override
  public CertificateRef certificate() {
    return delegate.certificate();
  }

  @Override
  public byte[] certificateDer() {
    return delegate.certificateDer();
  }
}

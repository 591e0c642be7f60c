package io.msp4j.core;

import io.msp4j.core.internal.SecondChanceCache;
import java.time.Instant;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity handed out by a {@link CachingMsp}: the wrapped MSP's identity, whose own {@code
 * validate} and {@code satisfies} go through the caching MSP's caches (CACHE-04).
 */
final class CachedIdentity implements Identity {
  private final CachingMsp owner;
  private final Identity inner;

  /*
   * The owner's cache entries this wrapper hit last, so that asking again costs a field read
   * instead of hashing the identifier and principal. An entry answers null once its cache has
   * evicted it, so the caches still decide exactly as before: these are shortcuts, not verdicts.
   */
  volatile SecondChanceCache.Entry<IdentityIdentifier, Boolean> validation;
  volatile CachingMsp.PrincipalHit lastPrincipal;

  CachedIdentity(CachingMsp owner, Identity inner) {
    this.owner = owner;
    this.inner = inner;
  }

  /** The caching MSP that handed this wrapper out. */
  CachingMsp owner() {
    return owner;
  }

  /** The identity of the wrapped MSP. */
  Identity inner() {
    return inner;
  }

  @Override
  public String mspId() {
    return inner.mspId();
  }

  @Override
  public IdentityIdentifier identifier() {
    return inner.identifier();
  }

  @Override
  public void validate() {
    owner.validate(this);
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    owner.satisfies(this, principal);
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    inner.verify(message, signature);
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return inner.organizationalUnits();
  }

  @Override
  public Instant expiresAt() {
    return inner.expiresAt();
  }

  @Override
  public boolean anonymous() {
    return inner.anonymous();
  }

  @Override
  public byte[] serialize() {
    return inner.serialize();
  }

  @Override
  public CertificateRef certificate() {
    return inner.certificate();
  }

  @Override
  public byte[] certificateDer() {
    return inner.certificateDer();
  }

  @Override
  public String toString() {
    return "Cached" + inner;
  }
}

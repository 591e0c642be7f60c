package io.msp4j.core;

import io.msp4j.core.internal.SecondChanceCache;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity handed out by a {@link CachingMsp}: the wrapped MSP's identity, whose own {@code
 * validate} and {@code satisfies} go through the caching MSP's caches (CACHE-04).
 */
final class CachedIdentity extends ForwardingIdentity<Identity> {
  private final CachingMsp owner;

  /*
   * The owner's cache entries this wrapper hit last, so that asking again costs a field read
   * instead of hashing the identifier and principal. An entry answers null once its cache has
   * evicted it, so the caches still decide exactly as before: these are shortcuts, not verdicts.
   */
  volatile SecondChanceCache.Entry<Object, Boolean> validation;
  volatile CachingMsp.PrincipalHit lastPrincipal;

  CachedIdentity(CachingMsp owner, Identity inner) {
    super(inner);
    this.owner = owner;
  }

  /** The caching MSP that handed this wrapper out. */
  CachingMsp owner() {
    return owner;
  }

  /** The identity of the wrapped MSP. */
  Identity inner() {
    return delegate();
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
  public String toString() {
    return "Cached" + delegate();
  }
}

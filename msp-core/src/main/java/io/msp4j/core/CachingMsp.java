package io.msp4j.core;

import com.google.protobuf.ByteString;
import io.msp4j.core.internal.BytesKey;
import io.msp4j.core.internal.SecondChanceCache;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An {@link Msp} that remembers the outcomes of another, as Fabric wraps channel and local MSPs
 * (CACHE-01). Three bounded caches with Fabric's keys (CACHE-02):
 *
 * <ul>
 *   <li>deserialisation, keyed by the serialized bytes; only identities are kept, failures are
 *       computed again;
 *   <li>validation, keyed by the identity's identifier (MSP ID and certificate hash); only
 *       successes are kept;
 *   <li>principals, keyed by identifier, classification and principal bytes; successes and
 *       failures are both kept.
 * </ul>
 *
 * <p>Identities returned by {@link #deserialize} are wrapped so that their own {@link
 * Identity#validate()} and {@link Identity#satisfies(MSPPrincipal)} use these caches too; all hits
 * return the same wrapper (CACHE-04). Since an MSP is immutable, caching never changes a verdict
 * (CACHE-06). Safe for concurrent use; a cache hit takes no lock. Eviction is second chance
 * (CACHE-05), so memory stays bounded.
 */
public final class CachingMsp implements Msp {
  /** Fabric's capacity for each of the three caches (CACHE-02). */
  public static final int DEFAULT_CAPACITY = 100;

  private final Msp delegate;
  private final SecondChanceCache<BytesKey, CachedIdentity> deserialized;
  private final SecondChanceCache<IdentityIdentifier, Boolean> validated;
  private final SecondChanceCache<PrincipalKey, Verdict> satisfied;

  private record PrincipalKey(IdentityIdentifier identity, int classification, ByteString principal) {}

  /** A stored outcome of {@code satisfies}: success when {@code failure} is null. */
  private record Verdict(IdentityException failure) {
    static final Verdict SATISFIED = new Verdict(null);
  }

  private CachingMsp(Msp delegate, int capacity) {
    this.delegate = delegate;
    this.deserialized = new SecondChanceCache<>(capacity);
    this.validated = new SecondChanceCache<>(capacity);
    this.satisfied = new SecondChanceCache<>(capacity);
  }

  /** Wraps {@code msp} with Fabric's cache sizes, {@value #DEFAULT_CAPACITY} entries each. */
  public static CachingMsp wrap(Msp msp) {
    return wrap(msp, DEFAULT_CAPACITY);
  }

  /**
   * Wraps {@code msp} with caches of {@code capacity} entries each.
   *
   * @throws IllegalArgumentException when {@code capacity} is not positive
   */
  public static CachingMsp wrap(Msp msp, int capacity) {
    Objects.requireNonNull(msp, "msp");
    return new CachingMsp(msp, capacity);
  }

  /** The MSP whose outcomes are cached. */
  public Msp delegate() {
    return delegate;
  }

  /** Empties the three caches, as Fabric does when its cached MSP is set up again (CACHE-03). */
  public void clear() {
    deserialized.clear();
    validated.clear();
    satisfied.clear();
  }

  @Override
  public String id() {
    return delegate.id();
  }

  @Override
  public MspVersion version() {
    return delegate.version();
  }

  @Override
  public Identity deserialize(byte[] serializedIdentity) {
    Objects.requireNonNull(serializedIdentity, "serializedIdentity");
    BytesKey lookup = BytesKey.view(serializedIdentity);
    CachedIdentity hit = deserialized.get(lookup);
    if (hit != null) {
      return hit;
    }
    BytesKey key = lookup.copy();
    CachedIdentity made = new CachedIdentity(this, delegate.deserialize(serializedIdentity));
    deserialized.put(key, made);
    return made;
  }

  @Override
  public void validate(Identity identity) {
    Identity inner = unwrap(identity);
    IdentityIdentifier key = inner.identifier();
    if (validated.get(key) != null) {
      return;
    }
    delegate.validate(inner);
    validated.put(key, Boolean.TRUE);
  }

  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    Objects.requireNonNull(principal, "principal");
    Identity inner = unwrap(identity);
    PrincipalKey key =
        new PrincipalKey(
            inner.identifier(), principal.getPrincipalClassificationValue(), principal.getPrincipal());
    Verdict hit = satisfied.get(key);
    if (hit != null) {
      if (hit.failure() != null) {
        throw hit.failure();
      }
      return;
    }
    try {
      delegate.satisfies(inner, principal);
    } catch (IdentityException e) {
      satisfied.put(key, new Verdict(e));
      throw e;
    }
    satisfied.put(key, Verdict.SATISFIED);
  }

  /** The wrapped MSP's signing identity, not cached. */
  @Override
  public SigningIdentity defaultSigningIdentity() {
    return delegate.defaultSigningIdentity();
  }

  /** Asks the wrapped MSP; well-formedness is not cached. */
  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    delegate.checkWellFormed(identity);
  }

  @Override
  public List<byte[]> tlsRootCerts() {
    return delegate.tlsRootCerts();
  }

  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return delegate.tlsIntermediateCerts();
  }

  /** Sizes of the deserialisation, validation and principal caches, in that order. */
  int[] cacheSizes() {
    return new int[] {deserialized.size(), validated.size(), satisfied.size()};
  }

  private static Identity unwrap(Identity identity) {
    Objects.requireNonNull(identity, "identity");
    return identity instanceof CachedIdentity c ? c.inner() : identity;
  }

  @Override
  public String toString() {
    return "CachingMsp{" + delegate + "}";
  }
}

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
 *   <li>validation, keyed by the identity's identifier (MSP ID and certificate hash; for an
 *       idemix identity, whose identifier is only its pseudonym, its {@link
 *       Identity#verdictKey()}); only successes are kept;
 *   <li>principals, keyed by the same, classification and principal bytes; successes and
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
  private final SecondChanceCache<Object, Boolean> validated;
  private final SecondChanceCache<PrincipalKey, Verdict> satisfied;
  /** Told of each validation; null when none was given (the hot path then skips it). */
  private final ValidationObserver observer;

  record PrincipalKey(Object identity, int classification, ByteString principal) {}

  /** A stored outcome of {@code satisfies}: success when {@code failure} is null. */
  record Verdict(IdentityException failure) {
    static final Verdict SATISFIED = new Verdict(null);

    void raise() {
      if (failure != null) {
        throw failure;
      }
    }
  }

  /** The principal-cache entry a wrapper last hit, with the key it was found under. */
  record PrincipalHit(PrincipalKey key, SecondChanceCache.Entry<PrincipalKey, Verdict> entry) {
    boolean isFor(int classification, ByteString principal) {
      return key.classification() == classification
          && (key.principal() == principal || key.principal().equals(principal));
    }
  }

  private CachingMsp(Msp delegate, int capacity, ValidationObserver observer) {
    this.delegate = delegate;
    this.observer = observer;
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
   * @throws IllegalArgumentException when {@code capacity} is not positive, or when {@code msp}
   *     is a {@link io.msp4j.core.reload.ReloadingMsp}: its caches would outlive the
   *     configuration they were filled with; a reloading MSP caches each generation itself
   */
  public static CachingMsp wrap(Msp msp, int capacity) {
    return wrap(msp, capacity, null);
  }

  /**
   * Wraps {@code msp} with caches of {@code capacity} entries each, telling {@code observer} of
   * each validation (hit or miss, and how long a miss took).
   *
   * @param observer told of each validation; null for none
   * @throws IllegalArgumentException as {@link #wrap(Msp, int)}
   */
  public static CachingMsp wrap(Msp msp, int capacity, ValidationObserver observer) {
    Objects.requireNonNull(msp, "msp");
    if (msp instanceof io.msp4j.core.reload.ReloadingMsp) {
      throw new IllegalArgumentException(
          "a ReloadingMsp caches each generation itself (ReloadingMsp.Builder.caching); a cache "
              + "around it would answer with the rules of configurations it no longer serves");
    }
    return new CachingMsp(msp, capacity, observer);
  }

  /**
   * Whether {@code identity} was handed out by a caching MSP, so that its validation outcome is
   * remembered: validating it now makes a later {@link Identity#validate()} of the same identity a
   * cache hit (while the entry lasts), with the same outcome.
   */
  public static boolean remembersValidation(Identity identity) {
    return identity instanceof CachedIdentity;
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
  public int providerType() {
    return delegate.providerType();
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
    CachedIdentity wrapper = ownWrapper(identity);
    if (wrapper != null) {
      // The entry this wrapper hit last time answers as a lookup would, without hashing.
      SecondChanceCache.Entry<Object, Boolean> seen = wrapper.validation;
      if (seen != null && seen.valueIfCached() != null) {
        if (observer != null) {
          observer.hit();
        }
        return;
      }
    }
    Identity inner = unwrap(identity);
    Object key = inner.verdictKey();
    SecondChanceCache.Entry<Object, Boolean> entry = validated.entry(key);
    if (entry == null) {
      if (observer == null) {
        delegate.validate(inner);
      } else {
        validateObserved(inner);
      }
      entry = validated.putEntry(key, Boolean.TRUE);
    } else if (observer != null) {
      observer.hit();
    }
    if (wrapper != null) {
      wrapper.validation = entry;
    }
  }

  private void validateObserved(Identity inner) {
    long start = System.nanoTime();
    try {
      delegate.validate(inner);
    } catch (RuntimeException e) {
      observer.miss(System.nanoTime() - start, false);
      throw e;
    }
    observer.miss(System.nanoTime() - start, true);
  }

  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    Objects.requireNonNull(principal, "principal");
    int classification = principal.getPrincipalClassificationValue();
    ByteString bytes = principal.getPrincipal();
    CachedIdentity wrapper = ownWrapper(identity);
    if (wrapper != null) {
      PrincipalHit last = wrapper.lastPrincipal;
      if (last != null && last.isFor(classification, bytes)) {
        Verdict seen = last.entry().valueIfCached();
        if (seen != null) {
          seen.raise();
          return;
        }
      }
    }
    Identity inner = unwrap(identity);
    PrincipalKey key = new PrincipalKey(inner.verdictKey(), classification, bytes);
    SecondChanceCache.Entry<PrincipalKey, Verdict> entry = satisfied.entry(key);
    Verdict verdict = entry == null ? null : entry.valueIfCached();
    if (verdict == null) {
      try {
        delegate.satisfies(inner, principal);
        verdict = Verdict.SATISFIED;
      } catch (IdentityException e) {
        verdict = new Verdict(e);
      }
      entry = satisfied.putEntry(key, verdict);
    }
    if (wrapper != null) {
      wrapper.lastPrincipal = new PrincipalHit(key, entry);
    }
    verdict.raise();
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

  /** {@code identity} when it is a wrapper this MSP handed out, else null. */
  private CachedIdentity ownWrapper(Identity identity) {
    return identity instanceof CachedIdentity c && c.owner() == this ? c : null;
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

package io.msp4j.core.reload;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Msp} whose configuration can be replaced while it serves: each configuration read
 * from an {@link MspSource} is set up completely on the thread that calls {@link #reload()}, then
 * swapped in with one volatile write. Callers hold it like any MSP and never see a half-built
 * one, never wait for a reload and never get an error because one is under way; a configuration
 * that fails setup is refused and the previous generation goes on serving.
 *
 * <p><b>Generations.</b> Each configuration applied is a numbered {@link MspGeneration}. Every
 * call on this MSP is answered by the generation served when the call starts, alone. With
 * caching on (the default, as Fabric wraps its MSPs, CACHE-01), each generation gets its own
 * {@link CachingMsp}, so caches never span generations; do not wrap a reloading MSP in a
 * {@code CachingMsp} yourself ({@link CachingMsp#wrap(Msp)} refuses it).
 *
 * <p><b>Identities held across a swap.</b> {@link #deserialize} hands out identities tied to the
 * generation that made them:
 *
 * <ul>
 *   <li>{@code identity.validate()} and {@code identity.satisfies(p)} are answered by that
 *       generation, as Fabric's identities answer with the MSP that made them (CORE-03); the
 *       outcome never changes (CORE-07), so a certificate revoked by a later CRL still validates
 *       through an identity made before the CRL was applied;
 *   <li>{@code reloadingMsp.validate(identity)} and {@code reloadingMsp.satisfies(identity, p)}
 *       are answered by the generation served now: an identity of an earlier generation is
 *       deserialised again, from its {@link Identity#serialize() serialized form}, by the current
 *       one, and that identity is judged. An identity is therefore never validated with the rules
 *       of a generation that did not make it, and a caller asking the reloading MSP always gets
 *       the current verdict: the one a freshly started process with the current folder would
 *       give.
 * </ul>
 *
 * Identities this MSP did not hand out are passed to the current generation unchanged, as to any
 * MSP. {@link #generationOf(Identity)} says which generation made an identity. To answer several
 * questions with one configuration, take {@link #current()} and use its {@link
 * MspGeneration#msp()}.
 *
 * <p><b>Before the first configuration</b> (generation 0) the identity operations throw {@link
 * IdentityException} and the others {@link MspException}, with reason {@link
 * Reason#MSP_NOT_SET_UP}.
 *
 * <p>Reloads are serialised; {@link ReloadListener}s and the log (slf4j: info for a swap, warn
 * for a refused configuration) are told of each one that found a new configuration. Thread-safe.
 */
public final class ReloadingMsp implements Msp {
  private static final Logger LOG = LoggerFactory.getLogger(ReloadingMsp.class);

  private final String mspId;
  private final MspSource source;
  private final int cacheCapacity;
  private final Clock clock;
  private final List<ReloadListener> listeners = new CopyOnWriteArrayList<>();
  private final Object reloadLock = new Object();
  private final Object generationMonitor = new Object();
  private volatile MspGeneration current;
  /**
   * The configuration the current generation was set up from, kept by the reloading thread only
   * (under reloadLock) to compare the next one with; generations do not hold it, so an identity
   * kept from an old generation keeps that generation's MSP alive but not its configuration.
   */
  private MspCandidate applied;
  /** The last generation whose listeners have been told; guarded by generationMonitor. */
  private long announced;

  private ReloadingMsp(Builder b) {
    this.mspId = b.mspId;
    this.source = b.source;
    this.cacheCapacity = b.cacheCapacity;
    this.clock = b.clock;
    this.listeners.addAll(b.listeners);
  }

  /**
   * A builder of a reloading MSP for {@code mspId} reading from {@code source}. The MSP built
   * serves nothing until its first successful {@link #reload()}.
   */
  public static Builder builder(String mspId, MspSource source) {
    return new Builder(mspId, source);
  }

  /**
   * Reads the source and, when it holds a new configuration, sets it up on the calling thread and
   * swaps it in. Calls are serialised; callers of the MSP methods never wait for one. Never
   * throws for a bad configuration: a failure is returned, logged and told to the listeners.
   */
  public ReloadResult reload() {
    synchronized (reloadLock) {
      MspGeneration before = current;
      MspCandidate candidate;
      Msp raw;
      try {
        candidate = source.read();
        if (applied != null && candidate.sameConfiguration(applied)) {
          return new ReloadResult(ReloadResult.Status.UNCHANGED, before, null);
        }
        raw = setUp(candidate);
      } catch (MspSetupException e) {
        return refuse(e, before);
      } catch (RuntimeException e) {
        return refuse(new MspSetupException(Reason.INTERNAL_ERROR, "CORE-01",
            "reading or setting up the configuration failed unexpectedly: " + e, e), before);
      }
      if (raw == null || !candidate.stillCurrent()) {
        LOG.debug("MSP {}: the configuration changed while it was read; it will be read again",
            mspId);
        return new ReloadResult(ReloadResult.Status.SUPERSEDED, before, null);
      }
      return apply(candidate, raw, before);
    }
  }

  /**
   * The MSP set up from {@code candidate}, or null when setup failed on a configuration that
   * changed while it was read (a half-written folder is not a failure to report).
   */
  private Msp setUp(MspCandidate candidate) {
    Msp raw;
    try {
      raw = candidate.setUp();
    } catch (MspSetupException e) {
      if (!candidate.stillCurrent()) {
        return null;
      }
      throw e;
    }
    if (!raw.id().equals(mspId)) {
      throw new MspSetupException(Reason.MSP_ID_MISMATCH, "CORE-01", "the configuration is for MSP '"
          + raw.id() + "', this reloading MSP serves '" + mspId + "'");
    }
    return raw;
  }

  /** Swaps in the next generation, then tells the log, the listeners and the waiters. */
  private ReloadResult apply(MspCandidate candidate, Msp raw, MspGeneration before) {
    MspGeneration next = new MspGeneration(
        before == null ? 1 : before.number() + 1,
        clock.instant(),
        cacheCapacity > 0 ? CachingMsp.wrap(raw, cacheCapacity) : raw,
        describe(candidate));
    attachSigner(next);
    current = next;
    applied = candidate;
    LOG.info("MSP {}: generation {} applied ({} changes){}", mspId, next.number(),
        next.changes().size(), summary(next.changes()));
    for (ReloadListener l : listeners) {
      try {
        l.reloaded(next);
      } catch (RuntimeException e) {
        LOG.warn("MSP {}: a reload listener failed on generation {}", mspId, next.number(), e);
      }
    }
    synchronized (generationMonitor) {
      announced = next.number();
      generationMonitor.notifyAll();
    }
    return new ReloadResult(ReloadResult.Status.APPLIED, next, null);
  }

  /** Made once per generation, before it is published, so that asking for it is a field read. */
  private void attachSigner(MspGeneration g) {
    try {
      g.signer = new GenerationSigningIdentity(this, g, g.msp().defaultSigningIdentity());
    } catch (MspException e) {
      g.noSigner = e;
    }
  }

  private List<MspChange> describe(MspCandidate candidate) {
    try {
      return candidate.changesSince(applied);
    } catch (RuntimeException e) {
      // The MSP is set up and valid; only the report of what changed is missing.
      return List.of(MspChange.of(MspChange.Kind.OTHER, MspChange.Action.CHANGED,
          "the changes could not be described: " + e));
    }
  }

  private ReloadResult refuse(MspSetupException e, MspGeneration kept) {
    ReloadFailure failure =
        new ReloadFailure(e, kept == null ? 0 : kept.number(), clock.instant());
    LOG.warn("MSP {}: new configuration refused, generation {} still served: {} [{}] {}",
        mspId, failure.keptGeneration(), e.reason(), e.rule(), e.detail());
    for (ReloadListener l : listeners) {
      try {
        l.reloadFailed(failure);
      } catch (RuntimeException ex) {
        LOG.warn("MSP {}: a reload listener failed on a refused configuration", mspId, ex);
      }
    }
    return new ReloadResult(ReloadResult.Status.FAILED, kept, failure);
  }

  private static String summary(List<MspChange> changes) {
    StringBuilder sb = new StringBuilder();
    for (MspChange c : changes) {
      sb.append("; ").append(c);
    }
    return sb.toString();
  }

  /** Adds a listener, told of every later reload that finds a new configuration. */
  public void addListener(ReloadListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /** Removes a listener added before. */
  public void removeListener(ReloadListener listener) {
    listeners.remove(listener);
  }

  /** The generation served now, empty before the first configuration was applied. */
  public Optional<MspGeneration> current() {
    return Optional.ofNullable(current);
  }

  /** The number of the generation served now, 0 before the first configuration was applied. */
  public long generation() {
    MspGeneration g = current;
    return g == null ? 0 : g.number();
  }

  /**
   * The generation that made {@code identity}, empty when this reloading MSP did not hand it out
   * (through {@link #deserialize} or a signing identity's {@link SigningIdentity#publicVersion()}).
   */
  public Optional<MspGeneration> generationOf(Identity identity) {
    if (identity instanceof GenerationIdentity g && g.owner() == this) {
      return Optional.of(g.generation());
    }
    if (identity instanceof GenerationSigningIdentity s && s.owner() == this) {
      return Optional.of(s.generation());
    }
    return Optional.empty();
  }

  /**
   * Waits until generation {@code number} or a later one is served and the listeners have been
   * told of it: for tests, and for services that must not start before their first
   * configuration.
   *
   * @return the generation served when it returns
   * @throws TimeoutException when {@code timeout} passes first
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public MspGeneration awaitGeneration(long number, Duration timeout)
      throws InterruptedException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (generationMonitor) {
      while (true) {
        if (announced >= number) {
          return current;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException(
              "MSP " + mspId + ": generation " + number + " not reached, serving " + generation());
        }
        generationMonitor.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  @Override
  public String id() {
    return mspId;
  }

  /** The version of the current generation (it may change when a channel's capabilities do). */
  @Override
  public MspVersion version() {
    return served().msp().version();
  }

  /** Deserialises with the current generation; the identity answers with it ever after. */
  @Override
  public Identity deserialize(byte[] serializedIdentity) {
    MspGeneration g = servedForIdentities();
    return new GenerationIdentity(this, g, g.msp().deserialize(serializedIdentity));
  }

  /**
   * Validates with the current generation's rules; an identity made by an earlier generation is
   * deserialised again by the current one first (see the class description).
   */
  @Override
  public void validate(Identity identity) {
    MspGeneration now = servedForIdentities();
    now.msp().validate(ofGeneration(identity, now));
  }

  /** Checks the principal with the current generation's rules, as {@link #validate} does. */
  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    MspGeneration now = servedForIdentities();
    now.msp().satisfies(ofGeneration(identity, now), principal);
  }

  /**
   * The identity the MSP of {@code now} must be asked about: the one it made, or, for an identity
   * this MSP handed out under another generation, the same certificate deserialised by {@code
   * now}. Any other identity is passed unchanged.
   */
  private Identity ofGeneration(Identity identity, MspGeneration now) {
    if (identity instanceof GenerationIdentity g && g.owner() == this) {
      return g.generation() == now
          ? g.inner()
          : now.msp().deserialize(g.inner().serialize());
    }
    return identity;
  }

  /**
   * The current generation's signing identity (the same object for every call within one
   * generation). It keeps its key after a swap: a signature started with it finishes with the key
   * it started with; ask again for each signature to pick up a rotated identity.
   *
   * @throws MspException with reason {@link Reason#NO_SIGNING_IDENTITY} when the current
   *     generation has none
   */
  @Override
  public SigningIdentity defaultSigningIdentity() {
    MspGeneration g = served();
    if (g.signer == null) {
      throw new MspException(g.noSigner.reason(), g.noSigner.rule(), g.noSigner.detail());
    }
    return g.signer;
  }

  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    servedForIdentities().msp().checkWellFormed(identity);
  }

  @Override
  public List<byte[]> tlsRootCerts() {
    return served().msp().tlsRootCerts();
  }

  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return served().msp().tlsIntermediateCerts();
  }

  private MspGeneration served() {
    MspGeneration g = current;
    if (g == null) {
      throw new MspException(Reason.MSP_NOT_SET_UP, "CORE-01", notSetUp());
    }
    return g;
  }

  private MspGeneration servedForIdentities() {
    MspGeneration g = current;
    if (g == null) {
      throw new IdentityException(Reason.MSP_NOT_SET_UP, "CORE-01", notSetUp(), null);
    }
    return g;
  }

  private String notSetUp() {
    return "MSP " + mspId + " has no configuration yet: none of those read so far could be set up";
  }

  @Override
  public String toString() {
    return "ReloadingMsp{" + mspId + ", generation " + generation() + "}";
  }

  /** Builds a {@link ReloadingMsp}. */
  public static final class Builder {
    private final String mspId;
    private final MspSource source;
    private int cacheCapacity = CachingMsp.DEFAULT_CAPACITY;
    private Clock clock = Clock.systemUTC();
    private final List<ReloadListener> listeners = new ArrayList<>();

    private Builder(String mspId, MspSource source) {
      this.mspId = Objects.requireNonNull(mspId, "mspId");
      this.source = Objects.requireNonNull(source, "source");
    }

    /**
     * Wraps each generation in its own {@link CachingMsp} of {@code capacity} entries per cache
     * (default {@value CachingMsp#DEFAULT_CAPACITY}, Fabric's); 0 turns caching off.
     *
     * @throws IllegalArgumentException when {@code capacity} is negative
     */
    public Builder caching(int capacity) {
      if (capacity < 0) {
        throw new IllegalArgumentException("capacity must not be negative, got " + capacity);
      }
      this.cacheCapacity = capacity;
      return this;
    }

    /** The clock that stamps generations and failures (default: the system clock, UTC). */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /** Adds a listener from the start, so that it is told of the first configuration too. */
    public Builder listener(ReloadListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** The reloading MSP, serving nothing until its first successful {@link #reload()}. */
    public ReloadingMsp build() {
      return new ReloadingMsp(this);
    }
  }
}

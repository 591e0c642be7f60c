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
import io.msp4j.core.ValidationObserver;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An {@link Msp} whose configuration can be replaced while it serves: each configuration read
 * from a {@link ConfigSource} is set up completely on the thread that calls {@link #reload()},
 * then swapped in with one volatile write (see {@link Reloader}). Callers hold it like any MSP
 * and never see a half-built one, never wait for a reload and never get an error because one is
 * under way; a configuration that fails setup is refused and the previous generation goes on
 * serving.
 *
 * <p><b>Generations.</b> Each configuration applied is a numbered {@link Generation}. Every call
 * on this MSP is answered by the generation served when the call starts, alone. With caching on
 * (the default, as Fabric wraps its MSPs, CACHE-01), each generation gets its own {@link
 * CachingMsp}, so caches never span generations; do not wrap a reloading MSP in a {@code
 * CachingMsp} yourself ({@link CachingMsp#wrap(Msp)} refuses it).
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
 *       the current verdict: the one a freshly started process with the current configuration
 *       would give.
 * </ul>
 *
 * Identities this MSP did not hand out are passed to the current generation unchanged, as to any
 * MSP. {@link #generationOf(Identity)} says which generation made an identity. To answer several
 * questions with one configuration, take {@link #current()} and use its {@link Generation#value()}.
 *
 * <p><b>Before the first configuration</b> (generation 0) the identity operations throw {@link
 * IdentityException} and the others {@link MspException}, with reason {@link
 * Reason#MSP_NOT_SET_UP}. Thread-safe.
 */
public final class ReloadingMsp implements Msp {
  private final String mspId;
  private final Reloader<Msp> reloader;
  private final Object signerLock = new Object();
  /** The signing identity handed out for one generation, so that it is the same object. */
  private volatile GenerationSigner signer;

  private record GenerationSigner(Generation<Msp> generation, SigningIdentity signer,
      MspException none) {}

  private ReloadingMsp(Builder b) {
    this.mspId = b.mspId;
    Reloader.Builder<Msp> rb = Reloader.builder("MSP " + b.mspId, servedBy(b))
        .clock(b.clock);
    b.listeners.forEach(rb::listener);
    this.reloader = rb.build();
  }

  /**
   * The source as this MSP serves it: each configuration's MSP must have this MSP's ID and is
   * wrapped in its own cache.
   */
  private static ConfigSource<Msp> servedBy(Builder b) {
    return () -> new Served(b.mspId, b.cacheCapacity, b.observer, b.source.read());
  }

  /**
   * A builder of a reloading MSP for {@code mspId} reading from {@code source}. The MSP built
   * serves nothing until its first successful {@link #reload()}.
   */
  public static Builder builder(String mspId, ConfigSource<Msp> source) {
    return new Builder(mspId, source);
  }

  /**
   * Reads the source and, when it holds a new configuration, sets it up on the calling thread and
   * swaps it in. Calls are serialised; callers of the MSP methods never wait for one. Never
   * throws for a bad configuration: a failure is returned, logged and told to the listeners.
   */
  public ReloadResult<Msp> reload() {
    return reloader.reload();
  }

  /** Adds a listener, told of every later reload that finds a new configuration. */
  public void addListener(ReloadListener<? super Msp> listener) {
    reloader.addListener(listener);
  }

  /** Removes a listener added before. */
  public void removeListener(ReloadListener<? super Msp> listener) {
    reloader.removeListener(listener);
  }

  /** The generation served now, empty before the first configuration was applied. */
  public Optional<Generation<Msp>> current() {
    return reloader.current();
  }

  /** The number of the generation served now, 0 before the first configuration was applied. */
  public long generation() {
    return reloader.generation();
  }

  /**
   * The generation that made {@code identity}, empty when this reloading MSP did not hand it out
   * (through {@link #deserialize} or a signing identity's {@link SigningIdentity#publicVersion()}).
   */
  public Optional<Generation<Msp>> generationOf(Identity identity) {
    if (identity instanceof GenerationIdentity g && g.owner() == this) {
      return Optional.of(g.generation());
    }
    if (identity instanceof GenerationSigningIdentity s && s.owner() == this) {
      return Optional.of(s.generation());
    }
    return Optional.empty();
  }

  /** See {@link Reloader#awaitGeneration}. */
  public Generation<Msp> awaitGeneration(long number, Duration timeout)
      throws InterruptedException, TimeoutException {
    return reloader.awaitGeneration(number, timeout);
  }

  @Override
  public String id() {
    return mspId;
  }

  /** The version of the current generation. */
  @Override
  public MspVersion version() {
    return served().value().version();
  }

  @Override
  public int providerType() {
    return served().value().providerType();
  }

  /** Deserialises with the current generation; the identity answers with it ever after. */
  @Override
  public Identity deserialize(byte[] serializedIdentity) {
    Generation<Msp> g = servedForIdentities();
    return new GenerationIdentity(this, g, g.value().deserialize(serializedIdentity));
  }

  /**
   * Validates with the current generation's rules; an identity made by an earlier generation is
   * deserialised again by the current one first (see the class description).
   */
  @Override
  public void validate(Identity identity) {
    Generation<Msp> now = servedForIdentities();
    now.value().validate(ofGeneration(identity, now));
  }

  /** Checks the principal with the current generation's rules, as {@link #validate} does. */
  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    Generation<Msp> now = servedForIdentities();
    now.value().satisfies(ofGeneration(identity, now), principal);
  }

  /**
   * The identity the MSP of {@code now} must be asked about: the one it made, or, for an identity
   * this MSP handed out under another generation, the same certificate deserialised by {@code
   * now}. Any other identity is passed unchanged.
   */
  private Identity ofGeneration(Identity identity, Generation<Msp> now) {
    if (identity instanceof GenerationIdentity g && g.owner() == this) {
      return g.generation() == now
          ? g.inner()
          : now.value().deserialize(g.inner().serialize());
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
    Generation<Msp> g = served();
    GenerationSigner s = signer;
    if (s == null || s.generation() != g) {
      synchronized (signerLock) {
        s = signer;
        if (s == null || s.generation() != g) {
          s = signerOf(g);
          signer = s;
        }
      }
    }
    if (s.none() != null) {
      throw new MspException(s.none().reason(), s.none().rule(), s.none().detail());
    }
    return s.signer();
  }

  private GenerationSigner signerOf(Generation<Msp> g) {
    try {
      return new GenerationSigner(g,
          new GenerationSigningIdentity(this, g, g.value().defaultSigningIdentity()), null);
    } catch (MspException e) {
      return new GenerationSigner(g, null, e);
    }
  }

  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    servedForIdentities().value().checkWellFormed(identity);
  }

  @Override
  public List<byte[]> tlsRootCerts() {
    return served().value().tlsRootCerts();
  }

  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return served().value().tlsIntermediateCerts();
  }

  private Generation<Msp> served() {
    Generation<Msp> g = reloader.currentOrNull();
    if (g == null) {
      throw new MspException(Reason.MSP_NOT_SET_UP, "CORE-01", notSetUp());
    }
    return g;
  }

  private Generation<Msp> servedForIdentities() {
    Generation<Msp> g = reloader.currentOrNull();
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

  /**
   * A candidate of the source as this MSP serves it: its MSP checked for this MSP's ID and
   * wrapped in a cache of its own.
   */
  private record Served(String mspId, int cacheCapacity, ValidationObserver observer,
      Candidate<Msp> inner)
      implements Candidate<Msp> {
    @Override
    public boolean sameConfiguration(Candidate<Msp> applied) {
      return applied instanceof Served s && inner.sameConfiguration(s.inner);
    }

    @Override
    public Msp setUp() {
      Msp raw = inner.setUp();
      if (!raw.id().equals(mspId)) {
        throw new MspSetupException(Reason.MSP_ID_MISMATCH, "CORE-01", "the configuration is for MSP '"
            + raw.id() + "', this reloading MSP serves '" + mspId + "'");
      }
      return cacheCapacity > 0 ? CachingMsp.wrap(raw, cacheCapacity, observer) : raw;
    }

    @Override
    public List<MspChange> changesSince(Candidate<Msp> previous) {
      return inner.changesSince(previous == null ? null : ((Served) previous).inner);
    }

    @Override
    public boolean stillCurrent() {
      return inner.stillCurrent();
    }
  }

  /** Builds a {@link ReloadingMsp}. */
  public static final class Builder {
    private final String mspId;
    private final ConfigSource<Msp> source;
    private int cacheCapacity = CachingMsp.DEFAULT_CAPACITY;
    private ValidationObserver observer;
    private Clock clock = Clock.systemUTC();
    private final List<ReloadListener<? super Msp>> listeners = new java.util.ArrayList<>();

    private Builder(String mspId, ConfigSource<Msp> source) {
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

    /**
     * Tells {@code observer} of each validation the caches of every generation answer (see
     * {@link CachingMsp#wrap(Msp, int, ValidationObserver)}); nothing when caching is off.
     */
    public Builder validationObserver(ValidationObserver o) {
      this.observer = Objects.requireNonNull(o, "observer");
      return this;
    }

    /** The clock that stamps generations and failures (default: the system clock, UTC). */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /** Adds a listener from the start, so that it is told of the first configuration too. */
    public Builder listener(ReloadListener<? super Msp> listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** The reloading MSP, serving nothing until its first successful {@link #reload()}. */
    public ReloadingMsp build() {
      return new ReloadingMsp(this);
    }
  }
}

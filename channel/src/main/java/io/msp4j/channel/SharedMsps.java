package io.msp4j.channel;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Org MSPs set up once and shared by every channel loaded with this object ({@link
 * ChannelOptions#withSharedMsps}), as a peer in many channels of the same organisations wants.
 * A channel load takes the MSP already set up for an org group whose {@code MSP} value has the
 * same bytes (so decodes to the same {@code MSPConfig}), at the same MSP version, with equal
 * {@link SetupOptions} (so the same Fabric release, crypto backend, key store and clock);
 * otherwise it sets the MSP up and offers it here. The shared unit is the MSP with its identity
 * caches ({@link CachingMsp}), so that an identity met in one channel is a cache hit in the others.
 *
 * <p><b>Why the verdicts are the same.</b> An X.509 MSP is immutable once set up, and its setup
 * reads nothing but its configuration, its version and the setup options, except for one thing:
 * a configuration with a signing identity has its certificate's expiry checked against the
 * options' clock (SETUP-SIGNER-03). Such a configuration (a channel's never has one, as
 * configtxgen writes them) is set up for each load and never shared. The caches hold outcomes of
 * that immutable MSP under Fabric's keys, so they answer every channel as a fresh MSP would
 * (CACHE-06); only their capacity is then shared between the channels.
 *
 * <p><b>What a caller holding an identity sees.</b> An identity answers with the MSP that made it,
 * for ever. When one channel's configuration changes an org and the other channels' do not, the
 * changed channel's next load sets a new MSP up for that org (the bytes differ), and from then on
 * that channel, its policies and the identities it deserialises use the new MSP; the other
 * channels, and every identity obtained before the change from any channel (the changed one's old
 * configuration included), keep using the MSP they had. Two channels that hold the same
 * configuration of an org therefore hand out the same identity object for the same serialized
 * bytes while it is in the shared cache, and its verdicts are those of that configuration.
 *
 * <p>The configurations loaded with it are held once too, part by part: a channel's {@link
 * Channel#config()} holds the groups (or, failing that, the org {@code MSP} values) that another
 * channel's configuration already holds, when they are equal. The configuration is equal to the
 * one given and serialises to the same bytes.
 *
 * <p><b>Lifetime.</b> Entries are held weakly: an MSP stays shared while a channel, a policy or an
 * identity that uses it is reachable, and is dropped from here when none is; nothing needs to be
 * closed. Setups of the same configuration that meet wait for one another instead of setting it up
 * twice; a setup that fails is not remembered, and each load that needed it sets it up itself and
 * reports its own error, as without sharing. Thread-safe. Owned by the caller: there is no global
 * instance.
 */
public final class SharedMsps {
  private final ConcurrentHashMap<Key, Slot> slots = new ConcurrentHashMap<>();
  private final ReferenceQueue<Msp> released = new ReferenceQueue<>();

  private final ConfigInterner configs = new ConfigInterner();

  /**
   * What makes two setups give the same MSP: the bytes the configuration was decoded from (equal
   * bytes decode to equal configurations), the version and the options.
   */
  private record Key(ByteString encoded, MspVersion version, SetupOptions options) {}

  private SharedMsps() {}

  /** An empty set of shared MSPs. */
  public static SharedMsps create() {
    return new SharedMsps();
  }

  /**
   * The shared MSP for this configuration, version and options, wrapped in Fabric's caches;
   * set up (and shared from then on) when none is shared now. Configurations are told apart by
   * their serialised bytes.
   *
   * @throws io.msp4j.core.MspException as {@link X509Msps#setup} does, when the setup fails
   */
  public Msp msp(MSPConfig config, MspVersion version, SetupOptions options) {
    return msp(Objects.requireNonNull(config, "config").toByteString(), config, version, options);
  }

  /**
   * As {@link #msp(MSPConfig, MspVersion, SetupOptions)} for an org group's {@code MSP} value as
   * the configuration holds it: {@code encoded} its bytes, {@code config} what they decode to.
   * Found by the bytes, which a channel's configuration already has; equal values held once by
   * the channels' configurations are then found without reading them.
   *
   * @throws IllegalArgumentException when {@code encoded} does not decode to {@code config} (the
   *     check is made before a setup, not when a shared MSP is found)
   * @throws io.msp4j.core.MspException as {@link X509Msps#setup} does, when the setup fails
   */
  public Msp msp(ByteString encoded, MSPConfig config, MspVersion version, SetupOptions options) {
    Key key = new Key(Objects.requireNonNull(encoded, "encoded"),
        Objects.requireNonNull(version, "version"), Objects.requireNonNull(options, "options"));
    Objects.requireNonNull(config, "config");
    expunge();
    while (true) {
      Slot seen = slots.get(key);
      if (seen != null) {
        Msp shared = seen.await();
        if (shared != null) {
          return shared;
        }
        slots.remove(key, seen);   // failed, not shareable, or collected: set it up anew
        continue;
      }
      Slot mine = new Slot();
      if (slots.putIfAbsent(key, mine) != null) {
        continue;
      }
      Msp made;
      try {
        requireDecodesTo(encoded, config);
        made = CachingMsp.wrap(X509Msps.setup(config, version, options));
      } catch (RuntimeException | Error e) {
        slots.remove(key, mine);
        mine.settle(null, null, null);
        throw e;
      }
      if (hasSigningIdentity(config)) {
        slots.remove(key, mine);
        mine.settle(null, null, null);
      } else {
        mine.settle(made, key, released);
      }
      return made;
    }
  }

  private static void requireDecodesTo(ByteString encoded, MSPConfig config) {
    boolean same;
    try {
      same = MSPConfig.parseFrom(encoded).equals(config);
    } catch (InvalidProtocolBufferException e) {
      same = false;
    }
    if (!same) {
      throw new IllegalArgumentException("the encoded MSP value does not decode to the given MSPConfig");
    }
  }

  /** The configuration with its parts held once for every channel (see {@link ConfigInterner}). */
  DecodedConfig intern(DecodedConfig decoded) {
    return configs.intern(decoded);
  }

  /**
   * The MSP shared now for this configuration, version and options, if one is set up; never sets
   * one up, and does not wait for a setup under way.
   */
  public Optional<Msp> find(MSPConfig config, MspVersion version, SetupOptions options) {
    return find(Objects.requireNonNull(config, "config").toByteString(), version, options);
  }

  /** As {@link #find(MSPConfig, MspVersion, SetupOptions)} for an org group's encoded value. */
  public Optional<Msp> find(ByteString encoded, MspVersion version, SetupOptions options) {
    Slot s = slots.get(new Key(encoded, version, options));
    return Optional.ofNullable(s == null ? null : s.peek());
  }

  /**
   * Whether the configuration names a signing identity, whose setup reads the clock. Only asked
   * after a setup succeeded, so the bytes decode.
   */
  private static boolean hasSigningIdentity(MSPConfig config) {
    try {
      return FabricMSPConfig.parseFrom(config.getConfig()).hasSigningIdentity();
    } catch (InvalidProtocolBufferException e) {
      return true;   // cannot happen after a setup; never share what was not understood
    }
  }

  /** How many MSPs are shared now (set up and still used somewhere). */
  public int size() {
    expunge();
    int n = 0;
    for (Slot s : slots.values()) {
      if (s.peek() != null) {
        n++;
      }
    }
    return n;
  }

  /** Drops the entries whose MSP was collected. */
  private void expunge() {
    for (Object r; (r = released.poll()) != null; ) {
      Ref ref = (Ref) r;
      slots.remove(ref.key, ref.slot);
    }
  }

  @Override
  public String toString() {
    return "SharedMsps[" + size() + " MSPs]";
  }

  /** A weak reference that knows the entry to drop when its MSP is collected. */
  private static final class Ref extends WeakReference<Msp> {
    final Key key;
    final Slot slot;

    Ref(Msp msp, Key key, Slot slot, ReferenceQueue<Msp> queue) {
      super(msp, queue);
      this.key = key;
      this.slot = slot;
    }
  }

  /** One configuration's MSP: being set up until settled, then shared (weakly) or dead. */
  private static final class Slot {
    private final CountDownLatch settled = new CountDownLatch(1);
    private volatile Ref ref;

    void settle(Msp msp, Key key, ReferenceQueue<Msp> queue) {
      ref = msp == null ? null : new Ref(msp, key, this, queue);
      settled.countDown();
    }

    /** The shared MSP once settled; null when the setup failed or the MSP was collected. */
    Msp await() {
      boolean interrupted = false;
      while (true) {
        try {
          settled.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true;   // a setup is short and CPU-bound: wait for it, keep the flag
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      return peek();
    }

    Msp peek() {
      Ref r = ref;
      return r == null ? null : r.get();
    }
  }
}

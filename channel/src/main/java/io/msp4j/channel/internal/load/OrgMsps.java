package io.msp4j.channel.internal.load;

import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.channel.MspReuse;
import io.msp4j.channel.SharedMsps;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Sets up the org MSPs a walk proposed and applies Fabric's rules on the results, in the order of
 * the proposals (CHANNEL-MSP-04..08): provider type, setup, one configuration per MSP ID, a
 * non-empty MSP ID. Setups may run in parallel; the results are then looked at in order, so the
 * failure reported is the one a one-by-one setup would meet first.
 */
final class OrgMsps {
  private static final int FABRIC = 0;
  private static final int IDEMIX = 1;

  /** A set-up MSP or the failure of its setup. */
  private record Outcome(Msp msp, MspException failure) {}

  private OrgMsps() {}

  /**
   * The channel's orgs, each with its MSP; {@code stop}, when not null, is thrown after the
   * proposals were judged without fault.
   */
  static List<ChannelOrg> setUp(List<Proposal> proposals, ChannelConfigException stop,
      MspVersion version, SetupOptions options, int parallelism, MspReuse reuse, SharedMsps shared) {
    Outcome[] outcomes = run(proposals, version, options, parallelism, reuse, shared);
    Map<String, Proposal> firstById = new LinkedHashMap<>();
    Map<String, Msp> mspById = new LinkedHashMap<>();
    List<ChannelOrg> orgs = new ArrayList<>();
    for (int i = 0; i < proposals.size(); i++) {
      Proposal p = proposals.get(i);
      Msp msp = judge(p, outcomes[i], version);
      String id = msp.id();
      Proposal first = firstById.get(id);
      if (first != null && !first.config().equals(p.config())) {
        throw new ChannelConfigException(Reason.MSP_ID_CONFLICT, "CHANNEL-MSP-07", p.path(),
            "MSP ID '" + id + "' is already defined by " + first.path()
                + " with a different configuration; one MSP ID may appear in several org groups "
                + "only with byte-identical MSP values");
      }
      if (first == null) {
        firstById.put(id, p);
        mspById.put(id, msp);
      }
      if (id.isEmpty()) {
        throw new ChannelConfigException(Reason.MSP_ID_EMPTY, "CHANNEL-MSP-06", p.path(),
            "the org's MSP has an empty MSP ID (FabricMSPConfig.name)");
      }
      orgs.add(new ChannelOrg(p.path(), p.kind(), p.name(), id, mspById.get(id), p.config()));
    }
    if (stop != null) {
      throw stop;
    }
    return List.copyOf(orgs);
  }

  /** The MSP of a proposal, or the channel error its type or setup gives. */
  private static Msp judge(Proposal p, Outcome o, MspVersion version) {
    int type = p.config().getType();
    if (type == IDEMIX && (version == MspVersion.V1_0 || version == MspVersion.V3_0)) {
      throw new ChannelConfigException(Reason.MSP_TYPE_UNSUPPORTED, "CHANNEL-MSP-04", p.path(),
          "an idemix MSP (type 1) cannot exist at MSP version " + version
              + "; Fabric has idemix only at 1.1, 1.3 and 1.4.3 [IDEMIX-VER-01]");
    }
    if (type != FABRIC && type != IDEMIX) {
      throw new ChannelConfigException(Reason.MSP_TYPE_UNSUPPORTED, "CHANNEL-MSP-04", p.path(),
          "unsupported MSP type " + type + " (0 is X.509, 1 idemix)");
    }
    if (o.failure() != null) {
      MspException e = o.failure();
      throw new ChannelConfigException(e.reason(), e.rule(), p.path(),
          "the org's " + (type == IDEMIX ? "idemix " : "") + "MSP cannot be set up at version "
              + version + " [CHANNEL-MSP-05]: " + e.detail(), e);
    }
    return o.msp();
  }

  private static Outcome[] run(List<Proposal> proposals, MspVersion version, SetupOptions options,
      int parallelism, MspReuse reuse, SharedMsps shared) {
    Outcome[] out = new Outcome[proposals.size()];
    int toSetUp = 0;
    for (int i = 0; i < proposals.size(); i++) {
      Proposal p = proposals.get(i);
      if (p.config().getType() == FABRIC) {
        Optional<Msp> again = reuse.find(p.config(), version, options.release());
        if (again.isEmpty() && shared != null) {
          again = shared.find(p.encoded(), version, options);
        }
        if (again.isPresent()) {
          out[i] = new Outcome(again.get(), null);
        } else {
          toSetUp++;
        }
      }
    }
    for (int i = 0; i < proposals.size(); i++) {
      Proposal p = proposals.get(i);
      if (p.config().getType() == IDEMIX && version != MspVersion.V1_0 && version != MspVersion.V3_0) {
        // Reused from the previous configuration when byte-identical, as X.509 MSPs are: the
        // caches and the verifier's tables carry over a config update that leaves the org alone.
        Optional<Msp> again = reuse.find(p.config(), version, options.release());
        out[i] = again.isPresent() ? new Outcome(again.get(), null) : setUpIdemix(p, version, options);
      }
    }
    IntStream indexes = IntStream.range(0, proposals.size())
        .filter(i -> proposals.get(i).config().getType() == FABRIC && out[i] == null);
    if (parallelism <= 1 || toSetUp < 2) {
      indexes.forEach(i -> out[i] = setUpOne(proposals.get(i), version, options, shared));
      return out;
    }
    ForkJoinPool pool = new ForkJoinPool(Math.min(parallelism, toSetUp));
    try {
      pool.submit(() -> indexes.parallel()
          .forEach(i -> out[i] = setUpOne(proposals.get(i), version, options, shared))).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while setting up the channel's MSPs", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdown();
    }
    return out;
  }

  /**
   * An idemix org's MSP, cached as X.509 ones are (the caches key idemix verdicts by the whole
   * identity). A channel's idemix MSP has no signer: a configuration carrying one (configtxgen
   * copies user/SignerConfig) is set up as Fabric does, signer included, and its signer unused.
   */
  private static Outcome setUpIdemix(Proposal p, MspVersion version, SetupOptions options) {
    try {
      return new Outcome(CachingMsp.wrap(IdemixMsps.setup(p.config(), version, options.release())), null);
    } catch (MspException e) {
      return new Outcome(null, e);
    }
  }

  /** Sets the MSP up, or takes the shared one of its configuration when {@code shared} is set. */
  private static Outcome setUpOne(Proposal p, MspVersion version, SetupOptions options,
      SharedMsps shared) {
    try {
      return new Outcome(shared != null ? shared.msp(p.encoded(), p.config(), version, options)
          : CachingMsp.wrap(X509Msps.setup(p.config(), version, options)), null);
    } catch (MspException e) {
      return new Outcome(null, e);
    }
  }
}

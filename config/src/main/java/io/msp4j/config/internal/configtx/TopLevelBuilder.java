package io.msp4j.config.internal.configtx;

import io.msp4j.config.configtx.AnchorPeer;
import io.msp4j.config.configtx.Application;
import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.configtx.Consortium;
import io.msp4j.config.configtx.EtcdRaft;
import io.msp4j.config.configtx.Orderer;
import io.msp4j.config.configtx.Organization;
import io.msp4j.config.configtx.Policy;
import io.msp4j.config.configtx.Profile;
import io.msp4j.config.configtx.SmartBftOptions;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the decoded structs into msp4j's values, completing them as configtxgen's {@code
 * LoadTopLevel} does: the top-level organisations get their defaults and resolved MSPDir; the
 * top-level orderer gets its defaults and is checked (configtxgen stops on the same problems).
 * The orderer types known are the release's (DELTA25-07): v3.0 knows solo, etcdraft and BFT;
 * v2.5 knows solo, kafka and etcdraft, and gives kafka its default brokers.
 */
final class TopLevelBuilder {

  private static final String RULE = "CONFIGTX-YAML-02";

  private final Path file;
  private final Path configDir;
  private final String fileName;
  private final FabricRelease release;

  TopLevelBuilder(Path file, String fileName, FabricRelease release) {
    this.file = file;
    this.release = release;
    Path parent = file.getParent();
    this.configDir = parent == null ? Path.of("") : parent;
    this.fileName = fileName;
  }

  TopLevel build(Decoded top) {
    Map<String, Profile> profiles = new LinkedHashMap<>();
    Map<String, Object> rawProfiles = top.map("Profiles");
    if (rawProfiles != null) {
      rawProfiles.forEach((name, p) -> {
        if (p != null) {
          profiles.put(name, profile((Decoded) p));
        }
      });
    }
    List<Organization> orgs = organizations(top.list("Organizations"), "Organizations", true);
    Optional<Orderer> orderer =
        Optional.ofNullable(top.struct("Orderer")).map(o -> orderer(o, true));
    Map<String, Map<String, Boolean>> caps = new LinkedHashMap<>();
    Map<String, Object> rawCaps = top.map("Capabilities");
    if (rawCaps != null) {
      rawCaps.forEach((group, m) -> caps.put(group, booleans(m)));
    }
    return new TopLevel(
        file,
        profiles,
        orgs,
        Optional.ofNullable(top.struct("Channel")).map(this::profile),
        Optional.ofNullable(top.struct("Application")).map(this::application),
        orderer,
        caps);
  }

  private Profile profile(Decoded p) {
    Map<String, Consortium> consortiums = new LinkedHashMap<>();
    Map<String, Object> raw = p.map("Consortiums");
    if (raw != null) {
      raw.forEach((name, c) -> {
        List<Object> orgs = c == null ? null : ((Decoded) c).list("Organizations");
        consortiums.put(name, new Consortium(organizations(orgs, "Consortiums." + name, false)));
      });
    }
    return new Profile(
        p.string("Consortium"),
        Optional.ofNullable(p.struct("Application")).map(this::application),
        Optional.ofNullable(p.struct("Orderer")).map(o -> orderer(o, false)),
        consortiums,
        booleans(p.map("Capabilities")),
        policies(p.map("Policies")));
  }

  private Application application(Decoded a) {
    Map<String, String> acls = new LinkedHashMap<>();
    Map<String, Object> raw = a.map("ACLs");
    if (raw != null) {
      raw.forEach((k, v) -> acls.put(k, (String) v));
    }
    return new Application(
        organizations(a.list("Organizations"), "Application.Organizations", false),
        booleans(a.map("Capabilities")),
        policies(a.map("Policies")),
        acls);
  }

  private List<Organization> organizations(List<Object> raw, String where, boolean complete) {
    List<Organization> out = new ArrayList<>();
    if (raw == null) {
      return out;
    }
    for (int i = 0; i < raw.size(); i++) {
      Decoded o = (Decoded) raw.get(i);
      if (o == null) {
        if (complete) {
          throw invalid(fileName + ": " + where + "[" + i + "] is empty (configtxgen fails on it)");
        }
        continue;
      }
      out.add(organization(o, complete));
    }
    return out;
  }

  private Organization organization(Decoded o, boolean complete) {
    String mspType = o.string("MSPType");
    String adminPrincipal = o.string("AdminPrincipal");
    String mspDir = o.string("MSPDir");
    Path dir;
    if (complete) {
      if (mspType.isEmpty()) {
        mspType = "bccsp";
      }
      if (adminPrincipal.isEmpty()) {
        adminPrincipal = "Role.ADMIN";
      }
      dir = translate(mspDir);
    } else {
      dir = Path.of(mspDir);
    }
    Map<String, Object> rawPolicies = o.map("Policies");
    Set<String> nullPolicies = new LinkedHashSet<>();
    if (rawPolicies != null) {
      rawPolicies.forEach((k, v) -> {
        if (v == null) {
          nullPolicies.add(k);
        }
      });
    }
    List<AnchorPeer> anchors = new ArrayList<>();
    List<Object> rawAnchors = o.list("AnchorPeers");
    if (rawAnchors != null) {
      for (int i = 0; i < rawAnchors.size(); i++) {
        Decoded d = (Decoded) rawAnchors.get(i);
        if (d == null) {
          // configtxgen dereferences it when it encodes the organisation, and fails.
          throw invalid(fileName + ":" + o.line() + ": organisation " + o.string("Name")
              + ": AnchorPeers[" + i + "] is empty");
        }
        anchors.add(new AnchorPeer(d.string("Host"), d.number("Port")));
      }
    }
    List<String> endpoints = new ArrayList<>();
    List<Object> rawEndpoints = o.list("OrdererEndpoints");
    if (rawEndpoints != null) {
      rawEndpoints.forEach(e -> endpoints.add((String) e));
    }
    return new Organization(
        o.string("Name"),
        o.string("ID"),
        dir,
        mspType,
        rawPolicies == null ? Optional.empty() : Optional.of(policies(rawPolicies)),
        nullPolicies,
        anchors,
        endpoints,
        adminPrincipal,
        o.bool("SkipAsForeign"),
        o.line());
  }

  /** Go's filepath.Join(configDir, p) for a relative path; an absolute one is kept. */
  private Path translate(String p) {
    Path path = Path.of(p);
    if (path.isAbsolute()) {
      return path;
    }
    Path joined = configDir.resolve(path).normalize();
    return joined.toString().isEmpty() ? Path.of(".") : joined;
  }

  private Map<String, Policy> policies(Map<String, Object> raw) {
    Map<String, Policy> out = new LinkedHashMap<>();
    if (raw != null) {
      raw.forEach((k, v) -> {
        if (v != null) {
          Decoded d = (Decoded) v;
          out.put(k, new Policy(d.string("Type"), d.string("Rule"), d.line()));
        }
      });
    }
    return out;
  }

  private static Map<String, Boolean> booleans(Object raw) {
    Map<String, Boolean> out = new LinkedHashMap<>();
    if (raw != null) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) raw;
      m.forEach((k, v) -> out.put(k, (Boolean) v));
    }
    return out;
  }

  // ---- the orderer -------------------------------------------------------------------------

  private Orderer orderer(Decoded o, boolean complete) {
    String type = o.string("OrdererType");
    long timeout = o.number("BatchTimeout");
    Decoded bs = o.struct("BatchSize");
    long maxCount = bs == null ? 0 : bs.number("MaxMessageCount");
    long absMax = bs == null ? 0 : bs.number("AbsoluteMaxBytes");
    long preferred = bs == null ? 0 : bs.number("PreferredMaxBytes");
    Decoded raft = o.struct("EtcdRaft");
    Decoded bft = o.struct("SmartBFT");
    List<Orderer.Consenter> mapping = consenters(o.list("ConsenterMapping"));
    Optional<EtcdRaft> etcdRaft = Optional.ofNullable(raft).map(this::etcdRaft);
    Optional<SmartBftOptions> smartBft = Optional.ofNullable(bft).map(TopLevelBuilder::smartBft);
    Decoded kafka = o.struct("Kafka");
    List<Object> rawBrokers = kafka == null ? null : kafka.list("Brokers");
    List<String> brokers = strings(rawBrokers);
    if (complete) {
      type = type.isEmpty() ? "solo" : type;
      timeout = timeout == 0 ? 2_000_000_000L : timeout;
      maxCount = maxCount == 0 ? 500 : maxCount;
      absMax = absMax == 0 ? 10L * 1024 * 1024 : absMax;
      preferred = preferred == 0 ? 2L * 1024 * 1024 : preferred;
      switch (type) {
        case "solo" -> { }
        case "etcdraft" -> etcdRaft = Optional.of(completeRaft(etcdRaft));
        case "kafka" -> {
          if (!release.isV2_5()) {
            throw unknownType(type);
          }
          if (rawBrokers == null) {
            brokers = List.of(DEFAULT_KAFKA_BROKER);
          }
        }
        case "BFT" -> {
          if (release.isV2_5()) {
            throw new ConfigtxException(Reason.CONFIGTX_INVALID, "DELTA25-07",
                fileName + ": Orderer.OrdererType: unknown orderer type: " + type
                    + " (Fabric v2.5's configtxgen has no BFT orderer type)");
          }
          if (smartBft.isEmpty()) {
            smartBft = Optional.of(defaultSmartBft());
          }
          mapping = completeBft(mapping);
        }
        default -> throw unknownType(type);
      }
    }
    return new Orderer(
        type,
        strings(o.list("Addresses")),
        Duration.ofNanos(timeout),
        new Orderer.BatchSize(maxCount, absMax, preferred),
        brokers,
        mapping,
        etcdRaft,
        smartBft,
        organizations(o.list("Organizations"), "Orderer.Organizations", false),
        o.number("MaxChannels"),
        booleans(o.map("Capabilities")),
        policies(o.map("Policies")));
  }

  /** configtxgen v2.5's brokers for a kafka orderer that names none. */
  private static final String DEFAULT_KAFKA_BROKER = "127.0.0.1:9092";

  private ConfigtxException unknownType(String type) {
    return invalid(fileName + ": Orderer.OrdererType: unknown orderer type: " + type);
  }

  private EtcdRaft completeRaft(Optional<EtcdRaft> given) {
    if (given.isEmpty()) {
      throw invalid(fileName + ": Orderer.EtcdRaft: etcdraft configuration missing");
    }
    EtcdRaft r = given.get();
    EtcdRaft.Options o = r.options().orElse(new EtcdRaft.Options("500ms", 10, 1, 5, 16L << 20));
    o = new EtcdRaft.Options(
        o.tickInterval().isEmpty() ? "500ms" : o.tickInterval(),
        o.electionTick() == 0 ? 10 : o.electionTick(),
        o.heartbeatTick() == 0 ? 1 : o.heartbeatTick(),
        o.maxInflightBlocks() == 0 ? 5 : o.maxInflightBlocks(),
        o.snapshotIntervalSize() == 0 ? 16L << 20 : o.snapshotIntervalSize());
    if (r.consenters().isEmpty()) {
      throw invalid(fileName + ": Orderer.EtcdRaft: etcdraft configuration did not specify any"
          + " consenter");
    }
    try {
      GoStrconv.parseDuration(o.tickInterval());
    } catch (GoStrconv.NumberFormatError e) {
      throw invalid(fileName + ": Orderer.EtcdRaft.Options.TickInterval ("
          + o.tickInterval() + ") must be in time duration format");
    }
    if (o.electionTick() <= o.heartbeatTick()) {
      throw invalid(fileName + ": Orderer.EtcdRaft.Options: election tick must be greater than"
          + " heartbeat tick");
    }
    List<EtcdRaft.Consenter> consenters = new ArrayList<>();
    for (EtcdRaft.Consenter c : r.consenters()) {
      if (c.host().isEmpty()) {
        throw invalid(fileName + ": consenter info in etcdraft configuration did not specify host");
      }
      if (c.port() == 0) {
        throw invalid(fileName + ": consenter info in etcdraft configuration did not specify port");
      }
      consenters.add(new EtcdRaft.Consenter(c.host(), c.port(),
          translateBytes(c.clientTlsCert()), translateBytes(c.serverTlsCert())));
    }
    return new EtcdRaft(consenters, Optional.of(o));
  }

  private byte[] translateBytes(byte[] path) {
    return translate(new String(path, StandardCharsets.UTF_8)).toString()
        .getBytes(StandardCharsets.UTF_8);
  }

  private List<Orderer.Consenter> completeBft(List<Orderer.Consenter> mapping) {
    if (mapping.isEmpty()) {
      throw invalid(fileName + ": Orderer.ConsenterMapping: BFT configuration did not specify any"
          + " consenter");
    }
    List<Orderer.Consenter> out = new ArrayList<>();
    for (Orderer.Consenter c : mapping) {
      String missing =
          c.host().isEmpty() ? "host"
              : c.port() == 0 ? "port"
              : c.clientTlsCert().isEmpty() ? "client TLS cert"
              : c.serverTlsCert().isEmpty() ? "server TLS cert"
              : c.mspId().isEmpty() ? "MSP ID"
              : c.identity().isEmpty() ? "identity certificate"
              : null;
      if (missing != null) {
        throw invalid(fileName + ": consenter info in BFT configuration did not specify "
            + missing);
      }
      out.add(new Orderer.Consenter(c.id(), c.host(), c.port(), c.mspId(),
          translate(c.identity()).toString(), translate(c.clientTlsCert()).toString(),
          translate(c.serverTlsCert()).toString()));
    }
    return out;
  }

  /** BFT consenters; a nil entry becomes an empty one, which the BFT check reports. */
  private List<Orderer.Consenter> consenters(List<Object> raw) {
    List<Orderer.Consenter> out = new ArrayList<>();
    if (raw != null) {
      for (Object o : raw) {
        Decoded c = (Decoded) o;
        out.add(c == null ? new Orderer.Consenter(0, "", 0, "", "", "", "")
            : new Orderer.Consenter(c.number("ID"), c.string("Host"), c.number("Port"),
                c.string("MSPID"), c.string("Identity"), c.string("ClientTLSCert"),
                c.string("ServerTLSCert")));
      }
    }
    return out;
  }

  private EtcdRaft etcdRaft(Decoded r) {
    List<EtcdRaft.Consenter> consenters = new ArrayList<>();
    List<Object> raw = r.list("Consenters");
    if (raw != null) {
      for (Object o : raw) {
        Decoded c = (Decoded) o;
        consenters.add(c == null ? new EtcdRaft.Consenter("", 0, new byte[0], new byte[0])
            : new EtcdRaft.Consenter(c.string("Host"), c.number("Port"), c.bytes("ClientTlsCert"),
                c.bytes("ServerTlsCert")));
      }
    }
    Decoded o = r.struct("Options");
    return new EtcdRaft(consenters, Optional.ofNullable(o).map(d -> new EtcdRaft.Options(
        d.string("TickInterval"), d.number("ElectionTick"), d.number("HeartbeatTick"),
        d.number("MaxInflightBlocks"), d.number("SnapshotIntervalSize"))));
  }

  private static SmartBftOptions smartBft(Decoded d) {
    return new SmartBftOptions(
        d.number("RequestBatchMaxCount"),
        d.number("RequestBatchMaxBytes"),
        d.string("RequestBatchMaxInterval"),
        d.number("IncomingMessageBufferSize"),
        d.number("RequestPoolSize"),
        d.string("RequestForwardTimeout"),
        d.string("RequestComplainTimeout"),
        d.string("RequestAutoRemoveTimeout"),
        d.number("RequestMaxBytes"),
        d.string("ViewChangeResendInterval"),
        d.string("ViewChangeTimeout"),
        d.string("LeaderHeartbeatTimeout"),
        d.number("LeaderHeartbeatCount"),
        d.string("CollectTimeout"),
        d.bool("SyncOnStart"),
        d.bool("SpeedUpViewChange"),
        (int) d.number("LeaderRotation"),
        d.number("DecisionsPerLeader"));
  }

  /** configtxgen's SmartBFT defaults (the library's defaults, durations in Go's notation). */
  private static SmartBftOptions defaultSmartBft() {
    return new SmartBftOptions(100, 10L << 20, "50ms", 200, 400, "2s", "20s", "3m0s", 0, "5s",
        "20s", "1m0s", 10, "1s", false, false, 0, 0);
  }

  private static List<String> strings(List<Object> raw) {
    List<String> out = new ArrayList<>();
    if (raw != null) {
      raw.forEach(s -> out.add((String) s));
    }
    return out;
  }

  private static ConfigtxException invalid(String message) {
    return new ConfigtxException(Reason.CONFIGTX_INVALID, RULE, message);
  }
}

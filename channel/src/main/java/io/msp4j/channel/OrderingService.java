package io.msp4j.channel;

import com.google.protobuf.ByteString;
import io.msp4j.channel.internal.decode.OrdererValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.orderer.ConsensusType;

/**
 * The ordering service a channel configuration describes: its consensus type, its consenters (a
 * BFT channel's {@code /Channel/Orderer/Orderers} consenter mapping, or etcdraft's consenters in
 * the {@code ConsensusType} metadata), the orderer endpoints its orgs announce, and the quorum
 * its consenters make. Read for reports and for counting a quorum; values that do not decode give
 * no consenters or endpoints here (loading the channel judges them).
 *
 * <pre>{@code
 * OrderingService s = OrderingService.of(channel.config());
 * s.consenters();   // [orderer1.example.com:7050 (id 1, OrdererMSP), ...]
 * s.quorum();       // 3 of 4 on BFT
 * }</pre>
 */
public final class OrderingService {
  /** The consensus type of a BFT channel. */
  public static final String BFT = "BFT";
  /** The consensus type of a Raft channel. */
  public static final String ETCDRAFT = "etcdraft";
  private static final String ORDERER = "Orderer";

  private final String consensusType;
  private final List<Consenter> consenters;
  private final Map<String, List<String>> endpoints;

  /**
   * One consenter.
   *
   * @param id its consenter ID (BFT; 0 for etcdraft, which has none)
   * @param host its host, as the config names it
   * @param port its port
   * @param mspId its MSP ID (BFT; empty for etcdraft)
   * @param identity its enrollment certificate, PEM (BFT; empty for etcdraft)
   * @param clientTlsCert its client TLS certificate, PEM
   * @param serverTlsCert its server TLS certificate, PEM
   */
  public record Consenter(long id, String host, int port, String mspId, ByteString identity,
      ByteString clientTlsCert, ByteString serverTlsCert) {

    /** Checks the parts. */
    public Consenter {
      Objects.requireNonNull(host, "host");
      Objects.requireNonNull(mspId, "mspId");
      Objects.requireNonNull(identity, "identity");
      Objects.requireNonNull(clientTlsCert, "clientTlsCert");
      Objects.requireNonNull(serverTlsCert, "serverTlsCert");
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    public String endpoint() {
      return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** {@code host:port (id N, MSPID)} on BFT, {@code host:port} on etcdraft. */
    @Override
    public String toString() {
      return endpoint() + (mspId.isEmpty() && id == 0 ? "" : " (id " + id
          + (mspId.isEmpty() ? "" : ", " + mspId) + ")");
    }
  }

  private OrderingService(String consensusType, List<Consenter> consenters,
      Map<String, List<String>> endpoints) {
    this.consensusType = consensusType;
    this.consenters = List.copyOf(consenters);
    Map<String, List<String>> copy = new TreeMap<>();
    endpoints.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    this.endpoints = Collections.unmodifiableMap(copy);
  }

  /** The ordering service of a configuration; empty parts where it has no orderer section. */
  public static OrderingService of(Config config) {
    Objects.requireNonNull(config, "config");
    ConfigGroup channel = config.getChannelGroup();
    Map<String, List<String>> endpoints = new TreeMap<>();
    OrdererValues.addresses(channel.getValuesMap().get("OrdererAddresses"))
        .ifPresent(a -> endpoints.put("/Channel", a));
    ConfigGroup orderer = channel.getGroupsMap().get(ORDERER);
    if (orderer == null) {
      return new OrderingService("", List.of(), endpoints);
    }
    orderer.getGroupsMap().forEach((name, org) ->
        OrdererValues.addresses(org.getValuesMap().get("Endpoints"))
        .ifPresent(a -> endpoints.put("/Channel/Orderer/" + name, a)));
    Optional<ConsensusType> type = OrdererValues.consensusType(orderer);
    String typeName = type.map(ConsensusType::getType).orElse("");
    List<Consenter> consenters = new ArrayList<>();
    if (typeName.equals(BFT)) {
      OrdererValues.bftOrderers(orderer).ifPresent(os -> os.getConsenterMappingList().forEach(c ->
          consenters.add(new Consenter(Integer.toUnsignedLong(c.getId()), c.getHost(),
              c.getPort(), c.getMspId(), c.getIdentity(), c.getClientTlsCert(),
              c.getServerTlsCert()))));
    } else if (typeName.equals(ETCDRAFT)) {
      OrdererValues.raftMetadata(orderer).ifPresent(md -> md.getConsentersList().forEach(c ->
          consenters.add(new Consenter(0, c.getHost(), c.getPort(), "", ByteString.EMPTY,
              c.getClientTlsCert(), c.getServerTlsCert()))));
    }
    return new OrderingService(typeName, consenters, endpoints);
  }

  /** The {@code ConsensusType} type ({@code BFT}, {@code etcdraft}, ...); empty when none. */
  public String consensusType() {
    return consensusType;
  }

  /** The consenters, in the config's order; empty when the type has none or they do not decode. */
  public List<Consenter> consenters() {
    return consenters;
  }

  /**
   * The orderer endpoints announced, by the path of the group holding them: each orderer org's
   * {@code Endpoints} ({@code /Channel/Orderer/OrdererOrg}) and the channel-wide {@code
   * OrdererAddresses} ({@code /Channel}) of older channels.
   */
  public Map<String, List<String>> endpoints() {
    return endpoints;
  }

  /**
   * How many consenters make a quorum: Fabric's BFT quorum ({@link #bftQuorum}) on a BFT channel,
   * a majority on etcdraft; empty for other types or without consenters.
   */
  public OptionalInt quorum() {
    if (consenters.isEmpty()) {
      return OptionalInt.empty();
    }
    return switch (consensusType) {
      case BFT -> OptionalInt.of(bftQuorum(consenters.size()));
      case ETCDRAFT -> OptionalInt.of(consenters.size() / 2 + 1);
      default -> OptionalInt.empty();
    };
  }

  /**
   * Fabric's BFT quorum for {@code n} consenters: with {@code f = (n - 1) / 3}, the smallest
   * integer of at least {@code (n + f + 1) / 2} (4 give 3, 7 give 5).
   *
   * @throws IllegalArgumentException when {@code n < 1}
   */
  public static int bftQuorum(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("a cluster of " + n + " orderers has no quorum");
    }
    int f = (n - 1) / 3;
    return (n + f + 2) / 2;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrderingService s && consensusType.equals(s.consensusType)
        && consenters.equals(s.consenters) && endpoints.equals(s.endpoints);
  }

  @Override
  public int hashCode() {
    return Objects.hash(consensusType, consenters, endpoints);
  }

  @Override
  public String toString() {
    return "OrderingService{" + consensusType + ", consenters " + consenters + ", endpoints "
        + endpoints + "}";
  }
}

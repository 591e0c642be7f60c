package io.msp4j.channel.internal.decode;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;

/**
 * The ordering service's values of a configuration, decoded where they are present and well
 * formed; a missing or undecodable value is empty (the configuration's own checks say why it
 * cannot be used, this only reads).
 */
public final class OrdererValues {
  /** The {@code ConsensusType} type of a Raft cluster. */
  public static final String ETCDRAFT = "etcdraft";

  private OrdererValues() {}

  /** The {@code ConsensusType} value of the {@code /Channel/Orderer} group. */
  public static Optional<ConsensusType> consensusType(ConfigGroup orderer) {
    return decode(orderer.getValuesMap().get("ConsensusType"), ConsensusType.parser());
  }

  /** A Raft cluster's consenters: the metadata of an {@code etcdraft} consensus type. */
  public static Optional<ConfigMetadata> raftMetadata(ConfigGroup orderer) {
    Optional<ConsensusType> type = consensusType(orderer);
    if (type.isEmpty() || !type.get().getType().equals(ETCDRAFT)) {
      return Optional.empty();
    }
    try {
      return Optional.of(ConfigMetadata.parseFrom(type.get().getMetadata()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }

  /** A BFT cluster's consenters: the {@code Orderers} value of the orderer group. */
  public static Optional<Orderers> bftOrderers(ConfigGroup orderer) {
    return decode(orderer.getValuesMap().get("Orderers"), Orderers.parser());
  }

  /** The addresses of an {@code OrdererAddresses} or org {@code Endpoints} value. */
  public static Optional<List<String>> addresses(ConfigValue value) {
    return decode(value, OrdererAddresses.parser()).map(OrdererAddresses::getAddressesList);
  }

  private static <T extends Message> Optional<T> decode(ConfigValue value, Parser<T> parser) {
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(parser.parseFrom(value.getValue()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }
}

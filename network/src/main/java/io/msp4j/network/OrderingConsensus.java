package io.msp4j.network;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.channel.OrderingService;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.orderer.ConsensusType;

/**
 * How an update is broadcast to several orderers, by the channel's consensus type (the {@code
 * type} of {@code /Channel/Orderer/ConsensusType}), as Fabric v3's gateway decides it: {@code BFT}
 * is BFT, every other type (etcdraft, and the solo and kafka of older releases) is {@link #RAFT}.
 */
public enum OrderingConsensus {
  /**
   * One orderer's acceptance suffices: the endpoints are tried in turn until one answers
   * SUCCESS or refuses the update with a 4xx status.
   */
  RAFT,
  /** The update is sent to every orderer at once and needs a BFT quorum of SUCCESS answers. */
  BFT;

  /** The consensus of a {@code ConsensusType.type}: BFT for {@code "BFT"}, RAFT otherwise. */
  public static OrderingConsensus ofType(String consensusType) {
    return "BFT".equals(Objects.requireNonNull(consensusType, "consensusType")) ? BFT : RAFT;
  }

  /**
   * The consensus of a channel's configuration, or empty when it has no readable {@code
   * /Channel/Orderer/ConsensusType}.
   */
  public static Optional<OrderingConsensus> of(Channel channel) {
    ConfigGroup orderer = channel.config().getChannelGroup().getGroupsMap().get("Orderer");
    ConfigValue v = orderer == null ? null : orderer.getValuesMap().get("ConsensusType");
    if (v == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(ofType(ConsensusType.parseFrom(v.getValue()).getType()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }

  /**
   * Fabric's BFT quorum for a cluster of {@code n} orderers: with {@code f = (n - 1) / 3}, the
   * smallest {@code q} of at least {@code (n + f + 1) / 2}, so that any two quorums share {@code
   * f + 1} orderers (4 of 4 gives 3, 7 gives 5).
   */
  public static int bftQuorum(int n) {
    return OrderingService.bftQuorum(n);
  }
}

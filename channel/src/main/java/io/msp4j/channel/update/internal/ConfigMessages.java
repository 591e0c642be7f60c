package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.hyperledger.fabric.protos.common.BlockDataHashingStructure;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Consortium;
import org.hyperledger.fabric.protos.common.HashingAlgorithm;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.ChannelRestrictions;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.KafkaBrokers;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.AnchorPeers;

/**
 * Config values and policies decoded as the messages of their type, so that two encodings of one
 * message compare equal (Fabric's tools encode protobuf maps, such as the ACLs and capabilities,
 * in different orders). A value's type is given by its key, as Fabric's channel config reads it
 * ({@code ACLs}, {@code Capabilities}, {@code MSP}, {@code ConsensusType}, {@code BatchSize},
 * ...); byte fields that hold messages themselves (an MSP's {@code FabricMSPConfig}, etcdraft's
 * or SmartBFT's consensus metadata, a policy's value) are decoded too. Bytes that do not decode,
 * and values of keys not known here, are compared as bytes.
 */
public final class ConfigMessages {
  private static final Map<String, Function<ByteString, Optional<Object>>> VALUES = Map.ofEntries(
      Map.entry("ACLs", plain(ACLs.parser())),
      Map.entry("AnchorPeers", plain(AnchorPeers.parser())),
      Map.entry("Capabilities", plain(Capabilities.parser())),
      Map.entry("HashingAlgorithm", plain(HashingAlgorithm.parser())),
      Map.entry("BlockDataHashingStructure", plain(BlockDataHashingStructure.parser())),
      Map.entry("OrdererAddresses", plain(OrdererAddresses.parser())),
      Map.entry("Endpoints", plain(OrdererAddresses.parser())),
      Map.entry("Consortium", plain(Consortium.parser())),
      Map.entry("Orderers", plain(Orderers.parser())),
      Map.entry("BatchSize", plain(BatchSize.parser())),
      Map.entry("BatchTimeout", plain(BatchTimeout.parser())),
      Map.entry("ChannelRestrictions", plain(ChannelRestrictions.parser())),
      Map.entry("KafkaBrokers", plain(KafkaBrokers.parser())),
      Map.entry("ConsensusType", ConfigMessages::consensusType),
      Map.entry("MSP", ConfigMessages::msp),
      Map.entry("ChannelCreationPolicy", b -> parse(Policy.parser(), b).map(ConfigMessages::policy)));

  private ConfigMessages() {}

  /** Whether the value under {@code key} is the same message in both encodings. */
  public static boolean sameValue(String key, ByteString a, ByteString b) {
    if (a.equals(b)) {
      return true;
    }
    Function<ByteString, Optional<Object>> decode = VALUES.get(key);
    if (decode == null) {
      return false;
    }
    Optional<Object> da = decode.apply(a);
    Optional<Object> db = decode.apply(b);
    return da.isPresent() && db.isPresent() && da.get().equals(db.get());
  }

  /** Whether two policies are the same, their values decoded by the policy type. */
  public static boolean samePolicy(Policy a, Policy b) {
    return a.equals(b) || policy(a).equals(policy(b));
  }

  private static Object policy(Policy p) {
    Optional<? extends Message> inner = switch (p.getType()) {
      case Policy.PolicyType.SIGNATURE_VALUE -> parse(SignaturePolicyEnvelope.parser(), p.getValue());
      case Policy.PolicyType.IMPLICIT_META_VALUE -> parse(ImplicitMetaPolicy.parser(), p.getValue());
      default -> Optional.empty();
    };
    return List.of(p.toBuilder().clearValue().build(), inner.<Object>map(m -> m).orElse(p.getValue()));
  }

  private static Optional<Object> consensusType(ByteString bytes) {
    return parse(ConsensusType.parser(), bytes).map(ct -> {
      Optional<? extends Message> metadata = switch (ct.getType()) {
        case "etcdraft" -> parse(ConfigMetadata.parser(), ct.getMetadata());
        case "BFT" -> parse(org.hyperledger.fabric.protos.orderer.smartbft.Options.parser(),
            ct.getMetadata());
        default -> Optional.empty();
      };
      return List.of(ct.toBuilder().clearMetadata().build(),
          metadata.<Object>map(m -> m).orElse(ct.getMetadata()));
    });
  }

  private static Optional<Object> msp(ByteString bytes) {
    return parse(MSPConfig.parser(), bytes).map(m -> {
      Optional<FabricMSPConfig> x509 = m.getType() == 0
          ? parse(FabricMSPConfig.parser(), m.getConfig()) : Optional.empty();
      return List.of(m.toBuilder().clearConfig().build(),
          x509.<Object>map(f -> f).orElse(m.getConfig()));
    });
  }

  private static Function<ByteString, Optional<Object>> plain(Parser<? extends Message> parser) {
    return b -> parse(parser, b).map(m -> m);
  }

  private static <M extends Message> Optional<M> parse(Parser<M> parser, ByteString bytes) {
    try {
      return Optional.of(parser.parseFrom(bytes));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }
}

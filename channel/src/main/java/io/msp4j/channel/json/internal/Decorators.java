package io.msp4j.channel.json.internal;

import com.google.protobuf.Empty;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.msp4j.channel.json.FabricJsonException;
import io.msp4j.channel.json.GroupKind;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockDataHashingStructure;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Consortium;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HashingAlgorithm;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.ChannelRestrictions;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.KafkaBrokers;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.hyperledger.fabric.protos.peer.ChaincodeHeaderExtension;
import org.hyperledger.fabric.protos.peer.Transaction;

/**
 * Fabric's protolator decorations, as facts: which opaque field holds which message, by message
 * type and, for config groups and values, by place and key.
 */
public final class Decorators {

  private Decorators() {}

  /** The decorator a message gets from its own type (protolator's Decorate). */
  public static Decorator forMessage(Message m) {
    if (m instanceof BlockData) {
      return opaque(Set.of("data"), (owner, field, key) -> Envelope.getDefaultInstance());
    }
    if (m instanceof Envelope) {
      return opaque(Set.of("payload"), (owner, field, key) -> Payload.getDefaultInstance());
    }
    if (m instanceof Payload) {
      return opaque(Set.of("data"), (owner, field, key) -> payloadData((Payload) owner));
    }
    if (m instanceof Header) {
      return opaque(Set.of("channel_header", "signature_header"),
          (owner, field, key) -> field.equals("channel_header")
              ? ChannelHeader.getDefaultInstance() : SignatureHeader.getDefaultInstance());
    }
    if (m instanceof ChannelHeader) {
      return opaque(Set.of("extension"), (owner, field, key) -> {
        if (((ChannelHeader) owner).getType() == HeaderType.ENDORSER_TRANSACTION_VALUE) {
          return ChaincodeHeaderExtension.getDefaultInstance();
        }
        throw new FabricJsonException(
            "channel header extension only valid for endorser transactions");
      });
    }
    if (m instanceof SignatureHeader) {
      return opaque(Set.of("creator"), (owner, field, key) -> SerializedIdentity.getDefaultInstance());
    }
    if (m instanceof ConfigSignature) {
      return opaque(Set.of("signature_header"),
          (owner, field, key) -> SignatureHeader.getDefaultInstance());
    }
    if (m instanceof ConfigUpdateEnvelope) {
      return opaque(Set.of("config_update"), (owner, field, key) -> ConfigUpdate.getDefaultInstance());
    }
    if (m instanceof Config) {
      return dynamic(Set.of("channel_group"), (field, key) -> forGroup(GroupKind.CHANNEL));
    }
    if (m instanceof ConfigUpdate) {
      return new Decorator() {
        @Override
        public boolean isOpaque(String field) {
          return field.equals("isolated_data");
        }

        @Override
        public Message opaqueType(Message owner, String field, String key) {
          throw new FabricJsonException("Unknown map key: " + key);
        }

        @Override
        public boolean isDynamic(String field) {
          return field.equals("read_set") || field.equals("write_set");
        }

        @Override
        public Decorator dynamic(String field, String key) {
          return forGroup(GroupKind.CHANNEL);
        }
      };
    }
    if (m instanceof Policy) {
      return opaque(Set.of("value"), (owner, field, key) -> {
        int type = ((Policy) owner).getType();
        if (type == Policy.PolicyType.SIGNATURE_VALUE) {
          return SignaturePolicyEnvelope.getDefaultInstance();
        }
        if (type == Policy.PolicyType.IMPLICIT_META_VALUE) {
          return ImplicitMetaPolicy.getDefaultInstance();
        }
        throw new FabricJsonException("unable to decode policy type: " + type);
      });
    }
    if (m instanceof MSPConfig) {
      return opaque(Set.of("config"), (owner, field, key) -> {
        int type = ((MSPConfig) owner).getType();
        if (type == 0) {
          return FabricMSPConfig.getDefaultInstance();
        }
        if (type == 1) {
          return IdemixMSPConfig.getDefaultInstance();
        }
        throw new FabricJsonException("unable to decode MSP type: " + type);
      });
    }
    if (m instanceof MSPPrincipal) {
      return opaque(Set.of("principal"), (owner, field, key) -> {
        MSPPrincipal p = (MSPPrincipal) owner;
        return switch (p.getPrincipalClassificationValue()) {
          case MSPPrincipal.Classification.ROLE_VALUE -> MSPRole.getDefaultInstance();
          case MSPPrincipal.Classification.ORGANIZATION_UNIT_VALUE ->
              OrganizationUnit.getDefaultInstance();
          case MSPPrincipal.Classification.IDENTITY_VALUE -> SerializedIdentity.getDefaultInstance();
          default -> throw new FabricJsonException(
              "unable to decode MSP type: " + p.getPrincipalClassification());
        };
      });
    }
    if (m instanceof ConsensusType) {
      return opaque(Set.of("metadata"), (owner, field, key) ->
          switch (((ConsensusType) owner).getType()) {
            case "etcdraft" ->
                org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata.getDefaultInstance();
            case "BFT" -> org.hyperledger.fabric.protos.orderer.smartbft.Options.getDefaultInstance();
            default -> Empty.getDefaultInstance();
          });
    }
    return Decorator.NONE;
  }

  private static Message payloadData(Payload p) {
    if (!p.hasHeader()) {
      throw new FabricJsonException("cannot determine payload type when header is missing");
    }
    ChannelHeader ch;
    try {
      ch = ChannelHeader.parseFrom(p.getHeader().getChannelHeader());
    } catch (InvalidProtocolBufferException e) {
      throw new FabricJsonException("corrupt channel header: " + e.getMessage(), e);
    }
    return switch (ch.getType()) {
      case HeaderType.CONFIG_VALUE -> ConfigEnvelope.getDefaultInstance();
      case HeaderType.ORDERER_TRANSACTION_VALUE -> Envelope.getDefaultInstance();
      case HeaderType.CONFIG_UPDATE_VALUE -> ConfigUpdateEnvelope.getDefaultInstance();
      case HeaderType.MESSAGE_VALUE -> ConfigValue.getDefaultInstance();
      case HeaderType.ENDORSER_TRANSACTION_VALUE -> Transaction.getDefaultInstance();
      default -> throw new FabricJsonException(
          "decoding type " + ch.getType() + " is unimplemented");
    };
  }

  // ---- config groups -------------------------------------------------------------------------

  private static final Map<String, Message> CHANNEL_VALUES =
      Map.of(
          "HashingAlgorithm", HashingAlgorithm.getDefaultInstance(),
          "BlockDataHashingStructure", BlockDataHashingStructure.getDefaultInstance(),
          "OrdererAddresses", OrdererAddresses.getDefaultInstance(),
          "Consortium", Consortium.getDefaultInstance(),
          "Capabilities", Capabilities.getDefaultInstance());

  private static final Map<String, Message> ORDERER_VALUES =
      Map.of(
          "ConsensusType", ConsensusType.getDefaultInstance(),
          "BatchSize", BatchSize.getDefaultInstance(),
          "BatchTimeout", BatchTimeout.getDefaultInstance(),
          "KafkaBrokers", KafkaBrokers.getDefaultInstance(),
          "ChannelRestrictions", ChannelRestrictions.getDefaultInstance(),
          "Capabilities", Capabilities.getDefaultInstance(),
          "Orderers", Orderers.getDefaultInstance());

  private static final Map<String, Message> ORDERER_ORG_VALUES =
      Map.of(
          "MSP", MSPConfig.getDefaultInstance(),
          "Endpoints", OrdererAddresses.getDefaultInstance());

  private static final Map<String, Message> APPLICATION_VALUES =
      Map.of("Capabilities", Capabilities.getDefaultInstance(), "ACLs", ACLs.getDefaultInstance());

  private static final Map<String, Message> APPLICATION_ORG_VALUES =
      Map.of("MSP", MSPConfig.getDefaultInstance(), "AnchorPeers", AnchorPeers.getDefaultInstance());

  private static final Map<String, Message> CONSORTIUM_VALUES =
      Map.of("ChannelCreationPolicy", Policy.getDefaultInstance());

  private static final Map<String, Message> CONSORTIUM_ORG_VALUES =
      Map.of("MSP", MSPConfig.getDefaultInstance());

  /** The decorator of a config group at a place in the channel config. */
  public static Decorator forGroup(GroupKind kind) {
    return switch (kind) {
      case CHANNEL -> group(key -> switch (key) {
        case "Consortiums" -> GroupKind.CONSORTIUMS;
        case "Orderer" -> GroupKind.ORDERER;
        case "Application" -> GroupKind.APPLICATION;
        default -> throw new FabricJsonException("unknown channel group sub-group '" + key + "'");
      }, CHANNEL_VALUES, "Channel");
      case ORDERER -> group(key -> GroupKind.ORDERER_ORG, ORDERER_VALUES, "Orderer");
      case ORDERER_ORG -> group(key -> {
        throw new FabricJsonException("the orderer orgs do not support sub-groups");
      }, ORDERER_ORG_VALUES, "Orderer Org");
      case APPLICATION -> group(key -> GroupKind.APPLICATION_ORG, APPLICATION_VALUES,
          "Application");
      case APPLICATION_ORG -> group(key -> {
        throw new FabricJsonException("The application orgs do not support sub-groups");
      }, APPLICATION_ORG_VALUES, "Application Org");
      case CONSORTIUMS -> group(key -> GroupKind.CONSORTIUM, null, "Consortiums");
      case CONSORTIUM -> group(key -> GroupKind.CONSORTIUM_ORG, CONSORTIUM_VALUES, "Consortium");
      case CONSORTIUM_ORG -> group(key -> {
        throw new FabricJsonException("ConsortiumOrg groups do not support sub groups");
      }, CONSORTIUM_ORG_VALUES, "Consortium Org");
    };
  }

  private static Decorator group(
      Function<String, GroupKind> subGroups, Map<String, Message> values, String place) {
    return dynamic(Set.of("groups", "values"), (field, key) -> {
      if (field.equals("groups")) {
        return forGroup(subGroups.apply(key));
      }
      if (values == null) {
        throw new FabricJsonException("Consortiums currently support no config values");
      }
      return value(values, key, place);
    });
  }

  private static Decorator value(Map<String, Message> values, String key, String place) {
    return opaque(Set.of("value"), (owner, field, k) -> {
      Message type = values.get(key);
      if (type == null) {
        throw new FabricJsonException("unknown " + place + " ConfigValue name: " + key);
      }
      return type;
    });
  }

  // ---- building blocks -----------------------------------------------------------------------

  /** How an opaque field's type is chosen. */
  private interface OpaqueType {
    Message of(Message owner, String field, String key);
  }

  private static Decorator opaque(Set<String> fields, OpaqueType type) {
    return new Decorator() {
      @Override
      public boolean isOpaque(String field) {
        return fields.contains(field);
      }

      @Override
      public Message opaqueType(Message owner, String field, String key) {
        return type.of(owner, field, key);
      }
    };
  }

  private static Decorator dynamic(
      Set<String> fields, java.util.function.BiFunction<String, String, Decorator> next) {
    return new Decorator() {
      @Override
      public boolean isDynamic(String field) {
        return fields.contains(field);
      }

      @Override
      public Decorator dynamic(String field, String key) {
        return next.apply(field, key);
      }
    };
  }
}

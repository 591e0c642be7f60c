package io.msp4j.channel.internal.decode;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ConfigForm;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.core.DeepMessages;
import io.msp4j.core.Reason;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;

/**
 * Recognises a config block, a bare {@code ConfigEnvelope} or a bare {@code Config}.
 *
 * <p>Protobuf parses almost any bytes as almost any message: a field of the wrong wire type or an
 * unknown number just becomes an unknown field. So each form is tried with its structure checked
 * level by level (no unknown fields where the form has none, the parts it must have), and the
 * first form that matches throughout wins, in the order block, envelope, config. When none
 * matches, the attempt that got furthest explains the failure: a transaction block fails late (at
 * its channel header type), garbage and truncated bytes fail at the first level.
 */
public final class ConfigDecoder {
  private static final String RULE = "PROTO-07";

  private ConfigDecoder() {}

  /** A form that did not match: how far it got, where and why. */
  private record Miss(int depth, Reason reason, String where, String why) {}

  /** Either a decoded configuration or the reason the form does not match. */
  private record Attempt(DecodedConfig decoded, Miss miss) {
    static Attempt ok(DecodedConfig d) {
      return new Attempt(d, null);
    }

    static Attempt miss(int depth, String where, String why) {
      return new Attempt(null, new Miss(depth, Reason.CONFIG_BLOCK_MALFORMED, where, why));
    }
  }

  public static DecodedConfig decode(byte[] bytes) {
    if (bytes.length == 0) {
      throw new ChannelConfigException(Reason.CONFIG_BLOCK_MALFORMED, RULE, "input",
          "empty: expected a config block, a ConfigEnvelope or a Config");
    }
    List<Attempt> attempts = List.of(asBlock(bytes), asEnvelope(bytes), asConfig(bytes));
    Miss best = null;
    for (Attempt a : attempts) {
      if (a.decoded() != null) {
        return a.decoded();
      }
      if (best == null || a.miss().depth() > best.depth()) {
        best = a.miss();
      }
    }
    if (best.depth() == 0) {
      // Nothing matched even at the top level. Bytes that are not one whole protobuf message
      // (truncated, text, garbage) are named by where they break; otherwise each form says why.
      String expected = "expected a config block, a ConfigEnvelope or a Config";
      Optional<WireScan.Problem> broken = WireScan.firstProblem(bytes);
      if (broken.isPresent()) {
        throw new ChannelConfigException(Reason.CONFIG_BLOCK_MALFORMED, RULE,
            "byte " + broken.get().offset(), broken.get().what() + " (" + expected + ")");
      }
      StringBuilder why = new StringBuilder(expected).append(", found none of them");
      for (Attempt a : attempts) {
        why.append("; as a ").append(a.miss().where()).append(": ").append(a.miss().why());
      }
      throw new ChannelConfigException(Reason.CONFIG_BLOCK_MALFORMED, RULE, "input", why.toString());
    }
    throw new ChannelConfigException(best.reason(), RULE, best.where(), best.why());
  }

  private static Attempt asBlock(byte[] bytes) {
    Block block;
    try {
      block = DeepMessages.parse(Block.parser(), bytes);
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(0, "Block", "does not parse (" + e.getMessage() + ")");
    }
    String odd = unknownFields(block, "Block");
    if (odd == null) {
      odd = unknownFields(block.getHeader(), "Block.header");
    }
    if (odd == null) {
      odd = unknownFields(block.getData(), "Block.data");
    }
    if (odd != null) {
      return Attempt.miss(0, "Block", odd);
    }
    if (!block.hasHeader() || !block.hasData()) {
      return Attempt.miss(1, "Block", block.hasHeader() ? "has no data" : "has no header");
    }
    if (block.getData().getDataCount() == 0) {
      return Attempt.miss(1, "Block.data", "holds no envelope (a config block has one)");
    }
    String at = "Block.data[0]";
    Envelope env;
    try {
      env = DeepMessages.parse(Envelope.parser(), block.getData().getData(0));
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(2, at, "not an Envelope (" + e.getMessage() + ")");
    }
    if ((odd = unknownFields(env, "Envelope")) != null) {
      return Attempt.miss(2, at, odd);
    }
    Payload payload;
    try {
      payload = DeepMessages.parse(Payload.parser(), env.getPayload());
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(3, at + ".payload", "not a Payload (" + e.getMessage() + ")");
    }
    if ((odd = unknownFields(payload, "Payload")) != null
        || (odd = unknownFields(payload.getHeader(), "Payload.header")) != null) {
      return Attempt.miss(3, at + ".payload", odd);
    }
    if (!payload.hasHeader()) {
      return Attempt.miss(3, at + ".payload", "has no header");
    }
    ChannelHeader ch;
    try {
      ch = ChannelHeader.parseFrom(payload.getHeader().getChannelHeader());
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(4, at + ".payload.header.channel_header",
          "not a ChannelHeader (" + e.getMessage() + ")");
    }
    if (ch.getType() != HeaderType.CONFIG_VALUE) {
      return new Attempt(null, new Miss(5, Reason.NOT_A_CONFIG_BLOCK,
          at + ".payload.header.channel_header",
          "type is " + headerTypeName(ch.getType()) + ", not CONFIG (1): block "
              + Long.toUnsignedString(block.getHeader().getNumber())
              + " is not a config block"));
    }
    ConfigEnvelope ce;
    try {
      ce = DeepMessages.parse(ConfigEnvelope.parser(), payload.getData());
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(6, at + ".payload.data", "not a ConfigEnvelope (" + e.getMessage() + ")");
    }
    Miss inner = envelopeParts(ce, at + ".payload.data", 6);
    if (inner != null) {
      return new Attempt(null, inner);
    }
    return Attempt.ok(new DecodedConfig(ConfigForm.BLOCK, Optional.of(ch.getChannelId()),
        OptionalLong.of(block.getHeader().getNumber()), ce.getConfig()));
  }

  private static Attempt asEnvelope(byte[] bytes) {
    ConfigEnvelope ce;
    try {
      ce = DeepMessages.parse(ConfigEnvelope.parser(), bytes);
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(0, "ConfigEnvelope", "does not parse (" + e.getMessage() + ")");
    }
    String odd = unknownFields(ce, "ConfigEnvelope");
    if (odd != null) {
      return Attempt.miss(0, "ConfigEnvelope", odd);
    }
    Miss inner = envelopeParts(ce, "ConfigEnvelope", 0);
    if (inner != null) {
      return new Attempt(null, inner);
    }
    return Attempt.ok(new DecodedConfig(ConfigForm.CONFIG_ENVELOPE, lastUpdateChannel(ce),
        OptionalLong.empty(), ce.getConfig()));
  }

  private static Attempt asConfig(byte[] bytes) {
    Config config;
    try {
      config = DeepMessages.parse(Config.parser(), bytes);
    } catch (InvalidProtocolBufferException e) {
      return Attempt.miss(0, "Config", "does not parse (" + e.getMessage() + ")");
    }
    String odd = unknownFields(config, "Config");
    if (odd == null) {
      odd = unknownFields(config.getChannelGroup(), "Config.channel_group");
    }
    if (odd != null) {
      return Attempt.miss(0, "Config", odd);
    }
    if (!config.hasChannelGroup()) {
      return Attempt.miss(0, "Config", "has no channel_group");
    }
    return Attempt.ok(new DecodedConfig(ConfigForm.CONFIG, Optional.empty(), OptionalLong.empty(),
        config));
  }

  /** The parts a ConfigEnvelope must have, checked from {@code depth}; null when all are there. */
  private static Miss envelopeParts(ConfigEnvelope ce, String where, int depth) {
    String odd = unknownFields(ce, "ConfigEnvelope");
    if (odd == null) {
      odd = unknownFields(ce.getConfig(), "Config");
    }
    if (odd == null) {
      odd = unknownFields(ce.getConfig().getChannelGroup(), "Config.channel_group");
    }
    if (odd != null) {
      return new Miss(depth, Reason.CONFIG_BLOCK_MALFORMED, where, odd);
    }
    if (!ce.hasConfig()) {
      return new Miss(depth + 1, Reason.CONFIG_BLOCK_MALFORMED, where, "has no config");
    }
    if (!ce.getConfig().hasChannelGroup()) {
      return new Miss(depth + 2, Reason.CONFIG_BLOCK_MALFORMED, where + ".config",
          "has no channel_group");
    }
    return null;
  }

  /** The channel ID in the header of the update that produced the config, when there is one. */
  private static Optional<String> lastUpdateChannel(ConfigEnvelope ce) {
    if (!ce.hasLastUpdate()) {
      return Optional.empty();
    }
    try {
      Payload p = DeepMessages.parse(Payload.parser(), ce.getLastUpdate().getPayload());
      ByteString chBytes = p.getHeader().getChannelHeader();
      if (chBytes.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(ChannelHeader.parseFrom(chBytes).getChannelId());
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }

  /** "has field N, which a X does not have", or null when the message has no unknown fields. */
  private static String unknownFields(Message m, String name) {
    var unknown = m.getUnknownFields().asMap();
    if (unknown.isEmpty()) {
      return null;
    }
    return "has fields " + unknown.keySet() + " that a " + name
        + " does not have (or of the wrong wire type), so it is not one";
  }

  private static String headerTypeName(int type) {
    HeaderType t = HeaderType.forNumber(type);
    return (t == null ? "unknown" : t.name()) + " (" + type + ")";
  }
}

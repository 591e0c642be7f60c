package io.msp4j.channel.internal.load;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.core.Reason;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * Decodes the values of a config group as Fabric does for each kind of group: every key must be
 * one the group allows, and its bytes must decode as that key's message. Keys are taken in sorted
 * order so that the first fault reported does not depend on the order of the map.
 */
final class GroupValues {
  private final Map<String, Message> decoded;

  private GroupValues(Map<String, Message> decoded) {
    this.decoded = decoded;
  }

  /**
   * Decodes {@code group}'s values with the parsers of the allowed keys.
   *
   * @param path the group's config path, for messages
   * @param what what kind of group this is, for messages (such as "orderer org group")
   * @throws ChannelConfigException naming the value's path when a key is not allowed or its bytes
   *     do not decode
   */
  static GroupValues decode(ConfigGroup group, String path, String what,
      Map<String, Parser<? extends Message>> allowed, Reason reason, String rule) {
    Map<String, Message> out = new LinkedHashMap<>();
    for (Map.Entry<String, ConfigValue> e : new TreeMap<>(group.getValuesMap()).entrySet()) {
      String key = e.getKey();
      Parser<? extends Message> parser = allowed.get(key);
      String at = path + "/" + key;
      if (parser == null) {
        throw new ChannelConfigException(reason, rule, at,
            "unexpected value key '" + key + "' in " + what + " (allowed: "
                + String.join(", ", new TreeMap<>(allowed).keySet()) + ")");
      }
      try {
        out.put(key, parseAliased(parser, e.getValue().getValue()));
      } catch (InvalidProtocolBufferException ex) {
        throw new ChannelConfigException(reason, rule, at,
            "the value does not decode as " + messageName(parser) + ": " + ex.getMessage(), ex);
      }
    }
    return new GroupValues(out);
  }

  /**
   * Decodes {@code bytes} as {@code parser.parseFrom(bytes)} does, except that the message's bytes
   * fields are views of {@code bytes} instead of copies: an org's {@code MSPConfig} then holds no
   * second copy of its certificates beside the channel's {@code Config}. A {@link ByteString} never
   * changes, so a view of one is as good as a copy; what is decoded, and every error, is the same
   * ({@code GroupValuesTest} compares the two on random and mutated values).
   */
  static <T extends Message> T parseAliased(Parser<T> parser, ByteString bytes)
      throws InvalidProtocolBufferException {
    CodedInputStream in = bytes.newCodedInput();
    in.enableAliasing(true);
    T message = parser.parsePartialFrom(in);
    in.checkLastTagWas(0);
    if (!message.isInitialized()) {
      return parser.parseFrom(bytes);   // a proto2 message missing a required field: the plain error
    }
    return message;
  }

  /** The decoded value of {@code key}, or null when the group has none. */
  @SuppressWarnings("unchecked")
  <T extends Message> T get(String key) {
    return (T) decoded.get(key);
  }

  boolean has(String key) {
    return decoded.containsKey(key);
  }

  private static String messageName(Parser<? extends Message> parser) {
    try {
      return parser.parseFrom(new byte[0]).getDescriptorForType().getFullName();
    } catch (InvalidProtocolBufferException e) {
      return "its message";
    }
  }
}

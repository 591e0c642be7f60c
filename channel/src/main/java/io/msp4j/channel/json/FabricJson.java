package io.msp4j.channel.json;

import com.google.protobuf.Message;
import io.msp4j.channel.json.internal.Decorators;
import io.msp4j.channel.json.internal.GoJsonWriter;
import io.msp4j.channel.json.internal.MessageBuilder;
import io.msp4j.channel.json.internal.TreeBuilder;
import io.msp4j.core.DeepMessages;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.ConfigGroup;

/**
 * Fabric messages as configtxlator and {@code configtxgen -printOrg} print them (Fabric's
 * protolator): proto field names, every field shown (unset messages as {@code null}), 64-bit
 * integers as strings, enums by name, and the opaque bytes fields that hold other messages
 * decoded in place: config values by their key and group ({@code MSP}, {@code AnchorPeers},
 * {@code Endpoints}, {@code Capabilities}, {@code BatchSize}, {@code ConsensusType} with its
 * metadata, ...), policies by type, MSP configs and principals by their kind, envelopes,
 * payloads by header type, block data. Certificates stay base64 of their PEM bytes. The text is
 * Go's {@code encoding/json} layout: tab indentation, keys sorted, HTML characters escaped, a
 * final newline.
 *
 * <p>Messages are decorated by type as Fabric does ({@code Block}, {@code Envelope}, {@code
 * Payload}, {@code Config}, {@code ConfigEnvelope}, {@code ConfigUpdate}, {@code
 * ConfigUpdateEnvelope}, {@code Policy}, {@code MSPConfig}, {@code MSPPrincipal}, ...); a bare
 * {@link ConfigGroup} needs its {@link GroupKind}.
 */
public final class FabricJson {

  private FabricJson() {}

  /**
   * Writes a message.
   *
   * @throws FabricJsonException when an opaque field cannot be decoded (configtxlator fails too)
   */
  public static String print(Message message) {
    Objects.requireNonNull(message, "message");
    return DeepMessages.walk(
        () -> GoJsonWriter.write(TreeBuilder.tree(message, Decorators.forMessage(message), "")),
        "printing a deeply nested message");
  }

  /**
   * Reads a message from configtxlator's JSON (as {@code configtxlator proto_encode} does): the
   * decoded opaque fields are encoded again, deterministically.
   *
   * @param prototype any message of the type to read, such as {@code Block.getDefaultInstance()}
   * @throws FabricJsonException when the text is not JSON of that message
   */
  @SuppressWarnings("unchecked")
  public static <T extends Message> T parse(String json, T prototype) {
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(prototype, "prototype");
    com.google.gson.JsonObject tree = object(json);
    return (T) DeepMessages.walk(
        () -> MessageBuilder.build(tree, prototype, Decorators.forMessage(prototype), ""),
        "reading a deeply nested message");
  }

  /** Reads a config group that sits at the given place in a channel config. */
  public static ConfigGroup parse(String json, GroupKind kind) {
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(kind, "kind");
    com.google.gson.JsonObject tree = object(json);
    return (ConfigGroup) DeepMessages.walk(
        () -> MessageBuilder.build(tree, ConfigGroup.getDefaultInstance(), Decorators.forGroup(kind), ""),
        "reading a deeply nested config group");
  }

  private static com.google.gson.JsonObject object(String json) {
    try {
      com.google.gson.JsonElement e = com.google.gson.JsonParser.parseString(json);
      if (!e.isJsonObject()) {
        throw new FabricJsonException("expected a JSON object");
      }
      return e.getAsJsonObject();
    } catch (com.google.gson.JsonParseException e) {
      throw new FabricJsonException("not JSON: " + e.getMessage(), e);
    }
  }

  /** Writes a config group that sits at the given place in a channel config. */
  public static String print(ConfigGroup group, GroupKind kind) {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(kind, "kind");
    return DeepMessages.walk(
        () -> GoJsonWriter.write(TreeBuilder.tree(group, Decorators.forGroup(kind), "")),
        "printing a deeply nested config group");
  }
}

package io.msp4j.channel.json.internal;

import com.google.protobuf.Message;
import io.msp4j.channel.json.FabricJsonException;

/**
 * What Fabric's protolator knows about a message in its place: which bytes fields hold another
 * message (and which), and which message fields are decoded with a context of their own (a
 * config group's values and sub-groups). Fields it does not name are written as JSON shows them,
 * nested messages decorated by their own type.
 */
public interface Decorator {

  /** A decorator that names no field. */
  Decorator NONE = new Decorator() {};

  /** Whether {@code field} is a bytes field (or map or list of bytes) holding messages. */
  default boolean isOpaque(String field) {
    return false;
  }

  /**
   * The message type an opaque field holds, as an empty instance.
   *
   * @param owner the message the field belongs to (its other fields may decide)
   * @param key the map key, or null for a plain or repeated field
   * @throws FabricJsonException when the type is unknown in this place
   */
  default Message opaqueType(Message owner, String field, String key) {
    throw new FabricJsonException("not an opaque field: " + field);
  }

  /** Whether {@code field} is a message field decoded with a context of its own. */
  default boolean isDynamic(String field) {
    return false;
  }

  /**
   * The decorator of a dynamic field's message (of the map entry with {@code key}).
   *
   * @throws FabricJsonException when the key is not allowed in this place
   */
  default Decorator dynamic(String field, String key) {
    throw new FabricJsonException("not a dynamic field: " + field);
  }
}

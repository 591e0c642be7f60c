package io.msp4j.channel.json.internal;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.msp4j.core.DeepMessages;
import io.msp4j.channel.json.FabricJsonException;
import java.util.List;

/**
 * Builds the JSON tree of a message as protolator does: the message printed by protobuf's JSON
 * printer with proto names and every field (unset singular messages as null, as Go's printer
 * shows them), then each opaque field replaced by the tree of the message it holds, each dynamic
 * field by the tree built with its own decorator, and each other message field by the tree of
 * its message decorated by type. Fields of a oneof are left as printed (protolator does not
 * enter them), and so are timestamps.
 */
public final class TreeBuilder {

  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer()
          .preservingProtoFieldNames()
          .alwaysPrintFieldsWithNoPresence()
          .omittingInsignificantWhitespace();

  private TreeBuilder() {}

  /**
   * The tree of {@code msg} under {@code decorator}.
   *
   * @param path where the message is, for messages
   */
  public static JsonObject tree(Message msg, Decorator decorator, String path) {
    JsonObject tree;
    try {
      tree = JsonParser.parseString(PRINTER.print(msg)).getAsJsonObject();
    } catch (InvalidProtocolBufferException e) {
      throw new FabricJsonException(where(path) + "cannot print " + typeName(msg) + ": "
          + e.getMessage(), e);
    }
    for (FieldDescriptor fd : msg.getDescriptorForType().getFields()) {
      if (fd.getRealContainingOneof() != null) {
        continue;
      }
      String name = fd.getName();
      String sub = path.isEmpty() ? name : path + "." + name;
      if (decorator.isDynamic(name)) {
        tree.add(name, dynamic(msg, fd, decorator, sub));
      } else if (decorator.isOpaque(name)) {
        tree.add(name, opaque(msg, fd, decorator, sub));
      } else if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !isTimestamp(fd)) {
        tree.add(name, nested(msg, fd, sub));
      } else if (isTimestamp(fd) && !fd.isRepeated() && !msg.hasField(fd)) {
        // Printed as written when set; Go shows an unset one as null like any message.
        tree.add(name, JsonNull.INSTANCE);
      }
    }
    return tree;
  }

  private static JsonElement dynamic(Message msg, FieldDescriptor fd, Decorator d, String path) {
    if (fd.isMapField()) {
      JsonObject out = new JsonObject();
      for (Object o : (List<?>) msg.getField(fd)) {
        Message entry = (Message) o;
        String key = (String) entry.getField(entry.getDescriptorForType().findFieldByName("key"));
        Message value =
            (Message) entry.getField(entry.getDescriptorForType().findFieldByName("value"));
        String at = path + "[" + key + "]";
        out.add(key, tree(value, within(() -> d.dynamic(fd.getName(), key), at), at));
      }
      return out;
    }
    if (fd.isRepeated()) {
      JsonArray out = new JsonArray();
      List<?> items = (List<?>) msg.getField(fd);
      for (int i = 0; i < items.size(); i++) {
        String at = path + "[" + i + "]";
        out.add(tree((Message) items.get(i), within(() -> d.dynamic(fd.getName(), null), at), at));
      }
      return out;
    }
    if (!msg.hasField(fd)) {
      return JsonNull.INSTANCE;
    }
    return tree((Message) msg.getField(fd), within(() -> d.dynamic(fd.getName(), null), path),
        path);
  }

  private static JsonElement opaque(Message msg, FieldDescriptor fd, Decorator d, String path) {
    if (fd.isMapField()) {
      JsonObject out = new JsonObject();
      for (Object o : (List<?>) msg.getField(fd)) {
        Message entry = (Message) o;
        String key = (String) entry.getField(entry.getDescriptorForType().findFieldByName("key"));
        ByteString bytes =
            (ByteString) entry.getField(entry.getDescriptorForType().findFieldByName("value"));
        String at = path + "[" + key + "]";
        out.add(key, decodeOpaque(msg, fd.getName(), key, bytes, d, at));
      }
      return out;
    }
    if (fd.isRepeated()) {
      JsonArray out = new JsonArray();
      List<?> items = (List<?>) msg.getField(fd);
      for (int i = 0; i < items.size(); i++) {
        out.add(decodeOpaque(msg, fd.getName(), null, (ByteString) items.get(i), d,
            path + "[" + i + "]"));
      }
      return out;
    }
    return decodeOpaque(msg, fd.getName(), null, (ByteString) msg.getField(fd), d, path);
  }

  /** Empty bytes are nil in Go and shown as null; others decode as the field's message type. */
  private static JsonElement decodeOpaque(
      Message owner, String field, String key, ByteString bytes, Decorator d, String path) {
    if (bytes.isEmpty()) {
      return JsonNull.INSTANCE;
    }
    Message type = within(() -> d.opaqueType(owner, field, key), path);
    Message decoded;
    try {
      decoded = DeepMessages.parse(type.getParserForType(), bytes);
    } catch (InvalidProtocolBufferException e) {
      throw new FabricJsonException(where(path) + "bytes do not decode as " + typeName(type)
          + ": " + e.getMessage(), e);
    }
    return tree(decoded, Decorators.forMessage(decoded), path);
  }

  private static JsonElement nested(Message msg, FieldDescriptor fd, String path) {
    if (fd.isMapField()) {
      JsonObject out = new JsonObject();
      for (Object o : (List<?>) msg.getField(fd)) {
        Message entry = (Message) o;
        Object key = entry.getField(entry.getDescriptorForType().findFieldByName("key"));
        Message value =
            (Message) entry.getField(entry.getDescriptorForType().findFieldByName("value"));
        String at = path + "[" + key + "]";
        out.add(String.valueOf(key), tree(value, Decorators.forMessage(value), at));
      }
      return out;
    }
    if (fd.isRepeated()) {
      JsonArray out = new JsonArray();
      List<?> items = (List<?>) msg.getField(fd);
      for (int i = 0; i < items.size(); i++) {
        Message m = (Message) items.get(i);
        out.add(tree(m, Decorators.forMessage(m), path + "[" + i + "]"));
      }
      return out;
    }
    if (!msg.hasField(fd)) {
      return JsonNull.INSTANCE;
    }
    Message m = (Message) msg.getField(fd);
    return tree(m, Decorators.forMessage(m), path);
  }

  private static <T> T within(java.util.function.Supplier<T> s, String path) {
    try {
      return s.get();
    } catch (FabricJsonException e) {
      throw new FabricJsonException(where(path) + e.detail(), e);
    }
  }

  private static boolean isTimestamp(FieldDescriptor fd) {
    return fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE
        && fd.getMessageType().getFullName().equals("google.protobuf.Timestamp");
  }

  private static String typeName(Message m) {
    return m.getDescriptorForType().getFullName();
  }

  private static String where(String path) {
    return path.isEmpty() ? "" : path + ": ";
  }
}

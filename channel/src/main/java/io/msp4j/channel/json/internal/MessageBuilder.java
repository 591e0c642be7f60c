package io.msp4j.channel.json.internal;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.msp4j.channel.json.FabricJsonException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The reverse of {@link TreeBuilder}, as configtxlator's proto_encode: the decorated fields are
 * taken out of the tree and built on their own (an opaque field's message is built from its
 * subtree and serialised deterministically into the bytes), the rest is parsed by protobuf's
 * JSON parser. A decorated field given as null stays unset.
 */
public final class MessageBuilder {

  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  private MessageBuilder() {}

  /** Builds a message of {@code prototype}'s type from its tree under {@code decorator}. */
  public static Message build(JsonObject tree, Message prototype, Decorator decorator,
      String path) {
    JsonObject plain = tree.deepCopy();
    Map<FieldDescriptor, JsonElement> special = new LinkedHashMap<>();
    for (FieldDescriptor fd : prototype.getDescriptorForType().getFields()) {
      // Message fields, oneof members included, are built here rather than by JsonFormat, whose
      // fixed depth limit of 100 is far below Go's (a policy's rule tree nests through a oneof).
      if (!plain.has(fd.getName())
          || (fd.getRealContainingOneof() != null
              && fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE)) {
        continue;
      }
      boolean handled = decorator.isDynamic(fd.getName()) || decorator.isOpaque(fd.getName())
          || (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE
              && !fd.getMessageType().getFullName().equals("google.protobuf.Timestamp"));
      if (handled) {
        special.put(fd, plain.remove(fd.getName()));
      }
    }
    Message.Builder b = prototype.newBuilderForType();
    try {
      PARSER.merge(plain.toString(), b);
    } catch (InvalidProtocolBufferException e) {
      throw new FabricJsonException(where(path) + e.getMessage(), e);
    }
    // Opaque fields are set last: what they hold may depend on the others (a policy's type, a
    // payload's header), as in protolator's order.
    for (boolean opaque : new boolean[] {false, true}) {
      Message partial = b.buildPartial();
      for (Map.Entry<FieldDescriptor, JsonElement> e : special.entrySet()) {
        if (decorator.isOpaque(e.getKey().getName()) == opaque) {
          setField(b, partial, e.getKey(), e.getValue(), decorator, path);
        }
      }
    }
    return b.build();
  }

  private static void setField(Message.Builder b, Message partial, FieldDescriptor fd,
      JsonElement v, Decorator decorator, String path) {
    {
      if (v == null || v.isJsonNull()) {
        return;
      }
      String sub = path.isEmpty() ? fd.getName() : path + "." + fd.getName();
      if (fd.isMapField()) {
        FieldDescriptor valueField = fd.getMessageType().findFieldByName("value");
        for (Map.Entry<String, JsonElement> entry : object(v, sub).entrySet()) {
          String at = sub + "[" + entry.getKey() + "]";
          Object value = element(partial, fd, valueField, entry.getKey(), entry.getValue(),
              decorator, at);
          Message.Builder eb = b.newBuilderForField(fd);
          eb.setField(fd.getMessageType().findFieldByName("key"), entry.getKey());
          if (value != null) {
            eb.setField(valueField, value);
          }
          b.addRepeatedField(fd, eb.build());
        }
      } else if (fd.isRepeated()) {
        if (!(v instanceof JsonArray items)) {
          throw new FabricJsonException(where(sub) + "expected a list");
        }
        for (int i = 0; i < items.size(); i++) {
          Object value = element(partial, fd, fd, null, items.get(i), decorator,
              sub + "[" + i + "]");
          if (value != null) {
            b.addRepeatedField(fd, value);
          }
        }
      } else {
        Object value = element(partial, fd, fd, null, v, decorator, sub);
        if (value != null) {
          b.setField(fd, value);
        }
      }
    }
  }

  /** One value of a decorated field: a message, or (opaque) the bytes of one. */
  private static Object element(Message owner, FieldDescriptor fd, FieldDescriptor valueField,
      String key, JsonElement v, Decorator d, String path) {
    if (v == null || v.isJsonNull()) {
      return null;
    }
    JsonObject o = object(v, path);
    String name = fd.getName();
    if (d.isOpaque(name)) {
      Message type = d.opaqueType(owner, name, key);
      return serialize(build(o, type, Decorators.forMessage(type), path));
    }
    Message prototype = defaultOf(owner, fd, valueField);
    Decorator sub = d.isDynamic(name) ? d.dynamic(name, key) : Decorators.forMessage(prototype);
    return build(o, prototype, sub, path);
  }

  /** An empty message of the type a message field (or a map field's values) holds. */
  private static Message defaultOf(Message owner, FieldDescriptor fd, FieldDescriptor valueField) {
    Message.Builder field = owner.newBuilderForType().newBuilderForField(fd);
    return fd.isMapField()
        ? field.newBuilderForField(valueField).getDefaultInstanceForType()
        : field.getDefaultInstanceForType();
  }

  /** Go's deterministic marshalling: fields by number, map entries by key. */
  private static ByteString serialize(Message m) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      CodedOutputStream c = CodedOutputStream.newInstance(out);
      c.useDeterministicSerialization();
      m.writeTo(c);
      c.flush();
      return ByteString.copyFrom(out.toByteArray());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonObject object(JsonElement v, String path) {
    if (!(v instanceof JsonObject o)) {
      throw new FabricJsonException(where(path) + "expected an object");
    }
    return o;
  }

  private static String where(String path) {
    return path.isEmpty() ? "" : path + ": ";
  }
}

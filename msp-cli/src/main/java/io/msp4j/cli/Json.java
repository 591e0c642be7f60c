package io.msp4j.cli;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the JSON objects the command prints, one per line, with Gson's streaming writer. Values
 * are strings, booleans, numbers, null, lists and maps (insertion order kept); anything else is
 * written as its {@code toString()}. No HTML escaping, no spaces: {@code {"a":1,"b":[true,null]}}.
 */
final class Json {
  private Json() {}

  /** An object of these keys and values, in this order: {@code object("a", 1, "b", true)}. */
  static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  static String write(Object value) {
    StringWriter out = new StringWriter();
    try (JsonWriter w = new JsonWriter(out)) {
      w.setHtmlSafe(false);
      w.setSerializeNulls(true);
      append(w, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  private static void append(JsonWriter w, Object v) throws IOException {
    if (v == null) {
      w.nullValue();
    } else if (v instanceof Boolean b) {
      w.value(b);
    } else if (v instanceof Number n) {
      w.value(n);
    } else if (v instanceof Map<?, ?> m) {
      w.beginObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        w.name(String.valueOf(e.getKey()));
        append(w, e.getValue());
      }
      w.endObject();
    } else if (v instanceof List<?> l) {
      w.beginArray();
      for (Object item : l) {
        append(w, item);
      }
      w.endArray();
    } else {
      w.value(v.toString());
    }
  }
}

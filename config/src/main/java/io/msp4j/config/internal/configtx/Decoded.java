package io.msp4j.config.internal.configtx;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A struct as the decoder filled it: the value of each field that was set (fields never set keep
 * Go's zero value, answered by the getters), and the line of the mapping it came from.
 */
public final class Decoded {

  private final GoType.Struct type;
  private final Map<String, Object> values = new LinkedHashMap<>();
  private int line;

  Decoded(GoType.Struct type) {
    this.type = type;
  }

  GoType.Struct type() {
    return type;
  }

  void set(String field, Object value) {
    values.put(field, value);
  }

  Object raw(String field) {
    return values.get(field);
  }

  void line(int line) {
    if (this.line == 0) {
      this.line = line;
    }
  }

  /** The line of the first mapping decoded into this struct (0 when none). */
  public int line() {
    return line;
  }

  /** A string field ("" when unset). */
  public String string(String field) {
    Object v = values.get(field);
    return v == null ? "" : (String) v;
  }

  /** A bool field. */
  public boolean bool(String field) {
    Object v = values.get(field);
    return v != null && (Boolean) v;
  }

  /** An integer field, as Go holds it (unsigned values as their bits). */
  public long number(String field) {
    Object v = values.get(field);
    return v == null ? 0 : (Long) v;
  }

  /** A []byte field (empty when unset). */
  public byte[] bytes(String field) {
    Object v = values.get(field);
    return v == null ? new byte[0] : ((byte[]) v).clone();
  }

  /** A pointer field: null while nil. */
  public Decoded struct(String field) {
    return (Decoded) values.get(field);
  }

  /** A slice field: null while nil; elements may be null (nil pointers). */
  @SuppressWarnings("unchecked")
  public List<Object> list(String field) {
    Object v = values.get(field);
    return v == null ? null : Collections.unmodifiableList((List<Object>) v);
  }

  /** A map field: null while nil; values may be null (nil pointers). */
  @SuppressWarnings("unchecked")
  public Map<String, Object> map(String field) {
    Object v = values.get(field);
    return v == null ? null : Collections.unmodifiableMap((Map<String, Object>) v);
  }
}

package io.msp4j.config.internal.configtx;

import io.msp4j.config.internal.Quotes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value as Go's YAML library hands it to Fabric's config parser when it decodes into
 * {@code interface{}}: strings, Go {@code int}, {@code uint64} (integers above the int range),
 * {@code float64}, booleans, nil, lists and maps. Each value remembers the line it came from so
 * that a schema error can name it.
 */
public sealed interface GoValue {

  /** The 1-based line of the YAML node this value was decoded from (0 when not from the file). */
  int line();

  /** A short description for messages, such as {@code string "abc"}. */
  String describe();

  /** A Go string. */
  record Str(String value, int line) implements GoValue {
    @Override
    public String describe() {
      return "string " + Quotes.of(value);
    }
  }

  /** A Go {@code int} (64 bits). */
  record Int(long value, int line) implements GoValue {
    @Override
    public String describe() {
      return "integer " + value;
    }
  }

  /** A Go {@code uint64} above {@link Long#MAX_VALUE}; {@code bits} holds its two's complement. */
  record Uint(long bits, int line) implements GoValue {
    @Override
    public String describe() {
      return "integer " + Long.toUnsignedString(bits);
    }
  }

  /** A Go {@code float64}. */
  record Float(double value, int line) implements GoValue {
    @Override
    public String describe() {
      return "float " + GoStrconv.formatFloat(value);
    }
  }

  /** A Go {@code bool}. */
  record Bool(boolean value, int line) implements GoValue {
    @Override
    public String describe() {
      return "boolean " + value;
    }
  }

  /** Go's nil (YAML null, {@code ~} or an empty value). */
  record Nil(int line) implements GoValue {
    @Override
    public String describe() {
      return "null";
    }
  }

  /** A Go {@code []interface{}}. */
  record GoList(List<GoValue> items, int line) implements GoValue {
    public GoList {
      items = List.copyOf(items);
    }

    @Override
    public String describe() {
      return "a list";
    }
  }

  /**
   * A Go map. Before Fabric's key walk a nested map has typed keys ({@code map[interface{}]
   * interface{}}); the walk turns maps reached through maps into {@code map[string]interface{}}
   * ({@code stringKeys}), which is what decides whether some decode hooks apply.
   */
  record GoMap(Map<Object, Entry> entries, boolean stringKeys, int line) implements GoValue {
    public GoMap {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    @Override
    public String describe() {
      return "a mapping";
    }
  }

  /** A map entry: the key as decoded (for its line and type) and the value. */
  record Entry(GoValue key, GoValue value) {}

  /**
   * The Java object a key is compared by: Go map keys of different types never collide, so the
   * type is part of the key ({@code 1} and {@code "1"} are two keys).
   */
  static Object mapKey(GoValue key) {
    if (key instanceof Str s) {
      return s.value();
    }
    if (key instanceof Int i) {
      return List.of("int", i.value());
    }
    if (key instanceof Uint u) {
      return List.of("uint", u.bits());
    }
    if (key instanceof Float f) {
      return List.of("float", f.value());
    }
    if (key instanceof Bool b) {
      return b.value();
    }
    if (key instanceof Nil) {
      return List.of("nil");
    }
    throw new IllegalArgumentException("not a key: " + key.describe());
  }
}

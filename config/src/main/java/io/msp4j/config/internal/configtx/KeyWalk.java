package io.msp4j.config.internal.configtx;

import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.core.Reason;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Fabric's pass over the decoded file before the struct decoding (CONFIGTX-YAML-01): every map
 * reached through maps from the top becomes a string-keyed map; a key whose value is null is
 * dropped (so an unknown key with no value is never reported); an environment variable {@code
 * CONFIGTX_<PATH>} (the key path upper-cased, dots as underscores) replaces the value at that
 * path with its text, and {@code CONFIGTX_<PATH>_FILE} gives a null value a {@code {File:
 * path}}. Lists are not entered, so values inside the organisations list cannot be overridden.
 * At the top level the struct's own field names are offered to the environment too.
 */
final class KeyWalk {

  private final Map<String, String> env;
  private final String fileName;

  KeyWalk(Map<String, String> env, String fileName) {
    this.env = env;
    this.fileName = fileName;
  }

  GoValue.GoMap walkTop(GoValue.GoMap top) {
    Map<Object, GoValue.Entry> entries = new LinkedHashMap<>(top.entries());
    for (GoType.Field f : Schema.TOP_LEVEL.fields()) {
      boolean present = false;
      for (GoValue.Entry e : top.entries().values()) {
        if (e.key() instanceof GoValue.Str k && k.value().equalsIgnoreCase(f.name())) {
          present = true;
          break;
        }
      }
      if (!present) {
        entries.put(f.name(),
            new GoValue.Entry(new GoValue.Str(f.name(), 0), new GoValue.Nil(0)));
      }
    }
    return walk("", entries, top.line());
  }

  private GoValue.GoMap walk(String base, Map<Object, GoValue.Entry> entries, int line) {
    Map<Object, GoValue.Entry> result = new LinkedHashMap<>();
    for (GoValue.Entry e : entries.values()) {
      if (!(e.key() instanceof GoValue.Str k)) {
        throw new ConfigtxException(
            Reason.CONFIGTX_INVALID, "CONFIGTX-YAML-01",
            fileName + ":" + e.key().line() + ": key " + e.key().describe() + " under "
                + (base.isEmpty() ? "the top level" : base.substring(0, base.length() - 1))
                + " must be a string (configtxgen fails on it)");
      }
      String fq = base + k.value();
      GoValue v = e.value();
      String override = getenv(fq);
      if (!override.isEmpty()) {
        v = new GoValue.Str(override, e.key().line());
      }
      if (v instanceof GoValue.GoMap m) {
        result.put(k.value(), new GoValue.Entry(k, walk(fq + ".", m.entries(), m.line())));
      } else if (v instanceof GoValue.Nil) {
        String file = getenv(fq + ".File");
        if (!file.isEmpty()) {
          GoValue.Str fileKey = new GoValue.Str("File", e.key().line());
          GoValue.GoMap fileMap =
              new GoValue.GoMap(
                  Map.of("File", new GoValue.Entry(fileKey, new GoValue.Str(file, v.line()))),
                  true, v.line());
          result.put(k.value(), new GoValue.Entry(k, fileMap));
        }
      } else {
        result.put(k.value(), new GoValue.Entry(k, v));
      }
    }
    return new GoValue.GoMap(result, true, line);
  }

  private String getenv(String key) {
    String name = ("configtx_" + key).toUpperCase(Locale.ROOT).replace('.', '_');
    String v = env.get(name);
    return v == null ? "" : v;
  }
}

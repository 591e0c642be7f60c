package io.msp4j.config.internal.configtx;

import io.msp4j.config.internal.Quotes;
import io.msp4j.config.internal.configtx.GoStrconv.NumberFormatError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes {@link GoValue}s into Fabric's configtx structs with the rules of the decoder Fabric
 * v3.0 uses (mitchellh/mapstructure 1.5 with {@code WeaklyTypedInput} and {@code ErrorUnused}),
 * including its decode hooks:
 *
 * <ul>
 *   <li>struct fields match keys exactly, else ignoring case; a key no field takes is an error
 *       ({@code has invalid keys}), so two keys differing only in case are too;
 *   <li>weak typing: numbers and booleans become strings ({@code true} is {@code "1"}), strings
 *       become numbers by Go's base-0 syntax ({@code "0x1f"}, {@code "017"} is octal) and
 *       booleans by Go's ParseBool; a single value where a list is expected becomes a
 *       one-element list; a list of mappings where a mapping is expected is merged;
 *   <li>a string {@code "[a, b]"} becomes a list of trimmed strings; a duration field takes Go
 *       duration syntax ({@code 2s}); a uint32 field takes byte sizes ({@code 10 MB});
 *   <li>a mapping {@code {File: path}} where a string is expected is replaced by that file's
 *       content, and where a list is expected by the file's PEM certificates;
 *   <li>null leaves a field as it was (its zero value).
 * </ul>
 *
 * Errors are collected, each with the line of the value at fault.
 */
final class WeakDecoder {

  /** One decoding error and the line it belongs to. */
  record Error(String message, int line) {}

  private static final Pattern BYTE_SIZE = Pattern.compile("^([0-9]+)\\s*([kKmMgG])[bB]?$");
  private static final long MAX_FILE = 16L * 1024 * 1024;

  private final List<Error> errors = new ArrayList<>();

  List<Error> errors() {
    return errors;
  }

  /** Decodes the top-level map into a struct. */
  Decoded decodeTop(GoValue.GoMap input, GoType.Struct type) {
    Decoded out = new Decoded(type);
    decodeStructFromMap("", input, out);
    return out;
  }

  /**
   * Decodes {@code input} (null when absent) into a value of {@code type}; {@code current} is
   * what the target held before (returned unchanged for nil input or on error).
   */
  Object decode(String name, GoValue input, GoType type, Object current) {
    if (input == null || input instanceof GoValue.Nil) {
      return current;
    }
    GoValue in = applyHooks(name, input, type);
    if (in == null) {
      return current;
    }
    if (type instanceof GoType.Str) {
      return decodeString(name, in, current);
    }
    if (type instanceof GoType.Bool) {
      return decodeBool(name, in, current);
    }
    if (type instanceof GoType.Int t) {
      return decodeInt(name, in, t, current);
    }
    if (type instanceof GoType.Uint t) {
      return decodeUint(name, in, t, current);
    }
    if (type instanceof GoType.Slice t) {
      return decodeSlice(name, in, t, current);
    }
    if (type instanceof GoType.StringMap t) {
      return decodeMap(name, in, t, current);
    }
    if (type instanceof GoType.Ptr t) {
      Decoded target = current != null ? (Decoded) current : new Decoded(t.elem());
      return decodeStruct(name, in, target) ? target : current;
    }
    GoType.Struct t = (GoType.Struct) type;
    Decoded target = current != null ? (Decoded) current : new Decoded(t);
    decodeStruct(name, in, target);
    return target;
  }

  // ---- hooks, in the order Fabric composes them ----------------------------------------------

  private GoValue applyHooks(String name, GoValue in, GoType type) {
    if (in instanceof GoValue.Str s && type instanceof GoType.Int t && t.duration()) {
      try {
        in = new GoValue.Int(GoStrconv.parseDuration(s.value()), s.line());
      } catch (NumberFormatError e) {
        return hookError(name, e.getMessage(), s);
      }
    }
    if (in instanceof GoValue.Str s) {
      String raw = s.value();
      if (raw.length() > 1 && raw.charAt(0) == '[' && raw.charAt(raw.length() - 1) == ']') {
        List<GoValue> parts = new ArrayList<>();
        for (String p : raw.substring(1, raw.length() - 1).split(",", -1)) {
          parts.add(new GoValue.Str(p.strip(), s.line()));
        }
        in = new GoValue.GoList(parts, s.line());
      }
    }
    if (in instanceof GoValue.Str s && type instanceof GoType.Uint t && t.bits() == 32) {
      Matcher m = BYTE_SIZE.matcher(s.value());
      if (m.matches()) {
        try {
          long size = GoStrconv.parseUint(m.group(1), 64);
          int shift =
              switch (Character.toLowerCase(m.group(2).charAt(0))) {
                case 'g' -> 30;
                case 'm' -> 20;
                default -> 10;
              };
          long shifted = size << shift;
          if (Long.compareUnsigned(size, -1L >>> shift) > 0 || shifted < 0 || shifted > 0xFFFFFFFFL) {
            return hookError(name, "value '" + s.value() + "' overflows uint32", s);
          }
          in = new GoValue.Int(shifted, s.line());
        } catch (NumberFormatError e) {
          // Go keeps the string then, and the integer decoding reports it.
        }
      }
    }
    if (in instanceof GoValue.GoMap m && type instanceof GoType.Str) {
      GoValue file = fileKey(m);
      if (file != null || m.entries().containsKey("File") || m.entries().containsKey("file")) {
        if (!m.stringKeys()) {
          return hookError(name, "a {File: path} mapping is only read where it is reached through"
              + " mappings (configtxgen fails on it here)", m);
        }
        if (file == null) {
          return hookError(name, "Value of File: was nil", m);
        }
        if (!(file instanceof GoValue.Str path)) {
          return hookError(name, "File must name a file, got " + file.describe(), m);
        }
        byte[] content = readFile(name, path);
        return content == null ? null : new GoValue.Str(
            new String(content, StandardCharsets.UTF_8), m.line());
      }
    }
    if (in instanceof GoValue.GoMap m && type instanceof GoType.Slice && m.stringKeys()) {
      GoValue file = fileKey(m);
      if (file instanceof GoValue.Str path) {
        if (path.value().isEmpty()) {
          return hookError(name, "Value of File: was nil", m);
        }
        byte[] content = readFile(name, path);
        if (content == null) {
          return null;
        }
        List<GoValue> certs = new ArrayList<>();
        for (String pem : PemCertificates.split(content)) {
          certs.add(new GoValue.Str(pem, m.line()));
        }
        return new GoValue.GoList(certs, m.line());
      }
    }
    return in;
  }

  private static GoValue fileKey(GoValue.GoMap m) {
    GoValue.Entry e = m.entries().get("File");
    if (e == null) {
      e = m.entries().get("file");
    }
    return e == null || e.value() instanceof GoValue.Nil ? null : e.value();
  }

  private byte[] readFile(String name, GoValue.Str path) {
    try {
      Path p = Path.of(path.value());
      if (Files.size(p) > MAX_FILE) {
        error(name, "file " + Quotes.of(path.value()) + " is larger than " + MAX_FILE + " bytes",
            path);
        return null;
      }
      return Files.readAllBytes(p);
    } catch (IOException | RuntimeException e) {
      error(name, "cannot read file " + Quotes.of(path.value()) + ": " + e.getMessage(), path);
      return null;
    }
  }

  private GoValue hookError(String name, String message, GoValue at) {
    errors.add(new Error("error decoding '" + name + "': " + message, at.line()));
    return null;
  }

  // ---- kinds ---------------------------------------------------------------------------------

  private Object decodeString(String name, GoValue in, Object current) {
    if (in instanceof GoValue.Str s) {
      return s.value();
    }
    if (in instanceof GoValue.Bool b) {
      return b.value() ? "1" : "0";
    }
    if (in instanceof GoValue.Int i) {
      return Long.toString(i.value());
    }
    if (in instanceof GoValue.Uint u) {
      return Long.toUnsignedString(u.bits());
    }
    if (in instanceof GoValue.Float f) {
      return GoStrconv.formatFloat(f.value());
    }
    return unconvertible(name, "string", in, current);
  }

  private Object decodeBool(String name, GoValue in, Object current) {
    if (in instanceof GoValue.Bool b) {
      return b.value();
    }
    if (in instanceof GoValue.Int i) {
      return i.value() != 0;
    }
    if (in instanceof GoValue.Uint u) {
      return u.bits() != 0;
    }
    if (in instanceof GoValue.Float f) {
      return f.value() != 0;
    }
    if (in instanceof GoValue.Str s) {
      if (s.value().isEmpty()) {
        return false;
      }
      try {
        return GoStrconv.parseBool(s.value());
      } catch (NumberFormatError e) {
        return error(name, "cannot parse '" + name + "' as bool: " + e.getMessage(), in, current);
      }
    }
    return unconvertible(name, "bool", in, current);
  }

  private Object decodeInt(String name, GoValue in, GoType.Int t, Object current) {
    long v;
    if (in instanceof GoValue.Int i) {
      v = i.value();
    } else if (in instanceof GoValue.Uint u) {
      v = u.bits();
    } else if (in instanceof GoValue.Float f) {
      v = GoStrconv.floatToInt64(f.value());
    } else if (in instanceof GoValue.Bool b) {
      v = b.value() ? 1 : 0;
    } else if (in instanceof GoValue.Str s) {
      try {
        v = GoStrconv.parseInt(s.value().isEmpty() ? "0" : s.value(), t.bits());
      } catch (NumberFormatError e) {
        return error(name, "cannot parse '" + name + "' as int: " + e.getMessage(), in, current);
      }
    } else {
      return unconvertible(name, t.goName(), in, current);
    }
    // Setting a narrower Go integer keeps the low bits.
    return t.bits() == 64 ? v : (long) (int) v;
  }

  private Object decodeUint(String name, GoValue in, GoType.Uint t, Object current) {
    long v;
    if (in instanceof GoValue.Int i) {
      v = i.value();
    } else if (in instanceof GoValue.Uint u) {
      v = u.bits();
    } else if (in instanceof GoValue.Float f) {
      v = GoStrconv.floatToUint64(f.value());
    } else if (in instanceof GoValue.Bool b) {
      v = b.value() ? 1 : 0;
    } else if (in instanceof GoValue.Str s) {
      try {
        v = GoStrconv.parseUint(s.value().isEmpty() ? "0" : s.value(), t.bits());
      } catch (NumberFormatError e) {
        return error(name, "cannot parse '" + name + "' as uint: " + e.getMessage(), in, current);
      }
    } else {
      return unconvertible(name, t.goName(), in, current);
    }
    return t.bits() == 64 ? v : v & ((1L << t.bits()) - 1);
  }

  private Object decodeSlice(String name, GoValue in, GoType.Slice t, Object current) {
    if (!(in instanceof GoValue.GoList list)) {
      if (in instanceof GoValue.GoMap m && m.entries().isEmpty()) {
        return finishSlice(t, new ArrayList<>());
      }
      if (in instanceof GoValue.Str s && t.elem().equals(GoType.UINT8)) {
        return s.value().getBytes(StandardCharsets.UTF_8);
      }
      // Weak typing lifts a single value into a one-element list.
      return decodeSlice(name, new GoValue.GoList(List.of(in), in.line()), t, current);
    }
    List<Object> out = new ArrayList<>();
    int before = errors.size();
    for (int i = 0; i < list.items().size(); i++) {
      out.add(decode(name + "[" + i + "]", list.items().get(i), t.elem(), zero(t.elem())));
    }
    if (errors.size() != before) {
      return current;
    }
    return finishSlice(t, out);
  }

  private static Object finishSlice(GoType.Slice t, List<Object> items) {
    if (t.elem().equals(GoType.UINT8)) {
      byte[] b = new byte[items.size()];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) (long) (Long) items.get(i);
      }
      return b;
    }
    return items;
  }

  @SuppressWarnings("unchecked")
  private Object decodeMap(String name, GoValue in, GoType.StringMap t, Object current) {
    Map<String, Object> out =
        current != null ? (Map<String, Object>) current : new LinkedHashMap<>();
    if (in instanceof GoValue.GoList list) {
      // Weak typing: each mapping of the list is decoded into the same map.
      for (int i = 0; i < list.items().size(); i++) {
        GoValue item = list.items().get(i);
        out = (Map<String, Object>) decode(name + "[" + i + "]", item, t, out);
      }
      return out;
    }
    if (!(in instanceof GoValue.GoMap m)) {
      return error(name, "'" + name + "' expected a map, got '" + goKind(in) + "'", in, current);
    }
    for (GoValue.Entry e : m.entries().values()) {
      String field = name + "[" + keyText(e.key()) + "]";
      Object key = decodeString(field, e.key(), null);
      if (key == null) {
        continue;
      }
      Object value = decode(field, e.value(), t.elem(), zero(t.elem()));
      out.put((String) key, value);
    }
    return out;
  }

  private boolean decodeStruct(String name, GoValue in, Decoded target) {
    if (!(in instanceof GoValue.GoMap m)) {
      error(name, "'" + name + "' expected a map, got '" + goKind(in) + "'", in, null);
      return false;
    }
    decodeStructFromMap(name, m, target);
    return true;
  }

  private void decodeStructFromMap(String name, GoValue.GoMap m, Decoded target) {
    target.line(m.line());
    Map<Object, GoValue.Entry> unused = new LinkedHashMap<>(m.entries());
    for (GoType.Field f : target.type().fields()) {
      GoValue.Entry match = m.entries().get(f.name());
      if (match == null) {
        for (GoValue.Entry e : m.entries().values()) {
          if (e.key() instanceof GoValue.Str k && equalFold(k.value(), f.name())) {
            match = e;
            break;
          }
        }
      }
      if (match == null) {
        continue;
      }
      unused.remove(GoValue.mapKey(match.key()));
      String fieldName = name.isEmpty() ? f.name() : name + "." + f.name();
      Object current = target.raw(f.name());
      if (current == null) {
        current = zero(f.type());
      }
      target.set(f.name(), decode(fieldName, match.value(), f.type(), current));
    }
    if (!unused.isEmpty()) {
      List<String> keys = new ArrayList<>();
      int line = Integer.MAX_VALUE;
      for (GoValue.Entry e : unused.values()) {
        keys.add(keyText(e.key()));
        line = Math.min(line, e.key().line());
      }
      keys.sort(null);
      String where = name.isEmpty() ? "the top level" : "'" + name + "'";
      errors.add(new Error(where + " has invalid keys: " + String.join(", ", keys)
          + " (" + target.type().goName() + " takes " + fieldNames(target.type()) + ")", line));
    }
  }

  /** Go's strings.EqualFold also folds a few non-ASCII letters; keys are ASCII in practice. */
  private static boolean equalFold(String a, String b) {
    return a.length() == b.length() && a.equalsIgnoreCase(b);
  }

  private static String fieldNames(GoType.Struct s) {
    List<String> names = new ArrayList<>();
    for (GoType.Field f : s.fields()) {
      names.add(f.name());
    }
    return String.join(", ", names);
  }

  /** Go's zero value of a type as the decoder represents it (null for nil). */
  private static Object zero(GoType t) {
    if (t instanceof GoType.Str) {
      return "";
    }
    if (t instanceof GoType.Bool) {
      return Boolean.FALSE;
    }
    if (t instanceof GoType.Int || t instanceof GoType.Uint) {
      return 0L;
    }
    return null;
  }

  private static String keyText(GoValue key) {
    if (key instanceof GoValue.Str s) {
      return s.value();
    }
    String d = key.describe();
    int sp = d.indexOf(' ');
    return sp < 0 ? d : d.substring(sp + 1);
  }

  private static String goKind(GoValue v) {
    if (v instanceof GoValue.Str) {
      return "string";
    }
    if (v instanceof GoValue.Int) {
      return "int";
    }
    if (v instanceof GoValue.Uint) {
      return "uint64";
    }
    if (v instanceof GoValue.Float) {
      return "float64";
    }
    if (v instanceof GoValue.Bool) {
      return "bool";
    }
    if (v instanceof GoValue.GoList) {
      return "slice";
    }
    return "map";
  }

  private Object unconvertible(String name, String target, GoValue in, Object current) {
    return error(name, "'" + name + "' expected type '" + target + "', got " + in.describe(), in,
        current);
  }

  private Object error(String name, String message, GoValue at, Object current) {
    errors.add(new Error(message, at.line()));
    return current;
  }

  private void error(String name, String message, GoValue at) {
    errors.add(new Error("error decoding '" + name + "': " + message, at.line()));
  }
}

package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.SpecLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * One YAML mapping of a spec with its allowed keys: typed accessors that fail with the line of the
 * offending value, and a check that every key is known.
 */
final class YamlMap {
  private final String source;
  private final String context;
  private final Node node;
  private final Map<String, NodeTuple> entries = new LinkedHashMap<>();

  private YamlMap(String source, String context, Node node) {
    this.source = source;
    this.context = context;
    this.node = node;
  }

  /**
   * Reads {@code node} as a mapping named {@code context} whose keys must be among {@code known}.
   */
  static YamlMap of(String source, String context, Node node, List<String> known) {
    if (!(node instanceof MappingNode mapping)) {
      throw error(source, node, context + " must be a mapping (key: value), not " + kind(node));
    }
    YamlMap map = new YamlMap(source, context, node);
    for (NodeTuple tuple : mapping.getValue()) {
      Node keyNode = tuple.getKeyNode();
      if (!(keyNode instanceof ScalarNode scalar)) {
        throw error(source, keyNode, "a key in " + context + " must be a plain name, not "
            + kind(keyNode));
      }
      String key = scalar.getValue();
      if (!known.contains(key)) {
        throw error(source, keyNode, "unknown key '" + key + "' in " + context + suggestion(key, known));
      }
      if (map.entries.putIfAbsent(key, tuple) != null) {
        throw error(source, keyNode, "duplicate key '" + key + "' in " + context);
      }
    }
    return map;
  }

  private static String suggestion(String key, List<String> known) {
    for (String k : known) {
      if (k.equalsIgnoreCase(key) || editDistance(k.toLowerCase(Locale.ROOT),
          key.toLowerCase(Locale.ROOT)) <= 2) {
        return " (did you mean '" + k + "'?)";
      }
    }
    return " (known keys: " + String.join(", ", known) + ")";
  }

  private static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  static CryptoSpecException error(String source, Node at, String problem) {
    return new CryptoSpecException(location(source, at), problem);
  }

  static SpecLocation location(String source, Node at) {
    return new SpecLocation(source, at == null ? 0 : at.getStartMark().getLine() + 1);
  }

  static String kind(Node n) {
    if (n instanceof MappingNode) {
      return "a mapping";
    }
    if (n instanceof SequenceNode) {
      return "a list";
    }
    return "'" + ((ScalarNode) n).getValue() + "'";
  }

  static boolean isNull(Node n) {
    return n instanceof ScalarNode s && s.getTag().equals(Tag.NULL);
  }

  String source() {
    return source;
  }

  String context() {
    return context;
  }

  /** The location of this mapping. */
  SpecLocation location() {
    return location(source, node);
  }

  /** Whether the key is present with a non-null value. */
  boolean has(String key) {
    return value(key).isPresent();
  }

  /** The value node of a key, absent when the key is missing or its value is null. */
  Optional<Node> value(String key) {
    NodeTuple t = entries.get(key);
    if (t == null || isNull(t.getValueNode())) {
      return Optional.empty();
    }
    return Optional.of(t.getValueNode());
  }

  /** The location of a key's value (or of this mapping when the key is absent). */
  SpecLocation locationOf(String key) {
    NodeTuple t = entries.get(key);
    return t == null ? location() : location(source, t.getValueNode());
  }

  CryptoSpecException errorAt(String key, String problem) {
    return new CryptoSpecException(locationOf(key), problem);
  }

  /** A scalar read as a string ({@code defaultValue} when absent). */
  String string(String key, String defaultValue) {
    Optional<Node> v = value(key);
    if (v.isEmpty()) {
      return defaultValue;
    }
    if (!(v.get() instanceof ScalarNode s)) {
      throw errorAt(key, key + " in " + context + " must be a single value, not " + kind(v.get()));
    }
    return s.getValue();
  }

  /** A non-negative integer ({@code defaultValue} when absent). */
  int nonNegativeInt(String key, int defaultValue) {
    Optional<Node> v = value(key);
    if (v.isEmpty()) {
      return defaultValue;
    }
    String what = key + " in " + context + " must be a non-negative integer, got ";
    if (!(v.get() instanceof ScalarNode s) || !s.getTag().equals(Tag.INT)) {
      throw errorAt(key, what + kind(v.get()));
    }
    int n;
    try {
      n = Integer.parseInt(s.getValue().replace("_", ""));
    } catch (NumberFormatException e) {
      throw errorAt(key, what + kind(s));
    }
    if (n < 0) {
      throw errorAt(key, what + kind(s));
    }
    return n;
  }

  /** A boolean ({@code defaultValue} when absent); YAML 1.1 spellings (yes, on) are accepted. */
  boolean bool(String key, boolean defaultValue) {
    Optional<Node> v = value(key);
    if (v.isEmpty()) {
      return defaultValue;
    }
    if (!(v.get() instanceof ScalarNode s) || !s.getTag().equals(Tag.BOOL)) {
      throw errorAt(key, key + " in " + context + " must be true or false, got " + kind(v.get()));
    }
    String t = s.getValue().toLowerCase(Locale.ROOT);
    return t.equals("true") || t.equals("yes") || t.equals("on") || t.equals("y");
  }

  /** A list of scalars as strings; empty when absent. A single scalar is not accepted. */
  List<String> strings(String key) {
    List<String> out = new ArrayList<>();
    for (Node item : list(key)) {
      if (!(item instanceof ScalarNode s) || isNull(item)) {
        throw error(source, item, "entries of " + key + " in " + context
            + " must be single values, not " + (isNull(item) ? "empty" : kind(item)));
      }
      out.add(s.getValue());
    }
    return out;
  }

  /** Whether the key is present, even with an empty (null) value. */
  boolean present(String key) {
    return entries.containsKey(key);
  }

  /** A list value's items; empty when absent. */
  List<Node> list(String key) {
    Optional<Node> v = value(key);
    if (v.isEmpty()) {
      return List.of();
    }
    if (!(v.get() instanceof SequenceNode seq)) {
      throw errorAt(key, key + " in " + context + " must be a list, not " + kind(v.get()));
    }
    return seq.getValue();
  }

  /** A mapping value, absent when the key is missing or null. */
  Optional<YamlMap> map(String key, String childContext, List<String> known) {
    return value(key).map(n -> of(source, childContext, n, known));
  }
}

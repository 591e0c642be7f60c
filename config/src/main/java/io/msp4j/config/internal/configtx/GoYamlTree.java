package io.msp4j.config.internal.configtx;

import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.internal.ConfigYaml;
import io.msp4j.config.internal.DuplicateKeys;
import io.msp4j.config.internal.GoYamlScalar;
import io.msp4j.config.internal.GoYamlScalar.ResolveException;
import io.msp4j.config.internal.GoYamlScalar.Resolved;
import io.msp4j.config.internal.YamlLimits;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.reader.UnicodeReader;

/**
 * Decodes the first YAML document of a configtx.yaml into {@link GoValue}s, as Fabric's config
 * parser does when it hands the file to Go's YAML library (gopkg.in/yaml.v2) to fill a {@code
 * map[string]interface{}}: top-level keys become their text, nested maps keep typed keys; a key
 * written twice keeps the later value; a merge key ({@code <<}) copies its mapping's entries
 * where it stands (shallow: a later explicit key replaces the merged value whole; with a list of
 * mappings the first one wins); aliases are expanded.
 *
 * <p>SnakeYAML only parses and composes nodes (no objects are constructed from tags). Expansion
 * follows the Go library's guard against alias bombs: once more than 100 values came from
 * aliases out of more than 1000, a document whose share of aliased values passes the allowed
 * ratio (99% up to 400,000 values, falling to 10% at 4,000,000) is refused as excessive
 * aliasing.
 *
 * <p>Fabric v3.1 reads the file with gopkg.in/yaml.v3 (v3.1.5: go.yaml.in/yaml/v4), which refuses
 * a duplicated key anywhere in the document (REL-YAML-01); for those releases such a file is
 * refused before decoding.
 */
public final class GoYamlTree {

  private static final int MAX_NESTING = YamlLimits.MAX_NESTING;
  private static final int MAX_ALIASES_FOR_COLLECTIONS = 50_000;
  private static final int MAX_CODE_POINTS = 32 * 1024 * 1024;
  private static final String RULE = "CONFIGTX-YAML-01";
  private static final String ALIAS_RULE = "CONFIGTX-YAML-05";

  private final String fileName;
  private final FabricRelease release;
  /** Whether only true/false (any case form) are booleans, as in yaml.v3 and yaml/v4. */
  private final boolean yaml12Booleans;

  private static final java.util.Set<String> YAML12_BOOLEANS =
      java.util.Set.of("true", "True", "TRUE", "false", "False", "FALSE");
  private final Set<Node> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<Node> active = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private long decodeCount;
  private long aliasCount;
  private int aliasDepth;

  private GoYamlTree(String fileName, FabricRelease release) {
    this.fileName = fileName;
    this.release = release;
    this.yaml12Booleans = DuplicateKeys.refusedBy(release);
  }

  /**
   * Decodes a configtx.yaml's content into its top-level map.
   *
   * @param fileName the name used in messages
   * @param release the Fabric release whose configtxgen reads the file
   * @throws ConfigtxException CONFIGTX_INVALID naming the line when the YAML cannot be read, with
   *     rule REL-YAML-01 for a duplicated key in a v3.1 release
   */
  public static GoValue.GoMap decode(byte[] content, String fileName, FabricRelease release) {
    return new GoYamlTree(fileName, release).decodeDocument(content);
  }

  private GoValue.GoMap decodeDocument(byte[] content) {
    String text = readText(content);
    Node root = compose(text);
    if (root == null) {
      throw invalid(fileName + ": the file holds no YAML document", null);
    }
    if (DuplicateKeys.refusedBy(release)) {
      List<DuplicateKeys.Duplicate> duplicates = DuplicateKeys.everywhere(root);
      if (!duplicates.isEmpty()) {
        throw new ConfigtxException(Reason.CONFIGTX_INVALID, "REL-YAML-01",
            DuplicateKeys.message(fileName, duplicates, release, "configtxgen"));
      }
    }
    if (root instanceof MappingNode m) {
      Map<Object, GoValue.Entry> out = new LinkedHashMap<>();
      fill(m, out, true);
      return new GoValue.GoMap(out, true, line(m));
    }
    if (root instanceof ScalarNode s && scalar(s) instanceof GoValue.Nil) {
      return new GoValue.GoMap(Map.of(), true, line(s));
    }
    throw invalid(
        fileName + ":" + line(root) + ": the document must be a mapping, got "
            + kind(root), null);
  }

  private String readText(byte[] content) {
    try (Reader reader = new UnicodeReader(new ByteArrayInputStream(content))) {
      StringBuilder b = new StringBuilder(content.length);
      char[] buf = new char[8192];
      for (int n; (n = reader.read(buf)) > 0; ) {
        b.append(buf, 0, n);
      }
      return b.toString();
    } catch (IOException | RuntimeException e) {
      throw invalid(fileName + ": not valid UTF-8 (or UTF-16 with a byte order mark) text", e);
    }
  }

  private Node compose(String text) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(true);
    options.setMaxAliasesForCollections(MAX_ALIASES_FOR_COLLECTIONS);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(MAX_NESTING);
    options.setCodePointLimit(MAX_CODE_POINTS);
    options.setProcessComments(false);
    // Tags are only read, never used to construct objects.
    options.setTagInspector(tag -> true);
    try {
      Composer composer =
          new Composer(
              new ConfigYaml.NonSpecificTags(new ParserImpl(new StreamReader(text), options)),
              new ConfigYaml.GoTags(),
              options);
      return composer.checkNode() ? composer.getNode() : null;
    } catch (ReaderException e) {
      throw invalid(
          fileName + ": not valid YAML: " + oneLine(String.valueOf(e.getName()))
              + " (code point " + e.getCodePoint() + ")", e);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String where = mark != null ? fileName + ":" + (mark.getLine() + 1) : fileName;
      String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
      throw invalid(where + ": not valid YAML: " + oneLine(problem), e);
    } catch (YAMLException | IllegalArgumentException | StackOverflowError e) {
      if (YamlLimits.isLimit(e)) {
        throw new ConfigtxException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE,
            fileName + ": refused: " + oneLine(String.valueOf(e.getMessage())), e);
      }
      throw invalid(fileName + ": not valid YAML: " + oneLine(String.valueOf(e.getMessage())), e);
    }
  }

  // ---- nodes to Go values --------------------------------------------------------------------

  private GoValue value(Node n) {
    boolean alias = !seen.add(n);
    if (alias) {
      aliasDepth++;
    }
    try {
      count(n);
      if (!active.add(n)) {
        throw aliasError(fileName + ":" + line(n) + ": an anchor's value contains itself");
      }
      try {
        if (n instanceof ScalarNode s) {
          return scalar(s);
        }
        if (n instanceof SequenceNode seq) {
          List<GoValue> items = new ArrayList<>(seq.getValue().size());
          for (Node item : seq.getValue()) {
            items.add(value(item));
          }
          return new GoValue.GoList(items, line(n));
        }
        Map<Object, GoValue.Entry> out = new LinkedHashMap<>();
        fill((MappingNode) n, out, false);
        return new GoValue.GoMap(out, false, line(n));
      } finally {
        active.remove(n);
      }
    } finally {
      if (alias) {
        aliasDepth--;
      }
    }
  }

  /** The Go library's alias-bomb guard, counted per decoded node. */
  private void count(Node n) {
    decodeCount++;
    if (aliasDepth > 0) {
      aliasCount++;
    }
    if (aliasCount > 100
        && decodeCount > 1000
        && (double) aliasCount / decodeCount > allowedAliasRatio(decodeCount)) {
      throw aliasError(fileName + ":" + line(n) + ": the document contains excessive aliasing");
    }
  }

  private static double allowedAliasRatio(long decodeCount) {
    final long low = 400_000;
    final long high = 4_000_000;
    if (decodeCount <= low) {
      return 0.99;
    }
    if (decodeCount >= high) {
      return 0.10;
    }
    return 0.99 - 0.89 * ((double) (decodeCount - low) / (high - low));
  }

  /** Decodes a mapping's entries into {@code out}; merge keys apply where they stand. */
  private void fill(MappingNode m, Map<Object, GoValue.Entry> out, boolean topLevel) {
    for (NodeTuple t : m.getValue()) {
      Node k = t.getKeyNode();
      if (isMergeKey(k)) {
        merge(t.getValueNode(), out, topLevel);
        continue;
      }
      GoValue key = topLevel ? topLevelKey(k) : nestedKey(k);
      GoValue v = value(t.getValueNode());
      Object mk = GoValue.mapKey(key);
      // A repeated key keeps its first place and takes the later value, as a Go map does.
      out.put(mk, new GoValue.Entry(key, v));
    }
  }

  private void merge(Node node, Map<Object, GoValue.Entry> out, boolean topLevel) {
    if (node instanceof MappingNode m) {
      mergeOne(m, out, topLevel);
      return;
    }
    if (node instanceof SequenceNode seq) {
      List<Node> items = seq.getValue();
      // Earlier mappings take precedence: apply them last.
      for (int i = items.size() - 1; i >= 0; i--) {
        if (!(items.get(i) instanceof MappingNode m)) {
          throw wantMap(items.get(i));
        }
        mergeOne(m, out, topLevel);
      }
      return;
    }
    throw wantMap(node);
  }

  private void mergeOne(MappingNode m, Map<Object, GoValue.Entry> out, boolean topLevel) {
    boolean alias = !seen.add(m);
    if (alias) {
      aliasDepth++;
    }
    try {
      count(m);
      if (!active.add(m)) {
        throw aliasError(fileName + ":" + line(m) + ": an anchor's value merges itself");
      }
      try {
        fill(m, out, topLevel);
      } finally {
        active.remove(m);
      }
    } finally {
      if (alias) {
        aliasDepth--;
      }
    }
  }

  private ConfigtxException wantMap(Node n) {
    return aliasError(
        fileName + ":" + line(n)
            + ": a merge key (<<) needs a mapping or a list of mappings, got " + kind(n));
  }

  /** A key of the top-level map, decoded into a Go string: any scalar's text. */
  private GoValue topLevelKey(Node k) {
    if (!(k instanceof ScalarNode s)) {
      throw invalid(
          fileName + ":" + line(k) + ": a top-level key must be a string, got " + kind(k), null);
    }
    count(k);
    Resolved r = resolve(s);
    if (r.isNull()) {
      return new GoValue.Str("", line(k));
    }
    if (GoYamlScalar.BINARY.equals(r.tag())) {
      return new GoValue.Str((String) r.value(), line(k));
    }
    return new GoValue.Str(s.getValue(), line(k));
  }

  private GoValue nestedKey(Node k) {
    if (!(k instanceof ScalarNode)) {
      throw invalid(fileName + ":" + line(k) + ": invalid map key: " + kind(k), null);
    }
    return value(k);
  }

  private GoValue scalar(ScalarNode s) {
    Resolved r = resolve(s);
    int line = line(s);
    if (r.isNull()) {
      return new GoValue.Nil(line);
    }
    String tag = r.tag();
    if (GoYamlScalar.BOOL.equals(tag)) {
      if (yaml12Booleans && explicitTag(s) == null && !YAML12_BOOLEANS.contains(s.getValue())) {
        // v3.1's YAML library (yaml.v3, yaml/v4) reads yes/no/on/off/y/n as strings, so a
        // boolean setting written that way no longer parses (REL-YAML-01)
        return new GoValue.Str(s.getValue(), line);
      }
      return new GoValue.Bool((Boolean) r.value(), line);
    }
    if (GoYamlScalar.INT.equals(tag)) {
      BigInteger i = (BigInteger) r.value();
      return i.bitLength() < 64
          ? new GoValue.Int(i.longValue(), line)
          : new GoValue.Uint(i.longValue(), line);
    }
    if (GoYamlScalar.FLOAT.equals(tag)) {
      return new GoValue.Float(((Number) r.value()).doubleValue(), line);
    }
    if (GoYamlScalar.BINARY.equals(tag)) {
      return new GoValue.Str((String) r.value(), line);
    }
    // Strings, timestamps (kept as text for interface{} targets) and unknown tags.
    return new GoValue.Str(s.getValue(), line);
  }

  private Resolved resolve(ScalarNode s) {
    try {
      return GoYamlScalar.resolveNode(explicitTag(s), s.getScalarStyle() != ScalarStyle.PLAIN,
          s.getValue());
    } catch (ResolveException e) {
      throw invalid(fileName + ":" + line(s) + ": " + e.getMessage(), null);
    }
  }

  private static boolean isMergeKey(Node k) {
    return k instanceof ScalarNode s
        && GoYamlScalar.isMergeKey(
            explicitTag(s), s.getScalarStyle() != ScalarStyle.PLAIN, s.getValue());
  }

  private static String explicitTag(ScalarNode s) {
    Tag tag = s.getTag();
    if (tag == null || tag.equals(ConfigYaml.IMPLICIT)) {
      return null;
    }
    return GoYamlScalar.shortTag(tag.getValue());
  }

  private static String kind(Node n) {
    if (n instanceof MappingNode) {
      return "a mapping";
    }
    if (n instanceof SequenceNode) {
      return "a list";
    }
    return "a scalar";
  }

  private static int line(Node n) {
    return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
  }

  private static String oneLine(String s) {
    String t = s.replaceAll("\\s+", " ").trim();
    return t.length() > 200 ? t.substring(0, 200) + "..." : t;
  }

  private static ConfigtxException aliasError(String message) {
    return new ConfigtxException(Reason.CONFIGTX_INVALID, ALIAS_RULE, message);
  }

  private static ConfigtxException invalid(String message, Throwable cause) {
    return new ConfigtxException(Reason.CONFIGTX_INVALID, RULE, message, cause);
  }
}

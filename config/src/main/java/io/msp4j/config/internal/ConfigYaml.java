package io.msp4j.config.internal;

import io.msp4j.config.internal.GoYamlScalar.ResolveException;
import io.msp4j.config.internal.GoYamlScalar.Resolved;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.reader.UnicodeReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads {@code config.yaml} (CFGYAML-01, CFGYAML-02) the way Fabric v3 does: Go structs decoded by
 * go-yaml with its v3 defaults. SnakeYAML only composes the node tree; the typing is done here,
 * node by node, with the Go library's rules:
 *
 * <ul>
 *   <li>only the first document counts; an empty file is an empty configuration;
 *   <li>keys are case-sensitive, unknown keys are ignored (their values are not looked at);
 *   <li>a key that appears twice in the same mapping is an error, also for unknown keys;
 *   <li>{@code Enable} must be a boolean: {@code true}/{@code True}/{@code TRUE} (and false), or a
 *       YAML 1.1 spelling such as {@code yes}, {@code on}, {@code Y}; {@code "true"} (quoted) or
 *       {@code 1} is an error; null leaves it false;
 *   <li>string fields take the text of any scalar (numbers, booleans); null leaves them empty; a
 *       list or mapping is an error;
 *   <li>a list where a mapping is expected, or the reverse, is an error;
 *   <li>anchors, aliases and merge keys ({@code <<}) work as in Go.
 * </ul>
 *
 * <p>Fabric v2.5 used an older Go YAML library: there, a quoted {@code "yes"} is not a boolean and
 * duplicate keys are accepted (the last wins). msp4j follows v3.
 */
public final class ConfigYaml {

  /** Nesting deeper than this is rejected (Go accepts deeper; no real config.yaml comes close). */
  private static final int MAX_NESTING = 1000;

  /** Merged mappings allowed per document before it counts as excessive aliasing. */
  private static final int MAX_MERGES = 10_000;

  private static final Tag IMPLICIT = new Tag("tag:msp4j.io,2024:implicit");

  /** One {@code {Certificate, OrganizationalUnitIdentifier}} entry and the line it starts on. */
  public record OuEntry(String certificate, String organizationalUnitIdentifier, int line) {}

  /** The {@code NodeOUs} block; identifiers are null when absent or null in the file. */
  public record NodeOus(
      boolean enable, OuEntry client, OuEntry peer, OuEntry admin, OuEntry orderer, int line) {}

  /** The decoded file. */
  public record Content(List<OuEntry> organizationalUnitIdentifiers, Optional<NodeOus> nodeOus) {
    public Content {
      organizationalUnitIdentifiers = List.copyOf(organizationalUnitIdentifiers);
    }
  }

  private final String fileName;
  private final List<String> errors = new ArrayList<>();
  private final Set<Node> mergeActive = Collections.newSetFromMap(new IdentityHashMap<>());
  private int merges;

  private ConfigYaml(String fileName) {
    this.fileName = fileName;
  }

  /**
   * Decodes the content of a config.yaml.
   *
   * @param fileName the name used in messages (such as {@code config.yaml})
   * @throws MspSetupException CONFIG_YAML_INVALID, naming the line, when the YAML is malformed or a
   *     value has the wrong type
   */
  public static Content parse(byte[] content, String fileName) {
    return new ConfigYaml(fileName).decode(content);
  }

  private Content decode(byte[] content) {
    Node root = compose(content);
    ConfigBuilder config = new ConfigBuilder();
    try {
      if (root != null) {
        constructRoot(root, config);
      }
    } catch (Fatal f) {
      errors.add(f.getMessage());
    }
    if (!errors.isEmpty()) {
      throw new MspSetupException(
          Reason.CONFIG_YAML_INVALID, config.nullEntry ? "CFGYAML-02" : "CFGYAML-01",
          String.join("; ", errors));
    }
    return config.build();
  }

  private Node compose(byte[] content) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(true);
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    options.setAllowRecursiveKeys(true);
    options.setNestingDepthLimit(MAX_NESTING);
    options.setCodePointLimit(Integer.MAX_VALUE);
    options.setProcessComments(false);
    String text;
    try (Reader reader = new UnicodeReader(new ByteArrayInputStream(content))) {
      StringBuilder b = new StringBuilder();
      char[] buf = new char[8192];
      for (int n; (n = reader.read(buf)) > 0; ) {
        b.append(buf, 0, n);
      }
      text = b.toString();
    } catch (IOException | RuntimeException e) {
      throw invalid(fileName + ": not valid UTF-8 (or UTF-16 with a byte order mark) text", e);
    }
    try {
      Composer composer =
          new Composer(new ParserImpl(new StreamReader(text), options), new GoTags(), options);
      if (!composer.checkNode()) {
        return null;
      }
      return composer.getNode();
    } catch (ReaderException e) {
      throw invalid(
          fileName + ":" + lineAt(text, e.getPosition()) + ": not valid YAML: "
              + oneLine(String.valueOf(e.getName())) + " (code point " + e.getCodePoint() + ")",
          e);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String where = mark != null ? fileName + ":" + (mark.getLine() + 1) : fileName;
      String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
      throw invalid(where + ": not valid YAML: " + oneLine(problem), e);
    } catch (RuntimeException | StackOverflowError e) {
      throw invalid(fileName + ": not valid YAML: " + oneLine(String.valueOf(e.getMessage())), e);
    }
  }

  private static int lineAt(String text, int codePointIndex) {
    int line = 1;
    int i = 0;
    for (int cp = 0; cp < codePointIndex && i < text.length(); cp++) {
      int c = text.codePointAt(i);
      if (c == '\n') {
        line++;
      }
      i += Character.charCount(c);
    }
    return line;
  }

  private MspSetupException invalid(String message, Throwable cause) {
    return new MspSetupException(Reason.CONFIG_YAML_INVALID, "CFGYAML-01", message, cause);
  }

  private static String oneLine(String s) {
    String t = s.replaceAll("\\s+", " ").trim();
    return t.length() > 200 ? t.substring(0, 200) + "..." : t;
  }

  // ---- the schema ---------------------------------------------------------------------------

  private void constructRoot(Node root, ConfigBuilder config) {
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("OrganizationalUnitIdentifiers", (v, p) -> constructOuList(v, p, config));
    fields.put("NodeOUs", (v, p) -> constructNodeOus(v, p, config));
    if (root instanceof MappingNode m) {
      mapping(m, "", fields, null);
      return;
    }
    if (root instanceof ScalarNode s && resolveScalar(s).isNull()) {
      return;
    }
    typeError(root, "", "a mapping");
  }

  private void constructOuList(Node node, String path, ConfigBuilder config) {
    if (node instanceof ScalarNode s && resolveScalar(s).isNull()) {
      config.ous = new ArrayList<>();
      return;
    }
    if (!(node instanceof SequenceNode seq)) {
      if (node instanceof MappingNode m) {
        checkDuplicateKeys(m);
      }
      typeError(node, path, "a list");
      return;
    }
    {
      List<OuEntry> list = new ArrayList<>();
      int i = 0;
      for (Node item : seq.getValue()) {
        String itemPath = path + "[" + i + "]";
        OuEntry e = constructOuEntry(item, itemPath);
        if (e == null && isNull(item)) {
          config.nullEntry = true;
          errors.add(
              fileName + ":" + line(item) + ": " + itemPath
                  + " is empty; each entry needs Certificate and OrganizationalUnitIdentifier");
        } else if (e != null) {
          list.add(e);
        }
        i++;
      }
      config.ous = list;
    }
  }

  private void constructNodeOus(Node node, String path, ConfigBuilder config) {
    if (pointerIsNull(node, path)) {
      return;
    }
    NodeOusBuilder b = new NodeOusBuilder(line(node));
    config.nodeOus = b;
    if (!(node instanceof MappingNode m)) {
      return;
    }
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("Enable", (v, p) -> b.enable = constructBool(v, p, b.enable));
    fields.put("ClientOUIdentifier", (v, p) -> b.client = constructOuEntry(v, p));
    fields.put("PeerOUIdentifier", (v, p) -> b.peer = constructOuEntry(v, p));
    fields.put("AdminOUIdentifier", (v, p) -> b.admin = constructOuEntry(v, p));
    fields.put("OrdererOUIdentifier", (v, p) -> b.orderer = constructOuEntry(v, p));
    mapping(m, path, fields, null);
  }

  /** A {@code *OrganizationalUnitIdentifiersConfiguration}; null when the node is null. */
  private OuEntry constructOuEntry(Node node, String path) {
    if (pointerIsNull(node, path)) {
      return null;
    }
    if (!(node instanceof MappingNode m)) {
      return null;
    }
    String[] values = {"", ""};
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("Certificate", (v, p) -> values[0] = constructString(v, p, values[0]));
    fields.put(
        "OrganizationalUnitIdentifier", (v, p) -> values[1] = constructString(v, p, values[1]));
    mapping(m, path, fields, null);
    return new OuEntry(values[0], values[1], line(node));
  }

  /**
   * For pointer-to-struct targets: true when the node is null (the pointer stays nil). A scalar
   * or a list is a type error (reported here, and false is returned so the caller sees a value
   * that is not a mapping).
   */
  private boolean pointerIsNull(Node node, String path) {
    if (node instanceof ScalarNode s) {
      if (resolveScalar(s).isNull()) {
        return true;
      }
      typeError(node, path, "a mapping");
      return false;
    }
    if (node instanceof SequenceNode) {
      typeError(node, path, "a mapping");
      return false;
    }
    if (GoYamlScalar.NULL.equals(explicitTag(node))) {
      checkDuplicateKeys((MappingNode) node);
      typeError(node, path, "a mapping");
      return true;
    }
    return false;
  }

  private boolean constructBool(Node node, String path, boolean current) {
    if (!(node instanceof ScalarNode s)) {
      if (node instanceof MappingNode m) {
        checkDuplicateKeys(m);
      }
      typeError(node, path, "a boolean");
      return current;
    }
    Resolved r = resolveScalar(s);
    if (r.isNull()) {
      return current;
    }
    if (r.value() instanceof Boolean b) {
      return b;
    }
    if (r.value() instanceof String str) {
      Boolean b = GoYamlScalar.yaml11Bool(str);
      if (b != null) {
        return b;
      }
    }
    typeError(node, path, "a boolean");
    return current;
  }

  private String constructString(Node node, String path, String current) {
    if (!(node instanceof ScalarNode s)) {
      if (node instanceof MappingNode m) {
        checkDuplicateKeys(m);
      }
      typeError(node, path, "a string");
      return current;
    }
    Resolved r = resolveScalar(s);
    if (r.isNull()) {
      return current;
    }
    if (GoYamlScalar.BINARY.equals(r.tag())) {
      return (String) r.value();
    }
    return s.getValue();
  }

  // ---- Go's struct decoding: duplicate keys, field-set-twice, merge keys ----------------------

  private void mapping(
      MappingNode node,
      String path,
      Map<String, BiConsumer<Node, String>> fields,
      Set<String> mergedFields) {
    if (!checkDuplicateKeys(node)) {
      return;
    }
    {
      Set<String> done = new HashSet<>();
      Node mergeNode = null;
      for (NodeTuple t : node.getValue()) {
        Node k = t.getKeyNode();
        if (isMergeKey(k)) {
          mergeNode = t.getValueNode();
          continue;
        }
        String name = keyName(k, path);
        if (name == null) {
          continue;
        }
        if (mergedFields != null) {
          if (!mergedFields.add(name)) {
            continue;
          }
        }
        BiConsumer<Node, String> field = fields.get(name);
        if (field == null) {
          continue; // unknown keys are ignored
        }
        if (!done.add(name)) {
          errors.add(fileName + ":" + line(k) + ": " + join(path, name) + " is set twice");
          continue;
        }
        field.accept(t.getValueNode(), join(path, name));
      }
      if (mergeNode != null) {
        merge(node, mergeNode, path, fields, mergedFields);
      }
    }
  }

  private void merge(
      MappingNode parent,
      Node mergeNode,
      String path,
      Map<String, BiConsumer<Node, String>> fields,
      Set<String> outerMerged) {
    Set<String> merged = outerMerged;
    if (merged == null) {
      merged = new HashSet<>();
      for (NodeTuple t : parent.getValue()) {
        if (t.getKeyNode() instanceof ScalarNode s) {
          Resolved r = resolveScalar(s);
          if (r.value() instanceof String str) {
            merged.add(str);
          }
        }
      }
    }
    if (mergeNode instanceof MappingNode m) {
      mergeInto(m, path, fields, merged);
    } else if (mergeNode instanceof SequenceNode seq) {
      for (Node item : seq.getValue()) {
        if (!(item instanceof MappingNode)) {
          throw new Fatal(
              fileName + ":" + line(item)
                  + ": a merge key (<<) needs a mapping or a list of mappings");
        }
      }
      for (Node item : seq.getValue()) {
        mergeInto((MappingNode) item, path, fields, merged);
      }
    } else {
      throw new Fatal(
          fileName + ":" + line(mergeNode)
              + ": a merge key (<<) needs a mapping or a list of mappings");
    }
  }

  /**
   * Constructs a merged mapping. A mapping that merges itself (directly or through others) is an
   * error, as in Go; so is a document whose merges multiply beyond a fixed budget (Go refuses
   * "excessive aliasing" too), which keeps chains of merges from running for ever.
   */
  private void mergeInto(
      MappingNode m, String path, Map<String, BiConsumer<Node, String>> fields, Set<String> merged) {
    if (++merges > MAX_MERGES) {
      throw new Fatal(fileName + ": document contains excessive aliasing");
    }
    if (!mergeActive.add(m)) {
      throw new Fatal(fileName + ":" + line(m) + ": an anchor's value merges itself");
    }
    try {
      mapping(m, path, fields, merged);
    } finally {
      mergeActive.remove(m);
    }
  }

  /** Go compares every pair of keys by node kind and text; a repeat is an error. */
  private boolean checkDuplicateKeys(MappingNode node) {
    Map<String, Node> seen = new HashMap<>();
    boolean ok = true;
    for (NodeTuple t : node.getValue()) {
      Node k = t.getKeyNode();
      String id = k.getNodeId() + ":" + (k instanceof ScalarNode s ? s.getValue() : "");
      Node first = seen.putIfAbsent(id, k);
      if (first != null) {
        ok = false;
        errors.add(
            fileName + ":" + line(k) + ": key " + describeKey(k) + " already defined at line "
                + line(first));
      }
    }
    return ok;
  }

  /** The struct field name a key selects, or null when the key is null (skipped). */
  private String keyName(Node k, String path) {
    if (!(k instanceof ScalarNode s)) {
      if (k instanceof MappingNode m) {
        checkDuplicateKeys(m);
      }
      typeError(k, join(path, "<key>"), "a string");
      return null;
    }
    Resolved r = resolveScalar(s);
    if (r.isNull()) {
      return null;
    }
    if (GoYamlScalar.BINARY.equals(r.tag())) {
      return (String) r.value();
    }
    return s.getValue();
  }

  private boolean isMergeKey(Node k) {
    return k instanceof ScalarNode s
        && GoYamlScalar.isMergeKey(explicitTag(s), quotedOrBlock(s), s.getValue());
  }

  // ---- scalars ------------------------------------------------------------------------------

  private Resolved resolveScalar(ScalarNode s) {
    try {
      return GoYamlScalar.resolveNode(explicitTag(s), quotedOrBlock(s), s.getValue());
    } catch (ResolveException e) {
      throw new Fatal(fileName + ":" + line(s) + ": " + e.getMessage());
    }
  }

  private static String explicitTag(Node n) {
    Tag tag = n.getTag();
    if (tag == null || tag.equals(IMPLICIT)) {
      return null;
    }
    if (n.getNodeId() != NodeId.scalar && (tag.equals(Tag.MAP) || tag.equals(Tag.SEQ))) {
      return null;
    }
    return GoYamlScalar.shortTag(tag.getValue());
  }

  private static boolean quotedOrBlock(ScalarNode s) {
    return s.getScalarStyle() != ScalarStyle.PLAIN;
  }

  private boolean isNull(Node n) {
    return n instanceof ScalarNode s && resolveScalar(s).isNull();
  }

  private void typeError(Node node, String path, String expected) {
    String where = path.isEmpty() ? "the document" : path;
    errors.add(
        fileName + ":" + line(node) + ": " + where + " must be " + expected + ", got "
            + describe(node));
  }

  private String describe(Node node) {
    if (node instanceof MappingNode) {
      return "a mapping";
    }
    if (node instanceof SequenceNode) {
      return "a list";
    }
    ScalarNode s = (ScalarNode) node;
    Resolved r = resolveScalar(s);
    String kind =
        switch (r.tag()) {
          case GoYamlScalar.STR -> "string";
          case GoYamlScalar.BOOL -> "boolean";
          case GoYamlScalar.INT -> "integer";
          case GoYamlScalar.FLOAT -> "float";
          case GoYamlScalar.TIMESTAMP -> "timestamp";
          case GoYamlScalar.BINARY -> "binary";
          case GoYamlScalar.NULL -> "null";
          default -> r.tag();
        };
    return kind + " " + quote(s.getValue());
  }

  private static String describeKey(Node k) {
    return k instanceof ScalarNode s ? quote(s.getValue()) : "(" + k.getNodeId() + ")";
  }

  private static String quote(String v) {
    String shown = v.length() > 40 ? v.substring(0, 37) + "..." : v;
    StringBuilder b = new StringBuilder("\"");
    for (char c : shown.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        b.append(String.format("\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }

  private static int line(Node n) {
    return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  // ---- builders -----------------------------------------------------------------------------

  private static final class ConfigBuilder {
    List<OuEntry> ous = List.of();
    NodeOusBuilder nodeOus;
    boolean nullEntry;

    Content build() {
      return new Content(
          ous, nodeOus == null ? Optional.empty() : Optional.of(nodeOus.build()));
    }
  }

  private static final class NodeOusBuilder {
    final int line;
    boolean enable;
    OuEntry client;
    OuEntry peer;
    OuEntry admin;
    OuEntry orderer;

    NodeOusBuilder(int line) {
      this.line = line;
    }

    NodeOus build() {
      return new NodeOus(enable, client, peer, admin, orderer, line);
    }
  }

  /** A failure that stops decoding at once (Go panics internally for these). */
  private static final class Fatal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Fatal(String message) {
      super(message, null, false, false);
    }
  }

  /** Leaves every implicit tag open so that the typing above decides, as Go does. */
  private static final class GoTags extends Resolver {
    @Override
    public Tag resolve(NodeId kind, String value, boolean implicit) {
      return switch (kind) {
        case scalar -> IMPLICIT;
        case sequence -> Tag.SEQ;
        default -> Tag.MAP;
      };
    }
  }
}

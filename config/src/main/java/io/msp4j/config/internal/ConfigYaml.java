package io.msp4j.config.internal;

import io.msp4j.config.internal.GoYamlScalar.ResolveException;
import io.msp4j.config.internal.GoYamlScalar.Resolved;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.reader.UnicodeReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads {@code config.yaml} (CFGYAML-01, CFGYAML-02) the way Fabric v3.0 does: Go structs decoded
 * by gopkg.in/yaml.v2 (not in strict mode). SnakeYAML only composes the node tree; the typing is
 * done here, node by node, with the Go library's rules:
 *
 * <ul>
 *   <li>only the first document counts; an empty file is an empty configuration;
 *   <li>keys are case-sensitive, unknown keys are ignored (their values are not looked at);
 *   <li>keys are decoded in document order: a key that appears twice is decoded twice and the
 *       later value wins, except that a repeated mapping for {@code NodeOUs} or an OU identifier
 *       fills the struct the first one created (only the fields it names change);
 *   <li>a merge key ({@code <<}) applies its mapping where it stands, overriding earlier keys;
 *       with a list of mappings the first one wins;
 *   <li>{@code Enable} must be a boolean: {@code true}, {@code yes}, {@code on}, {@code y} (in
 *       their usual capitalisations) and the false spellings, plain or tagged {@code !!bool};
 *       a quoted {@code "true"} or {@code "yes"}, {@code 1} or {@code !!str true} is an error;
 *       null makes it false;
 *   <li>string fields take the text of any scalar (numbers, booleans); null leaves them empty; a
 *       list or mapping is an error;
 *   <li>a list where a mapping is expected, or the reverse, is an error; tags on mappings and
 *       lists are ignored.
 * </ul>
 *
 * <p>Fabric v3.1 moved to newer Go YAML libraries (gopkg.in/yaml.v3, from v3.1.5
 * go.yaml.in/yaml/v4), which refuse a duplicated key in any mapping they decode into the
 * configuration (the document, {@code NodeOUs}, each OU identifier; not inside keys Fabric does not
 * read): given a v3.1 release, msp4j refuses it too (REL-YAML-01, {@link DuplicateKeys}). The same
 * libraries also apply merge keys after the explicit ones and accept a quoted {@code "yes"} for a
 * boolean; there msp4j still follows v3.0.
 */
public final class ConfigYaml {

  /** Nesting deeper than this is rejected (Go accepts deeper; no real config.yaml comes close). */
  private static final int MAX_NESTING = YamlLimits.MAX_NESTING;

  /** Merged mappings allowed per document before it counts as excessive aliasing. */
  private static final int MAX_MERGES = 10_000;

  /** The tag GoTags gives every scalar: "no explicit tag". */
  public static final Tag IMPLICIT = new Tag("tag:msp4j.io,2024:implicit");

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
  private final FabricRelease release;
  private final List<String> errors = new ArrayList<>();
  /** The document's keys, when duplicated keys are refused (v3.1); null otherwise. */
  private DuplicateKeys keys;
  private boolean duplicated;
  /** Mappings being merged, each with the struct (named by its fields) it is merged into. */
  private final Set<List<Object>> mergeActive = new HashSet<>();
  private int merges;

  private ConfigYaml(String fileName, FabricRelease release) {
    this.fileName = fileName;
    this.release = release;
  }

  /**
   * Decodes the content of a config.yaml.
   *
   * @param fileName the name used in messages (such as {@code config.yaml})
   * @throws MspSetupException CONFIG_YAML_INVALID, naming the line, when the YAML is malformed or a
   *     value has the wrong type
   */
  public static Content parse(byte[] content, String fileName) {
    return parse(content, fileName, FabricRelease.V3_0_0);
  }

  /**
   * Decodes the content of a config.yaml as Fabric {@code release} does: as {@link #parse(byte[],
   * String)} (Fabric v3.0.0) for v2.5 and v3.0; for v3.1 a duplicated key is refused as well.
   *
   * @throws MspSetupException CONFIG_YAML_INVALID, naming the line, when the YAML is malformed, a
   *     value has the wrong type, or (v3.1, rule REL-YAML-01) a key is duplicated
   */
  public static Content parse(byte[] content, String fileName, FabricRelease release) {
    return new ConfigYaml(fileName, release).decode(content);
  }

  private Content decode(byte[] content) {
    if (content.length > YamlLimits.MAX_CONFIG_YAML_BYTES) {
      throw new MspSetupException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE, fileName + ": is "
          + content.length + " bytes, more than the limit of " + YamlLimits.MAX_CONFIG_YAML_BYTES
          + " for a config.yaml (which holds a few OU identifiers)");
    }
    Node root = compose(content);
    if (DuplicateKeys.refusedBy(release)) {
      keys = DuplicateKeys.of(root);
    }
    ConfigBuilder config = new ConfigBuilder();
    try {
      if (root != null) {
        constructRoot(root, config);
        checkNilEntries(config);
      }
    } catch (Fatal f) {
      if (f.limit) {
        throw new MspSetupException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE, f.getMessage());
      }
      errors.add(f.getMessage());
    }
    if (!errors.isEmpty()) {
      throw new MspSetupException(
          Reason.CONFIG_YAML_INVALID,
          duplicated ? "REL-YAML-01" : config.nullEntry ? "CFGYAML-02" : "CFGYAML-01",
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
    // Go accepts any tag; nothing is constructed from tags here, only nodes are composed.
    options.setTagInspector(tag -> true);
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
          new Composer(
              new NonSpecificTags(new ParserImpl(new StreamReader(text), options)),
              new GoTags(),
              options);
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
      if (YamlLimits.isLimit(e)) {
        throw new MspSetupException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE,
            fileName + ": refused: " + oneLine(String.valueOf(e.getMessage())), e);
      }
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
  //
  // Go decodes into a Configuration struct whose NodeOUs and list entries are pointers to
  // structs. The builders below stand for those structs; a null builder is a nil pointer.

  private void constructRoot(Node root, ConfigBuilder config) {
    if (root instanceof MappingNode m) {
      struct(m, "", rootFields(config));
      return;
    }
    if (root instanceof ScalarNode s && resolveScalar(s).isNull()) {
      return;
    }
    typeError(root, "", "a mapping");
  }

  private Map<String, BiConsumer<Node, String>> rootFields(ConfigBuilder config) {
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("OrganizationalUnitIdentifiers", (v, p) -> constructOuList(v, p, config));
    fields.put("NodeOUs", (v, p) -> config.nodeOus = constructNodeOus(v, p, config.nodeOus));
    return fields;
  }

  /** A slice of pointers: a null node clears it, a list replaces it entirely. */
  private void constructOuList(Node node, String path, ConfigBuilder config) {
    if (node instanceof ScalarNode s) {
      if (resolveScalar(s).isNull()) {
        config.ous = new ArrayList<>();
        return;
      }
      typeError(node, path, "a list");
      return;
    }
    if (!(node instanceof SequenceNode seq)) {
      typeError(node, path, "a list");
      return;
    }
    List<OuBuilder> list = new ArrayList<>();
    int i = 0;
    for (Node item : seq.getValue()) {
      if (item instanceof ScalarNode s && nilPointer(s) && resolveScalar(s).isNull()) {
        // Go keeps a nil entry, which Fabric's folder reader then cannot use.
        list.add(OuBuilder.nil(line(item)));
      } else {
        OuBuilder e = constructOuEntry(item, path + "[" + i + "]", null);
        if (e != null) {
          list.add(e);
        }
      }
      i++;
    }
    config.ous = list;
  }

  /** A nil entry left in the final list is an error (Fabric fails on it). */
  private void checkNilEntries(ConfigBuilder config) {
    for (int i = 0; i < config.ous.size(); i++) {
      OuBuilder e = config.ous.get(i);
      if (e.nil) {
        config.nullEntry = true;
        errors.add(
            fileName + ":" + e.line + ": OrganizationalUnitIdentifiers[" + i
                + "] is empty; each entry needs Certificate and OrganizationalUnitIdentifier");
      }
    }
  }

  private NodeOusBuilder constructNodeOus(Node node, String path, NodeOusBuilder current) {
    if (node instanceof ScalarNode s) {
      boolean nil = nilPointer(s);
      if (resolveScalar(s).isNull()) {
        if (nil) {
          return null;
        }
        NodeOusBuilder zeroed = new NodeOusBuilder(line(node));
        return zeroed;
      }
      typeError(node, path, "a mapping");
      return current;
    }
    if (!(node instanceof MappingNode m)) {
      typeError(node, path, "a mapping");
      return current;
    }
    NodeOusBuilder b = current != null ? current : new NodeOusBuilder(line(node));
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("Enable", (v, p) -> b.enable = constructBool(v, p, b.enable));
    fields.put("ClientOUIdentifier", (v, p) -> b.client = constructOuEntry(v, p, b.client));
    fields.put("PeerOUIdentifier", (v, p) -> b.peer = constructOuEntry(v, p, b.peer));
    fields.put("AdminOUIdentifier", (v, p) -> b.admin = constructOuEntry(v, p, b.admin));
    fields.put("OrdererOUIdentifier", (v, p) -> b.orderer = constructOuEntry(v, p, b.orderer));
    struct(m, path, fields);
    return b;
  }

  /**
   * A {@code *OrganizationalUnitIdentifiersConfiguration}: null leaves it nil; a mapping fills
   * the existing struct (a repeated key therefore updates only the fields it names).
   */
  private OuBuilder constructOuEntry(Node node, String path, OuBuilder current) {
    if (node instanceof ScalarNode s) {
      boolean nil = nilPointer(s);
      if (resolveScalar(s).isNull()) {
        return nil ? null : new OuBuilder(line(node));
      }
      typeError(node, path, "a mapping");
      return current;
    }
    if (!(node instanceof MappingNode m)) {
      typeError(node, path, "a mapping");
      return current;
    }
    OuBuilder b = current != null ? current : new OuBuilder(line(node));
    Map<String, BiConsumer<Node, String>> fields = new LinkedHashMap<>();
    fields.put("Certificate", (v, p) -> b.certificate = constructString(v, p, b.certificate));
    fields.put(
        "OrganizationalUnitIdentifier", (v, p) -> b.ou = constructString(v, p, b.ou));
    struct(m, path, fields);
    return b;
  }

  /**
   * Go only leaves a pointer nil for {@code null}, {@code ~}, an empty plain scalar or an
   * explicit {@code !!null}; other null spellings ({@code Null}, {@code NULL}) allocate the struct
   * and then zero it.
   */
  private boolean nilPointer(ScalarNode s) {
    String tag = explicitTag(s);
    if (tag != null) {
      return GoYamlScalar.NULL.equals(tag);
    }
    String v = s.getValue();
    return v.equals("null") || v.equals("~") || (v.isEmpty() && !quotedOrBlock(s));
  }

  /** A Go bool: only a scalar that resolves to a boolean, or null (false). */
  private boolean constructBool(Node node, String path, boolean current) {
    if (!(node instanceof ScalarNode s)) {
      typeError(node, path, "a boolean");
      return current;
    }
    Resolved r = resolveScalar(s);
    if (r.isNull()) {
      return false;
    }
    if (r.value() instanceof Boolean b) {
      return b;
    }
    typeError(node, path, "a boolean");
    return current;
  }

  /** A Go string: the text of any scalar (binary decoded), empty for null. */
  private String constructString(Node node, String path, String current) {
    if (!(node instanceof ScalarNode s)) {
      typeError(node, path, "a string");
      return current;
    }
    Resolved r = resolveScalar(s);
    if (r.isNull()) {
      return "";
    }
    if (GoYamlScalar.BINARY.equals(r.tag())) {
      return (String) r.value();
    }
    return s.getValue();
  }

  // ---- Go's struct decoding: keys in order, merge keys where they stand -----------------------

  /**
   * Decodes a mapping into a struct, key by key in document order: a key that appears twice is
   * decoded twice (the later one wins), unknown keys are skipped without looking at their values,
   * and a merge key ({@code <<}) applies its mapping (or its list of mappings, last first) at the
   * place where it stands, so that it overrides the keys before it.
   */
  private void struct(MappingNode node, String path, Map<String, BiConsumer<Node, String>> fields) {
    if (keys != null) {
      List<DuplicateKeys.Duplicate> duplicates = keys.in(node);
      if (!duplicates.isEmpty()) {
        // Go's newer libraries record the error and leave the mapping undecoded.
        duplicated = true;
        errors.add(DuplicateKeys.message(fileName, duplicates, release, "the MSP folder reader"));
        return;
      }
    }
    for (NodeTuple t : node.getValue()) {
      Node k = t.getKeyNode();
      if (isMergeKey(k)) {
        merge(t.getValueNode(), path, fields);
        continue;
      }
      String name = keyName(k, path);
      if (name == null) {
        continue;
      }
      BiConsumer<Node, String> field = fields.get(name);
      if (field != null) {
        field.accept(t.getValueNode(), join(path, name));
      }
    }
  }

  private void merge(Node mergeNode, String path, Map<String, BiConsumer<Node, String>> fields) {
    if (mergeNode instanceof MappingNode m) {
      mergeInto(m, path, fields);
      return;
    }
    if (mergeNode instanceof SequenceNode seq) {
      List<Node> items = seq.getValue();
      for (int i = items.size() - 1; i >= 0; i--) {
        if (!(items.get(i) instanceof MappingNode m)) {
          throw new Fatal(
              fileName + ":" + line(items.get(i))
                  + ": a merge key (<<) needs a mapping or a list of mappings");
        }
        mergeInto(m, path, fields);
      }
      return;
    }
    throw new Fatal(
        fileName + ":" + line(mergeNode)
            + ": a merge key (<<) needs a mapping or a list of mappings");
  }

  /**
   * Decodes a merged mapping. A mapping that merges itself (directly or through others) is an
   * error, as in Go; so is a document whose merges multiply beyond a fixed budget (Go refuses
   * "excessive aliasing" too), which keeps chains of merges from running for ever.
   */
  private void mergeInto(MappingNode m, String path, Map<String, BiConsumer<Node, String>> fields) {
    if (++merges > MAX_MERGES) {
      throw new Fatal(fileName + ": document contains excessive aliasing (more than " + MAX_MERGES
          + " merged mappings)", true);
    }
    List<Object> key = List.of(new Identity(m), fields.keySet());
    if (!mergeActive.add(key)) {
      throw new Fatal(fileName + ":" + line(m) + ": an anchor's value merges itself");
    }
    try {
      struct(m, path, fields);
    } finally {
      mergeActive.remove(key);
    }
  }

  /** The struct field name a key selects, or null when there is none (skipped). */
  private String keyName(Node k, String path) {
    if (!(k instanceof ScalarNode s)) {
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

  /**
   * The explicit tag of a scalar in short form, or null when it has none. Go's decoder ignores
   * the tags of mappings and sequences, so they have none here either.
   */
  private static String explicitTag(Node n) {
    Tag tag = n.getTag();
    if (n.getNodeId() != NodeId.scalar || tag == null || tag.equals(IMPLICIT)) {
      return null;
    }
    return GoYamlScalar.shortTag(tag.getValue());
  }

  private static boolean quotedOrBlock(ScalarNode s) {
    return s.getScalarStyle() != ScalarStyle.PLAIN;
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
    return kind + " " + Quotes.of(s.getValue(), 40);
  }

  private static String describeKey(Node k) {
    return k instanceof ScalarNode s ? Quotes.of(s.getValue(), 40) : "(" + k.getNodeId() + ")";
  }

  private static int line(Node n) {
    return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  // ---- builders -----------------------------------------------------------------------------

  private static final class ConfigBuilder {
    List<OuBuilder> ous = List.of();
    NodeOusBuilder nodeOus;
    boolean nullEntry;

    Content build() {
      List<OuEntry> entries = new ArrayList<>();
      for (OuBuilder b : ous) {
        entries.add(b.build());
      }
      return new Content(
          entries, nodeOus == null ? Optional.empty() : Optional.of(nodeOus.build()));
    }
  }

  /** The NodeOUs struct; its identifiers are null while their pointers are nil. */
  private static final class NodeOusBuilder {
    final int line;
    boolean enable;
    OuBuilder client;
    OuBuilder peer;
    OuBuilder admin;
    OuBuilder orderer;

    NodeOusBuilder(int line) {
      this.line = line;
    }

    NodeOus build() {
      return new NodeOus(
          enable, built(client), built(peer), built(admin), built(orderer), line);
    }

    private static OuEntry built(OuBuilder b) {
      return b == null ? null : b.build();
    }
  }

  /** One {@code {Certificate, OrganizationalUnitIdentifier}} struct. */
  private static final class OuBuilder {
    final int line;
    final boolean nil;
    String certificate = "";
    String ou = "";

    OuBuilder(int line) {
      this(line, false);
    }

    private OuBuilder(int line, boolean nil) {
      this.line = line;
      this.nil = nil;
    }

    /** A nil entry of the list. */
    static OuBuilder nil(int line) {
      return new OuBuilder(line, true);
    }

    OuEntry build() {
      return new OuEntry(certificate, ou, line);
    }
  }

  /** A node compared by identity (the same anchor reached twice is the same node). */
  private record Identity(Node node) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Identity i && i.node == node;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(node);
    }
  }

  /** A failure that stops decoding at once (Go panics internally for these). */
  private static final class Fatal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Whether a limit of msp4j (LIMIT-05) stopped the decoding, rather than the document's content. */
    final boolean limit;

    Fatal(String message) {
      this(message, false);
    }

    Fatal(String message, boolean limit) {
      super(message, null, false, false);
      this.limit = limit;
    }
  }

  /**
   * Keeps the non-specific tag {@code !} of a scalar visible: SnakeYAML would resolve such a
   * scalar like an untagged one, while Go keeps {@code !} as its tag, which makes the scalar a
   * string that no boolean field accepts.
   */
  public static final class NonSpecificTags implements Parser {
    private final Parser delegate;

    public NonSpecificTags(Parser delegate) {
      this.delegate = delegate;
    }

    @Override
    public boolean checkEvent(Event.ID choice) {
      return delegate.checkEvent(choice);
    }

    @Override
    public Event peekEvent() {
      return rewrite(delegate.peekEvent());
    }

    @Override
    public Event getEvent() {
      return rewrite(delegate.getEvent());
    }

    private static Event rewrite(Event e) {
      if (e instanceof ScalarEvent s && "!".equals(s.getTag())) {
        return new ScalarEvent(
            s.getAnchor(),
            GoYamlScalar.NON_SPECIFIC,
            s.getImplicit(),
            s.getValue(),
            s.getStartMark(),
            s.getEndMark(),
            s.getScalarStyle());
      }
      return e;
    }
  }

  /** Leaves every implicit tag open so that the typing above decides, as Go does. */
  public static final class GoTags extends Resolver {
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

package io.msp4j.config.internal;

import io.msp4j.core.FabricRelease;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Duplicated mapping keys as Fabric v3.1's Go YAML libraries find them (REL-YAML-01). From v3.1.0
 * Fabric reads configtx.yaml and config.yaml with gopkg.in/yaml.v3, from v3.1.5 with
 * go.yaml.in/yaml/v4; both refuse a mapping in which two keys are the same kind of node with the
 * same text ("mapping key ... already defined at line ..."), where gopkg.in/yaml.v2 (v2.5, v3.0)
 * let the later one win. "The same text" is the parsed text of a scalar ({@code a}, {@code "a"}
 * and {@code !!str a} are one key; {@code 1} and {@code 01} are two), the anchor name of an
 * alias, and nothing at all for a mapping or a list used as a key (two such keys always clash).
 *
 * <p>SnakeYAML composes an alias as the node it names; an instance remembers, in document order,
 * which key occurrences were aliases, so that {@code *a} and a plain {@code a} stay apart.
 */
public final class DuplicateKeys {

  /** A key written again in the same mapping: its text, its line and the line it first had. */
  public record Duplicate(String key, int line, int firstLine) {}

  private final Set<NodeTuple> aliasKeys;

  private DuplicateKeys(Set<NodeTuple> aliasKeys) {
    this.aliasKeys = aliasKeys;
  }

  /** Whether {@code release} refuses duplicated keys: every v3.1 release. */
  public static boolean refusedBy(FabricRelease release) {
    return release.line() == FabricRelease.Line.V3_1;
  }

  /** The Go YAML library {@code release} reads configtx.yaml and config.yaml with. */
  public static String library(FabricRelease release) {
    if (!refusedBy(release)) {
      return "gopkg.in/yaml.v2";
    }
    return release.patch() >= 5 ? "go.yaml.in/yaml/v4" : "gopkg.in/yaml.v3";
  }

  /**
   * The message for {@code duplicates} of {@code fileName}, one entry per key, such as {@code
   * configtx.yaml:12: key "Name" is already defined at line 9}, then what the release does.
   */
  public static String message(
      String fileName, List<Duplicate> duplicates, FabricRelease release, String reader) {
    StringBuilder b = new StringBuilder();
    for (Duplicate d : duplicates) {
      b.append(b.length() == 0 ? "" : "; ").append(fileName).append(':').append(d.line())
          .append(": key ").append(Quotes.of(d.key())).append(" is already defined at line ")
          .append(d.firstLine());
    }
    return b.append(" (").append(reader).append(" of Fabric ").append(release).append(" reads it with ")
        .append(library(release)).append(", which refuses a duplicated key; v3.0 and v2.5 keep the"
            + " last value)").toString();
  }

  /** The key occurrences of a composed document, with aliases told apart from their anchors. */
  public static DuplicateKeys of(Node root) {
    Set<NodeTuple> aliases = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    // Depth first in document order (a key before its value); a node met again is an alias
    // (anchors come before their aliases) and is not walked again.
    List<Object[]> stack = new ArrayList<>();
    if (root != null) {
      stack.add(new Object[] {root, null});
    }
    while (!stack.isEmpty()) {
      Object[] frame = stack.remove(stack.size() - 1);
      Node n = (Node) frame[0];
      if (!seen.add(n)) {
        if (frame[1] != null) {
          aliases.add((NodeTuple) frame[1]);
        }
        continue;
      }
      List<Object[]> children = new ArrayList<>();
      if (n instanceof MappingNode m) {
        for (NodeTuple t : m.getValue()) {
          children.add(new Object[] {t.getKeyNode(), t});
          children.add(new Object[] {t.getValueNode(), null});
        }
      } else if (n instanceof SequenceNode sq) {
        for (Node c : sq.getValue()) {
          children.add(new Object[] {c, null});
        }
      }
      for (int i = children.size() - 1; i >= 0; i--) {
        stack.add(children.get(i));
      }
    }
    return new DuplicateKeys(aliases);
  }

  /** The keys of {@code mapping} that repeat an earlier one, in the order Go reports them. */
  public List<Duplicate> in(MappingNode mapping) {
    List<NodeTuple> tuples = mapping.getValue();
    List<Duplicate> out = new ArrayList<>();
    for (int i = 0; i < tuples.size(); i++) {
      Object ki = identity(tuples.get(i));
      for (int j = i + 1; j < tuples.size(); j++) {
        if (ki.equals(identity(tuples.get(j)))) {
          out.add(new Duplicate(text(tuples.get(j)), line(tuples.get(j).getKeyNode()),
              line(tuples.get(i).getKeyNode())));
        }
      }
    }
    return out;
  }

  /** Every duplicated key of every mapping of the document, in document order. */
  public static List<Duplicate> everywhere(Node root) {
    DuplicateKeys keys = of(root);
    List<Duplicate> out = new ArrayList<>();
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Node> stack = new ArrayList<>();
    if (root != null) {
      stack.add(root);
    }
    while (!stack.isEmpty()) {
      Node n = stack.remove(stack.size() - 1);
      if (!seen.add(n)) {
        continue;
      }
      List<Node> children = new ArrayList<>();
      if (n instanceof MappingNode m) {
        out.addAll(keys.in(m));
        for (NodeTuple t : m.getValue()) {
          children.add(t.getKeyNode());
          children.add(t.getValueNode());
        }
      } else if (n instanceof SequenceNode s) {
        children.addAll(s.getValue());
      }
      for (int i = children.size() - 1; i >= 0; i--) {
        stack.add(children.get(i));
      }
    }
    out.sort(java.util.Comparator.comparingInt(Duplicate::line));
    return out;
  }

  /** What Go compares: the node's kind and its text (an alias's anchor name). */
  private Object identity(NodeTuple t) {
    Node k = t.getKeyNode();
    if (aliasKeys.contains(t)) {
      return List.of("alias", Objects.toString(k.getAnchor(), ""));
    }
    if (k instanceof ScalarNode s) {
      return List.of("scalar", s.getValue());
    }
    return List.of(k instanceof MappingNode ? "mapping" : "sequence", "");
  }

  private String text(NodeTuple t) {
    Node k = t.getKeyNode();
    if (aliasKeys.contains(t)) {
      return "*" + k.getAnchor();
    }
    return k instanceof ScalarNode s ? s.getValue() : k instanceof MappingNode ? "{...}" : "[...]";
  }

  private static int line(Node n) {
    return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
  }
}

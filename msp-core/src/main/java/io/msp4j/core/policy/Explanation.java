package io.msp4j.core.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Why a policy evaluation came out as it did, as a tree: one node per policy, gate, principal and
 * signature, each with a kind, its verdict, a one-line summary, details and children. {@link
 * #toMap()} gives the tree as plain maps, lists, strings, integers and booleans (ready for a JSON
 * writer); {@link #toText()} as indented lines.
 *
 * <p>Kinds: {@code signature-policy}, {@code signatures} and {@code signature} (what became of
 * each signed-data element: {@code kept}, {@code undeserializable}, {@code duplicate} or {@code
 * signature-invalid}), {@code identities}, {@code n-out-of}, {@code signed-by} (which signers were
 * tried against the principal, which were skipped because an earlier rule consumed them, which one
 * it consumed), {@code implicit-meta}, {@code missing-policy} and {@code truncated} (gates nested
 * too deeply to show).
 */
public final class Explanation {
  private final String kind;
  private final boolean satisfied;
  private final String summary;
  private final Map<String, Object> details;
  private final List<Explanation> children;

  Explanation(
      String kind, boolean satisfied, String summary, Map<String, Object> details, List<Explanation> children) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.satisfied = satisfied;
    this.summary = Objects.requireNonNull(summary, "summary");
    @SuppressWarnings("unchecked")
    Map<String, Object> frozen = (Map<String, Object>) freeze(details);
    this.details = frozen;
    this.children = List.copyOf(children);
  }

  /** What this node is about, such as {@code signed-by}. */
  public String kind() {
    return kind;
  }

  /** Whether this part was satisfied (for a signature: whether it was kept). */
  public boolean satisfied() {
    return satisfied;
  }

  /** One line for people. */
  public String summary() {
    return summary;
  }

  /**
   * The facts of this node by name (plain strings, integers, booleans, and lists and maps of
   * them), such as {@code principal}, {@code signer}, {@code reason}, {@code rule}; unmodifiable.
   */
  public Map<String, Object> details() {
    return details;
  }

  /** The nodes below this one, in evaluation order. */
  public List<Explanation> children() {
    return children;
  }

  /**
   * The tree as plain values: a map with {@code kind}, {@code satisfied}, {@code summary}, the
   * details, and {@code children} (a list of such maps) when there are children. The maps keep
   * their order and may be modified by the caller.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind);
    m.put("satisfied", satisfied);
    m.put("summary", summary);
    for (Map.Entry<String, Object> e : details.entrySet()) {
      m.put(e.getKey(), thaw(e.getValue()));
    }
    if (!children.isEmpty()) {
      List<Object> list = new ArrayList<>(children.size());
      for (Explanation c : children) {
        list.add(c.toMap());
      }
      m.put("children", list);
    }
    return m;
  }

  /** An unmodifiable deep copy of a detail value. */
  private static Object freeze(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, freeze(v)));
      return Collections.unmodifiableMap(copy);
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(v -> copy.add(freeze(v)));
      return Collections.unmodifiableList(copy);
    }
    return value;
  }

  /** A modifiable deep copy of a detail value, for {@link #toMap()}. */
  private static Object thaw(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, thaw(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(v -> copy.add(thaw(v)));
      return copy;
    }
    return value;
  }

  /** The tree as text: one line per node, {@code [ok]} or {@code [no]} and the summary, indented by depth. */
  public String toText() {
    StringBuilder b = new StringBuilder();
    appendText(b, 0);
    return b.toString();
  }

  private void appendText(StringBuilder b, int depth) {
    b.append("  ".repeat(depth)).append(satisfied ? "[ok] " : "[no] ").append(summary).append('\n');
    for (Explanation c : children) {
      c.appendText(b, depth + 1);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Explanation other
        && kind.equals(other.kind)
        && satisfied == other.satisfied
        && summary.equals(other.summary)
        && details.equals(other.details)
        && children.equals(other.children);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, satisfied, summary, details, children);
  }

  @Override
  public String toString() {
    return toText();
  }
}

package io.msp4j.cli;

import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.CrlInfo;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.OuBinding;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Graphviz picture of one or more MSPs: certificates as boxes below their issuers, CRLs as
 * notes below the CA that signed them, OU bindings as ellipses below the CA they name. Red
 * for revoked or expired, orange for expiring, grey and dashed for unused. Render it with
 * {@code dot -Tsvg}.
 */
final class InspectDot {
  private final StringBuilder out = new StringBuilder();
  private final Map<String, String> nodeIds = new HashMap<>();
  private int next;

  private InspectDot() {}

  /** The whole graph for these inspections, one cluster each. */
  static String render(List<MspInspection> inspections) {
    InspectDot d = new InspectDot();
    d.out.append("digraph msp {\n");
    d.out.append("  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=11];\n");
    d.out.append("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n");
    d.out.append("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (int i = 0; i < inspections.size(); i++) {
      d.cluster(i, inspections.get(i));
    }
    d.out.append("}\n");
    return d.out.toString();
  }

  private void cluster(int index, MspInspection m) {
    String scope = "m" + index + "_";
    out.append("  subgraph cluster_").append(index).append(" {\n");
    out.append("    label=").append(quote(m.mspId())).append(";\n");
    List.of(m.identityCas(), m.tlsCas(), m.unplaced()).forEach(l -> l.forEach(n -> node(scope, n, null)));
    int k = 0;
    for (CrlInfo c : m.crls()) {
      String id = scope + "crl" + k++;
      out.append("    ").append(id).append(" [shape=note, style=\"\", label=")
          .append(quote("CRL " + c.source() + "\n" + c.entries() + (c.entries() == 1 ? " entry" : " entries")
              + c.nextUpdate().map(t -> "\nnext update " + date(t)).orElse("")))
          .append(c.has(Mark.EXPIRED) ? ", color=red" : c.has(Mark.EXPIRING) ? ", color=orange" : "")
          .append("];\n");
      c.issuerSource().map(s -> nodeIds.get(scope + s)).ifPresent(ca ->
          out.append("    ").append(ca).append(" -> ").append(id).append(" [style=dashed, label=\"signs\"];\n"));
    }
    k = 0;
    for (OuBinding b : concat(m.ouIdentifiers(), m.nodeOus())) {
      String id = scope + "ou" + k++;
      out.append("    ").append(id).append(" [shape=ellipse, style=\"\", label=")
          .append(quote((b.isNodeOu() ? "NodeOU " + b.kind() : "OU identifier") + "\nOU=" + b.ou()))
          .append(b.problem().isPresent() ? ", color=red" : "").append("];\n");
      b.certifierSource().map(s -> nodeIds.get(scope + s)).ifPresent(ca ->
          out.append("    ").append(ca).append(" -> ").append(id).append(" [style=dotted, label=\"certifies\"];\n"));
    }
    out.append("  }\n");
  }

  private void node(String scope, CertificateNode n, String parent) {
    String id = scope + "c" + next++;
    nodeIds.putIfAbsent(scope + n.source(), id);
    StringBuilder label = new StringBuilder(n.role().label()).append('\n').append(n.subject())
        .append('\n').append(n.source()).append("\nexpires ").append(date(n.notAfter()));
    n.revokedBy().ifPresent(crl -> label.append("\nREVOKED by ").append(crl));
    if (n.has(Mark.UNUSED)) {
      label.append("\nunused");
    }
    out.append("    ").append(id).append(" [label=").append(quote(label.toString()))
        .append(style(n)).append("];\n");
    if (parent != null) {
      out.append("    ").append(parent).append(" -> ").append(id).append(";\n");
    }
    for (CertificateNode child : n.children()) {
      node(scope, child, id);
    }
  }

  private static String style(CertificateNode n) {
    if (n.has(Mark.REVOKED) || n.has(Mark.EXPIRED)) {
      return ", color=red, fontcolor=red";
    }
    if (n.has(Mark.EXPIRING)) {
      return ", color=orange";
    }
    if (n.has(Mark.UNUSED)) {
      return ", color=gray, fontcolor=gray, style=\"rounded,dashed\"";
    }
    return "";
  }

  private static String date(java.time.Instant t) {
    return LocalDate.ofInstant(t, ZoneOffset.UTC).toString();
  }

  /** A DOT quoted string: backslash and double quote escaped, newlines as centred line breaks. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> { }
        default -> sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new java.util.ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}

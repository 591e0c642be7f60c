package io.msp4j.cli;

import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.CrlInfo;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.OuBinding;
import java.util.List;
import java.util.StringJoiner;

/** The readable tree {@code msp inspect} prints. */
final class InspectText {
  private final StringBuilder out = new StringBuilder();

  private InspectText() {}

  static String render(String where, MspInspection m, SetupVerdict setup) {
    InspectText t = new InspectText();
    t.line("MSP " + m.mspId() + (where.equals(m.mspId()) ? "" : "  (" + where + ")"));
    t.line(setup.text());
    t.line("marks as of " + m.at().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
        + "; EXPIRING means within "
        + DurationConverter.text(m.expiryWindow()));
    t.section("identity CAs", m.identityCas());
    t.section("TLS CAs", m.tlsCas());
    t.section("not issued by a CA of this MSP", m.unplaced());
    t.bindings("OU identifiers", m.ouIdentifiers());
    if (!m.nodeOus().isEmpty() || m.nodeOusEnabled()) {
      t.bindings("NodeOUs (" + (m.nodeOusEnabled() ? "enabled" : "disabled") + ")", m.nodeOus());
    }
    t.crls(m.crls());
    if (!m.problems().isEmpty()) {
      t.line("");
      t.line("entries that are not certificates");
      m.problems().forEach(p -> t.line("    " + p));
    }
    return t.out.toString();
  }

  private void section(String title, List<CertificateNode> nodes) {
    if (nodes.isEmpty()) {
      return;
    }
    line("");
    line(title);
    for (int i = 0; i < nodes.size(); i++) {
      node(nodes.get(i), "", i == nodes.size() - 1);
    }
  }

  private void node(CertificateNode n, String prefix, boolean last) {
    line(prefix + (last ? "└── " : "├── ") + n.role().label() + "  " + n.source() + marks(n));
    String inner = prefix + (last ? "    " : "│   ");
    String detail = inner + (n.children().isEmpty() ? "    " : "│   ");
    line(detail + n.subject());
    line(detail + "serial " + n.serialHex() + "  " + n.keyType() + "  " + n.notBefore() + " to "
        + n.notAfter() + " (" + days(n.daysLeft(), n.has(Mark.EXPIRED)) + ")");
    for (int i = 0; i < n.children().size(); i++) {
      node(n.children().get(i), inner, i == n.children().size() - 1);
    }
  }

  private void bindings(String title, List<OuBinding> list) {
    if (list.isEmpty() && title.startsWith("OU")) {
      return;
    }
    line("");
    line(title);
    for (OuBinding b : list) {
      StringBuilder sb = new StringBuilder("    ");
      if (b.isNodeOu()) {
        sb.append(String.format("%-9s", b.kind()));
      }
      sb.append(String.format("%-16s", "OU \"" + b.ou() + "\"")).append("  ");
      sb.append(b.certifierSource().map(s -> "certified by " + s)
          .orElse(b.problem().isPresent() ? "" : "any CA of this MSP"));
      sb.append("  from ").append(b.source());
      b.problem().ifPresent(p -> sb.append("  PROBLEM ").append(p));
      line(sb.toString());
    }
  }

  private void crls(List<CrlInfo> crls) {
    if (crls.isEmpty()) {
      return;
    }
    line("");
    line("CRLs");
    for (CrlInfo c : crls) {
      StringJoiner marks = new StringJoiner("");
      if (c.has(Mark.EXPIRED)) {
        marks.add("  [NEXT UPDATE PASSED]");
      }
      if (c.has(Mark.EXPIRING)) {
        marks.add("  [NEXT UPDATE DUE " + days(c.daysLeft().orElse(0L), false) + "]");
      }
      line("    " + c.source() + "  issued by "
          + c.issuerSource().orElse(c.issuer().isEmpty() ? "?" : c.issuer()) + marks);
      line("        " + c.entries() + (c.entries() == 1 ? " entry" : " entries")
          + c.thisUpdate().map(t -> ", this update " + t).orElse("")
          + c.nextUpdate().map(t -> ", next update " + t + " ("
              + days(c.daysLeft().orElse(0L), c.has(Mark.EXPIRED)) + ")")
              .orElse(", no next update"));
      c.problems().forEach(p -> line("        PROBLEM " + p));
    }
  }

  private static String marks(CertificateNode n) {
    StringBuilder sb = new StringBuilder();
    if (n.has(Mark.REVOKED)) {
      sb.append("  [REVOKED by ").append(n.revokedBy().orElse("?")).append(']');
    }
    if (n.has(Mark.EXPIRED)) {
      sb.append("  [EXPIRED]");
    }
    if (n.has(Mark.EXPIRING)) {
      sb.append("  [EXPIRING ").append(days(n.daysLeft(), false)).append(']');
    }
    if (n.has(Mark.NOT_YET_VALID)) {
      sb.append("  [NOT YET VALID]");
    }
    if (n.has(Mark.UNUSED)) {
      sb.append("  [UNUSED]");
    }
    return sb.toString();
  }

  /** "in 12 days", "in 1 day", "in less than a day", "less than a day ago", "3 days ago". */
  static String days(long daysLeft, boolean passed) {
    if (daysLeft == 0) {
      return passed ? "less than a day ago" : "in less than a day";
    }
    long n = Math.abs(daysLeft);
    String count = n + (n == 1 ? " day" : " days");
    return daysLeft > 0 ? "in " + count : count + " ago";
  }

  private void line(String s) {
    out.append(s).append('\n');
  }
}

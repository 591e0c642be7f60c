package io.msp4j.config.fuzz;

import io.msp4j.config.internal.ConfigYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Writes a decoded config.yaml back as YAML, every string double-quoted with escapes. */
final class YamlWriter {
  private YamlWriter() {}

  static String write(ConfigYaml.Content c) {
    StringBuilder b = new StringBuilder();
    b.append("OrganizationalUnitIdentifiers:");
    if (c.organizationalUnitIdentifiers().isEmpty()) {
      b.append(" []\n");
    } else {
      b.append('\n');
      for (ConfigYaml.OuEntry e : c.organizationalUnitIdentifiers()) {
        b.append("  - ").append(entry(e)).append('\n');
      }
    }
    c.nodeOus().ifPresent(n -> {
      b.append("NodeOUs:\n  Enable: ").append(n.enable()).append('\n');
      field(b, "ClientOUIdentifier", n.client());
      field(b, "PeerOUIdentifier", n.peer());
      field(b, "AdminOUIdentifier", n.admin());
      field(b, "OrdererOUIdentifier", n.orderer());
    });
    return b.toString();
  }

  private static void field(StringBuilder b, String name, ConfigYaml.OuEntry e) {
    if (e != null) {
      b.append("  ").append(name).append(": ").append(entry(e)).append('\n');
    }
  }

  private static String entry(ConfigYaml.OuEntry e) {
    List<String> parts = new ArrayList<>();
    if (e.certificate() != null) {
      parts.add("Certificate: " + quote(e.certificate()));
    }
    if (e.organizationalUnitIdentifier() != null) {
      parts.add("OrganizationalUnitIdentifier: " + quote(e.organizationalUnitIdentifier()));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp == '"' || cp == '\\') {
        b.append('\\').appendCodePoint(cp);
      } else if (cp >= 0x20 && cp < 0x7f) {
        b.appendCodePoint(cp);
      } else if (cp <= 0xffff) {
        b.append(String.format("\\u%04x", cp));
      } else {
        b.append(String.format("\\U%08x", cp));
      }
    });
    return b.append('"').toString();
  }

  /** The content with every line number zeroed, for comparison. */
  static ConfigYaml.Content withoutLines(ConfigYaml.Content c) {
    List<ConfigYaml.OuEntry> ous = new ArrayList<>();
    for (ConfigYaml.OuEntry e : c.organizationalUnitIdentifiers()) {
      ous.add(noLine(e));
    }
    Optional<ConfigYaml.NodeOus> n = c.nodeOus().map(x -> new ConfigYaml.NodeOus(
        x.enable(), noLine(x.client()), noLine(x.peer()), noLine(x.admin()), noLine(x.orderer()), 0));
    return new ConfigYaml.Content(ous, n);
  }

  private static ConfigYaml.OuEntry noLine(ConfigYaml.OuEntry e) {
    return e == null ? null : new ConfigYaml.OuEntry(e.certificate(), e.organizationalUnitIdentifier(), 0);
  }
}

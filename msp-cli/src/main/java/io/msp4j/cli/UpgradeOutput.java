package io.msp4j.cli;

import io.msp4j.core.CertificateRef;
import io.msp4j.x509.inspect.ReleaseUpgrade;
import io.msp4j.x509.inspect.UpgradeFinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How {@code msp inspect} writes the upgrade check (between two Fabric releases) of one MSP. */
final class UpgradeOutput {
  private UpgradeOutput() {}

  /** The upgrade section of the text, ending with a newline. */
  static String text(ReleaseUpgrade u) {
    String head = "upgrade from Fabric v" + u.from() + " to v" + u.to();
    if (!u.applicable()) {
      return head + ": not applicable, MSP version " + u.version().label()
          + " does not exist in Fabric v" + (u.from().supports(u.version()) ? u.to() : u.from())
          + " [DELTA25-01]\n";
    }
    head += " at MSP version " + u.version().label();
    if (u.findings().isEmpty()) {
      return head + ": no verdict changes\n";
    }
    StringBuilder out = new StringBuilder(head + ": " + u.findings().size()
        + (u.findings().size() == 1 ? " verdict changes" : " verdicts change") + "\n");
    for (UpgradeFinding f : u.findings()) {
      out.append("    ").append(f.change().label()).append("  ").append(f.entry())
          .append(f.certificate().map(c -> "  " + c.subject()).orElse(""))
          .append("  [").append(f.rule()).append(' ').append(f.deltaRule()).append("] ")
          .append(f.message()).append('\n');
    }
    return out.toString();
  }

  /** The {@code upgrade} list of the JSON: one object per finding. */
  static List<Object> json(ReleaseUpgrade u) {
    List<Object> out = new ArrayList<>();
    for (UpgradeFinding f : u.findings()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("change", f.change().label());
      o.put("breaks", f.change().breaks());
      o.put("entry", f.entry());
      o.put("certificate", f.certificate().map(UpgradeOutput::certificate).orElse(null));
      o.put("reason", f.reason().name());
      o.put("rule", f.rule());
      o.put("delta_rule", f.deltaRule());
      o.put("message", f.message());
      out.add(o);
    }
    return out;
  }

  private static Map<String, Object> certificate(CertificateRef c) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("subject", c.subject());
    o.put("serial", c.serialHex());
    o.put("issuer", c.issuer());
    return o;
  }
}

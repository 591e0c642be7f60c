package io.msp4j.cli;

import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.CrlInfo;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.OuBinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The JSON object {@code msp inspect --json} prints for one MSP (see the README for fields). */
final class InspectJson {
  private InspectJson() {}

  static Map<String, Object> of(String where, MspInspection m, SetupVerdict setup) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("msp_id", m.mspId());
    o.put("source", where);
    o.put("at", m.at().toString());
    o.put("expiry_window", DurationConverter.text(m.expiryWindow()));
    o.put("setup", setup.json());
    o.put("identity_cas", nodes(m.identityCas()));
    o.put("tls_cas", nodes(m.tlsCas()));
    o.put("unplaced", nodes(m.unplaced()));
    o.put("ou_identifiers", bindings(m.ouIdentifiers()));
    Map<String, Object> nodeOus = new LinkedHashMap<>();
    nodeOus.put("enabled", m.nodeOusEnabled());
    nodeOus.put("identifiers", bindings(m.nodeOus()));
    o.put("node_ous", nodeOus);
    List<Object> crls = new ArrayList<>();
    m.crls().forEach(c -> crls.add(crl(c)));
    o.put("crls", crls);
    o.put("problems", m.problems());
    return o;
  }

  private static List<Object> nodes(List<CertificateNode> nodes) {
    List<Object> out = new ArrayList<>();
    for (CertificateNode n : nodes) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("role", n.role().name().toLowerCase(Locale.ROOT));
      o.put("source", n.source());
      o.put("subject", n.subject());
      o.put("issuer", n.issuer());
      o.put("serial", n.serialHex());
      o.put("key_type", n.keyType());
      o.put("not_before", n.notBefore().toString());
      o.put("not_after", n.notAfter().toString());
      o.put("days_left", n.daysLeft());
      o.put("marks", marks(n.marks()));
      o.put("revoked_by", n.revokedBy().orElse(null));
      o.put("children", nodes(n.children()));
      out.add(o);
    }
    return out;
  }

  private static List<Object> bindings(List<OuBinding> list) {
    List<Object> out = new ArrayList<>();
    for (OuBinding b : list) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("kind", b.kind());
      o.put("ou", b.ou());
      o.put("source", b.source());
      o.put("certifier", b.certifierSource().orElse(null));
      o.put("problem", b.problem().orElse(null));
      out.add(o);
    }
    return out;
  }

  private static Map<String, Object> crl(CrlInfo c) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("source", c.source());
    o.put("issuer", c.issuer());
    o.put("issuer_source", c.issuerSource().orElse(null));
    o.put("entries", c.entries());
    o.put("this_update", c.thisUpdate().map(Object::toString).orElse(null));
    o.put("next_update", c.nextUpdate().map(Object::toString).orElse(null));
    o.put("days_left", c.daysLeft().orElse(null));
    o.put("marks", marks(c.marks()));
    o.put("problems", c.problems());
    return o;
  }

  private static List<Object> marks(Set<Mark> marks) {
    List<Object> out = new ArrayList<>();
    marks.forEach(k -> out.add(k.name().toLowerCase(Locale.ROOT)));
    return out;
  }
}

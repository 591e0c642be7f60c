package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.BasicConstraintsSpec;
import io.msp4j.testdata.cryptogen.CaSpec;
import io.msp4j.testdata.cryptogen.CertOptions;
import io.msp4j.testdata.cryptogen.CrlSpec;
import io.msp4j.testdata.cryptogen.CryptoSpec;
import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.NameConstraintsSpec;
import io.msp4j.testdata.cryptogen.NodeSpec;
import io.msp4j.testdata.cryptogen.NodeTemplate;
import io.msp4j.testdata.cryptogen.OrgSpec;
import io.msp4j.testdata.cryptogen.SpecLocation;
import io.msp4j.testdata.cryptogen.TimePoint;
import io.msp4j.testdata.cryptogen.UserSpec;
import io.msp4j.testdata.cryptogen.UsersSpec;
import io.msp4j.testdata.cryptogen.Validity;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads a crypto-config spec: cryptogen's keys with cryptogen's meaning, plus msp4j's extensions.
 * Every problem is reported with its line.
 */
public final class SpecParser {
  private static final List<String> TOP = List.of("OrdererOrgs", "PeerOrgs", "Seed", "Now",
      "Validity");
  private static final List<String> ORG = List.of("Name", "Domain", "EnableNodeOUs", "CA",
      "Template", "Specs", "Users", "Admin", "OUIdentifiers", "CRL");
  private static final List<String> SUBJECT = List.of("Hostname", "CommonName", "Country",
      "Province", "Locality", "OrganizationalUnit", "StreetAddress", "PostalCode", "SANS");
  private static final List<String> LEAF_OPTIONS = List.of("PublicKeyAlgorithm", "Validity",
      "OrganizationalUnits", "KeyUsage", "ExtKeyUsage", "BasicConstraints", "Issuer");
  private static final List<String> CA_OPTIONS = List.of("PublicKeyAlgorithm", "Validity",
      "OrganizationalUnits", "KeyUsage", "ExtKeyUsage", "BasicConstraints", "NameConstraints");
  private static final List<String> INTERMEDIATE = concat(SUBJECT, CA_OPTIONS);
  private static final List<String> CA = concat(INTERMEDIATE, List.of("Intermediates"));
  private static final List<String> SPEC = concat(SUBJECT, LEAF_OPTIONS);
  private static final List<String> TEMPLATE =
      concat(List.of("Count", "Start", "Hostname", "SANS"), LEAF_OPTIONS);
  private static final List<String> USERS = concat(List.of("Count", "Specs"), LEAF_OPTIONS);
  private static final List<String> USER = concat(List.of("Name"), LEAF_OPTIONS);
  private static final List<String> VALIDITY = List.of("NotBefore", "NotAfter", "Lifetime");
  private static final List<String> BASIC = List.of("Present", "CA", "PathLen", "Critical");
  private static final List<String> NAMES = List.of("Permitted", "Excluded", "Critical");
  private static final List<String> CRL = List.of("Revoke", "ThisUpdate", "NextUpdate");

  private final String source;

  private SpecParser(String source) {
    this.source = source;
  }

  /**
   * Parses a spec.
   *
   * @param yaml the spec text
   * @param source the name used in messages, usually the file name
   * @throws CryptoSpecException if the spec cannot be used
   */
  public static CryptoSpec parse(String yaml, String source) {
    Node root;
    try {
      LoaderOptions options = new LoaderOptions();
      options.setAllowDuplicateKeys(false);
      root = new Yaml(new SafeConstructor(options)).compose(new StringReader(yaml));
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      int line = mark == null ? 0 : mark.getLine() + 1;
      String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
      if (e.getContext() != null) {
        problem = e.getContext() + ": " + problem;
      }
      throw new CryptoSpecException(new SpecLocation(source, line), "not valid YAML: " + problem);
    } catch (YAMLException e) {
      throw new CryptoSpecException(new SpecLocation(source, 0), "not valid YAML: " + e.getMessage());
    }
    if (root == null || YamlMap.isNull(root)) {
      throw new CryptoSpecException(new SpecLocation(source, 0),
          "the spec is empty: it needs OrdererOrgs or PeerOrgs");
    }
    return new SpecParser(source).top(root);
  }

  private CryptoSpec top(Node root) {
    YamlMap top = YamlMap.of(source, "the spec", root, TOP);
    if (!top.has("OrdererOrgs") && !top.has("PeerOrgs")) {
      throw new CryptoSpecException(top.location(), "the spec defines no OrdererOrgs and no PeerOrgs");
    }
    List<OrgSpec> orderers = orgs(top, "OrdererOrgs");
    List<OrgSpec> peers = orgs(top, "PeerOrgs");
    String seed = top.has("Seed") ? top.string("Seed", null) : null;
    Instant now = null;
    if (top.has("Now")) {
      String text = top.string("Now", "");
      now = TimeParsing.instant(text).orElseThrow(() -> top.errorAt("Now",
          "Now must be an instant such as 2024-01-01T00:00:00Z, got '" + text + "'"));
    }
    Validity validity = validity(top);
    return new CryptoSpec(orderers, peers, seed, now, validity, top.location());
  }

  private List<OrgSpec> orgs(YamlMap top, String key) {
    List<OrgSpec> out = new ArrayList<>();
    for (Node n : top.list(key)) {
      out.add(org(YamlMap.of(source, key + " entry", n, ORG)));
    }
    return out;
  }

  private OrgSpec org(YamlMap m) {
    String domain = m.string("Domain", "").trim();
    if (domain.isEmpty()) {
      throw new CryptoSpecException(m.locationOf("Domain"), "Domain is required in " + m.context());
    }
    String name = m.string("Name", "");
    boolean nodeOUs = m.bool("EnableNodeOUs", false);
    CaSpec ca = m.map("CA", "CA", CA).map(c -> ca(c, true)).orElse(CaSpec.DEFAULT);
    NodeTemplate template = m.map("Template", "Template", TEMPLATE).map(this::template)
        .orElse(NodeTemplate.NONE);
    List<NodeSpec> specs = new ArrayList<>();
    for (Node n : m.list("Specs")) {
      specs.add(nodeSpec(YamlMap.of(source, "Specs entry", n, SPEC)));
    }
    UsersSpec users = m.map("Users", "Users", USERS).map(this::users).orElse(UsersSpec.NONE);
    CertOptions admin = m.map("Admin", "Admin", LEAF_OPTIONS).map(this::options)
        .orElse(CertOptions.NONE);
    List<String> ous = m.strings("OUIdentifiers");
    CrlSpec crl = m.map("CRL", "CRL", CRL).map(this::crl).orElse(null);
    return new OrgSpec(name, domain, nodeOUs, ca, template, specs, users, admin, ous, crl,
        m.location());
  }

  private CaSpec ca(YamlMap m, boolean root) {
    List<CaSpec> intermediates = new ArrayList<>();
    if (root) {
      for (Node n : m.list("Intermediates")) {
        intermediates.add(ca(YamlMap.of(source, "Intermediates entry", n, INTERMEDIATE), false));
      }
    }
    return new CaSpec(m.string("Hostname", ""), m.string("CommonName", ""),
        m.string("Country", ""), m.string("Province", ""), m.string("Locality", ""),
        m.string("OrganizationalUnit", ""), m.string("StreetAddress", ""),
        m.string("PostalCode", ""), m.strings("SANS"), options(m), intermediates, m.location());
  }

  private NodeTemplate template(YamlMap m) {
    return new NodeTemplate(m.nonNegativeInt("Count", 0), m.nonNegativeInt("Start", 0),
        m.string("Hostname", ""), m.strings("SANS"), options(m), m.location());
  }

  private NodeSpec nodeSpec(YamlMap m) {
    String hostname = m.string("Hostname", "");
    if (hostname.isBlank()) {
      throw new CryptoSpecException(m.locationOf("Hostname"), "Hostname is required in "
          + m.context());
    }
    return new NodeSpec(hostname, m.string("CommonName", ""), m.strings("SANS"), options(m),
        m.location());
  }

  private UsersSpec users(YamlMap m) {
    List<UserSpec> specs = new ArrayList<>();
    for (Node n : m.list("Specs")) {
      YamlMap u = YamlMap.of(source, "Users Specs entry", n, USER);
      String name = u.string("Name", "").trim();
      if (name.isEmpty() || name.contains("@") || name.contains("/")) {
        throw new CryptoSpecException(u.locationOf("Name"),
            "Name in Users Specs entry must be a user name without '@' or '/', got '" + name + "'");
      }
      specs.add(new UserSpec(name, options(u), u.location()));
    }
    return new UsersSpec(m.nonNegativeInt("Count", 0), options(m), specs, m.location());
  }

  private CertOptions options(YamlMap m) {
    String algorithm = null;
    if (m.has("PublicKeyAlgorithm")) {
      String given = m.string("PublicKeyAlgorithm", "");
      algorithm = SpecNames.keyAlgorithm(given).orElseThrow(() -> m.errorAt("PublicKeyAlgorithm",
          "unknown key algorithm '" + given + "' in " + m.context() + " (known: "
              + SpecNames.knownKeyAlgorithms() + ")"));
    }
    List<String> keyUsage = null;
    if (m.has("KeyUsage")) {
      keyUsage = new ArrayList<>();
      for (String u : m.strings("KeyUsage")) {
        keyUsage.add(SpecNames.keyUsage(u).orElseThrow(() -> m.errorAt("KeyUsage",
            "unknown key usage '" + u + "' in " + m.context() + " (known: "
                + SpecNames.knownKeyUsages() + ")")));
      }
    }
    List<String> extKeyUsage = null;
    if (m.has("ExtKeyUsage")) {
      extKeyUsage = new ArrayList<>();
      for (String u : m.strings("ExtKeyUsage")) {
        extKeyUsage.add(SpecNames.extKeyUsage(u).orElseThrow(() -> m.errorAt("ExtKeyUsage",
            "unknown extended key usage '" + u + "' in " + m.context() + " (known: "
                + SpecNames.knownExtKeyUsages() + ")")));
      }
    }
    BasicConstraintsSpec basic = m.map("BasicConstraints", "BasicConstraints", BASIC)
        .map(b -> new BasicConstraintsSpec(b.bool("Present", true), b.bool("CA", false),
            b.has("PathLen") ? b.nonNegativeInt("PathLen", 0) : null, b.bool("Critical", true)))
        .orElse(null);
    NameConstraintsSpec names = m.map("NameConstraints", "NameConstraints", NAMES)
        .map(n -> {
          List<String> permitted = n.strings("Permitted");
          List<String> excluded = n.strings("Excluded");
          if (permitted.isEmpty() && excluded.isEmpty()) {
            throw new CryptoSpecException(n.location(),
                "NameConstraints needs a Permitted or Excluded entry");
          }
          return new NameConstraintsSpec(permitted, excluded, n.bool("Critical", false));
        })
        .orElse(null);
    String issuer = m.has("Issuer") ? m.string("Issuer", "") : null;
    return new CertOptions(algorithm, validity(m), m.strings("OrganizationalUnits"), keyUsage,
        extKeyUsage, basic, names, issuer, m.location());
  }

  private Validity validity(YamlMap parent) {
    return parent.map("Validity", "Validity", VALIDITY).map(v -> {
      TimePoint notBefore = timePoint(v, "NotBefore");
      TimePoint notAfter = timePoint(v, "NotAfter");
      Duration lifetime = null;
      if (v.has("Lifetime")) {
        String text = v.string("Lifetime", "");
        lifetime = TimeParsing.duration(text).filter(d -> !d.isZero())
            .orElseThrow(() -> v.errorAt("Lifetime",
                "Lifetime in Validity must be a positive duration such as 50y, 90d or 12h, got '"
                    + text + "'"));
      }
      if (notAfter != null && lifetime != null) {
        throw v.errorAt("Lifetime", "Validity takes NotAfter or Lifetime, not both");
      }
      return new Validity(notBefore, notAfter, lifetime);
    }).orElse(null);
  }

  private TimePoint timePoint(YamlMap m, String key) {
    if (!m.has(key)) {
      return null;
    }
    String text = m.string(key, "");
    return TimeParsing.timePoint(text).orElseThrow(() -> m.errorAt(key, key + " in "
        + m.context() + " must be an instant (2030-01-01T00:00:00Z), a date (2030-01-01), now,"
        + " or an offset such as -30d or +1y, got '" + text + "'"));
  }

  private CrlSpec crl(YamlMap m) {
    List<String> revoke = m.strings("Revoke");
    return new CrlSpec(revoke, timePoint(m, "ThisUpdate"), timePoint(m, "NextUpdate"),
        m.location());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}

package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.BasicConstraintsSpec;
import io.msp4j.testdata.cryptogen.CaSpec;
import io.msp4j.testdata.cryptogen.CertOptions;
import io.msp4j.testdata.cryptogen.CryptoSpec;
import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.NodeSpec;
import io.msp4j.testdata.cryptogen.NodeTemplate;
import io.msp4j.testdata.cryptogen.OrgSpec;
import io.msp4j.testdata.cryptogen.Role;
import io.msp4j.testdata.cryptogen.SpecLocation;
import io.msp4j.testdata.cryptogen.UserSpec;
import io.msp4j.testdata.cryptogen.Validity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Resolves a {@link CryptoSpec} into a {@link Plan.Tree}, checking names and references. */
final class Planner {
  /** Upper bound on identities per organisation, so a typo cannot fill the disk. */
  static final int MAX_IDENTITIES = 10_000;

  private final CryptoSpec spec;
  private final Instant now;

  private Planner(CryptoSpec spec, Instant now) {
    this.spec = spec;
    this.now = now;
  }

  static Plan.Tree plan(CryptoSpec spec, Instant now) {
    return new Planner(spec, now).tree();
  }

  private Plan.Tree tree() {
    List<Plan.Org> orgs = new ArrayList<>();
    Set<String> dirs = new HashSet<>();
    // cryptogen generates the peer organisations first
    for (OrgSpec o : spec.peerOrgs()) {
      orgs.add(checkUnique(dirs, org(o, false)));
    }
    for (OrgSpec o : spec.ordererOrgs()) {
      orgs.add(checkUnique(dirs, org(o, true)));
    }
    return new Plan.Tree(orgs, spec.seed());
  }

  private static Plan.Org checkUnique(Set<String> dirs, Plan.Org org) {
    if (!dirs.add(org.dir())) {
      throw new CryptoSpecException(org.spec().location(),
          "organisation domain '" + org.spec().domain() + "' is defined twice");
    }
    return org;
  }

  private Plan.Org org(OrgSpec o, boolean orderer) {
    String domain = o.domain();
    checkPathName(domain, "Domain", o.location());
    String dir = (orderer ? "ordererOrganizations/" : "peerOrganizations/") + domain;

    List<Plan.Ca> cas = new ArrayList<>();
    List<Plan.Ca> tlsCas = new ArrayList<>();
    CaSpec root = o.ca();
    String rootAlgorithm = algorithm(root.options(), SpecNames.ECDSA_P256);
    Plan.Subject rootSubject = new Plan.Subject(
        or(root.country(), "US"), or(root.province(), "California"),
        or(root.locality(), "San Francisco"), root.streetAddress(), root.postalCode(),
        root.organizationalUnit());
    addCa(cas, tlsCas, root, "ca", domain, rootSubject, rootAlgorithm, 0, dir);
    for (int i = 0; i < root.intermediates().size(); i++) {
      CaSpec ica = root.intermediates().get(i);
      Plan.Subject subject = new Plan.Subject(
          or(ica.country(), rootSubject.country()), or(ica.province(), rootSubject.province()),
          or(ica.locality(), rootSubject.locality()),
          or(ica.streetAddress(), rootSubject.streetAddress()),
          or(ica.postalCode(), rootSubject.postalCode()),
          or(ica.organizationalUnit(), rootSubject.organizationalUnit()));
      addCa(cas, tlsCas, ica, i == 0 ? "ica" : "ica" + (i + 1), domain, subject,
          algorithm(ica.options(), rootAlgorithm), i + 1, dir);
    }
    Set<String> caNames = new HashSet<>();
    for (Plan.Ca ca : concat(cas, tlsCas)) {
      if (!caNames.add(ca.commonName())) {
        throw new CryptoSpecException(ca.location(), "CA common name '" + ca.commonName()
            + "' is used twice in organisation " + domain);
      }
    }

    Map<String, Plan.Identity> byName = new LinkedHashMap<>();
    List<Plan.Identity> nodes = new ArrayList<>();
    Role nodeRole = orderer ? Role.ORDERER : Role.PEER;
    String nodesDir = dir + (orderer ? "/orderers/" : "/peers/");
    for (NodeSpec n : o.specs()) {
      nodes.add(add(byName, node(n.hostname(), n.commonName(), n.sans(), n.options(), n.location(),
          domain, nodeRole, nodesDir, cas), o));
    }
    NodeTemplate t = o.template();
    if ((long) t.count() + nodes.size() > MAX_IDENTITIES) {
      throw new CryptoSpecException(t.location(), "Count in Template is too large (at most "
          + MAX_IDENTITIES + " identities per organisation)");
    }
    for (int i = 0; i < t.count(); i++) {
      Map<String, String> data = new LinkedHashMap<>();
      data.put("Prefix", orderer ? "orderer" : "peer");
      data.put("Index", Integer.toString(i + t.start()));
      data.put("Domain", domain);
      String hostname = GoTemplate.render(t.hostname().isEmpty() ? "{{.Prefix}}{{.Index}}"
          : t.hostname(), data, t.location(), "Hostname of Template");
      nodes.add(add(byName, node(hostname, "", t.sans(), t.options(), t.location(), domain,
          nodeRole, nodesDir, cas), o));
    }

    List<Plan.Identity> users = new ArrayList<>();
    String usersDir = dir + "/users/";
    if (!orderer) {
      if ((long) o.users().count() + nodes.size() > MAX_IDENTITIES) {
        throw new CryptoSpecException(o.users().location(), "Count in Users is too large (at most "
            + MAX_IDENTITIES + " identities per organisation)");
      }
      for (int j = 1; j <= o.users().count(); j++) {
        users.add(add(byName, user("User" + j, o.users().options(), o.users().location(), domain,
            Role.CLIENT, usersDir, cas, o.users().options().keyAlgorithm()), o));
      }
      for (UserSpec u : o.users().specs()) {
        String fallback = o.users().options().keyAlgorithm();
        users.add(add(byName, user(u.name(), u.options(), u.location(), domain, Role.CLIENT,
            usersDir, cas, fallback), o));
      }
    } else if (!o.users().specs().isEmpty()) {
      throw new CryptoSpecException(o.users().location(),
          "Users are not generated for orderer organisations (as in cryptogen); remove Users.Specs");
    }
    users.add(add(byName, user("Admin", o.admin(), o.admin().location(), domain, Role.ADMIN,
        usersDir, cas, null), o));

    List<Plan.Revocation> revocations = new ArrayList<>();
    Instant thisUpdate = null;
    Instant nextUpdate = null;
    if (o.crl() != null) {
      Set<String> revocable = new HashSet<>(byName.keySet());
      for (int i = 1; i < cas.size(); i++) {
        revocable.add(cas.get(i).commonName());
        revocable.add(tlsCas.get(i).commonName());
      }
      Set<String> seen = new HashSet<>();
      for (String name : o.crl().revoke()) {
        if (!revocable.contains(name)) {
          throw new CryptoSpecException(o.crl().location(), "cannot revoke '" + name
              + "': no identity or intermediate CA of organisation " + domain
              + " has that common name" + (caNames.contains(name) ? " (a root CA cannot be revoked)"
                  : " (known: " + String.join(", ", byName.keySet()) + ")"));
        }
        if (seen.add(name)) {
          revocations.add(new Plan.Revocation(name, o.crl().location()));
        }
      }
      Validity defaults = spec.validity() != null ? spec.validity() : Validity.DEFAULT;
      thisUpdate = o.crl().thisUpdate() != null ? o.crl().thisUpdate().resolve(now)
          : defaults.notBeforeAt(now);
      nextUpdate = o.crl().nextUpdate() != null ? o.crl().nextUpdate().resolve(now)
          : defaults.notAfterAt(now);
    }
    return new Plan.Org(o, orderer, dir, cas, tlsCas, nodes, users, revocations, thisUpdate,
        nextUpdate);
  }

  private void addCa(List<Plan.Ca> cas, List<Plan.Ca> tlsCas, CaSpec ca, String defaultHost,
      String domain, Plan.Subject subject, String algorithm, int level, String orgDir) {
    String hostname = ca.hostname().isEmpty() ? defaultHost : ca.hostname();
    Map<String, String> data = new LinkedHashMap<>();
    data.put("Hostname", hostname);
    data.put("Domain", domain);
    data.put("CommonName", "");
    String cn = GoTemplate.render(ca.commonName().isEmpty() ? "{{.Hostname}}.{{.Domain}}"
        : ca.commonName(), data, ca.location(), "CommonName of CA");
    checkPathName(cn, "CA common name", ca.location());
    data.put("CommonName", cn);
    for (String san : ca.sans()) {
      GoTemplate.render(san, data, ca.location(), "SANS of CA");
    }
    checkBasicConstraints(ca.options());
    Validity v = validity(ca.options());
    String dir = level == 0 ? orgDir + "/ca" : orgDir + "/intermediatecas/" + cn;
    String tlsDir = level == 0 ? orgDir + "/tlsca" : orgDir + "/tlsintermediatecas/tls" + cn;
    cas.add(new Plan.Ca(cn, domain, subject, level, false, algorithm, v.notBeforeAt(now),
        v.notAfterAt(now), ca.options(), dir, ca.location()));
    tlsCas.add(new Plan.Ca("tls" + cn, domain, subject, level, true, algorithm, v.notBeforeAt(now),
        v.notAfterAt(now), ca.options(), tlsDir, ca.location()));
  }

  private Plan.Identity node(String hostname, String cnTemplate, List<String> sanTemplates,
      CertOptions options, SpecLocation at, String domain, Role role, String nodesDir,
      List<Plan.Ca> cas) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("Hostname", hostname);
    data.put("Domain", domain);
    data.put("CommonName", "");
    String cn = GoTemplate.render(cnTemplate.isEmpty() ? "{{.Hostname}}.{{.Domain}}" : cnTemplate,
        data, at, "CommonName");
    checkPathName(cn, "node common name", at);
    data.put("CommonName", cn);
    List<String> sans = new ArrayList<>(List.of(cn, hostname));
    for (String san : sanTemplates) {
      sans.add(GoTemplate.render(san, data, at, "SANS"));
    }
    checkBasicConstraints(options);
    Validity v = validity(options);
    return new Plan.Identity(cn, role, sans, algorithm(options, SpecNames.ECDSA_P256),
        v.notBeforeAt(now), v.notAfterAt(now), options, issuerLevel(options, cas, at),
        nodesDir + cn, at);
  }

  private Plan.Identity user(String name, CertOptions options, SpecLocation at, String domain,
      Role role, String usersDir, List<Plan.Ca> cas, String fallbackAlgorithm) {
    String cn = name + "@" + domain;
    checkPathName(cn, "user name", at);
    checkBasicConstraints(options);
    Validity v = validity(options);
    String algorithm = algorithm(options,
        fallbackAlgorithm != null ? fallbackAlgorithm : SpecNames.ECDSA_P256);
    return new Plan.Identity(cn, role, List.of(), algorithm, v.notBeforeAt(now), v.notAfterAt(now),
        options, issuerLevel(options, cas, at), usersDir + cn, at);
  }

  private static Plan.Identity add(Map<String, Plan.Identity> byName, Plan.Identity id,
      OrgSpec org) {
    if (byName.putIfAbsent(id.commonName(), id) != null) {
      throw new CryptoSpecException(id.location(), "identity '" + id.commonName()
          + "' is defined twice in organisation " + org.domain());
    }
    return id;
  }

  private static int issuerLevel(CertOptions options, List<Plan.Ca> cas, SpecLocation at) {
    if (options.issuer() == null) {
      return cas.size() - 1;
    }
    for (Plan.Ca ca : cas) {
      if (ca.commonName().equals(options.issuer())) {
        return ca.level();
      }
    }
    List<String> names = new ArrayList<>();
    cas.forEach(c -> names.add(c.commonName()));
    throw new CryptoSpecException(options.location().line() > 0 ? options.location() : at,
        "unknown Issuer '" + options.issuer() + "' (the organisation's CAs: "
            + String.join(", ", names) + ")");
  }

  private Validity validity(CertOptions options) {
    if (options.validity() != null) {
      return options.validity();
    }
    return spec.validity() != null ? spec.validity() : Validity.DEFAULT;
  }

  private static String algorithm(CertOptions options, String fallback) {
    return options.keyAlgorithm() != null ? options.keyAlgorithm() : fallback;
  }

  private static void checkBasicConstraints(CertOptions options) {
    BasicConstraintsSpec b = options.basicConstraints();
    if (b != null && b.present() && b.pathLen() != null && !b.ca()) {
      throw new CryptoSpecException(options.location(), "PathLen in BasicConstraints needs CA: true");
    }
  }

  private static void checkPathName(String name, String what, SpecLocation at) {
    if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/")
        || name.contains("\\") || name.indexOf('\0') >= 0) {
      throw new CryptoSpecException(at, what + " '" + name
          + "' cannot be used as a folder name (it must not be empty, '.', '..' or contain '/' or '\\')");
    }
  }

  private static String or(String value, String fallback) {
    return value.isEmpty() ? fallback : value;
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  static Map<String, Plan.Identity> index(Plan.Org org) {
    Map<String, Plan.Identity> all = new HashMap<>();
    org.nodes().forEach(n -> all.put(n.commonName(), n));
    org.users().forEach(u -> all.put(u.commonName(), u));
    return all;
  }
}

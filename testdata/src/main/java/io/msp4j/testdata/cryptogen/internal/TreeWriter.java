package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.NameBuilder;
import io.msp4j.testdata.Names;
import io.msp4j.testdata.Pem;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.cryptogen.BasicConstraintsSpec;
import io.msp4j.testdata.cryptogen.CertOptions;
import io.msp4j.testdata.cryptogen.CryptoSpec;
import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.GeneratedCa;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.testdata.cryptogen.NameConstraintsSpec;
import io.msp4j.testdata.cryptogen.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.security.interfaces.ECKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.util.IPAddress;

/**
 * Generates a spec's certificates and writes them in cryptogen's layout. The entry point is
 * {@link #generate(CryptoSpec, Path)}; every spec problem is found before anything is written.
 */
public final class TreeWriter {
  private static final int CA_KEY_USAGE = KeyUsage.digitalSignature | KeyUsage.keyEncipherment
      | KeyUsage.keyCertSign | KeyUsage.cRLSign;
  private static final int TLS_KEY_USAGE = KeyUsage.digitalSignature | KeyUsage.keyEncipherment;

  private final Path root;
  private final DeterministicRandom seeded;
  private final SecureRandom fresh;

  private TreeWriter(Path root, String seed) {
    this.root = root;
    this.seeded = seed == null ? null : DeterministicRandom.fromSeed(seed);
    this.fresh = seed == null ? new SecureRandom() : null;
  }

  /**
   * Checks everything about a spec that generation would check (names, references, templates),
   * without generating anything.
   *
   * @throws CryptoSpecException if the spec cannot be used
   */
  public static void check(CryptoSpec spec) {
    Planner.plan(spec, spec.now() != null ? spec.now() : Instant.EPOCH);
  }

  /**
   * Checks the spec, then generates and writes every organisation under {@code outputDir}.
   *
   * @param now the generation time when the spec has no {@code Now}
   * @throws CryptoSpecException if the spec cannot be used (nothing is written then)
   * @throws UncheckedIOException if writing fails, or an organisation's folder already exists
   */
  public static GeneratedTree generate(CryptoSpec spec, Path outputDir, Instant now) {
    Instant at = spec.now() != null ? spec.now() : now;
    Plan.Tree plan = Planner.plan(spec, at);
    for (Plan.Org org : plan.orgs()) {
      Path dir = outputDir.resolve(org.dir());
      if (Files.exists(dir)) {
        throw new UncheckedIOException(dir + " already exists; remove it or choose another"
            + " output folder", new FileAlreadyExistsException(dir.toString()));
      }
    }
    TreeWriter w = new TreeWriter(outputDir, plan.seed());
    List<GeneratedOrg> orgs = new ArrayList<>();
    try {
      for (Plan.Org org : plan.orgs()) {
        orgs.add(w.org(org));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write under " + outputDir + ": " + e, e);
    }
    return new GeneratedTree(outputDir, orgs);
  }

  private SecureRandom random(String label) {
    return seeded != null ? seeded.fork(label) : fresh;
  }

  private GeneratedOrg org(Plan.Org org) throws IOException {
    List<IssuedCertificate> cas = new ArrayList<>();
    List<IssuedCertificate> tlsCas = new ArrayList<>();
    for (int i = 0; i < org.cas().size(); i++) {
      cas.add(ca(org.cas().get(i), i == 0 ? null : cas.get(i - 1)));
      tlsCas.add(ca(org.tlsCas().get(i), i == 0 ? null : tlsCas.get(i - 1)));
    }

    Map<String, IssuedCertificate[]> issued = new LinkedHashMap<>();
    for (Plan.Identity id : concat(org.nodes(), org.users())) {
      issued.put(id.commonName(), new IssuedCertificate[] {
          enrollment(id, org, cas.get(id.issuerLevel())),
          tls(id, org, tlsCas.get(id.issuerLevel()))});
    }

    List<IssuedCrl> crls = crls(org, cas, tlsCas, issued);

    // CA folders
    List<GeneratedCa> genCas = writeCas(org.cas(), cas);
    List<GeneratedCa> genTlsCas = writeCas(org.tlsCas(), tlsCas);

    // the organisation's MSP
    Plan.Identity admin = org.users().get(org.users().size() - 1);
    IssuedCertificate adminCert = issued.get(admin.commonName())[0];
    Path orgMsp = root.resolve(org.dir()).resolve("msp");
    writeMspCommon(orgMsp, org, cas, tlsCas, crls);
    Files.createDirectories(orgMsp.resolve("admincerts"));
    if (!org.spec().enableNodeOUs()) {
      write(orgMsp.resolve("admincerts").resolve(admin.commonName() + "-cert.pem"),
          Pem.certificate(adminCert.der()));
    }

    // nodes and users
    List<GeneratedIdentity> nodes = new ArrayList<>();
    for (Plan.Identity id : org.nodes()) {
      nodes.add(writeIdentity(id, org, cas, tlsCas, crls, issued.get(id.commonName()), adminCert,
          admin.commonName()));
    }
    List<GeneratedIdentity> users = new ArrayList<>();
    for (Plan.Identity id : org.users()) {
      IssuedCertificate own = issued.get(id.commonName())[0];
      users.add(writeIdentity(id, org, cas, tlsCas, crls, issued.get(id.commonName()), own,
          id.commonName()));
    }
    return new GeneratedOrg(org.spec().name(), org.spec().domain(), org.ordererOrg(),
        root.resolve(org.dir()), genCas, genTlsCas, nodes, users, crls);
  }

  // ------------------------------------------------------------------ certificates

  private IssuedCertificate ca(Plan.Ca ca, IssuedCertificate parent) {
    NameBuilder name = Names.builder();
    subjectPrefix(name, ca.subject());
    name.o(ca.organization());
    List<String> ous = new ArrayList<>();
    if (!ca.subject().organizationalUnit().isEmpty()) {
      ous.add(ca.subject().organizationalUnit());
    }
    ous.addAll(ca.options().organizationalUnits());
    addOus(name, ous);
    name.cn(ca.commonName());
    CertificateBuilder b = CertificateBuilder.create(random(ca.dir() + "/" + ca.certFileName()))
        .subject(name.build())
        .keyAlgorithm(keyAlgorithm(ca.keyAlgorithm()))
        .validity(ca.notBefore(), ca.notAfter())
        .ca()
        .keyUsage(CA_KEY_USAGE)
        .extendedKeyUsage(KeyPurposeId.id_kp_clientAuth, KeyPurposeId.id_kp_serverAuth)
        .basicConstraints(true, null, true);
    if (parent != null) {
      b.issuer(parent);
    }
    applyOptions(b, ca.options());
    NameConstraintsSpec nc = ca.options().nameConstraints();
    if (nc != null) {
      nc.permitted().forEach(p -> b.permitted(constraint(p)));
      nc.excluded().forEach(e -> b.excluded(constraint(e)));
      b.nameConstraintsCritical(nc.critical());
    }
    lowS(b, parent, keyAlgorithm(ca.keyAlgorithm()));
    return b.build();
  }

  private IssuedCertificate enrollment(Plan.Identity id, Plan.Org org, IssuedCertificate issuer) {
    Plan.Ca issuerPlan = org.cas().get(id.issuerLevel());
    NameBuilder name = leafName(issuerPlan.subject(), id, org.spec().enableNodeOUs());
    CertificateBuilder b = CertificateBuilder.create(random(id.dir() + "/msp/signcerts"))
        .subject(name.build())
        .issuer(issuer)
        .keyAlgorithm(keyAlgorithm(id.keyAlgorithm()))
        .validity(id.notBefore(), id.notAfter())
        .keyUsage(KeyUsage.digitalSignature)
        .basicConstraints(false, null, true)
        .noSubjectKeyId();
    applyOptions(b, id.options());
    lowS(b, issuer, null);
    return b.build();
  }

  private IssuedCertificate tls(Plan.Identity id, Plan.Org org, IssuedCertificate issuer) {
    Plan.Ca issuerPlan = org.tlsCas().get(id.issuerLevel());
    NameBuilder name = Names.builder();
    subjectPrefix(name, issuerPlan.subject());
    if (!issuerPlan.subject().organizationalUnit().isEmpty()) {
      name.ou(issuerPlan.subject().organizationalUnit());
    }
    name.cn(id.commonName());
    CertificateBuilder b = CertificateBuilder.create(random(id.dir() + "/tls"))
        .subject(name.build())
        .issuer(issuer)
        .keyAlgorithm(keyAlgorithm(id.keyAlgorithm()))
        .validity(id.notBefore(), id.notAfter())
        .keyUsage(TLS_KEY_USAGE)
        .extendedKeyUsage(KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth)
        .basicConstraints(false, null, true)
        .noSubjectKeyId();
    for (String san : id.sans()) {
      if (IPAddress.isValid(san)) {
        b.ipAddresses(san);
      } else {
        b.dnsNames(san);
      }
    }
    lowS(b, issuer, null);
    return b.build();
  }

  private static NameBuilder leafName(Plan.Subject s, Plan.Identity id, boolean nodeOUs) {
    NameBuilder name = Names.builder();
    subjectPrefix(name, s);
    List<String> ous = new ArrayList<>();
    if (!s.organizationalUnit().isEmpty()) {
      ous.add(s.organizationalUnit());
    }
    if (nodeOUs) {
      ous.add(id.role().nodeOu());
    }
    ous.addAll(id.options().organizationalUnits());
    addOus(name, ous);
    name.cn(id.commonName());
    return name;
  }

  /** C, ST, L, STREET, postalCode, in Go's order, each left out when empty. */
  private static void subjectPrefix(NameBuilder name, Plan.Subject s) {
    if (!s.country().isEmpty()) {
      name.c(s.country());
    }
    if (!s.province().isEmpty()) {
      name.st(s.province());
    }
    if (!s.locality().isEmpty()) {
      name.l(s.locality());
    }
    if (!s.streetAddress().isEmpty()) {
      name.street(s.streetAddress());
    }
    if (!s.postalCode().isEmpty()) {
      name.postalCode(s.postalCode());
    }
  }

  /** Go puts all OUs of a name in one (multi-valued) RDN. */
  private static void addOus(NameBuilder name, List<String> ous) {
    if (!ous.isEmpty()) {
      name.multiValued(ous.stream().map(ou -> "OU=" + ou).toArray(String[]::new));
    }
  }

  private static void applyOptions(CertificateBuilder b, CertOptions options) {
    if (options.keyUsage() != null) {
      if (options.keyUsage().isEmpty()) {
        b.noKeyUsage();
      } else {
        int bits = 0;
        for (String u : options.keyUsage()) {
          bits |= keyUsageBit(u);
        }
        b.keyUsage(bits);
      }
    }
    if (options.extendedKeyUsage() != null) {
      if (options.extendedKeyUsage().isEmpty()) {
        b.noExtendedKeyUsage();
      } else {
        b.extendedKeyUsageOids(options.extendedKeyUsage().stream().map(TreeWriter::ekuOid)
            .toArray(String[]::new));
      }
    }
    BasicConstraintsSpec bc = options.basicConstraints();
    if (bc != null) {
      if (bc.present()) {
        b.basicConstraints(bc.ca(), bc.pathLen(), bc.critical());
      } else {
        b.noBasicConstraints();
      }
    }
  }

  private static GeneralName constraint(String entry) {
    return entry.contains("/") ? CertificateBuilder.ip(entry) : CertificateBuilder.dns(entry);
  }

  /** cryptogen signs with low-S ECDSA signatures. */
  private static void lowS(CertificateBuilder b, IssuedCertificate issuer, KeyAlgorithm selfKey) {
    boolean ec = issuer != null
        ? issuer.privateKey().map(k -> k instanceof ECKey).orElse(false)
        : selfKey != null && selfKey.isEc();
    if (ec) {
      b.mangleSignature(SignatureMangling.lowS());
    }
  }

  private List<IssuedCrl> crls(Plan.Org org, List<IssuedCertificate> cas,
      List<IssuedCertificate> tlsCas, Map<String, IssuedCertificate[]> issued) {
    Map<IssuedCertificate, List<IssuedCertificate>> byIssuer = new LinkedHashMap<>();
    for (Plan.Revocation r : org.revocations()) {
      IssuedCertificate revoked;
      IssuedCertificate issuer;
      IssuedCertificate[] identity = issued.get(r.commonName());
      if (identity != null) {
        revoked = identity[0];
        issuer = cas.get(identityLevel(org, r.commonName()));
      } else {
        int level = caLevel(org.cas(), r.commonName());
        if (level > 0) {
          revoked = cas.get(level);
          issuer = cas.get(level - 1);
        } else {
          level = caLevel(org.tlsCas(), r.commonName());
          revoked = tlsCas.get(level);
          issuer = tlsCas.get(level - 1);
        }
      }
      byIssuer.computeIfAbsent(issuer, k -> new ArrayList<>()).add(revoked);
    }
    List<IssuedCrl> out = new ArrayList<>();
    for (Map.Entry<IssuedCertificate, List<IssuedCertificate>> e : byIssuer.entrySet()) {
      IssuedCertificate issuer = e.getKey();
      CrlBuilder b = CrlBuilder.create(random(org.dir() + "/crls/" + commonName(issuer)), issuer)
          .thisUpdate(org.crlThisUpdate())
          .nextUpdate(org.crlNextUpdate());
      e.getValue().forEach(b::revoke);
      if (issuer.privateKey().map(k -> k instanceof ECKey).orElse(false)) {
        b.mangleSignature(SignatureMangling.lowS());
      }
      out.add(b.build());
    }
    return out;
  }

  private static int identityLevel(Plan.Org org, String cn) {
    for (Plan.Identity id : concat(org.nodes(), org.users())) {
      if (id.commonName().equals(cn)) {
        return id.issuerLevel();
      }
    }
    throw new IllegalStateException("no identity " + cn);
  }

  private static int caLevel(List<Plan.Ca> cas, String cn) {
    for (Plan.Ca ca : cas) {
      if (ca.commonName().equals(cn)) {
        return ca.level();
      }
    }
    return -1;
  }

  // ------------------------------------------------------------------ files

  private List<GeneratedCa> writeCas(List<Plan.Ca> plans, List<IssuedCertificate> certs)
      throws IOException {
    List<GeneratedCa> out = new ArrayList<>();
    for (int i = 0; i < plans.size(); i++) {
      Plan.Ca p = plans.get(i);
      IssuedCertificate c = certs.get(i);
      Path dir = root.resolve(p.dir());
      Path cert = dir.resolve(p.certFileName());
      Path key = dir.resolve("priv_sk");
      write(cert, Pem.certificate(c.der()));
      writeKey(key, c);
      out.add(new GeneratedCa(p.commonName(), p.tls(), p.level(), cert, key, c));
    }
    return out;
  }

  /** cacerts, intermediatecerts, tlscacerts, tlsintermediatecerts, crls and config.yaml. */
  private void writeMspCommon(Path msp, Plan.Org org, List<IssuedCertificate> cas,
      List<IssuedCertificate> tlsCas, List<IssuedCrl> crls) throws IOException {
    write(msp.resolve("cacerts").resolve(org.cas().get(0).certFileName()),
        Pem.certificate(cas.get(0).der()));
    write(msp.resolve("tlscacerts").resolve(org.tlsCas().get(0).certFileName()),
        Pem.certificate(tlsCas.get(0).der()));
    for (int i = 1; i < cas.size(); i++) {
      write(msp.resolve("intermediatecerts").resolve(org.cas().get(i).certFileName()),
          Pem.certificate(cas.get(i).der()));
      write(msp.resolve("tlsintermediatecerts").resolve(org.tlsCas().get(i).certFileName()),
          Pem.certificate(tlsCas.get(i).der()));
    }
    for (IssuedCrl crl : crls) {
      write(msp.resolve("crls").resolve(crlFileName(crl)), crl.pem());
    }
    boolean nodeOUs = org.spec().enableNodeOUs();
    if (nodeOUs || !org.spec().ouIdentifiers().isEmpty()) {
      Plan.Ca issuing = org.issuingCa();
      String caFile = (issuing.level() == 0 ? "cacerts/" : "intermediatecerts/")
          + issuing.certFileName();
      write(msp.resolve("config.yaml"),
          MspConfigYaml.render(caFile, nodeOUs, org.spec().ouIdentifiers()));
    }
  }

  private GeneratedIdentity writeIdentity(Plan.Identity id, Plan.Org org,
      List<IssuedCertificate> cas, List<IssuedCertificate> tlsCas, List<IssuedCrl> crls,
      IssuedCertificate[] certs, IssuedCertificate adminCert, String adminName)
      throws IOException {
    Path dir = root.resolve(id.dir());
    Path msp = dir.resolve("msp");
    writeMspCommon(msp, org, cas, tlsCas, crls);
    Files.createDirectories(msp.resolve("admincerts"));
    if (!org.spec().enableNodeOUs()) {
      write(msp.resolve("admincerts").resolve(adminName + "-cert.pem"),
          Pem.certificate(adminCert.der()));
    }
    write(msp.resolve("signcerts").resolve(id.commonName() + "-cert.pem"),
        Pem.certificate(certs[0].der()));
    writeKey(msp.resolve("keystore").resolve("priv_sk"), certs[0]);

    Path tls = dir.resolve("tls");
    write(tls.resolve("ca.crt"), Pem.certificate(tlsCas.get(0).der()));
    StringBuilder chain = new StringBuilder(Pem.certificate(certs[1].der()));
    for (int level = id.issuerLevel(); level > 0; level--) {
      chain.append(Pem.certificate(tlsCas.get(level).der()));
    }
    write(tls.resolve(id.role().tlsPrefix() + ".crt"), chain.toString());
    writeKey(tls.resolve(id.role().tlsPrefix() + ".key"), certs[1]);
    boolean revoked = org.revocations().stream()
        .anyMatch(r -> r.commonName().equals(id.commonName()));
    return new GeneratedIdentity(id.commonName(), id.role(), dir, certs[0], certs[1], revoked);
  }

  private static String crlFileName(IssuedCrl crl) {
    return commonName(crl.holder().getIssuer()) + "-crl.pem";
  }

  private static String commonName(IssuedCertificate cert) {
    return commonName(cert.subject());
  }

  private static String commonName(X500Name name) {
    var rdns = name.getRDNs(org.bouncycastle.asn1.x500.style.BCStyle.CN);
    return rdns.length == 0 ? "crl"
        : org.bouncycastle.asn1.x500.style.IETFUtils.valueToString(
            rdns[0].getFirst().getValue());
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  private static void writeKey(Path file, IssuedCertificate cert) throws IOException {
    byte[] der = GoKeyEncoding.pkcs8(cert.privateKey().orElseThrow(), cert.publicKey());
    write(file, Pem.encode(Pem.PRIVATE_KEY, der));
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: keep the default permissions
    }
  }

  // ------------------------------------------------------------------ names

  static KeyAlgorithm keyAlgorithm(String canonical) {
    return switch (canonical) {
      case SpecNames.ECDSA_P256 -> KeyAlgorithm.EC_P256;
      case SpecNames.ECDSA_P384 -> KeyAlgorithm.EC_P384;
      case SpecNames.ED25519 -> KeyAlgorithm.ED25519;
      case SpecNames.RSA_2048 -> KeyAlgorithm.RSA_2048;
      case SpecNames.RSA_3072 -> KeyAlgorithm.RSA_3072;
      case SpecNames.RSA_4096 -> KeyAlgorithm.RSA_4096;
      default -> throw new IllegalArgumentException("unknown key algorithm " + canonical);
    };
  }

  private static int keyUsageBit(String name) {
    return switch (name) {
      case "digitalSignature" -> KeyUsage.digitalSignature;
      case "nonRepudiation" -> KeyUsage.nonRepudiation;
      case "keyEncipherment" -> KeyUsage.keyEncipherment;
      case "dataEncipherment" -> KeyUsage.dataEncipherment;
      case "keyAgreement" -> KeyUsage.keyAgreement;
      case "keyCertSign" -> KeyUsage.keyCertSign;
      case "cRLSign" -> KeyUsage.cRLSign;
      case "encipherOnly" -> KeyUsage.encipherOnly;
      case "decipherOnly" -> KeyUsage.decipherOnly;
      default -> throw new IllegalArgumentException("unknown key usage " + name);
    };
  }

  private static String ekuOid(String name) {
    return switch (name) {
      case "serverAuth" -> KeyPurposeId.id_kp_serverAuth.getId();
      case "clientAuth" -> KeyPurposeId.id_kp_clientAuth.getId();
      case "codeSigning" -> KeyPurposeId.id_kp_codeSigning.getId();
      case "emailProtection" -> KeyPurposeId.id_kp_emailProtection.getId();
      case "timeStamping" -> KeyPurposeId.id_kp_timeStamping.getId();
      case "OCSPSigning" -> KeyPurposeId.id_kp_OCSPSigning.getId();
      case "any" -> KeyPurposeId.anyExtendedKeyUsage.getId();
      default -> name;
    };
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}

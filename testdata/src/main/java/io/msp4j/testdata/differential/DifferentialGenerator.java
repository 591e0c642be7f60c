package io.msp4j.testdata.differential;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import io.msp4j.testdata.MspFolder;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Generates one {@link DifferentialCase} from a seed: a root, zero to two intermediates and
 * about forty identities, each CA and identity with random mutations of its extensions and
 * encodings (SANs of every type, name constraints, EKU, key usage, basic constraints, policy
 * extensions, validity edges, serial numbers, string types, algorithms, unusual DER, PEM
 * framing), NodeOUs, OU identifiers, admins and CRLs. The same seed always gives the same bytes.
 */
public final class DifferentialGenerator {
  /** The MSP versions, taken in turn by seed. */
  public static final List<String> VERSIONS = List.of("1.0", "1.1", "1.3", "1.4.3", "3.0");

  private static final Instant BASE = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant END = Instant.parse("2034-01-01T00:00:00Z");
  private static final String CN = "2.5.4.3";
  private static final String OU = "2.5.4.11";
  private static final String O = "2.5.4.10";
  private static final String C = "2.5.4.6";
  private static final String EMAIL_ATTR = "1.2.840.113549.1.9.1";
  private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
  private static final String ECDSA_SHA384 = "1.2.840.10045.4.3.3";
  private static final String ECDSA_SHA512 = "1.2.840.10045.4.3.4";
  private static final String ECDSA_SHA1 = "1.2.840.10045.4.1";
  private static final String ED25519 = "1.3.101.112";
  private static final String RSA_SHA256 = "1.2.840.113549.1.1.11";
  private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
  private static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  private static final String CODE_SIGNING = "1.3.6.1.5.5.7.3.3";
  private static final String ANY_EKU = "2.5.29.37.0";

  private final long seed;
  private final DeterministicRandom random;
  private final Provider provider = new BouncyCastleProvider();
  private final Map<KeyAlgorithm, List<KeyPair>> leafKeys = new EnumMap<>(KeyAlgorithm.class);
  private boolean mutating;

  private DifferentialGenerator(long seed) {
    this.seed = seed;
    this.random = DeterministicRandom.fromSeed("msp4j-differential-" + seed);
  }

  /** The case for {@code seed}. */
  public static DifferentialCase generate(long seed) {
    return new DifferentialGenerator(seed).build();
  }

  /**
   * A self-signed EC P-256 certificate whose subject and issuer are exactly {@code rawName} (a
   * DER Name, which may hold string types and values a normal encoder refuses), deterministic in
   * {@code seed}.
   */
  public static byte[] selfSignedWithRawName(byte[] rawName, long seed) {
    DifferentialGenerator g = new DifferentialGenerator(seed);
    KeyPair keys = KeyPairs.generate(KeyAlgorithm.EC_P256, g.random);
    RawCertificate c = new RawCertificate();
    c.serial = DerWriter.integer(seed + 1);
    c.subject = rawName.clone();
    c.issuer = rawName.clone();
    c.validity = DerWriter.seq(time(BASE), time(END));
    c.publicKeyInfo = keys.getPublic().getEncoded();
    c.extensions.add(ext("2.5.29.19", true, DerWriter.seq()));
    c.innerAlgorithm = algorithmFor(keys);
    c.outerAlgorithm = c.innerAlgorithm;
    return c.sign(keys.getPrivate(), jcaFor(keys), g.provider, g.random);
  }

  // ------------------------------------------------------------------ the tree

  private DifferentialCase build() {
    String version = VERSIONS.get((int) Math.floorMod(seed, VERSIONS.size()));
    String mspId = "Org" + seed + "MSP";
    KeyAlgorithm caAlg = weighted(KeyAlgorithm.EC_P256, 14, KeyAlgorithm.EC_P384, 4,
        KeyAlgorithm.EC_P521, 1, KeyAlgorithm.ED25519, 1, KeyAlgorithm.RSA_2048, 1);
    List<String> caNotes = new ArrayList<>();
    RawCertificate.Issued root = ca("root", null, caAlg, caMutations(caNotes, "root"));
    int icaCount = weighted(0, 8, 1, 9, 2, 3);
    List<RawCertificate.Issued> icas = new ArrayList<>();
    RawCertificate.Issued parent = root;
    for (int i = 0; i < icaCount; i++) {
      List<String> icaMutations = caMutations(caNotes, "ica" + i);
      if (chance(50)) {
        icaMutations.add("san");
        caNotes.add("ica" + i + "-san");
      }
      RawCertificate.Issued ica = ca("ica" + i, parent, caAlg, icaMutations);
      icas.add(ica);
      parent = ica;
    }
    RawCertificate.Issued issuing = parent;
    RawCertificate.Issued foreign = ca("foreign", null, KeyAlgorithm.EC_P256, new ArrayList<>());

    MspFolder.Builder folder = MspFolder.builder();
    folder.file("cacerts/root.pem", pem("CERTIFICATE", root.der()));
    for (RawCertificate.Issued ica : icas) {
      folder.file("intermediatecerts/" + ica.label() + ".pem", pem("CERTIFICATE", ica.der()));
    }
    String issuingPath = icas.isEmpty() ? "cacerts/root.pem"
        : "intermediatecerts/" + issuing.label() + ".pem";

    List<DifferentialCase.IdentityFile> identities = new ArrayList<>();
    List<BigInteger> serials = new ArrayList<>();
    int count = 36 + random.nextInt(9);
    for (int i = 0; i < count; i++) {
      List<String> notes = new ArrayList<>();
      RawCertificate.Issued issuer = issuing;
      int who = random.nextInt(100);
      if (who < 4) {
        issuer = foreign;
        notes.add("issuer=foreign");
      } else if (who < 9 && !icas.isEmpty()) {
        issuer = root;
        notes.add("issuer=root");
      } else if (who < 11 && icas.size() == 2) {
        issuer = icas.get(0);
        notes.add("issuer=ica0");
      }
      BigInteger serial = BigInteger.valueOf(1000 + i).shiftLeft(64).add(BigInteger.valueOf(seed));
      mutating = chance(55);
      byte[] der = leaf(issuer, serial, notes);
      serials.add(serial);
      byte[] content = pemMutation(der, notes);
      identities.add(new DifferentialCase.IdentityFile(String.format("%04d.pem", i), content,
          String.join(";", notes)));
    }

    if (chance(20)) {
      folder.file("tlscacerts/tlsroot.pem", pem("CERTIFICATE", chance(80) ? root.der() : foreign.der()));
      caNotes.add("tlsca");
    }
    boolean adminOu = config(folder, version, issuingPath, caNotes);
    int admins = chance(80) ? 1 + random.nextInt(2) : chance(50) ? 0 : 3;
    for (int k = 0; k < admins; k++) {
      if (k < 2) {
        BigInteger serial = BigInteger.valueOf(900 + k).shiftLeft(64).add(BigInteger.valueOf(seed));
        byte[] admin = pem("CERTIFICATE", plainLeaf(issuing, serial,
            k == 0 && adminOu ? "admin" : "client"));
        folder.file("admincerts/admin" + k + ".pem", admin);
        identities.add(new DifferentialCase.IdentityFile(String.format("admin%d.pem", k), admin,
            "plain-admin"));
        serials.add(serial);
      } else {
        int idx = random.nextInt(count);
        folder.file("admincerts/admin" + k + ".pem", identities.get(idx).content());
        caNotes.add("admin=" + identities.get(idx).name());
      }
    }
    if (chance(30)) {
      crl(folder, issuing, serials, caNotes);
    }
    if (!icas.isEmpty() && chance(4)) {
      RawCertificate.Issued revoked = icas.get(0);
      folder.file("crls/root-crl.pem", crlPem(root, List.of(serialOf(revoked)), true));
      caNotes.add("crl=root-revokes-ica0");
    }
    return new DifferentialCase(seed, mspId, version, folder.build(),
        withTreeNotes(identities, caNotes));
  }

  private static List<DifferentialCase.IdentityFile> withTreeNotes(
      List<DifferentialCase.IdentityFile> identities, List<String> caNotes) {
    if (caNotes.isEmpty()) {
      return identities;
    }
    List<DifferentialCase.IdentityFile> out = new ArrayList<>();
    for (DifferentialCase.IdentityFile f : identities) {
      out.add(new DifferentialCase.IdentityFile(f.name(), f.content(),
          f.mutations() + (f.mutations().isEmpty() ? "" : ";") + "tree:" + String.join(",", caNotes)));
    }
    return out;
  }

  /** Writes config.yaml (or not); returns whether NodeOUs define an admin OU. */
  private boolean config(MspFolder.Builder folder, String version, String issuingPath,
      List<String> notes) {
    ConfigYaml.Builder yaml = ConfigYaml.builder();
    boolean any = false;
    boolean adminOu = false;
    if (!version.equals("1.0") && chance(65)) {
      boolean bind = chance(30);
      String cert = bind ? issuingPath : null;
      boolean enable = !chance(8);
      yaml.nodeOus(enable);
      yaml.clientOu(cert, "client").peerOu(cert, "peer");
      if (chance(70)) {
        yaml.adminOu(cert, "admin");
        adminOu = enable && (version.equals("1.4.3") || version.equals("3.0"));
      }
      if (chance(70)) {
        yaml.ordererOu(cert, "orderer");
      }
      notes.add("nodeous" + (bind ? "-bound" : ""));
      any = true;
    }
    if (chance(15)) {
      yaml.ouIdentifier(chance(80) ? issuingPath : "cacerts/root.pem", "org1");
      notes.add("ouid=org1");
      any = true;
    }
    if (any) {
      folder.configYaml(yaml.build());
    }
    return adminOu;
  }

  private void crl(MspFolder.Builder folder, RawCertificate.Issued issuing, List<BigInteger> serials,
      List<String> notes) {
    List<BigInteger> revoked = new ArrayList<>();
    int n = 1 + random.nextInt(4);
    for (int k = 0; k < n; k++) {
      revoked.add(serials.get(random.nextInt(serials.size())));
    }
    boolean aki = !chance(8);
    String variant = chance(60) ? "plain" : pick(new String[] {"high-s", "corrupt-signature",
        "stale", "other-key", "entry-reason", "aki-without-keyid"});
    folder.file("crls/issuing-crl.pem", crlPem(issuing, revoked, aki, variant));
    notes.add("crl" + (aki ? "" : "-noaki") + "-" + variant + "=" + revoked.size());
  }

  private byte[] crlPem(RawCertificate.Issued issuer, List<BigInteger> serials, boolean aki) {
    return crlPem(issuer, serials, aki, "plain");
  }

  /** A PEM CRL by {@code issuer}; {@code variant} names a mutation of its signature or fields. */
  private byte[] crlPem(RawCertificate.Issued issuer, List<BigInteger> serials, boolean aki,
      String variant) {
    IssuedCertificate ca = IssuedCertificate.fromDer(issuer.der(), issuer.keys().getPrivate());
    CrlBuilder b = CrlBuilder.create(random, ca);
    for (BigInteger s : serials) {
      if (variant.equals("entry-reason")) {
        b.revoke(s, BASE.plusSeconds(86_400 * 400L), 1);
      } else {
        b.revoke(s);
      }
    }
    if (!aki) {
      b.noAuthorityKeyId();
    } else if (variant.equals("aki-without-keyid")) {
      b.authorityKeyIdWithoutKeyId();
    } else if (issuer.subjectKeyId() != null) {
      b.authorityKeyId(issuer.subjectKeyId());
    }
    switch (variant) {
      case "high-s" -> {
        if (issuer.keys().getPrivate().getAlgorithm().startsWith("EC")) {
          b.mangleSignature(io.msp4j.testdata.SignatureMangling.highS());
        }
      }
      case "corrupt-signature" -> b.mangleSignature(io.msp4j.testdata.SignatureMangling.corrupt());
      case "stale" -> b.thisUpdate(BASE.minusSeconds(86_400 * 10L)).nextUpdate(BASE.minusSeconds(86_400));
      case "other-key" -> b.signingKey(KeyPairs.generate(KeyAlgorithm.EC_P256, random).getPrivate());
      default -> {
        // as issued
      }
    }
    return b.build().pem().getBytes(StandardCharsets.US_ASCII);
  }

  private static BigInteger serialOf(RawCertificate.Issued c) {
    return IssuedCertificate.fromDer(c.der()).serial();
  }

  // ------------------------------------------------------------------ CAs

  /** Mutations of a CA certificate, each recorded in {@code notes}. */
  private List<String> caMutations(List<String> notes, String label) {
    List<String> m = new ArrayList<>();
    if (!chance(40)) {
      return m;
    }
    boolean isRoot = label.equals("root");
    if (chance(12)) {
      m.add("nc");
    }
    if (chance(4)) {
      m.add("pathlen0");
    }
    if (!isRoot && chance(8)) {
      m.add("eku");
    }
    if (!isRoot && chance(3)) {
      m.add("ku-nocertsign");
    }
    if (chance(2)) {
      m.add("unknown-critical");
    }
    if (chance(6)) {
      m.add("policies");
    }
    if (chance(3)) {
      m.add("noski");
    }
    if (!isRoot && chance(3)) {
      m.add("late");
    }
    if (!isRoot && chance(2)) {
      m.add("noca");
    }
    for (String s : m) {
      notes.add(label + "-" + s);
    }
    return m;
  }

  private RawCertificate.Issued ca(String label, RawCertificate.Issued parent, KeyAlgorithm alg,
      List<String> mutations) {
    KeyPair keys = KeyPairs.generate(alg, random);
    RawCertificate c = new RawCertificate();
    c.serial = DerWriter.integer(new BigInteger(64, random).add(BigInteger.ONE));
    byte[] name = name(DerWriter.set(attr(CN, 0x13, label + "." + seed + ".example.com")),
        DerWriter.set(attr(O, 0x13, "Org" + seed)));
    c.subject = name;
    c.issuer = parent == null ? name : parent.subjectName();
    Instant nb = mutations.contains("late") ? BASE.plusSeconds(86_400 * 30) : BASE;
    c.validity = DerWriter.seq(time(nb), time(END));
    c.publicKeyInfo = keys.getPublic().getEncoded();
    byte[] ski = sha256(c.publicKeyInfo);
    boolean ca = !mutations.contains("noca");
    c.extensions.add(ext("2.5.29.15", true, DerWriter.bitString(1,
        mutations.contains("ku-nocertsign") ? new byte[] {(byte) 0x80} : new byte[] {(byte) 0x86})));
    c.extensions.add(ext("2.5.29.19", true, ca
        ? DerWriter.seq(DerWriter.bool(true), mutations.contains("pathlen0") ? DerWriter.integer(0) : new byte[0])
        : DerWriter.seq()));
    if (!mutations.contains("noski")) {
      c.extensions.add(ext("2.5.29.14", false, DerWriter.octets(ski)));
    }
    if (parent != null && parent.subjectKeyId() != null) {
      c.extensions.add(ext("2.5.29.35", false,
          DerWriter.seq(DerWriter.tlv(0x80, parent.subjectKeyId()))));
    }
    if (mutations.contains("san")) {
      c.extensions.add(ext("2.5.29.17", false,
          DerWriter.seq(DerWriter.ascii(0x82, label + ".example.com"))));
    }
    if (mutations.contains("nc")) {
      c.extensions.add(ext("2.5.29.30", chance(80), nameConstraints()));
    }
    if (mutations.contains("eku")) {
      c.extensions.add(ext("2.5.29.37", false, ekuValue(pick(new String[][] {{SERVER_AUTH},
          {CLIENT_AUTH}, {ANY_EKU}, {CLIENT_AUTH, SERVER_AUTH}, {CODE_SIGNING}}))));
    }
    if (mutations.contains("unknown-critical")) {
      c.extensions.add(ext("1.2.3.4.5.6.7", true, DerWriter.nul()));
    }
    if (mutations.contains("policies")) {
      policyExtensions(c.extensions);
    }
    KeyPair signingKeys = parent == null ? keys : parent.keys();
    c.innerAlgorithm = algorithmFor(signingKeys);
    c.outerAlgorithm = c.innerAlgorithm;
    byte[] der = c.sign(signingKeys.getPrivate(), jcaFor(signingKeys), provider, random);
    return new RawCertificate.Issued(der, name, keys, mutations.contains("noski") ? null : ski,
        label);
  }

  // ------------------------------------------------------------------ identities

  private byte[] leaf(RawCertificate.Issued issuer, BigInteger serial, List<String> notes) {
    KeyAlgorithm alg = KeyAlgorithm.EC_P256;
    int k = draw();
    if (k < 4) {
      alg = KeyAlgorithm.EC_P384;
    } else if (k < 6) {
      alg = KeyAlgorithm.ED25519;
    } else if (k < 7) {
      alg = KeyAlgorithm.EC_P224;
    } else if (k < 8) {
      alg = KeyAlgorithm.EC_SECP256K1;
    } else if (k < 9) {
      alg = KeyAlgorithm.EC_P521;
    } else if (k < 10) {
      alg = KeyAlgorithm.RSA_2048;
    }
    if (alg != KeyAlgorithm.EC_P256) {
      notes.add("key=" + alg);
    }
    KeyPair keys = leafKey(alg);
    RawCertificate c = new RawCertificate();
    c.serial = serialField(serial, notes);
    c.issuer = issuer.subjectName();
    if (mutation(2)) {
      c.issuer = reencodedIssuer(issuer, notes);
    }
    c.subject = subject(notes);
    c.validity = validity(notes);
    c.publicKeyInfo = keys.getPublic().getEncoded();
    extensions(c, issuer, notes);
    c.innerAlgorithm = algorithmFor(issuer.keys());
    String jca = jcaFor(issuer.keys());
    if (issuer.keys().getPrivate().getAlgorithm().startsWith("EC")) {
      int s = draw();
      if (s < 3) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA384));
        jca = "SHA384withECDSA";
        notes.add("sig=sha384");
      } else if (s < 5) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA1));
        jca = "SHA1withECDSA";
        notes.add("sig=sha1");
      } else if (s < 7) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.nul());
        jca = "SHA256withECDSA";
        notes.add("sig=null-params");
      } else if (s < 15) {
        c.highS = true;
        notes.add("sig=high-s");
      } else if (s < 17) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
        jca = "SHA512withECDSA";
        notes.add("sig=sha512");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.oid("1.2.3"));
        notes.add("sig=oid-params");
      }
    } else if (issuer.keys().getPrivate().getAlgorithm().equals("RSA")) {
      int s = draw();
      if (s < 10) {
        c.innerAlgorithm = pssAlgorithm();
        jca = "SHA256withRSAandMGF1";
        notes.add("sig=rsa-pss");
      } else if (s < 13) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(RSA_SHA256));
        notes.add("sig=rsa-no-null");
      } else if (s < 16) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.5"), DerWriter.nul());
        jca = "SHA1withRSA";
        notes.add("sig=rsa-sha1");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.13"), DerWriter.nul());
        jca = "SHA512withRSA";
        notes.add("sig=rsa-sha512");
      }
    } else if (mutation(15)) {
      c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ED25519), DerWriter.nul());
      notes.add("sig=ed25519-null-params");
    }
    c.outerAlgorithm = c.innerAlgorithm;
    if (mutation(2)) {
      c.outerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
      notes.add("sig=outer-mismatch");
    }
    versionMutation(c, notes);
    derMutation(c, notes);
    return c.sign(issuer.keys().getPrivate(), jca, provider, random);
  }

  /** A leaf with no mutation: P-256, one OU, the usual key usage, no SAN or EKU. */
  private byte[] plainLeaf(RawCertificate.Issued issuer, BigInteger serial, String ou) {
    KeyPair keys = leafKey(KeyAlgorithm.EC_P256);
    RawCertificate c = new RawCertificate();
    c.serial = DerWriter.integer(serial);
    c.issuer = issuer.subjectName();
    c.subject = name(DerWriter.set(attr(C, 0x13, "US")), DerWriter.set(attr(OU, 0x13, ou)),
        DerWriter.set(attr(OU, 0x13, "org1")), DerWriter.set(attr(CN, 0x13, ou + serial)));
    c.validity = DerWriter.seq(time(BASE.plusSeconds(7200)), time(END.minusSeconds(86_400)));
    c.publicKeyInfo = keys.getPublic().getEncoded();
    c.extensions.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x80})));
    c.extensions.add(ext("2.5.29.19", true, DerWriter.seq()));
    c.extensions.add(ext("2.5.29.14", false, DerWriter.octets(sha256(c.publicKeyInfo))));
    if (issuer.subjectKeyId() != null) {
      c.extensions.add(ext("2.5.29.35", false,
          DerWriter.seq(DerWriter.tlv(0x80, issuer.subjectKeyId()))));
    }
    c.innerAlgorithm = algorithmFor(issuer.keys());
    c.outerAlgorithm = c.innerAlgorithm;
    return c.sign(issuer.keys().getPrivate(), jcaFor(issuer.keys()), provider, random);
  }

  private KeyPair leafKey(KeyAlgorithm alg) {
    List<KeyPair> pool = leafKeys.computeIfAbsent(alg, a -> new ArrayList<>());
    if (pool.size() < (alg == KeyAlgorithm.RSA_2048 ? 1 : 3)) {
      pool.add(KeyPairs.generate(alg, random));
      return pool.get(pool.size() - 1);
    }
    return pool.get(random.nextInt(pool.size()));
  }

  private byte[] serialField(BigInteger serial, List<String> notes) {
    int s = draw();
    if (s < 2) {
      notes.add("serial=negative");
      return DerWriter.integer(serial.negate());
    } else if (s < 4) {
      notes.add("serial=non-minimal");
      byte[] v = serial.toByteArray();
      byte[] padded = new byte[v.length + 1];
      System.arraycopy(v, 0, padded, 1, v.length);
      return DerWriter.tlv(0x02, padded);
    } else if (s < 6) {
      notes.add("serial=21-octets");
      return DerWriter.integer(serial.shiftLeft(100).setBit(166));
    } else if (s < 7) {
      notes.add("serial=20-octets");
      return DerWriter.integer(serial.shiftLeft(80).setBit(158));
    } else if (s < 8) {
      notes.add("serial=zero");
      return DerWriter.integer(BigInteger.ZERO);
    } else if (s < 9) {
      notes.add("serial=empty");
      return DerWriter.tlv(0x02);
    }
    return DerWriter.integer(serial);
  }

  private byte[] reencodedIssuer(RawCertificate.Issued issuer, List<String> notes) {
    notes.add("issuer-name=utf8");
    String cn = new String(firstCn(issuer), StandardCharsets.ISO_8859_1);
    return name(DerWriter.set(attr(CN, 0x0c, cn)), DerWriter.set(attr(O, 0x0c, "Org" + seed)));
  }

  private byte[] firstCn(RawCertificate.Issued issuer) {
    return issuer.label().equals("foreign") ? ("foreign." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII)
        : (issuer.label() + "." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII);
  }

  private static final String[] ROLE_OUS = {"client", "peer", "admin", "orderer", "org1"};
  private static final String[] ODD_OUS = {"Client", "client ", "cli*ent", "PEER", "", "\u00fcnit",
      "\u6f22\u5b57", "\ud83d\ude00emoji", "a_b", "org1/x", "client\u0000"};

  private byte[] subject(List<String> notes) {
    List<byte[]> rdns = new ArrayList<>();
    if (mutation(2)) {
      notes.add("subject=empty");
      return DerWriter.seq();
    }
    rdns.add(DerWriter.set(attr(C, 0x13, "US")));
    int ous = weighted(0, 8, 1, 70, 2, 18, 3, 4);
    for (int i = 0; i < ous; i++) {
      String ou = !mutation(15) ? ROLE_OUS[random.nextInt(ROLE_OUS.length)]
          : ODD_OUS[random.nextInt(ODD_OUS.length)];
      byte[] value = stringValue(ou, notes);
      byte[] a = DerWriter.seq(DerWriter.oid(OU), value);
      if (mutation(4)) {
        notes.add("ou-multivalued-rdn");
        rdns.add(DerWriter.set(a, attr(O, 0x13, "Org" + seed)));
      } else {
        rdns.add(DerWriter.set(a));
      }
    }
    if (mutation(3)) {
      notes.add("subject-email");
      rdns.add(DerWriter.set(attr(EMAIL_ATTR, 0x16, "user@example.com")));
    }
    rdns.add(DerWriter.set(DerWriter.seq(DerWriter.oid(CN),
        stringValue("id" + random.nextInt(1_000_000), notes))));
    return DerWriter.seq(rdns.toArray(new byte[0][]));
  }

  /** A directory string holding {@code text}, mostly PrintableString or UTF8String. */
  private byte[] stringValue(String text, List<String> notes) {
    int s = mutating ? random.nextInt(100) : random.nextInt(80);
    byte[] latin1 = text.getBytes(StandardCharsets.ISO_8859_1);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    if (s < 45) {
      if (!text.matches("[A-Za-z0-9 '()+,\\-./:=?]*")) {
        notes.add("printable-invalid");
      }
      return DerWriter.tlv(0x13, latin1);
    } else if (s < 80) {
      return DerWriter.tlv(0x0c, utf8);
    } else if (s < 84) {
      notes.add("str=ia5");
      return DerWriter.tlv(0x16, utf8);
    } else if (s < 87) {
      notes.add("str=t61");
      return DerWriter.tlv(0x14, latin1);
    } else if (s < 91) {
      notes.add("str=bmp");
      return DerWriter.tlv(0x1e, text.getBytes(StandardCharsets.UTF_16BE));
    } else if (s < 92) {
      notes.add("str=bmp-lone-surrogate");
      byte[] b = text.getBytes(StandardCharsets.UTF_16BE);
      byte[] out = new byte[b.length + 2];
      System.arraycopy(b, 0, out, 0, b.length);
      out[b.length] = (byte) 0xd8;
      return DerWriter.tlv(0x1e, out);
    } else if (s < 93) {
      notes.add("str=bmp-odd");
      byte[] b = text.getBytes(StandardCharsets.UTF_16BE);
      byte[] out = new byte[b.length + 1];
      System.arraycopy(b, 0, out, 0, b.length);
      out[b.length] = 0x41;
      return DerWriter.tlv(0x1e, out);
    } else if (s < 94) {
      notes.add("str=universal");
      return DerWriter.tlv(0x1c, text.getBytes(java.nio.charset.Charset.forName("UTF-32BE")));
    } else if (s < 95) {
      notes.add("str=numeric");
      return DerWriter.tlv(0x12, latin1);
    } else if (s < 96) {
      notes.add("str=utf8-invalid");
      byte[] out = new byte[utf8.length + 2];
      System.arraycopy(utf8, 0, out, 0, utf8.length);
      out[utf8.length] = (byte) 0xc3;
      out[utf8.length + 1] = 0x28;
      return DerWriter.tlv(0x0c, out);
    } else if (s < 97) {
      notes.add("str=visible");
      return DerWriter.tlv(0x1a, latin1);
    } else if (s < 98) {
      notes.add("str=ia5-high");
      byte[] out = new byte[utf8.length + 1];
      System.arraycopy(utf8, 0, out, 0, utf8.length);
      out[utf8.length] = (byte) 0xe9;
      return DerWriter.tlv(0x16, out);
    } else if (s < 99) {
      notes.add("str=t61-high");
      byte[] out = new byte[latin1.length + 1];
      System.arraycopy(latin1, 0, out, 0, latin1.length);
      out[latin1.length] = (byte) 0xe9;
      return DerWriter.tlv(0x14, out);
    }
    notes.add("str=bmp-pair");
    return DerWriter.tlv(0x1e, (text + "\ud83d\ude00").getBytes(StandardCharsets.UTF_16BE));
  }

  private byte[] validity(List<String> notes) {
    Instant nb = BASE.plusSeconds(3600 + random.nextInt(86_400));
    Instant na = END.minusSeconds(86_400);
    int s = draw();
    byte[] nbTime = time(nb);
    byte[] naTime = time(na);
    if (s < 3) {
      notes.add("validity=before-ca");
      nbTime = time(BASE.minusSeconds(3600));
    } else if (s < 5) {
      notes.add("validity=na-eq-nb");
      naTime = time(nb);
    } else if (s < 7) {
      notes.add("validity=na-nb+1");
      naTime = time(nb.plusSeconds(1));
    } else if (s < 8) {
      notes.add("validity=na-before-nb");
      naTime = time(nb.minusSeconds(10));
    } else if (s < 9) {
      notes.add("validity=after-ca");
      nbTime = time(END.plusSeconds(10));
      naTime = time(END.plusSeconds(86_400));
    } else if (s < 11) {
      notes.add("validity=generalized");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + "Z");
    } else if (s < 12) {
      notes.add("validity=utc-no-seconds");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmm", nb) + "Z");
    } else if (s < 13) {
      notes.add("validity=utc-offset");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb) + "+0100");
    } else if (s < 14) {
      notes.add("validity=generalized-fraction");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".5Z");
    } else if (s < 15) {
      notes.add("validity=generalized-no-z");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb));
    } else if (s < 16) {
      notes.add("validity=utc-no-z");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb));
    } else if (s < 17) {
      notes.add("validity=utc-1950");
      naTime = DerWriter.ascii(0x17, "500101000000Z");
    } else if (s < 18) {
      notes.add("validity=generalized-2050");
      naTime = DerWriter.ascii(0x18, "20500101000000Z");
    } else if (s < 19) {
      notes.add("validity=utc-bad-month");
      nbTime = DerWriter.ascii(0x17, "241301000000Z");
    } else if (s < 20) {
      notes.add("validity=generalized-fraction-trailing-zero");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".50Z");
    }
    return DerWriter.seq(nbTime, naTime);
  }

  private void extensions(RawCertificate c, RawCertificate.Issued issuer, List<String> notes) {
    List<byte[]> e = c.extensions;
    int ku = draw();
    if (ku >= 20) {
      e.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x80})));
    } else if (ku < 5) {
      notes.add("ku=certsign");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(2, new byte[] {0x04})));
    } else if (ku < 7) {
      notes.add("ku=nonzero-padding");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x81})));
    } else if (ku < 8) {
      notes.add("ku=empty");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(0, new byte[0])));
    } else {
      notes.add("ku=none");
    }
    int bc = draw();
    if (bc >= 30) {
      e.add(ext("2.5.29.19", true, DerWriter.seq()));
    } else if (bc < 4) {
      notes.add("bc=explicit-false");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.bool(false))));
    } else if (bc < 7) {
      notes.add("bc=ca");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.bool(true))));
    } else if (bc < 9) {
      notes.add("bc=pathlen-leaf");
      e.add(ext("2.5.29.19", false, DerWriter.seq(DerWriter.integer(2))));
    } else if (bc < 10) {
      notes.add("bc=bool-01");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.tlv(0x01, new byte[] {1}))));
    } else if (bc < 11) {
      notes.add("bc=trailing");
      e.add(ext("2.5.29.19", true, concat(DerWriter.seq(), new byte[] {5, 0})));
    } else {
      notes.add("bc=none");
    }
    if (!mutation(5)) {
      e.add(ext("2.5.29.14", mutation(2) ? markCritical(notes, "ski") : false,
          DerWriter.octets(sha256(c.publicKeyInfo))));
    } else {
      notes.add("ski=none");
    }
    if (issuer.subjectKeyId() != null && !mutation(5)) {
      e.add(ext("2.5.29.35", mutation(2) ? markCritical(notes, "aki") : false,
          DerWriter.seq(DerWriter.tlv(0x80, issuer.subjectKeyId()))));
    }
    if (mutating ? chance(40) : chance(10)) {
      e.add(ext("2.5.29.17", mutation(5) ? markCritical(notes, "san") : false, sans(notes)));
    }
    int eku = draw();
    if (eku < 12) {
      String[] p = pick(new String[][] {{SERVER_AUTH}, {CLIENT_AUTH}, {ANY_EKU},
          {CLIENT_AUTH, SERVER_AUTH}, {CODE_SIGNING}, {"1.2.3.4"}, {}});
      notes.add("eku=" + String.join("+", p));
      e.add(ext("2.5.29.37", chance(10), ekuValue(p)));
    }
    if (mutation(4)) {
      policyExtensions(e);
      notes.add("policies");
    }
    if (mutation(2)) {
      notes.add("unknown-critical");
      e.add(ext("1.2.3.4.5.6.7.8", true, DerWriter.nul()));
    }
    if (mutation(3)) {
      notes.add("unknown-noncritical");
      e.add(ext("1.3.6.1.4.1.99999.1", false, DerWriter.ascii(0x0c, "x")));
    }
    if (mutation(1)) {
      notes.add("duplicate-extension");
      e.add(ext("1.3.6.1.4.1.99999.2", false, DerWriter.nul()));
      e.add(ext("1.3.6.1.4.1.99999.2", false, DerWriter.nul()));
    }
    if (mutation(2)) {
      notes.add("critical-explicit-false");
      e.add(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.3"), DerWriter.bool(false),
          DerWriter.octets(DerWriter.nul())));
    }
    if (mutation(1)) {
      notes.add("aia-critical");
      e.add(ext("1.3.6.1.5.5.7.1.1", true, DerWriter.seq()));
    }
    if (mutation(1)) {
      notes.add("crldp");
      e.add(ext("2.5.29.31", false, DerWriter.seq(DerWriter.seq(DerWriter.tlv(0xA0,
          DerWriter.tlv(0xA0, DerWriter.ascii(0x86, "http://crl.example.com/x.crl")))))));
    }
    if (mutation(1)) {
      notes.add("oid-arc-2^31");
      e.add(ext("1.3.6.1.4.1.2147483648", false, DerWriter.nul()));
    }
  }

  private static boolean markCritical(List<String> notes, String what) {
    notes.add(what + "=critical");
    return true;
  }

  private static final String[] DNS = {"peer0.example.com", ".example.com", "example.com.",
      "a..example.com", "", "*.example.com", "EXAMPLE.COM", "ex ample.com", "-a.example.com",
      "a_b.example.com", "localhost", "x.org"};
  private static final String[] EMAILS = {"user@example.com", "user@.example.com", "\"q u\"@example.com",
      ".user@example.com", "user", "user@EXAMPLE.COM", "us..er@example.com", "user@x.org"};
  private static final String[] URIS = {"https://example.com/p", "https://.example.com/",
      "spiffe://example.com/w", "https://[::1]/", "https://10.0.0.1/", "urn:uuid:1", "http://a..b/",
      "https://exa%20mple.com/", ":foo", "https://a.example.com:8443:1/", "https://x.org/"};
  private static final byte[][] IPS = {{10, 1, 2, 3}, {(byte) 192, (byte) 168, 1, 1},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, {10, 1, 2}, {}};

  private byte[] sans(List<String> notes) {
    int n = weighted(0, 5, 1, 60, 2, 25, 3, 10);
    List<byte[]> names = new ArrayList<>();
    if (!mutating) {
      notes.add("san-dns=peer0.example.com");
      return DerWriter.seq(DerWriter.ascii(0x82, "peer0.example.com"));
    }
    for (int i = 0; i < n; i++) {
      int t = random.nextInt(100);
      if (t < 40) {
        String v = pick(DNS);
        notes.add("san-dns=" + v);
        names.add(DerWriter.ascii(0x82, v));
      } else if (t < 60) {
        String v = pick(EMAILS);
        notes.add("san-email=" + v);
        names.add(DerWriter.ascii(0x81, v));
      } else if (t < 80) {
        String v = pick(URIS);
        notes.add("san-uri=" + v);
        names.add(DerWriter.ascii(0x86, v));
      } else if (t < 92) {
        byte[] v = IPS[random.nextInt(IPS.length)];
        notes.add("san-ip=" + v.length);
        names.add(DerWriter.tlv(0x87, v));
      } else if (t < 95) {
        notes.add("san-dirname");
        names.add(DerWriter.tlv(0xA4, name(DerWriter.set(attr(CN, 0x13, "dir")))));
      } else if (t < 98) {
        notes.add("san-othername");
        names.add(DerWriter.tlv(0xA0, DerWriter.oid("1.3.6.1.4.1.99999.9"),
            DerWriter.tlv(0xA0, DerWriter.ascii(0x0c, "other"))));
      } else if (t < 99) {
        notes.add("san-high-tag");
        names.add(new byte[] {(byte) 0x9f, 0x21, 0x01, 0x61});
      } else {
        notes.add("san-dns-non-ia5");
        names.add(DerWriter.tlv(0x82, "caf\u00e9.example.com".getBytes(StandardCharsets.ISO_8859_1)));
      }
    }
    return DerWriter.seq(names.toArray(new byte[0][]));
  }

  private static final String[] DNS_CONSTRAINTS = {"example.com", ".example.com", "x.org", "",
      "..example.com", "example.com."};
  private static final String[] EMAIL_CONSTRAINTS = {"example.com", ".example.com",
      "user@example.com", "@example.com"};
  private static final String[] URI_CONSTRAINTS = {"example.com", ".example.com", "10.0.0.1"};
  private static final byte[][] IP_CONSTRAINTS = {{10, 0, 0, 0, (byte) 255, 0, 0, 0},
      {(byte) 192, (byte) 168, 0, 0, (byte) 255, (byte) 255, 0, 0}, {10, 0, 0, 0, (byte) 255, 0, (byte) 255, 0}};

  private byte[] nameConstraints() {
    List<byte[]> permitted = new ArrayList<>();
    List<byte[]> excluded = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int i = 0; i < n; i++) {
      List<byte[]> list = chance(65) ? permitted : excluded;
      int t = random.nextInt(100);
      byte[] base;
      if (t < 45) {
        base = DerWriter.ascii(0x82, pick(DNS_CONSTRAINTS));
      } else if (t < 65) {
        base = DerWriter.ascii(0x81, pick(EMAIL_CONSTRAINTS));
      } else if (t < 80) {
        base = DerWriter.ascii(0x86, pick(URI_CONSTRAINTS));
      } else if (t < 95) {
        base = DerWriter.tlv(0x87, IP_CONSTRAINTS[random.nextInt(IP_CONSTRAINTS.length)]);
      } else {
        base = DerWriter.tlv(0xA4, name(DerWriter.set(attr(O, 0x13, "Org" + seed))));
      }
      list.add(DerWriter.seq(base));
    }
    List<byte[]> parts = new ArrayList<>();
    if (!permitted.isEmpty()) {
      parts.add(DerWriter.tlv(0xA0, permitted.toArray(new byte[0][])));
    }
    if (!excluded.isEmpty()) {
      parts.add(DerWriter.tlv(0xA1, excluded.toArray(new byte[0][])));
    }
    return DerWriter.seq(parts.toArray(new byte[0][]));
  }

  private void policyExtensions(List<byte[]> e) {
    int p = random.nextInt(5);
    switch (p) {
      case 0 -> e.add(ext("2.5.29.32", chance(50),
          DerWriter.seq(DerWriter.seq(DerWriter.oid("2.5.29.32.0")))));
      case 1 -> e.add(ext("2.5.29.32", chance(50),
          DerWriter.seq(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.7")))));
      case 2 -> e.add(ext("2.5.29.36", true, DerWriter.seq(DerWriter.tlv(0x80, new byte[] {0}))));
      case 3 -> e.add(ext("2.5.29.54", true, DerWriter.integer(0)));
      default -> e.add(ext("2.5.29.33", true, DerWriter.seq(DerWriter.seq(
          DerWriter.oid("1.3.6.1.4.1.99999.7"), DerWriter.oid("1.3.6.1.4.1.99999.8")))));
    }
  }

  private void versionMutation(RawCertificate c, List<String> notes) {
    int v = draw();
    if (v < 2) {
      notes.add("version=1");
      c.version = null;
      c.withoutExtensions = true;
    } else if (v < 3) {
      notes.add("version=1-with-extensions");
      c.version = null;
    } else if (v < 4) {
      notes.add("version=explicit-v1");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(0));
      c.withoutExtensions = true;
    } else if (v < 5) {
      notes.add("version=4");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(3));
    } else if (v < 6) {
      notes.add("version=2");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(1));
    }
  }

  private void derMutation(RawCertificate c, List<String> notes) {
    int d = draw();
    if (d >= 5 && d < 7) {
      notes.add("unique-ids");
      c.uniqueIds = DerWriter.tlv(0x81, new byte[] {0, 1});
    } else if (d >= 7 && d < 8) {
      notes.add("unique-id-bad-padding");
      c.uniqueIds = DerWriter.tlv(0x82, new byte[] {3, (byte) 0xab});
    } else if (d < 1) {
      notes.add("der=long-length-subject");
      byte[] subject = c.subject;
      c.subject = DerWriter.tlvLongLength(0x30, java.util.Arrays.copyOfRange(subject,
          headerLength(subject), subject.length));
    } else if (d < 2) {
      notes.add("der=trailing-bytes");
      c.trailing = new byte[] {0, 0};
    } else if (d < 3) {
      notes.add("der=bool-critical-01");
      c.extensions.add(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.4"),
          DerWriter.tlv(0x01, new byte[] {1}), DerWriter.octets(DerWriter.nul())));
    } else if (d < 4) {
      notes.add("der=oid-non-minimal");
      c.extensions.add(DerWriter.seq(DerWriter.tlv(0x06, new byte[] {0x2b, (byte) 0x80, 0x06}),
          DerWriter.octets(DerWriter.nul())));
    } else if (d < 5) {
      notes.add("der=ext-value-trailing");
      c.extensions.add(ext("1.3.6.1.4.1.99999.5", false, concat(DerWriter.nul(), new byte[] {0})));
    }
  }

  private static int headerLength(byte[] tlv) {
    int l = tlv[1] & 0xff;
    return l < 0x80 ? 2 : 2 + (l & 0x7f);
  }

  private byte[] pemMutation(byte[] der, List<String> notes) {
    int p = draw();
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der);
    String std = "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----\n";
    String out = std;
    if (p < 2) {
      notes.add("pem=crlf");
      out = std.replace("\n", "\r\n");
    } else if (p < 3) {
      notes.add("pem=leading-text");
      out = "subject=whatever\n" + std;
    } else if (p < 4) {
      notes.add("pem=headers");
      out = "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n" + body
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 5) {
      notes.add("pem=other-type");
      out = std.replace("CERTIFICATE", "X509 CERTIFICATE");
    } else if (p < 6) {
      notes.add("pem=one-line");
      out = "-----BEGIN CERTIFICATE-----\n" + Base64.getEncoder().encodeToString(der)
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 7) {
      notes.add("pem=two-blocks");
      out = std + std;
    } else if (p < 8) {
      notes.add("pem=no-final-newline");
      out = std.substring(0, std.length() - 1);
    } else if (p < 9) {
      notes.add("pem=mismatched-end");
      out = std.replace("END CERTIFICATE", "END CERT");
    } else if (p < 10) {
      notes.add("pem=spaces-in-body");
      out = "-----BEGIN CERTIFICATE-----\n" + body.replace("\n", " \n") + "\n-----END CERTIFICATE-----\n";
    }
    return out.getBytes(StandardCharsets.US_ASCII);
  }

  // ------------------------------------------------------------------ helpers

  private static byte[] pem(String type, byte[] der) {
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der);
    return ("-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] name(byte[]... rdns) {
    return DerWriter.seq(rdns);
  }

  private static byte[] attr(String oid, int tag, String value) {
    return DerWriter.seq(DerWriter.oid(oid), DerWriter.tlv(tag,
        value.getBytes(tag == 0x0c ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1)));
  }

  private static byte[] ext(String oid, boolean critical, byte[] value) {
    return critical
        ? DerWriter.seq(DerWriter.oid(oid), DerWriter.bool(true), DerWriter.octets(value))
        : DerWriter.seq(DerWriter.oid(oid), DerWriter.octets(value));
  }

  private static byte[] ekuValue(String[] oids) {
    byte[][] parts = new byte[oids.length][];
    for (int i = 0; i < oids.length; i++) {
      parts[i] = DerWriter.oid(oids[i]);
    }
    return DerWriter.seq(parts);
  }

  private static byte[] time(Instant t) {
    int year = t.atZone(ZoneOffset.UTC).getYear();
    if (year >= 1950 && year < 2050) {
      return DerWriter.ascii(0x17, fmt("yyMMddHHmmss", t) + "Z");
    }
    return DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", t) + "Z");
  }

  private static String fmt(String pattern, Instant t) {
    return DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC).format(t);
  }

  /** RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt, parameters written out. */
  private static byte[] pssAlgorithm() {
    byte[] sha256 = DerWriter.seq(DerWriter.oid("2.16.840.1.101.3.4.2.1"), DerWriter.nul());
    return DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.10"), DerWriter.seq(
        DerWriter.tlv(0xA0, sha256),
        DerWriter.tlv(0xA1, DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.8"), sha256)),
        DerWriter.tlv(0xA2, DerWriter.integer(32))));
  }

  private static byte[] algorithmFor(KeyPair keys) {
    String alg = keys.getPrivate().getAlgorithm();
    if (alg.equals("RSA")) {
      return DerWriter.seq(DerWriter.oid(RSA_SHA256), DerWriter.nul());
    }
    if (alg.equals("Ed25519") || alg.equals("EdDSA")) {
      return DerWriter.seq(DerWriter.oid(ED25519));
    }
    int bits = ((java.security.interfaces.ECKey) keys.getPrivate()).getParams().getOrder().bitLength();
    return DerWriter.seq(DerWriter.oid(bits > 384 ? ECDSA_SHA512 : bits > 256 ? ECDSA_SHA384 : ECDSA_SHA256));
  }

  private static String jcaFor(KeyPair keys) {
    String alg = keys.getPrivate().getAlgorithm();
    if (alg.equals("RSA")) {
      return "SHA256withRSA";
    }
    if (alg.equals("Ed25519") || alg.equals("EdDSA")) {
      return "Ed25519";
    }
    int bits = ((java.security.interfaces.ECKey) keys.getPrivate()).getParams().getOrder().bitLength();
    return bits > 384 ? "SHA512withECDSA" : bits > 256 ? "SHA384withECDSA" : "SHA256withECDSA";
  }

  private static byte[] sha256(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** A draw in 0..99 for a mutation choice, or 99 (no mutation) for a plain identity. */
  private int draw() {
    int r = random.nextInt(100);
    return mutating ? r : 99;
  }

  /** A mutation that happens with this chance, and never to a plain identity. */
  private boolean mutation(int percent) {
    boolean hit = chance(percent);
    return mutating && hit;
  }

  private boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  private <T> T pick(T[] values) {
    return values[random.nextInt(values.length)];
  }

  /** Picks among (value, weight) pairs. */
  @SuppressWarnings("unchecked")
  private <T> T weighted(Object... valueWeightPairs) {
    int total = 0;
    for (int i = 1; i < valueWeightPairs.length; i += 2) {
      total += (Integer) valueWeightPairs[i];
    }
    int r = random.nextInt(total);
    for (int i = 0; i < valueWeightPairs.length; i += 2) {
      r -= (Integer) valueWeightPairs[i + 1];
      if (r < 0) {
        return (T) valueWeightPairs[i];
      }
    }
    throw new IllegalStateException();
  }
}

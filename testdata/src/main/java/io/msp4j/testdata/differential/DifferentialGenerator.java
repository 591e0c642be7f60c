package io.msp4j.testdata.differential;

import static io.msp4j.testdata.differential.Encodings.*;

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
import java.security.Provider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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


  private final long seed;
  private final DeterministicRandom random;
  private final Provider provider = new BouncyCastleProvider();
  private final Draws draws;
  private final Identities maker;

  private DifferentialGenerator(long seed) {
    this.seed = seed;
    this.random = DeterministicRandom.fromSeed("msp4j-differential-" + seed);
    this.draws = new Draws(random);
    this.maker = new Identities(seed, draws, provider);
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
    KeyAlgorithm caAlg = draws.weighted(KeyAlgorithm.EC_P256, 14, KeyAlgorithm.EC_P384, 4,
        KeyAlgorithm.EC_P521, 1, KeyAlgorithm.ED25519, 1, KeyAlgorithm.RSA_2048, 1);
    List<String> caNotes = new ArrayList<>();
    RawCertificate.Issued root = ca("root", null, caAlg, caMutations(caNotes, "root"));
    int icaCount = draws.weighted(0, 8, 1, 9, 2, 3);
    List<RawCertificate.Issued> icas = new ArrayList<>();
    RawCertificate.Issued parent = root;
    for (int i = 0; i < icaCount; i++) {
      List<String> icaMutations = caMutations(caNotes, "ica" + i);
      if (draws.chance(50)) {
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
      draws.mutating(draws.chance(55));
      byte[] der = maker.leaf(issuer, serial, notes);
      serials.add(serial);
      byte[] content = maker.pemMutation(der, notes);
      identities.add(new DifferentialCase.IdentityFile(String.format("%04d.pem", i), content,
          String.join(";", notes)));
    }

    if (draws.chance(20)) {
      folder.file("tlscacerts/tlsroot.pem", pem("CERTIFICATE", draws.chance(80) ? root.der() : foreign.der()));
      caNotes.add("tlsca");
    }
    boolean adminOu = config(folder, version, issuingPath, caNotes);
    int admins = draws.chance(80) ? 1 + random.nextInt(2) : draws.chance(50) ? 0 : 3;
    for (int k = 0; k < admins; k++) {
      if (k < 2) {
        BigInteger serial = BigInteger.valueOf(900 + k).shiftLeft(64).add(BigInteger.valueOf(seed));
        byte[] admin = pem("CERTIFICATE", maker.plainLeaf(issuing, serial,
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
    if (draws.chance(30)) {
      crl(folder, issuing, serials, caNotes);
    }
    if (!icas.isEmpty() && draws.chance(4)) {
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
    if (!version.equals("1.0") && draws.chance(65)) {
      boolean bind = draws.chance(30);
      String cert = bind ? issuingPath : null;
      boolean enable = !draws.chance(8);
      yaml.nodeOus(enable);
      yaml.clientOu(cert, "client").peerOu(cert, "peer");
      if (draws.chance(70)) {
        yaml.adminOu(cert, "admin");
        adminOu = enable && (version.equals("1.4.3") || version.equals("3.0"));
      }
      if (draws.chance(70)) {
        yaml.ordererOu(cert, "orderer");
      }
      notes.add("nodeous" + (bind ? "-bound" : ""));
      any = true;
    }
    if (draws.chance(15)) {
      yaml.ouIdentifier(draws.chance(80) ? issuingPath : "cacerts/root.pem", "org1");
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
    boolean aki = !draws.chance(8);
    String variant = draws.chance(60) ? "plain" : draws.pick(new String[] {"high-s", "corrupt-signature",
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
    if (!draws.chance(40)) {
      return m;
    }
    boolean isRoot = label.equals("root");
    if (draws.chance(12)) {
      m.add("nc");
    }
    if (draws.chance(4)) {
      m.add("pathlen0");
    }
    if (!isRoot && draws.chance(8)) {
      m.add("eku");
    }
    if (!isRoot && draws.chance(3)) {
      m.add("ku-nocertsign");
    }
    if (draws.chance(2)) {
      m.add("unknown-critical");
    }
    if (draws.chance(6)) {
      m.add("policies");
    }
    if (draws.chance(3)) {
      m.add("noski");
    }
    if (!isRoot && draws.chance(3)) {
      m.add("late");
    }
    if (!isRoot && draws.chance(2)) {
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
      c.extensions.add(ext("2.5.29.30", draws.chance(80), maker.nameConstraints()));
    }
    if (mutations.contains("eku")) {
      c.extensions.add(ext("2.5.29.37", false, ekuValue(draws.pick(new String[][] {{SERVER_AUTH},
          {CLIENT_AUTH}, {ANY_EKU}, {CLIENT_AUTH, SERVER_AUTH}, {CODE_SIGNING}}))));
    }
    if (mutations.contains("unknown-critical")) {
      c.extensions.add(ext("1.2.3.4.5.6.7", true, DerWriter.nul()));
    }
    if (mutations.contains("policies")) {
      maker.policyExtensions(c.extensions);
    }
    KeyPair signingKeys = parent == null ? keys : parent.keys();
    c.innerAlgorithm = algorithmFor(signingKeys);
    c.outerAlgorithm = c.innerAlgorithm;
    byte[] der = c.sign(signingKeys.getPrivate(), jcaFor(signingKeys), provider, random);
    return new RawCertificate.Issued(der, name, keys, mutations.contains("noski") ? null : ski,
        label);
  }

}

package io.msp4j.testdata.idemix.differential;

import static io.msp4j.testdata.idemix.differential.IdemixCorpus.STRICT_01;
import static io.msp4j.testdata.idemix.differential.IdemixCorpus.STRICT_02;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.config.IdemixMspFolders;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.idemix.IdemixMsp;
import io.msp4j.testdata.idemix.differential.FabricIdemixVerdicts.Row;
import io.msp4j.testdata.idemix.differential.FabricIdemixVerdicts.Table;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.IdentityCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.Org;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SetupCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SignatureCase;
import io.msp4j.testdata.idemix.differential.Msp4jIdemixAnswers.Answer;
import io.msp4j.testdata.idemix.differential.Msp4jIdemixAnswers.IdentityAnswer;
import io.msp4j.testdata.idemix.differential.Msp4jIdemixAnswers.Read;
import io.msp4j.testdata.idemix.differential.Msp4jIdemixAnswers.SignatureAnswer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The idemix differential corpus against the verdicts of Fabric's own idemix MSP (v2.5.12,
 * v2.5.16, v3.0.0 and v3.1.5, recorded by {@link FabricIdemixRecorder}): the corpus is
 * generated again from its seeds (and the Fabric-made inputs of {@code fabric-made.tsv}), each
 * case's bytes are checked against the fingerprint Fabric judged, and msp4j at each release must
 * give every answer Fabric gave: the MSPConfig of every folder byte for byte, every setup at
 * every MSP version, every identity's deserialization, validation, eleven principals,
 * identifier, OUs and re-serialization at 1.1, 1.3 and 1.4.3, and every signature's
 * verification.
 *
 * <p>The only answers allowed to differ are msp4j's deliberate refusals (MSP4J-IDEMIX-STRICT-01,
 * -02) of identities Fabric deserializes: where the corpus declares the forgery, Fabric must
 * find the identity valid and msp4j must refuse it by that rule; where msp4j's rule refuses an
 * identity the corpus does not declare (a proof whose own pseudonym was damaged), Fabric must
 * find it invalid and satisfy no principal: both refuse it, msp4j one step earlier. A Fabric panic
 * (an IdemixMSPConfig without issuer key) must be a refusal in msp4j.
 */
class IdemixDifferentialTest {
  private static final Set<String> STRICT = Set.of(STRICT_01, STRICT_02);
  private static final Set<String> DESERIALIZE_RULES =
      Set.of("DESER-01", "IDEMIX-POINT-01", "IDEMIX-VALIDATE-01", "IDEMIX-ROLE-01", STRICT_01, STRICT_02);
  private static final Set<String> PRINCIPAL_RULES = Set.of("IDEMIX-ROLE-01", "IDEMIX-VER-01", "IDEMIX-VALIDATE-01");

  @TempDir static Path root;
  private static IdemixCorpus corpus;
  private static Table configs;
  private static Table setups;
  private static Table identities;
  private static Table signatures;

  @BeforeAll
  static void generate() {
    corpus = IdemixCorpusGenerator.build(FabricMade.load());
    corpus.writeTo(root);
    configs = FabricIdemixVerdicts.read(FabricIdemixVerdicts.CONFIGS, 2);
    setups = FabricIdemixVerdicts.read(FabricIdemixVerdicts.SETUPS, 3);
    identities = FabricIdemixVerdicts.read(FabricIdemixVerdicts.IDENTITIES, 4);
    signatures = FabricIdemixVerdicts.read(FabricIdemixVerdicts.SIGNATURES, 4);
  }

  @Test
  void fabricJudgedExactlyTheseBytes() {
    List<String> problems = new ArrayList<>();
    int folders = 0;
    for (String release : FabricIdemixVerdicts.RELEASES) {
      for (SetupCase c : corpus.setups()) {
        if (c.isFolder()) {
          folders++;
          check(problems, configs.row(release, c.name()), c.fingerprint(), "config " + c.name() + " " + release);
        }
        for (MspVersion v : IdemixCorpus.SETUP_VERSIONS) {
          check(problems, setups.row(release, c.name(), v.label()), c.fingerprint(), "setup " + c.name() + " " + v);
        }
      }
      for (IdentityCase c : corpus.identities()) {
        for (MspVersion v : IdemixCorpus.IDENTITY_VERSIONS) {
          check(problems, identities.row(release, c.name(), c.org(), v.label()), c.fingerprint(),
              "identity " + c.name() + " " + v + " " + release);
        }
      }
      for (SignatureCase c : corpus.signatures()) {
        check(problems, signatures.row(release, c.name(), c.org(), IdemixCorpus.SIGNATURE_VERSION.label()),
            c.fingerprint(), "signature " + c.name() + " " + release);
      }
    }
    assertThat(problems).as("cases whose bytes differ from those Fabric judged, or that Fabric never judged "
        + "(record again with FabricIdemixRecorder)").isEmpty();
    assertThat(configs.size()).isEqualTo(folders / FabricIdemixVerdicts.RELEASES.size());
    assertThat(setups.size()).isEqualTo(corpus.setups().size() * IdemixCorpus.SETUP_VERSIONS.size());
    assertThat(identities.size()).isEqualTo(corpus.identities().size() * IdemixCorpus.IDENTITY_VERSIONS.size());
    assertThat(signatures.size()).isEqualTo(corpus.signatures().size());
    assertThat(corpus.setups()).hasSizeGreaterThan(140);
    assertThat(corpus.identities()).hasSizeGreaterThan(250);
    assertThat(corpus.signatures()).hasSizeGreaterThan(200);
    assertThat(corpus.orgs()).containsOnlyKeys("A", "F");
    System.out.printf("idemix corpus: %d setup cases %s, %d identities %s, %d signatures %s%n",
        corpus.setups().size(), groups(corpus.setups().stream().map(SetupCase::group).toList()),
        corpus.identities().size(), groups(corpus.identities().stream().map(IdentityCase::group).toList()),
        corpus.signatures().size(), groups(corpus.signatures().stream().map(SignatureCase::group).toList()));
  }

  private static Map<String, Integer> groups(List<String> groups) {
    Map<String, Integer> out = new LinkedHashMap<>();
    groups.forEach(g -> out.merge(g, 1, Integer::sum));
    return out;
  }

  private static void check(List<String> problems, Row row, String fingerprint, String what) {
    if (row == null) {
      problems.add(what + ": no verdict recorded");
    } else if (!row.fingerprint().equals(fingerprint)) {
      problems.add(what + ": bytes " + fingerprint + ", Fabric judged " + row.fingerprint());
    }
  }

  @ParameterizedTest(name = "Fabric v{0}")
  @ValueSource(strings = {"2.5.12", "2.5.16", "3.0.0", "3.1.5"})
  @Tag("IDEMIX-FOLDER-01")
  void everyFolderReadsToFabricsMspConfigByteForByte(String release) {
    List<String> problems = new ArrayList<>();
    int same = 0;
    for (SetupCase c : corpus.setups()) {
      if (!c.isFolder()) {
        continue;
      }
      Row f = configs.row(release, c.name());
      Read ours = Msp4jIdemixAnswers.read(root, c);
      if (f.verdict().get(0).equals("ok")) {
        if (!ours.answer().ok()) {
          problems.add(c.name() + ": Fabric reads it, msp4j refuses: " + ours.answer().message());
        } else if (!HexFormat.of().formatHex(ours.config().toByteArray()).equals(f.verdict().get(1))) {
          problems.add(c.name() + ": msp4j's MSPConfig differs from Fabric's");
        } else {
          same++;
        }
      } else if (ours.answer().ok()) {
        problems.add(c.name() + ": Fabric refuses it (" + f.verdict().get(1) + "), msp4j reads it");
      } else if (!ours.answer().rule().equals("IDEMIX-FOLDER-01")) {
        problems.add(c.name() + ": refused by " + ours.answer().rule() + ", not IDEMIX-FOLDER-01");
      }
    }
    assertThat(problems).as("folders read unlike Fabric v%s", release).isEmpty();
    assertThat(same).isGreaterThan(120);
  }

  @ParameterizedTest(name = "Fabric v{0}")
  @ValueSource(strings = {"2.5.12", "2.5.16", "3.0.0", "3.1.5"})
  @Tag("IDEMIX-VER-01")
  @Tag("IDEMIX-IPK-01")
  @Tag("IDEMIX-POINT-01")
  @Tag("IDEMIX-FOLDER-01")
  @Tag("IDEMIX-ROLE-01")
  void everySetupGetsFabricsVerdict(String release) {
    FabricRelease r = FabricRelease.parse(release);
    List<String> problems = new ArrayList<>();
    Map<String, Integer> figures = new TreeMap<>();
    for (SetupCase c : corpus.setups()) {
      Read read = Msp4jIdemixAnswers.read(root, c);
      for (MspVersion v : IdemixCorpus.SETUP_VERSIONS) {
        String fabric = setups.row(release, c.name(), v.label()).verdict().get(0);
        Answer ours = Msp4jIdemixAnswers.setup(read, c, v, r);
        String what = c.name() + " at " + v + ": Fabric " + fabric + ", msp4j " + ours.verdict();
        figures.merge("fabric " + fabric, 1, Integer::sum);
        if (fabric.equals("ok") != ours.ok()) {
          problems.add(what + (ours.ok() ? "" : ": " + ours.message()));
          continue;
        }
        if (!ours.ok()) {
          Set<String> allowed = !read.answer().ok() ? Set.of("IDEMIX-FOLDER-01")
              : v == MspVersion.V1_0 || v == MspVersion.V3_0 ? Set.of("IDEMIX-VER-01") : c.rules();
          if (!allowed.contains(ours.rule())) {
            problems.add(what + ": rule " + ours.rule() + " is not one of " + allowed);
          }
        }
      }
    }
    System.out.printf("idemix setups, Fabric v%s: %s, all %d agree%n", release, figures,
        figures.values().stream().mapToInt(Integer::intValue).sum());
    assertThat(problems).as("setups unlike Fabric v%s", release).isEmpty();
  }

  @ParameterizedTest(name = "Fabric v{0}")
  @ValueSource(strings = {"2.5.12", "2.5.16", "3.0.0", "3.1.5"})
  @Tag("IDEMIX-VALIDATE-01")
  @Tag("IDEMIX-POINT-01")
  @Tag("IDEMIX-ROLE-01")
  @Tag("IDEMIX-VER-01")
  @Tag("IDEMIX-ID-01")
  @Tag("IDEMIX-V3-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void everyIdentityGetsFabricsVerdict(String release) {
    FabricRelease r = FabricRelease.parse(release);
    List<String> problems = new ArrayList<>();
    Map<String, Integer> figures = new TreeMap<>();
    List<String> earlier = new ArrayList<>();
    for (MspVersion v : IdemixCorpus.IDENTITY_VERSIONS) {
      Map<String, IdemixMsp> msps = verifiers(v, r);
      for (IdentityCase c : corpus.identities()) {
        Row f = identities.row(release, c.name(), c.org(), v.label());
        IdentityAnswer ours = Msp4jIdemixAnswers.identity(msps.get(c.org()), c);
        String outcome = compare(c, f, ours, problems, v);
        figures.merge(outcome, 1, Integer::sum);
        if (outcome.equals("valid") || outcome.equals("invalid")) {
          figures.merge("principal answers equal", FabricIdemixVerdicts.PRINCIPALS.size(), Integer::sum);
        }
        if (outcome.equals("strict, Fabric invalid")) {
          earlier.add(c.name() + "@" + v);
        }
      }
    }
    System.out.printf("idemix identities, Fabric v%s: %s; msp4j refuses by its rule what Fabric finds invalid: %s%n",
        release, figures, earlier);
    assertThat(problems).as("identity answers unlike Fabric v%s", release).isEmpty();
  }

  /** Compares one identity's answers; returns the outcome's class for the figures. */
  private static String compare(IdentityCase c, Row f, IdentityAnswer ours, List<String> problems, MspVersion v) {
    String what = c.name() + "@" + v;
    List<String> fabric = fabricVerdict(f.verdict());
    boolean fabricDeserializes = fabric.get(0).equals("ok");
    Answer d = ours.deserialize();
    if (!d.ok() && !DESERIALIZE_RULES.contains(d.rule())) {
      problems.add(what + ": refused by an unexpected rule " + d.rule() + ": " + d.message());
    }
    if (fabricDeserializes && c.strictRule() != null) {
      if (d.ok() || !d.rule().equals(c.strictRule())) {
        problems.add(what + ": msp4j should refuse it by " + c.strictRule() + " but answers " + d.verdict());
      } else if (!fabric.get(1).equals("ok")) {
        problems.add(what + ": a forgery (" + c.strictRule() + ") that Fabric finds invalid: " + f.text());
      }
      return "strict, Fabric valid";
    }
    if (fabricDeserializes && !d.ok() && STRICT.contains(d.rule())) {
      if (fabric.get(1).equals("ok") || fabric.get(2).contains("o")) {
        problems.add(what + ": msp4j refuses it by " + d.rule() + " but Fabric finds it valid (the corpus does not "
            + "declare it a forgery): " + d.message());
      }
      return "strict, Fabric invalid";
    }
    if (!ours.verdict().equals(fabric)) {
      problems.add(what + ":\n  Fabric " + fabric + " " + f.text() + "\n  msp4j  " + ours.verdict() + " "
          + (d.ok() ? "" : d.rule() + " " + d.message()));
      return "differs";
    }
    if (ours.validate().equals("invalid") && !"IDEMIX-VALIDATE-01".equals(ours.validateRule())) {
      problems.add(what + ": invalid by " + ours.validateRule() + ", not IDEMIX-VALIDATE-01");
    }
    for (String rule : ours.principalRules()) {
      if (!PRINCIPAL_RULES.contains(rule)) {
        problems.add(what + ": a principal refused by " + rule);
      }
    }
    return !fabricDeserializes ? "not deserialized" : fabric.get(1).equals("ok") ? "valid" : "invalid";
  }

  /** Fabric's verdict with its panics counted as refusals (msp4j never panics). */
  private static List<String> fabricVerdict(List<String> v) {
    List<String> out = new ArrayList<>(v);
    out.set(0, out.get(0).equals("panic") ? "refused" : out.get(0));
    out.set(1, out.get(1).equals("panic") ? "invalid" : out.get(1));
    out.set(2, out.get(2).replace('!', 'x'));
    return out;
  }

  @ParameterizedTest(name = "Fabric v{0}")
  @ValueSource(strings = {"2.5.12", "2.5.16", "3.0.0", "3.1.5"})
  @Tag("IDEMIX-VERIFY-01")
  @Tag("IDEMIX-V3-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void everySignatureGetsFabricsVerdict(String release) {
    FabricRelease r = FabricRelease.parse(release);
    List<String> problems = new ArrayList<>();
    Map<String, Integer> figures = new TreeMap<>();
    MspVersion v = IdemixCorpus.SIGNATURE_VERSION;
    Map<String, IdemixMsp> msps = verifiers(v, r);
    for (SignatureCase c : corpus.signatures()) {
      List<String> fabric = signatures.row(release, c.name(), c.org(), v.label()).verdict();
      SignatureAnswer ours = Msp4jIdemixAnswers.signature(msps.get(c.org()), c);
      Answer d = ours.deserialize();
      String what = c.name() + ": Fabric " + fabric + ", msp4j " + ours.verdict() + (d.ok() ? "" : " " + d.rule());
      if (fabric.get(0).equals("ok") && c.strictRule() != null) {
        figures.merge("strict, Fabric verifies " + fabric.get(1), 1, Integer::sum);
        if (d.ok() || !d.rule().equals(c.strictRule())) {
          problems.add(what + ": msp4j should refuse the identity by " + c.strictRule());
        }
        continue;
      }
      figures.merge(fabric.get(0).equals("ok") ? "verified " + fabric.get(1) : "not deserialized", 1, Integer::sum);
      if (!ours.verdict().equals(fabric)) {
        problems.add(what);
      } else if (ours.verify() != null && !ours.verify().ok() && !ours.verify().rule().equals("IDEMIX-VERIFY-01")) {
        problems.add(what + ": refused by " + ours.verify().rule() + ", not IDEMIX-VERIFY-01");
      }
    }
    System.out.printf("idemix signatures, Fabric v%s: %s%n", release, figures);
    assertThat(problems).as("signature answers unlike Fabric v%s", release).isEmpty();
  }

  // ------------------------------------------------------------------ the rules, one by one

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void aThiefsPseudonymInAnAdminsIdentityIsValidForFabricAndRefusedByMsp4j() {
    for (String release : FabricIdemixVerdicts.RELEASES) {
      IdentityCase c = corpus.identity("thief-admin1-by-member2");
      Row f = identities.row(release, c.name(), "A", "1.4.3");
      assertThat(f.verdict().subList(0, 3)).as("Fabric v%s: deserialized, valid, member/admin/client/OU/anonymous",
          release).containsExactly("ok", "ok", "oooxxoxoxoo");
      assertThat(signatures.row(release, "sig-thief-admin1-by-member2", "A", "1.3").verdict())
          .as("Fabric v%s verifies the thief's signature", release).containsExactly("ok", "ok");
      IdentityAnswer ours = Msp4jIdemixAnswers.identity(verifiers(MspVersion.V1_4_3, FabricRelease.parse(release)).get("A"), c);
      assertThat(ours.deserialize().rule()).isEqualTo(STRICT_01);
      assertThat(ours.deserialize().message()).contains("Fabric v2.5/v3 would deserialize this identity");
    }
  }

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void aPseudonymOffTheCurveIsInfinityForFabricAndRefusedByMsp4j() {
    for (String release : FabricIdemixVerdicts.RELEASES) {
      for (String name : List.of("nym-flip-y-31", "nym-zero", "nym-x-p", "fabric-forge-offcurve-admin1")) {
        Row f = identities.row(release, name, "A", "1.3");
        assertThat(f.verdict().subList(0, 2)).as("%s, Fabric v%s", name, release).containsExactly("ok", "ok");
        assertThat(f.verdict().get(3)).as("Fabric's identifier: the point at infinity")
            .isEqualTo("0".repeat(126) + "01");
        IdentityAnswer ours = Msp4jIdemixAnswers.identity(verifiers(MspVersion.V1_3, FabricRelease.parse(release)).get("A"),
            corpus.identity(name));
        assertThat(ours.deserialize().rule()).as(name).isEqualTo(STRICT_02);
      }
      assertThat(signatures.row(release, "fabric-forge-zero-admin1", "A", "1.3").verdict())
          .as("Fabric v%s verifies a signature with the secret 0", release).containsExactly("ok", "ok");
    }
  }

  @Test
  @Tag("IDEMIX-V3-01")
  void a63BytePseudonymDecodesInV3AndNotInV25() {
    for (String release : FabricIdemixVerdicts.RELEASES) {
      boolean v3 = release.startsWith("3.");
      IdentityCase c = corpus.identity("nym-63-x-starts-04-dropped");
      Row f = identities.row(release, c.name(), "A", "1.3");
      IdentityAnswer ours = Msp4jIdemixAnswers.identity(verifiers(MspVersion.V1_3, FabricRelease.parse(release)).get("A"), c);
      if (v3) {
        assertThat(f.verdict().subList(0, 3)).containsExactly("ok", "ok", "oxoxxoxoxxo");
        assertThat(ours.verdict()).isEqualTo(f.verdict());
        assertThat(f.verdict().get(3)).startsWith("04");
      } else {
        assertThat(f.verdict().get(0)).isEqualTo("refused");
        assertThat(ours.deserialize().rule()).isEqualTo("IDEMIX-POINT-01");
      }
      assertThat(identities.row(release, "nym-63-drop-y-last", "A", "1.3").verdict().get(0))
          .isEqualTo(v3 ? "ok" : "refused");
    }
  }

  @Test
  @Tag("IDEMIX-IPK-01")
  void fabricPanicsOnAConfigWithoutIssuerKeyWhereMsp4jRefuses() {
    for (String release : FabricIdemixVerdicts.RELEASES) {
      for (String name : List.of("config-idemix-empty", "config-no-ipk", "ipk-empty")) {
        assertThat(setups.row(release, name, "1.3").verdict()).as("%s, Fabric v%s", name, release)
            .containsExactly("panic");
        SetupCase c = corpus.setup(name);
        Answer ours = Msp4jIdemixAnswers.setup(Msp4jIdemixAnswers.read(root, c), c, MspVersion.V1_3,
            FabricRelease.parse(release));
        assertThat(ours.ok()).isFalse();
        assertThat(ours.rule()).isEqualTo("IDEMIX-IPK-01");
      }
    }
  }

  @Test
  @Tag("IDEMIX-VER-01")
  void noReleaseSetsUpAnIdemixMspAtVersion10Or30() {
    for (String release : FabricIdemixVerdicts.RELEASES) {
      for (String version : List.of("1.0", "3.0")) {
        assertThat(setups.row(release, "good-a-verifier", version).verdict()).containsExactly("refused");
      }
      assertThat(setups.row(release, "good-a-verifier", "1.1").verdict()).containsExactly("ok");
    }
  }

  /** Each org's verifier folder read and set up by msp4j at this version and release. */
  private static Map<String, IdemixMsp> verifiers(MspVersion v, FabricRelease r) {
    Map<String, IdemixMsp> out = new LinkedHashMap<>();
    for (Org org : corpus.orgs().values()) {
      MSPConfig conf = IdemixMspFolders.read(IdemixCorpus.orgPath(root, org.name()), org.mspId());
      out.put(org.name(), Msp4jIdemixAnswers.verifier(conf, v, r));
    }
    return out;
  }
}

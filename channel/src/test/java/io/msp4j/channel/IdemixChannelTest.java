package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.IdemixChannelFixtures.IdemixOrgSpec;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.Messages;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.channel.check.TransactionVerdict;
import io.msp4j.config.configtx.ConfigtxYaml;
import io.msp4j.config.configtx.OrgGroups;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignedData;
import io.msp4j.idemix.IdemixMsp;
import io.msp4j.x509.SetupOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.Envelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A channel of two idemix organisations beside an X.509 one, written by Fabric v2.5.12's,
 * v3.0.0's and v3.1.5's configtxgen, and what each release's own channelconfig, MSP manager,
 * policies and transaction checks answered for identities, signature sets and transactions made
 * by msp4j (see {@code configtxgen/idemix/README.md}). msp4j, loading each block as a node of
 * each release, gives every recorded verdict, except where it refuses a stolen identity Fabric
 * accepts (MSP4J-IDEMIX-STRICT-01): that identity is refused with the rule, and a set holding it
 * gets Fabric's verdict on the set without it.
 */
class IdemixChannelTest {
  static final String DIR = "configtxgen/idemix/";
  /** The identities msp4j refuses under MSP4J-IDEMIX-STRICT-01 and Fabric accepts. */
  static final Set<String> STOLEN = Set.of("idemix1-admin-thief");
  /** The transactions whose creator is such an identity. */
  static final Set<String> STOLEN_CREATOR = Set.of("tx-idemix1-admin-thief");

  /** One line of {@code fabric-verdicts.tsv}. */
  record Verdict(String release, String kind, String subject, String check, String verdict, String detail) {
    boolean ok() {
      return verdict.equals("ok") || verdict.equals("satisfied") || verdict.equals("VALID");
    }

    @Override
    public String toString() {
      return "Fabric v" + release + " " + kind + " " + subject + " " + check + ": " + verdict
          + (detail.isEmpty() ? "" : " (" + detail + ")");
    }
  }

  static byte[] resource(String name) {
    try (InputStream in = IdemixChannelTest.class.getResourceAsStream(DIR + name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Verdict> verdicts(String release, String kind) {
    List<Verdict> out = new ArrayList<>();
    for (String line : new String(resource("fabric-verdicts.tsv"), StandardCharsets.UTF_8).split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      assertThat(f).as(line).hasSize(6);
      Verdict v = new Verdict(f[0].substring(1), f[1], f[2], f[3], f[4], f[5]);
      if (v.release().equals(release) && v.kind().equals(kind)) {
        out.add(v);
      }
    }
    assertThat(out).as("verdicts of v%s for %s", release, kind).isNotEmpty();
    return out;
  }

  static ChannelOptions at(FabricRelease r) {
    return ChannelOptions.defaults().withSetup(SetupOptions.defaults().withRelease(r));
  }

  static Channel load(String maker, String release) {
    return Channel.load(resource("v" + maker + "-v20.block"), at(FabricRelease.parse(release)));
  }

  /** msp4j's answer to one identity check, in the TSV's words. */
  static String identityCheck(Channel ch, String name, String check) {
    byte[] bytes = resource(name + ".id");
    Identity id;
    try {
      id = ch.mspManager().deserialize(bytes);
    } catch (MspException e) {
      return check.equals("deserialize") ? "refused" : "not deserialized";
    }
    return switch (check) {
      case "deserialize" -> "ok";
      case "validate" -> outcome(() -> id.validate());
      case "verify" -> outcome(() -> id.verify(IdemixChannelFixtures.MESSAGE, resource(name + ".sig")));
      case "member" -> outcome(() -> id.satisfies(Principal.Role.member(id.mspId())));
      case "admin" -> outcome(() -> id.satisfies(Principal.Role.admin(id.mspId())));
      default -> throw new AssertionError("unknown check " + check);
    };
  }

  static String outcome(Runnable r) {
    try {
      r.run();
      return "ok";
    } catch (MspException e) {
      return "refused";
    }
  }

  static List<SignedData> signedData(String set) {
    if (set.equals("none")) {
      return List.of();
    }
    List<SignedData> out = new ArrayList<>();
    for (String item : set.split("\\+")) {
      String[] parts = item.split("@");
      String sig = parts.length == 2 ? parts[1] : parts[0];
      out.add(SignedData.of(IdemixChannelFixtures.MESSAGE, resource(parts[0] + ".id"), resource(sig + ".sig")));
    }
    return out;
  }

  /** The set without the items whose identity is a stolen one ("none" when nothing is left). */
  static String withoutStolen(String set) {
    String rest = Arrays.stream(set.split("\\+"))
        .filter(item -> !STOLEN.contains(item.split("@")[0]))
        .collect(Collectors.joining("+"));
    return rest.isEmpty() ? "none" : rest;
  }

  static boolean holdsStolen(String set) {
    return !withoutStolen(set).equals(set);
  }

  @ParameterizedTest(name = "v{0}''s block at release {1}")
  @CsvSource({"2.5.12, 2.5.12", "2.5.12, 3.0.0", "2.5.12, 3.1.5", "3.0.0, 2.5.12", "3.0.0, 3.0.0",
      "3.0.0, 3.1.5", "3.1.5, 2.5.12", "3.1.5, 3.0.0", "3.1.5, 3.1.5"})
  @Tag("CHANNEL-MSP-05")
  @Tag("IDEMIX-VER-01")
  void aV20BlockWithIdemixOrgsLoadsAtEveryReleaseAsFabricsNewBundleDoes(String maker, String release) {
    Verdict fabric = verdicts(release, "bundle").stream()
        .filter(v -> v.subject().equals("v" + maker + "-v20.block") && v.check().equals("NewBundle"))
        .findFirst().orElseThrow();
    assertThat(fabric.verdict()).isEqualTo("ok");
    Channel ch = load(maker, release);
    assertThat(ch.mspVersion()).isEqualTo(MspVersion.V1_4_3);
    assertThat(ch.msps().keySet())
        .containsExactlyInAnyOrder("OrdererMSP", "Org1MSP", "IdemixOrg1MSP", "IdemixOrg2MSP");
    for (String id : List.of("IdemixOrg1MSP", "IdemixOrg2MSP")) {
      assertThat(ch.msp(id).orElseThrow().providerType()).as(id).isEqualTo(1);
    }
  }

  @ParameterizedTest(name = "v{0}''s block at release {1}")
  @CsvSource({"2.5.12, 2.5.12", "3.0.0, 3.0.0", "3.1.5, 3.1.5", "3.1.5, 2.5.12", "2.5.12, 3.1.5"})
  @Tag("IDEMIX-VALIDATE-01")
  @Tag("IDEMIX-VERIFY-01")
  @Tag("IDEMIX-ROLE-01")
  @Tag("CORE-05")
  void identityVerdictsAreFabricsThroughTheChannelsMspManager(String maker, String release) {
    Channel ch = load(maker, release);
    List<String> disagreements = new ArrayList<>();
    int compared = 0;
    for (Verdict v : verdicts(release, "identity")) {
      if (STOLEN.contains(v.subject())) {
        continue;
      }
      String msp4j = identityCheck(ch, v.subject(), v.check());
      compared++;
      if (!msp4j.equals(v.verdict())) {
        disagreements.add(v + " / msp4j: " + msp4j);
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(compared).isGreaterThan(40);
  }

  @ParameterizedTest(name = "v{0}''s block at release {1}")
  @CsvSource({"2.5.12, 2.5.12", "3.0.0, 3.0.0", "3.1.5, 3.1.5"})
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void theStolenAdminIdentityIsRefusedThoughFabricAcceptsItAsAnAdmin(String maker, String release) {
    Channel ch = load(maker, release);
    for (String name : STOLEN) {
      List<Verdict> fabric = verdicts(release, "identity").stream()
          .filter(v -> v.subject().equals(name)).toList();
      assertThat(fabric).extracting(Verdict::check)
          .containsExactly("deserialize", "validate", "verify", "member", "admin");
      assertThat(fabric).allSatisfy(v -> assertThat(v.ok()).as(v.toString()).isTrue());
      IdentityException e = assertThrows(IdentityException.class,
          () -> ch.mspManager().deserialize(resource(name + ".id")));
      assertThat(e.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-01");
    }
    // The thief's own identity, whose pseudonym it put in the admin's, is a valid member.
    Identity thief = ch.mspManager().deserialize(resource("idemix1-member.id"));
    thief.verify(IdemixChannelFixtures.MESSAGE, resource("idemix1-admin-thief.sig"));
    assertThrows(IdentityException.class, () -> thief.satisfies(Principal.Role.admin("IdemixOrg1MSP")));
  }

  @ParameterizedTest(name = "v{0}''s block at release {1}")
  @CsvSource({"2.5.12, 2.5.12", "3.0.0, 3.0.0", "3.1.5, 3.1.5", "2.5.12, 3.1.5"})
  @Tag("POLICY-SIG-02")
  @Tag("POLICY-SIG-03")
  @Tag("POLICY-IMETA-02")
  @Tag("POLICY-MGR-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void policyVerdictsOverSignedDataAreFabrics(String maker, String release) {
    Channel ch = load(maker, release);
    List<Verdict> fabric = verdicts(release, "policy");
    Map<String, Boolean> fabricBySetAndPolicy = new LinkedHashMap<>();
    fabric.forEach(v -> fabricBySetAndPolicy.put(v.subject() + " " + v.check(), v.ok()));
    List<String> disagreements = new ArrayList<>();
    int strictRows = 0;
    for (Verdict v : fabric) {
      PolicyResult r = ch.policy(v.check()).policy().evaluate(signedData(v.subject()));
      boolean expected = v.ok();
      if (holdsStolen(v.subject())) {
        // msp4j drops the stolen identity: Fabric's verdict on the set without it.
        Boolean without = fabricBySetAndPolicy.get(withoutStolen(v.subject()) + " " + v.check());
        assertThat(without).as("Fabric's verdict on %s without the stolen identity", v.subject()).isNotNull();
        expected = without;
        strictRows++;
      }
      if (r.satisfied() != expected) {
        disagreements.add(v + " / msp4j: " + (r.satisfied() ? "satisfied" : "not satisfied: " + r.reason()));
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(strictRows).isPositive();
  }

  @ParameterizedTest(name = "release {0}")
  @CsvSource({"2.5.12", "3.0.0", "3.1.5"})
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void aSetWhereFabricLetsTheStolenAdminCountIsNotSatisfiedByMsp4j(String release) {
    Channel ch = load(release, release);
    // Fabric v2.5 and v3: the thief's forgery first, its own identity second (dropped as the same
    // pseudonym): IdemixOrg1's Admins is satisfied. msp4j refuses the forgery and keeps the member.
    String set = "idemix1-admin-thief+idemix1-member";
    Verdict fabric = verdicts(release, "policy").stream()
        .filter(v -> v.subject().equals(set) && v.check().equals("/Channel/Application/IdemixOrg1/Admins"))
        .findFirst().orElseThrow();
    assertThat(fabric.verdict()).isEqualTo("satisfied");
    PolicyResult r = ch.policy("/Channel/Application/IdemixOrg1/Admins").policy().evaluate(signedData(set));
    assertThat(r.satisfied()).isFalse();
    assertThat(ch.policy("/Channel/Application/IdemixOrg1/Readers").policy()
        .evaluate(signedData(set)).satisfied()).isTrue();
  }

  @ParameterizedTest(name = "release {0}")
  @CsvSource({"2.5.12", "3.0.0", "3.1.5"})
  @Tag("POLICY-SIG-02")
  @Tag("IDEMIX-ID-01")
  void aValidMemberAfterItsTamperedCopyIsDroppedAsTheSameSignerAsFabricDoes(String release) {
    Channel ch = load(release, release);
    // Same pseudonym, so the same identifier: the second is dropped before its signature is
    // checked, and the first (its role rewritten to ADMIN) is invalid, so nobody counts.
    String set = "idemix1-member-role-admin+idemix1-member";
    assertThat(verdicts(release, "policy")).filteredOn(v -> v.subject().equals(set))
        .allSatisfy(v -> assertThat(v.verdict()).isEqualTo("not satisfied"));
    assertThat(ch.policy("/Channel/Application/IdemixOrg1/Readers").policy()
        .evaluate(signedData(set)).satisfied()).isFalse();
    assertThat(ch.policy("/Channel/Application/IdemixOrg1/Readers").policy()
        .evaluate(signedData("idemix1-member+idemix1-member-role-admin")).satisfied()).isTrue();
  }

  @ParameterizedTest(name = "release {0}")
  @CsvSource({"2.5.12", "3.0.0", "3.1.5"})
  @Tag("TX-CREATOR-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void endorserTransactionsOfIdemixCreatorsAreJudgedAsFabricsValidateTransaction(String release)
      throws IOException {
    SignerChecks checks = SignerChecks.of(load(release, release));
    for (Verdict v : verdicts(release, "transaction")) {
      TransactionVerdict t = checks.transaction(Envelope.parseFrom(resource(v.subject() + ".env")));
      if (STOLEN_CREATOR.contains(v.subject())) {
        assertThat(v.verdict()).as(v.toString()).isEqualTo("VALID");
        assertThat(t.refusal()).as(v.subject()).hasValueSatisfying(r -> {
          assertThat(r.check()).isEqualTo("TX-CREATOR-01");
          assertThat(r.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-01");
          assertThat(r.fabricAccepts()).isTrue();
        });
      } else if (v.ok()) {
        assertThat(t.refusal()).as(v.toString()).isEmpty();
        assertThat(t.creator()).as(v.subject()).hasValueSatisfying(c -> assertThat(c.mspId()).startsWith("Idemix"));
      } else {
        assertThat(v.verdict()).isEqualTo("BAD_CREATOR_SIGNATURE");
        assertThat(t.refusal()).as(v.toString()).hasValueSatisfying(r -> {
          assertThat(r.check()).isEqualTo("TX-CREATOR-01");
          assertThat(r.rule()).isEqualTo("IDEMIX-VALIDATE-01");
          assertThat(r.fabricAccepts()).isFalse();
        });
      }
    }
  }

  @ParameterizedTest(name = "release {0}")
  @CsvSource({"2.5.12", "3.0.0", "3.1.5"})
  @Tag("TX-CREATOR-01")
  @Tag("BLOCK-SIG-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void aBlockOfTheTransactionsGivesEachTheVerdictOfItsOwnCheck(String release) throws IOException {
    SignerChecks checks = SignerChecks.of(load(release, release));
    List<Verdict> fabric = verdicts(release, "transaction");
    List<com.google.protobuf.ByteString> data = new ArrayList<>();
    for (Verdict v : fabric) {
      data.add(com.google.protobuf.ByteString.copyFrom(resource(v.subject() + ".env")));
    }
    io.msp4j.core.SigningIdentity orderer = IdemixChannelFixtures.sampleSigner(
        "ordererOrganizations/example.com/orderers/orderer.example.com/msp", "OrdererMSP");
    BlockVerdict block = checks.block(Messages.block(1, data, orderer));
    assertThat(block.refusal()).isEmpty();
    assertThat(block.transactions()).hasSameSizeAs(fabric);
    for (int i = 0; i < fabric.size(); i++) {
      Verdict v = fabric.get(i);
      TransactionVerdict alone = checks.transaction(Envelope.parseFrom(resource(v.subject() + ".env")));
      assertThat(block.transactions().get(i).refusal()).as(v.subject()).isEqualTo(alone.refusal());
      // Valid where Fabric says VALID, but for the stolen creator msp4j refuses.
      assertThat(block.transactions().get(i).valid()).as(v.toString())
          .isEqualTo(v.ok() && !STOLEN_CREATOR.contains(v.subject()));
    }
  }

  @ParameterizedTest(name = "v{0}''s V3_0 block at release {1}")
  @CsvSource({"3.0.0, 3.0.0", "3.0.0, 3.1.5", "3.1.5, 3.0.0", "3.1.5, 3.1.5"})
  @Tag("CHANNEL-MSP-04")
  @Tag("IDEMIX-VER-01")
  void aV30BlockWithIdemixOrgsIsRefusedAsFabricV3RefusesIt(String maker, String release) {
    String block = "v" + maker + "-v30.block";
    Verdict fabric = verdicts(release, "bundle").stream()
        .filter(v -> v.subject().equals(block) && v.check().equals("NewBundle")).findFirst().orElseThrow();
    assertThat(fabric.verdict()).isEqualTo("refused");
    assertThat(fabric.detail()).contains("Invalid *IdemixNewOpts. Version not recognized [4]");
    ChannelConfigException e = assertThrows(ChannelConfigException.class,
        () -> Channel.load(resource(block), at(FabricRelease.parse(release))));
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-04");
    assertThat(e.path()).isEqualTo("/Channel/Application/IdemixOrg1");
    assertThat(e.getMessage()).contains("IDEMIX-VER-01").contains("3.0");
  }

  @ParameterizedTest(name = "v{0}''s V3_0 block")
  @CsvSource({"3.0.0", "3.1.5"})
  @Tag("VER-02")
  @Tag("DELTA25-01")
  void aV30BlockIsRefusedAtRelease25AsFabricV25RefusesIt(String maker) {
    String block = "v" + maker + "-v30.block";
    Verdict fabric = verdicts("2.5.12", "bundle").stream()
        .filter(v -> v.subject().equals(block) && v.check().equals("NewBundle")).findFirst().orElseThrow();
    // Fabric v2.5.12 does not know V3_0, so it wants channel-level orderer addresses, which
    // configtxgen leaves out when the orderer orgs have endpoints; msp4j names the capability.
    assertThat(fabric.verdict()).isEqualTo("refused");
    assertThat(fabric.detail()).isEqualTo("initializing channelconfig failed: Must set some OrdererAddresses");
    ChannelConfigException e = assertThrows(ChannelConfigException.class,
        () -> Channel.load(resource(block), at(FabricRelease.V2_5_12)));
    assertThat(e.rule()).isEqualTo("DELTA25-01");
    assertThat(e.getMessage()).contains("Channel capability V3_0 is required but not supported");
  }

  @ParameterizedTest(name = "v{0}''s configtxgen")
  @CsvSource({"2.5.12", "3.0.0", "3.1.5"})
  @Tag("IDEMIX-FOLDER-01")
  @Tag("ENCODE-02")
  void msp4jEncodesEveryOrgAsConfigtxgenDidByteForByte(String maker, @TempDir Path tmp) {
    FabricRelease release = FabricRelease.parse(maker);
    Map<IdemixOrgSpec, ?> orgs = IdemixChannelFixtures.writeWorkFolder(tmp);
    assertThat(orgs).hasSize(2);
    TopLevel top = ConfigtxYaml.read(tmp.resolve("configtx.yaml"), Map.of(), release);
    ConfigGroup channel = Channel.load(resource("v" + maker + "-v20.block"), at(release)).config()
        .getChannelGroup();
    ConfigGroup application = channel.getGroupsOrThrow("Application");
    for (String name : List.of("Org1", "IdemixOrg1", "IdemixOrg2")) {
      ConfigGroup ours = OrgGroups.application(top.organization(name).orElseThrow(), release).group();
      ConfigGroup theirs = application.getGroupsOrThrow(name);
      assertThat(ours.getValuesOrThrow("MSP").getValue().toByteArray()).as(name)
          .isEqualTo(theirs.getValuesOrThrow("MSP").getValue().toByteArray());
      // The policies' and values' bytes too (maps compared as maps: their wire order is not).
      assertThat(ours).as(name).isEqualTo(theirs);
    }
    ConfigGroup ours = OrgGroups.orderer(top.organization("OrdererOrg").orElseThrow(), Set.of("V2_0"), release)
        .group();
    assertThat(ours).isEqualTo(channel.getGroupsOrThrow("Orderer").getGroupsOrThrow("OrdererOrg"));
  }

  @Test
  @Tag("IDEMIX-VER-01")
  void theChannelsIdemixMspsAreSetUpAtVersion143WithoutASigner() {
    Channel ch = load("3.1.5", "3.1.5");
    Consumer<String> check = id -> {
      IdemixMsp msp = (IdemixMsp) unwrap(ch.msp(id).orElseThrow());
      assertThat(msp.version()).isEqualTo(MspVersion.V1_4_3);
      assertThat(msp.hasSigner()).isFalse();
    };
    check.accept("IdemixOrg1MSP");
    check.accept("IdemixOrg2MSP");
  }

  private static Object unwrap(io.msp4j.core.Msp msp) {
    return msp instanceof io.msp4j.core.CachingMsp c ? c.delegate() : msp;
  }
}

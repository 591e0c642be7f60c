package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.UpdateSignature;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.APIResource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp configtx compute-update} and {@code sign}: files in, files out, exit statuses. */
class ConfigtxUpdateCommandsTest {
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static Path current;
  static Path next;

  @BeforeAll
  static void generate() throws Exception {
    org1 = CryptoTree.fromYaml("""
        Seed: ConfigtxUpdateCommandsTest
        Now: 2024-06-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Users: {Count: 1}
        """).generate(tmp.resolve("tree")).org("org1.example.com");
    ByteString msp = MspFolders.readVerifying(org1.mspDir(), "Org1MSP").mspConfig().toByteString();
    current = tmp.resolve("current.block");
    next = tmp.resolve("next.block");
    Files.write(current, block(config(msp, "anchor-a")));
    Files.write(next, block(config(msp, "anchor-b")));
  }

  static Config config(ByteString msp, String anchors) {
    ConfigGroup org = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putValues("MSP", ConfigValue.newBuilder().setModPolicy("Admins").setValue(msp).build())
        .putValues("AnchorPeers", ConfigValue.newBuilder().setModPolicy("Admins")
            .setValue(ByteString.copyFromUtf8(anchors)).build())
        .build();
    return Config.newBuilder().setChannelGroup(ConfigGroup.newBuilder().setModPolicy("Admins")
        .putGroups("Application", ConfigGroup.newBuilder().setModPolicy("Admins")
            .putGroups("Org1", org).build())).build();
  }

  static byte[] block(Config c) {
    return io.msp4j.channel.ConfigFixture.block("mychannel", c);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-03")
  void computedUpdateSignedTwiceCarriesTwoVerifiableSignatures() throws Exception {
    Path update = tmp.resolve("update.pb");
    CliRun c = CliRun.of("configtx", "compute-update", "--block", current.toString(), "--config",
        next.toString(), "--output", update.toString());
    assertThat(c.status()).as(c.err()).isZero();
    ConfigUpdateRequest r = ConfigUpdateRequest.parse(Files.readAllBytes(update));
    assertThat(r.update().getChannelId()).isEqualTo("mychannel");
    assertThat(r.update().getWriteSet().getGroupsOrThrow("Application").getGroupsOrThrow("Org1")
        .getValuesOrThrow("AnchorPeers").getVersion()).isEqualTo(1);

    Path s1 = tmp.resolve("s1.pb");
    Path s2 = tmp.resolve("s2.pb");
    assertThat(CliRun.of("configtx", "sign", "--envelope", update.toString(), "--msp-dir",
        org1.admin().mspDir().toString(), "--msp-id", "Org1MSP", "--output", s1.toString())
        .status()).isZero();
    CliRun second = CliRun.of("configtx", "sign", "--envelope", s1.toString(), "--msp-dir",
        org1.identity("User1").mspDir().toString(), "--msp-id", "Org1MSP", "--output",
        s2.toString());
    assertThat(second.status()).as(second.err()).isZero();
    assertThat(second.out()).contains("signature 1 by Org1MSP");
    X509Msp msp = X509Msps.setup(MspFolders.readVerifying(org1.mspDir(), "Org1MSP").mspConfig(),
        MspVersion.V3_0);
    ConfigUpdateRequest signed = ConfigUpdateRequest.parse(Files.readAllBytes(s2));
    assertThat(signed.signatures()).hasSize(2);
    for (UpdateSignature s : signed.signatures()) {
      msp.deserialize(s.identity()).verify(s.data(), s.signature());
    }
  }

  @Test
  @Tag("ENCODE-07")
  void orgOfConfigtxYamlReplacesTheChannelsGroupOrJoinsWhereConfigtxgenPrintsIt()
      throws Exception {
    Path yaml = tmp.resolve("configtx.yaml");
    Files.writeString(yaml, """
        Organizations:
          - Name: Org1
            ID: Org1MSP
            MSPDir: %s
            Policies:
              Readers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Writers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}
          - Name: Org9
            ID: Org9MSP
            MSPDir: %s
            Policies:
              Readers: {Type: Signature, Rule: "OR('Org9MSP.member')"}
              Writers: {Type: Signature, Rule: "OR('Org9MSP.member')"}
              Admins: {Type: Signature, Rule: "OR('Org9MSP.admin')"}
        """.formatted(org1.mspDir(), org1.mspDir()));
    Path replaced = tmp.resolve("replaced.pb");
    CliRun c = CliRun.of("configtx", "compute-update", "--block", current.toString(),
        "--configtx", yaml.toString(), "--org", "Org1", "--output", replaced.toString());
    assertThat(c.status()).as(c.err()).isZero();
    ConfigGroup org1Write = ConfigUpdateRequest.parse(Files.readAllBytes(replaced)).update()
        .getWriteSet().getGroupsOrThrow("Application").getGroupsOrThrow("Org1");
    // The policies are new, AnchorPeers is gone (the yaml has none): Org1 is bumped.
    assertThat(org1Write.getVersion()).isEqualTo(1);
    assertThat(org1Write.getPoliciesMap()).containsKeys("Readers", "Writers", "Admins");
    assertThat(org1Write.getValuesMap()).containsOnlyKeys("MSP");

    Path added = tmp.resolve("added.pb");
    assertThat(CliRun.of("configtx", "compute-update", "--block", current.toString(),
        "--configtx", yaml.toString(), "--org", "Org9", "--output", added.toString()).status())
        .isZero();
    ConfigGroup app = ConfigUpdateRequest.parse(Files.readAllBytes(added)).update()
        .getWriteSet().getGroupsOrThrow("Application");
    assertThat(app.getGroupsOrThrow("Org9").getVersion()).isZero();
    assertThat(app.getVersion()).isEqualTo(1);

    CliRun missing = CliRun.of("configtx", "compute-update", "--block", current.toString(),
        "--configtx", yaml.toString(), "--org", "Nobody", "--output", added.toString());
    assertThat(missing.status()).isEqualTo(2);
    assertThat(missing.err()).contains("Nobody");
    assertThat(CliRun.of("configtx", "compute-update", "--block", current.toString(),
        "--configtx", yaml.toString(), "--output", added.toString()).status()).isEqualTo(3);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void identicalConfigsExitOne() {
    CliRun c = CliRun.of("configtx", "compute-update", "--block", current.toString(), "--config",
        current.toString(), "--output", tmp.resolve("none.pb").toString());
    assertThat(c.status()).isEqualTo(1);
    assertThat(c.err()).contains("do not differ");
  }

  /** {@code c} with an Application ACLs value whose map entries are encoded in the order given. */
  static Config withAcls(Config c, String... resources) {
    ACLs.Builder acls = ACLs.newBuilder();
    for (String r : resources) {
      acls.putAcls(r, APIResource.newBuilder().setPolicyRef("/Channel/Application/Writers").build());
    }
    ConfigGroup app = c.getChannelGroup().getGroupsOrThrow("Application");
    return c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder().putGroups("Application",
        app.toBuilder().putValues("ACLs", ConfigValue.newBuilder().setModPolicy("Admins")
            .setValue(acls.build().toByteString()).build()).build())).build();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void aValueReEncodedInAnotherMapOrderIsLeftOutOfTheUpdateAndSaidSo() throws Exception {
    ByteString msp = MspFolders.readVerifying(org1.mspDir(), "Org1MSP").mspConfig().toByteString();
    Path before = tmp.resolve("acls-current.block");
    Path after = tmp.resolve("acls-next.block");
    Path same = tmp.resolve("acls-same.block");
    Files.write(before, block(withAcls(config(msp, "anchor-a"), "peer/Propose", "event/Block")));
    Files.write(after, block(withAcls(config(msp, "anchor-b"), "event/Block", "peer/Propose")));
    Files.write(same, block(withAcls(config(msp, "anchor-a"), "event/Block", "peer/Propose")));
    Path update = tmp.resolve("acls-update.pb");

    CliRun c = CliRun.of("configtx", "compute-update", "--block", before.toString(), "--config",
        after.toString(), "--output", update.toString());

    assertThat(c.status()).as(c.err()).isZero();
    ConfigGroup app = ConfigUpdateRequest.parse(Files.readAllBytes(update)).update()
        .getWriteSet().getGroupsOrThrow("Application");
    assertThat(app.getValuesMap()).doesNotContainKey("ACLs");
    assertThat(app.getGroupsOrThrow("Org1").getValuesMap()).containsOnlyKeys("AnchorPeers");
    assertThat(c.out()).contains("values equal as messages but encoded differently: "
        + "/Channel/Application/ACLs (left out of the update)");

    CliRun none = CliRun.of("configtx", "compute-update", "--block", before.toString(),
        "--config", same.toString(), "--output", tmp.resolve("acls-none.pb").toString());
    assertThat(none.status()).isEqualTo(1);
    assertThat(none.err()).contains("do not differ", "/Channel/Application/ACLs");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void truncatedEnvelopeCannotBeSignedAndExitsTwo() throws Exception {
    Path bad = tmp.resolve("bad.pb");
    Files.write(bad, new byte[] {0x0a, 0x40, 0x01});
    CliRun c = CliRun.of("configtx", "sign", "--envelope", bad.toString(), "--msp-dir",
        org1.admin().mspDir().toString(), "--msp-id", "Org1MSP", "--output",
        tmp.resolve("x.pb").toString());
    assertThat(c.status()).isEqualTo(2);
    assertThat(c.err()).contains("CONFIGTX-UPDATE-01").doesNotContain("Exception");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void unreadableBlockExitsTwoAndMissingFileExitsThree() throws Exception {
    Path bad = tmp.resolve("bad.block");
    Files.write(bad, new byte[] {0x12, 0x05, 0x0a});
    assertThat(CliRun.of("configtx", "compute-update", "--block", bad.toString(), "--config",
        next.toString(), "--output", tmp.resolve("y.pb").toString()).status()).isEqualTo(2);
    assertThat(CliRun.of("configtx", "compute-update", "--block", tmp.resolve("nope").toString(),
        "--config", next.toString(), "--output", tmp.resolve("y.pb").toString()).status())
        .isEqualTo(3);
  }
}

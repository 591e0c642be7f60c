package io.msp4j.config.configtx;

import static io.msp4j.config.configtx.Yaml.fails;
import static io.msp4j.config.configtx.Yaml.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** configtx.yaml read as configtxgen v3.0 reads it (spec 9.1, Appendix C). */
class ConfigtxYamlTest {

  @TempDir Path tmp;

  @Test
  @Tag("CONFIGTX-YAML-01")
  void keysMatchTheSchemaIgnoringCase() {
    TopLevel top = read("""
        organizations:
          - NAME: Org1
            id: Org1MSP
            mspDIR: msp
            anchorpeers: [{host: p0, PORT: 7051}]
        """);
    Organization o = top.organizations().get(0);
    assertThat(o.name()).isEqualTo("Org1");
    assertThat(o.id()).isEqualTo("Org1MSP");
    assertThat(o.anchorPeers()).containsExactly(new AnchorPeer("p0", 7051));
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void unknownKeyIsRefusedWithFileAndLine() {
    ConfigtxException e = fails("""
        Organizations:
          - Name: Org1
            ID: Org1MSP
            MSPDirr: msp
        """);
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_INVALID);
    assertThat(e.rule()).isEqualTo("CONFIGTX-YAML-01");
    assertThat(e.getMessage()).contains("/cfg/configtx.yaml:4:", "'Organizations[0]'",
        "invalid keys: MSPDirr");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void unknownKeyWithoutValueOutsideListsIsDroppedAsFabricDoes() {
    TopLevel top = read("""
        Unknown:
        Orderer:
          Nothing:
        """);
    assertThat(top.orderer()).isPresent();
    assertThat(top.organizations()).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void weakTypingTurnsTextIntoNumbersAndNumbersIntoText() {
    TopLevel top = read("""
        Organizations:
          - Name: 12
            ID: true
            MSPDir: 1.5
            SkipAsForeign: "T"
            AnchorPeers:
              - {Host: a, Port: "7051"}
              - {Host: b, Port: "0x1b8b"}
              - {Host: c, Port: "017"}
              - {Host: d, Port: 7051.9}
              - {Host: e, Port: yes}
            OrdererEndpoints: "[o1:7050, o2:7050]"
        """);
    Organization o = top.organizations().get(0);
    assertThat(o.name()).isEqualTo("12");
    assertThat(o.id()).isEqualTo("1");
    assertThat(o.mspDir()).isEqualTo(Path.of("/cfg/1.5"));
    assertThat(o.skipAsForeign()).isTrue();
    assertThat(o.anchorPeers()).extracting(AnchorPeer::port).containsExactly(7051L, 7051L, 15L,
        7051L, 1L);
    assertThat(o.ordererEndpoints()).containsExactly("o1:7050", "o2:7050");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void singleValuesAreLiftedIntoLists() {
    Organization o = read("""
        Organizations:
          - Name: Org1
            OrdererEndpoints: o:7050
            AnchorPeers: {Host: p, Port: 1}
        """).organizations().get(0);
    assertThat(o.ordererEndpoints()).containsExactly("o:7050");
    assertThat(o.anchorPeers()).containsExactly(new AnchorPeer("p", 1));
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void portThatIsNotANumberIsRefusedWithItsPlace() {
    ConfigtxException e = fails("""
        Organizations:
          - Name: Org1
            AnchorPeers:
              - Host: p
                Port: seventy
        """);
    assertThat(e.getMessage()).contains(":5:", "cannot parse 'Organizations[0].AnchorPeers[0].Port'"
        + " as int", "invalid syntax");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void portAsAListIsRefused() {
    ConfigtxException e = fails("""
        Organizations:
          - Name: Org1
            AnchorPeers: [{Host: p, Port: [1]}]
        """);
    assertThat(e.getMessage()).contains("Organizations[0].AnchorPeers[0].Port", "expected type 'int'");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void durationsAndByteSizesUseGoSyntax() {
    Orderer o = read("""
        Orderer:
          BatchTimeout: 1m30s
          BatchSize:
            MaxMessageCount: "20"
            AbsoluteMaxBytes: 99 MB
            PreferredMaxBytes: 512kb
        """).orderer().orElseThrow();
    assertThat(o.batchTimeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(o.batchSize()).isEqualTo(new Orderer.BatchSize(20, 99L << 20, 512L << 10));
    assertThat(fails("Orderer: {BatchTimeout: 2 seconds}").getMessage())
        .contains("Orderer.BatchTimeout", "time: unknown unit \" seconds\"");
    assertThat(fails("Orderer: {BatchTimeout: \"\"}").getMessage())
        .contains("time: invalid duration");
    assertThat(fails("Orderer: {BatchSize: {AbsoluteMaxBytes: 5 GB}}").getMessage())
        .contains("overflows uint32");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void environmentOverridesValuesReachedThroughMappings() {
    // A variable naming a list replaces the whole list with its text, which is no organisation.
    ConfigtxException e = assertThrows(ConfigtxException.class, () -> read("""
        Organizations:
          - Name: Org1
        """, Map.of("CONFIGTX_ORGANIZATIONS", "Org2")));
    assertThat(e.getMessage()).contains("Organizations[0]", "expected a map");
    TopLevel top = read("""
        Orderer:
          BatchTimeout: 2s
          BatchSize: {MaxMessageCount: 10}
        Capabilities:
          Channel: {V3_0: true}
        """, Map.of(
        "CONFIGTX_ORDERER_BATCHTIMEOUT", "5s",
        "CONFIGTX_ORDERER_BATCHSIZE_MAXMESSAGECOUNT", "42",
        "CONFIGTX_CAPABILITIES_CHANNEL_V3_0", "false"));
    assertThat(top.orderer().orElseThrow().batchTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(top.orderer().orElseThrow().batchSize().maxMessageCount()).isEqualTo(42);
    assertThat(top.enabledCapabilities("Channel")).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-YAML-02")
  void everySectionIsReadAndTyped() {
    TopLevel top = read("""
        Capabilities:
          Channel: {V3_0: true}
          Application: {V2_5: true}
        Application:
          ACLs: {_lifecycle/CommitChaincodeDefinition: /Channel/Application/Writers}
          Policies:
            Readers: {Type: ImplicitMeta, Rule: ANY Readers}
        Orderer:
          OrdererType: etcdraft
          Addresses: [o:7050]
          MaxChannels: 0x10
          EtcdRaft:
            Consenters:
              - {Host: o, Port: 7050, ClientTLSCert: tls/c.crt, ServerTLSCert: /abs/s.crt}
            Options: {TickInterval: 250ms, ElectionTick: 20}
          SmartBFT: {RequestBatchMaxCount: 7, LeaderRotation: 2, SyncOnStart: true}
        Channel:
          Policies:
            Admins: {Type: ImplicitMeta, Rule: MAJORITY Admins}
        Profiles:
          P:
            Consortium: C
            Orderer:
              OrdererType: BFT
            Consortiums:
              C:
                Organizations: []
        """);
    Orderer o = top.orderer().orElseThrow();
    assertThat(o.ordererType()).isEqualTo("etcdraft");
    assertThat(o.maxChannels()).isEqualTo(16);
    assertThat(o.batchTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(o.batchSize()).isEqualTo(new Orderer.BatchSize(500, 10L << 20, 2L << 20));
    EtcdRaft raft = o.etcdRaft().orElseThrow();
    assertThat(raft.options().orElseThrow())
        .isEqualTo(new EtcdRaft.Options("250ms", 20, 1, 5, 16L << 20));
    assertThat(new String(raft.consenters().get(0).clientTlsCert(), StandardCharsets.UTF_8))
        .isEqualTo("/cfg/tls/c.crt");
    assertThat(new String(raft.consenters().get(0).serverTlsCert(), StandardCharsets.UTF_8))
        .isEqualTo("/abs/s.crt");
    SmartBftOptions bft = o.smartBft().orElseThrow();
    assertThat(bft.requestBatchMaxCount()).isEqualTo(7);
    assertThat(bft.leaderRotation()).isEqualTo(2);
    assertThat(bft.syncOnStart()).isTrue();
    assertThat(top.application().orElseThrow().acls())
        .containsEntry("_lifecycle/CommitChaincodeDefinition", "/Channel/Application/Writers");
    assertThat(top.channel().orElseThrow().policies().get("Admins").rule())
        .isEqualTo("MAJORITY Admins");
    Profile p = top.profiles().get("P");
    assertThat(p.consortium()).isEqualTo("C");
    // Profiles are kept as written: no defaults, no checks.
    assertThat(p.orderer().orElseThrow().ordererType()).isEqualTo("BFT");
    assertThat(p.consortiums().get("C").organizations()).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-YAML-02")
  void topLevelOrdererIsCheckedAsConfigtxgenChecksIt() {
    assertThat(fails("Orderer: {OrdererType: kafka}").getMessage())
        .contains("unknown orderer type: kafka");
    assertThat(fails("Orderer: {OrdererType: etcdraft}").getMessage())
        .contains("etcdraft configuration missing");
    assertThat(fails("Orderer: {OrdererType: etcdraft, EtcdRaft: {Consenters: []}}").getMessage())
        .contains("did not specify any consenter");
    assertThat(fails("Orderer: {OrdererType: BFT, ConsenterMapping: [{Host: h, Port: 1}]}")
        .getMessage()).contains("did not specify client TLS cert");
  }

  @Test
  @Tag("CONFIGTX-YAML-03")
  void organisationDefaultsAreFilledIn() {
    Organization o = read("""
        Organizations:
          - Name: Org1
            ID: Org1MSP
        """).organizations().get(0);
    assertThat(o.mspType()).isEqualTo("bccsp");
    assertThat(o.adminPrincipal()).isEqualTo("Role.ADMIN");
    assertThat(o.skipAsForeign()).isFalse();
    assertThat(o.policies()).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-YAML-04")
  void relativeMspDirIsResolvedAgainstTheFileFolderAndAbsoluteIsKept() {
    List<Organization> orgs = read("""
        Organizations:
          - {Name: A, MSPDir: crypto/../orgs/a/msp}
          - {Name: B, MSPDir: /etc/b/msp}
        """).organizations();
    assertThat(orgs.get(0).mspDir()).isEqualTo(Path.of("/cfg/orgs/a/msp"));
    assertThat(orgs.get(1).mspDir()).isEqualTo(Path.of("/etc/b/msp"));
  }

  @Test
  @Tag("CONFIGTX-YAML-08")
  void missingOrEmptyMspDirIsTheFolderOfTheFile() {
    List<Organization> orgs = read("""
        Organizations:
          - {Name: A}
          - {Name: B, MSPDir: ""}
          - {Name: C, MSPDir: ~}
        """).organizations();
    assertThat(orgs).extracting(Organization::mspDir).containsOnly(Path.of("/cfg"));
  }

  @Test
  @Tag("CONFIGTX-YAML-05")
  void mergeKeysAreShallowAndExplicitKeysWin() {
    TopLevel top = read("""
        Organizations:
          - &Org1
            Name: Org1
            ID: Org1MSP
            Policies: &Org1Policies
              Readers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}
          - <<: *Org1
            Name: Org2
            Policies:
              <<: *Org1Policies
              Admins: {Type: Signature, Rule: "OR('Org2MSP.admin')"}
          - <<: *Org1
            Name: Org3
            Policies:
              Writers: {Type: Signature, Rule: "OR('Org3MSP.member')"}
        """);
    Organization org2 = top.organization("Org2").orElseThrow();
    assertThat(org2.id()).isEqualTo("Org1MSP");
    assertThat(org2.policies().orElseThrow().get("Readers").rule()).isEqualTo("OR('Org1MSP.member')");
    assertThat(org2.policies().orElseThrow().get("Admins").rule()).isEqualTo("OR('Org2MSP.admin')");
    // An explicit Policies replaces the merged one whole.
    assertThat(top.organization("Org3").orElseThrow().policies().orElseThrow())
        .containsOnlyKeys("Writers");
  }

  @Test
  @Tag("CONFIGTX-YAML-05")
  void aListOfMergesGivesTheFirstPrecedence() {
    Organization o = read("""
        Organizations:
          - <<: [{Name: FromA, ID: A}, {Name: FromB, MSPType: x}]
        """).organizations().get(0);
    assertThat(o.name()).isEqualTo("FromA");
    assertThat(o.mspType()).isEqualTo("x");
  }

  @Test
  @Tag("CONFIGTX-YAML-05")
  void aliasBombIsRefusedQuickly() {
    StringBuilder y = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 12; i++) {
      y.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 10; j++) {
        y.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
      }
      y.append("]\n");
    }
    long start = System.nanoTime();
    ConfigtxException e = fails(y.toString());
    assertThat(e.rule()).isEqualTo("CONFIGTX-YAML-05");
    assertThat(e.getMessage()).contains("excessive aliasing");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
  }

  @Test
  @Tag("CONFIGTX-YAML-05")
  void recursiveAnchorIsRefused() {
    assertThat(fails("Organizations: &a\n  - *a\n").reason()).isEqualTo(Reason.CONFIGTX_INVALID);
  }

  @Test
  @Tag("CONFIGTX-YAML-06")
  void capabilitiesKeepOnlyTrueOnes() {
    TopLevel top = read("""
        Capabilities:
          Channel: {V3_0: true, V2_0: false, V1_4_3: "1"}
        """);
    assertThat(top.enabledCapabilities("Channel")).containsExactly("V1_4_3", "V3_0");
    assertThat(top.capabilities().get("Channel")).containsEntry("V2_0", false);
  }

  @Test
  @Tag("CONFIGTX-YAML-07")
  void keysDifferingOnlyInCaseAreAnError() {
    ConfigtxException e = fails("""
        Organizations:
          - Name: Org1
            ID: A
            id: B
        """);
    assertThat(e.getMessage()).contains(":4:", "invalid keys: id");
  }

  @Test
  @Tag("CONFIGTX-YAML-07")
  void sameKeyTwiceKeepsTheLastValue() {
    // v3.0.0 and v2.5 (yaml.v2); v3.1 refuses the file (REL-YAML-01, ConfigtxDuplicateKeyTest).
    Organization o = ConfigtxYaml.parse("""
        Organizations:
          - Name: Org1
            ID: A
            ID: B
        """.getBytes(java.nio.charset.StandardCharsets.UTF_8), Yaml.FILE, java.util.Map.of(),
        io.msp4j.core.FabricRelease.V3_0_0).organizations().get(0);
    assertThat(o.id()).isEqualTo("B");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void badInputGivesOneClearError() {
    assertThat(fails("").getMessage()).contains("no YAML document");
    assertThat(fails("- a\n- b\n").getMessage()).contains("must be a mapping");
    assertThat(fails("Organizations: [\n").getMessage()).contains("not valid YAML");
    assertThat(fails("Organizations: 5").getMessage()).contains("Organizations");
  }

  @Test
  @Tag("CONFIGTX-YAML-01")
  void aFolderIsSearchedForConfigtxYamlThenYml() throws Exception {
    // (Y alone is the YAML 1.1 boolean true for v3.0.0, which a string field takes as "1"; v3.1
    // reads YAML 1.2, where it is the text Y: REL-YAML-01.)
    Files.writeString(tmp.resolve("configtx.yml"), "Organizations: [{Name: Y, ID: YMSP}]\n");
    assertThat(ConfigtxYaml.read(tmp, Map.of(), FabricRelease.V3_0_0).organizations().get(0)
        .name()).isEqualTo("1");
    assertThat(ConfigtxYaml.read(tmp, Map.of()).organizations().get(0).name()).isEqualTo("Y");
    assertThat(ConfigtxYaml.read(tmp, Map.of()).organizations().get(0).id()).isEqualTo("YMSP");
    Files.writeString(tmp.resolve("configtx.yaml"), "Organizations: [{Name: A}]\n");
    assertThat(ConfigtxYaml.read(tmp, Map.of()).organizations().get(0).name()).isEqualTo("A");
    ConfigtxException e = assertThrows(ConfigtxException.class,
        () -> ConfigtxYaml.read(tmp.resolve("none"), Map.of()));
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_NOT_FOUND);
  }
}

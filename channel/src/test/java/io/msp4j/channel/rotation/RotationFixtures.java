package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;
import org.hyperledger.fabric.protos.orderer.etcdraft.Consenter;
import org.hyperledger.fabric.protos.orderer.etcdraft.Options;

/**
 * The trees of the rotation tests, both from the generator: the org's tree in force and the same
 * tree re-issued under new CAs ({@code ca2.<domain>}, TLS mirror {@code tlsca2.<domain>}), same
 * subjects, other keys. Org1 plain with pinned NodeOUs, Org2 through an intermediate with a CRL,
 * Org3 without NodeOUs (admincerts), Org4 with an OU identifier, an orderer org of three Raft
 * consenters.
 */
final class RotationFixtures {
  static final String CHANNEL = "mychannel";

  private RotationFixtures() {}

  static GeneratedTree tree(Path dir, boolean reissued) {
    String ca = reissued ? "    CA: {Hostname: ca2}\n" : "";
    String ica = reissued ? "ica2" : "ica";
    return CryptoTree.fromYaml("""
        Seed: rotation-%s
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
        %s    Specs: [{Hostname: orderer0}, {Hostname: orderer1}, {Hostname: orderer2}]
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
        %s    Template: {Count: 1}
            Users: {Count: 1}
          - Name: Org2
            Domain: org2.example.com
            EnableNodeOUs: true
            CA:
              %s
              Intermediates: [{Hostname: %s}]
            Template: {Count: 1}
            Users: {Count: 2}
            CRL: {Revoke: [User2@org2.example.com]}
          - Name: Org3
            Domain: org3.example.com
            EnableNodeOUs: false
        %s    Template: {Count: 1}
            Users: {Count: 1}
          - Name: Org4
            Domain: org4.example.com
            EnableNodeOUs: false
            CA: {%sOrganizationalUnit: COP}
            OUIdentifiers: [COP]
            Template: {Count: 1}
            Users: {Count: 1}
        """.formatted(reissued ? "new" : "old", ca, ca, reissued ? "Hostname: ca2" : "Hostname: ca",
        ica, ca, reissued ? "Hostname: ca2, " : "")).generate(dir);
  }

  /** The channel: Org1, Org2, Org4 as application orgs, the orderer org with Raft consenters. */
  static Config channel(GeneratedTree t) {
    Config c = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(t.org("org1.example.com"), "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(t.org("org2.example.com"), "Org2MSP"))
        .applicationOrg("Org4", ConfigFixture.msp(t.org("org4.example.com"), "Org4MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(t.org("example.com"), "OrdererMSP"))
        .build();
    return withRaft(c, t.org("example.com"));
  }

  /** A channel at capability V1_1 (MSP 1.1) whose only org, Org3, has admin certificates. */
  static Config v11Channel(GeneratedTree t) {
    return ConfigFixture.builder().channelCapabilities("V1_1").noOrderer()
        .ordererAddresses("orderer.example.com:7050")
        .applicationOrg("Org3", ConfigFixture.msp(t.org("org3.example.com"), "Org3MSP"))
        .build();
  }

  static Config withRaft(Config c, GeneratedOrg orderers) {
    ConfigMetadata.Builder md = ConfigMetadata.newBuilder().setOptions(Options.newBuilder()
        .setTickInterval("500ms").setElectionTick(10).setHeartbeatTick(1)
        .setMaxInflightBlocks(5).setSnapshotIntervalSize(16 << 20));
    for (String host : List.of("orderer0", "orderer1", "orderer2")) {
      ByteString tls = bytes(orderers.identity(host).tlsCertFile());
      md.addConsenters(Consenter.newBuilder().setHost(host + ".example.com").setPort(7050)
          .setClientTlsCert(tls).setServerTlsCert(tls));
    }
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue ct = ConfigFixture.value(ConsensusType.newBuilder().setType("etcdraft")
        .setMetadata(md.build().toByteString()).build());
    return c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder().putGroups("Orderer",
        orderer.toBuilder().putValues("ConsensusType", ct).build())).build();
  }

  static Channel load(Config c) {
    return Channel.load(ConfigFixture.block(CHANNEL, c));
  }

  static ByteString bytes(Path p) {
    try {
      return ByteString.copyFrom(Files.readAllBytes(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static NewCa root(GeneratedOrg org) {
    return new NewCa(CaRole.ROOT, bytes(org.rootCa().certFile()), "new root");
  }

  static RetiredCa retireRoot(GeneratedOrg org) {
    return new RetiredCa("old root", bytes(org.rootCa().certFile()));
  }

  /** The enrollment certificates of the admin and every node and user of an org. */
  static List<RotationIdentity> identities(GeneratedOrg org, String tag) {
    List<RotationIdentity> out = new ArrayList<>();
    out.add(new RotationIdentity(tag + " " + org.admin().commonName(),
        bytes(org.admin().signCertFile())));
    for (String name : List.of("peer0", "User1")) {
      GeneratedIdentity id = org.identity(name);
      out.add(new RotationIdentity(tag + " " + id.commonName(), bytes(id.signCertFile())));
    }
    return out;
  }

  /** The orderers' enrollment and TLS certificates. */
  static List<RotationIdentity> orderers(GeneratedOrg org, String tag, boolean tls) {
    List<RotationIdentity> out = new ArrayList<>();
    for (String host : List.of("orderer0", "orderer1", "orderer2")) {
      GeneratedIdentity id = org.identity(host);
      out.add(new RotationIdentity(tag + " " + host, bytes(tls ? id.tlsCertFile()
          : id.signCertFile())));
    }
    return out;
  }

  static SigningIdentity signer(GeneratedIdentity id, String mspId) {
    MspFolderConfig folder = MspFolders.readLocal(id.mspDir(), mspId);
    return X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(folder.keyStore())).defaultSigningIdentity();
  }
}

package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What changed in the ordering service between two configurations, in the change report of
 * {@code check-update} and the follower: consenters added, removed or with new certificates,
 * orderer endpoints added or removed, and the quorum.
 */
class OrderingChangesTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Config base;

  @BeforeAll
  static void config() {
    orgs = new TestOrgs(tmp);
    base = orgs.standard().build();
  }

  private static ByteString read(Path p) {
    try {
      return ByteString.copyFrom(Files.readAllBytes(p));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Consenter consenter(int id, GeneratedIdentity who) {
    return Consenter.newBuilder().setId(id).setHost("orderer" + id + ".example.com")
        .setPort(7050).setMspId("OrdererMSP").setIdentity(read(who.signCertFile()))
        .setClientTlsCert(read(who.tlsCertFile())).setServerTlsCert(read(who.tlsCertFile()))
        .build();
  }

  /** A BFT orderer section with these consenters, each announced as an endpoint of OrdererOrg. */
  private static Config bft(List<Consenter> consenters) {
    ConfigGroup orderer = base.getChannelGroup().getGroupsOrThrow("Orderer");
    List<String> endpoints = consenters.stream().map(c -> c.getHost() + ":" + c.getPort()).toList();
    ConfigGroup org = orderer.getGroupsOrThrow("OrdererOrg").toBuilder()
        .putValues("Endpoints", ConfigFixture.value(OrdererAddresses.newBuilder()
            .addAllAddresses(endpoints).build())).build();
    return base.toBuilder().setChannelGroup(base.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder()
            .putValues("ConsensusType", ConfigFixture.value(
                ConsensusType.newBuilder().setType("BFT").build()))
            .putValues("Orderers", ConfigFixture.value(
                Orderers.newBuilder().addAllConsenterMapping(consenters).build()))
            .putGroups("OrdererOrg", org).build())).build();
  }

  private static List<Consenter> four() {
    List<Consenter> out = new ArrayList<>();
    for (int id = 1; id <= 4; id++) {
      out.add(consenter(id, orgs.orderer.identity("orderer")));
    }
    return out;
  }

  private static List<String> report(Config before, Config after) {
    return MspChanges.between(before, after).stream().map(MspChange::toString).toList();
  }

  @Test
  void aConsenterRemovedIsNamedWithItsEndpointAndTheNewQuorum() {
    List<Consenter> three = four().subList(0, 3);

    List<String> changes = report(bft(four()), bft(three));

    assertThat(changes).contains(
        "/Channel/Orderer: consenter removed orderer4.example.com:7050 (id 4, OrdererMSP)",
        "/Channel/Orderer: quorum changed BFT: 3 of 4 consenters -> 2 of 3",
        "/Channel/Orderer/OrdererOrg: endpoint removed orderer4.example.com:7050");
  }

  @Test
  void aConsenterAddedBackIsNamedWithItsEndpointAndTheNewQuorum() {
    List<String> changes = report(bft(four().subList(0, 3)), bft(four()));

    assertThat(changes).contains(
        "/Channel/Orderer: consenter added orderer4.example.com:7050 (id 4, OrdererMSP)",
        "/Channel/Orderer: quorum changed BFT: 2 of 3 consenters -> 3 of 4",
        "/Channel/Orderer/OrdererOrg: endpoint added orderer4.example.com:7050");
  }

  @Test
  void aConsenterWithNewCertificatesSaysWhichAndTheQuorumIsUnchanged() {
    List<Consenter> renewed = new ArrayList<>(four());
    GeneratedIdentity admin = orgs.orderer.admin();
    renewed.set(1, renewed.get(1).toBuilder().setIdentity(read(admin.signCertFile()))
        .setServerTlsCert(read(admin.tlsCertFile())).build());

    List<String> changes = report(bft(four()), bft(renewed));

    assertThat(changes).hasSize(1);
    assertThat(changes.get(0)).startsWith(
        "/Channel/Orderer: consenter certificates changed orderer2.example.com:7050 (id 2,"
            + " OrdererMSP): identity now subject \"")
        .contains("; server TLS now subject \"").doesNotContain("client TLS");
  }

  @Test
  void raftConsentersAreMatchedByEndpointAndTheirMajorityIsTheQuorum() {
    ConfigGroup orderer = base.getChannelGroup().getGroupsOrThrow("Orderer");
    ByteString tls = read(orgs.orderer.identity("orderer").tlsCertFile());
    ConfigMetadata.Builder md = ConfigMetadata.newBuilder();
    for (int i = 1; i <= 3; i++) {
      md.addConsenters(org.hyperledger.fabric.protos.orderer.etcdraft.Consenter.newBuilder()
          .setHost("raft" + i + ".example.com").setPort(7050)
          .setClientTlsCert(tls).setServerTlsCert(tls));
    }
    Config three = base.toBuilder().setChannelGroup(base.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("ConsensusType", ConfigFixture.value(
            ConsensusType.newBuilder().setType("etcdraft").setMetadata(md.build().toByteString())
                .build())).build())).build();
    Config two = base.toBuilder().setChannelGroup(base.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("ConsensusType", ConfigFixture.value(
            ConsensusType.newBuilder().setType("etcdraft").setMetadata(md.removeConsenters(0)
                .build().toByteString()).build())).build())).build();

    assertThat(report(three, two)).containsExactly(
        "/Channel/Orderer: consenter removed raft1.example.com:7050",
        "/Channel/Orderer: quorum changed etcdraft: 2 of 3 consenters -> 2 of 2");
  }

  @Test
  void anUnchangedOrderingServiceReportsNothing() {
    assertThat(report(bft(four()), bft(four()))).isEmpty();
  }
}

package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp channel follow} with an idemix member's folder as the local MSP: its seek requests
 * are signed by the member's pseudonym, as a Fabric client of an idemix org signs them (a real
 * Fabric v3.0.0 orderer and peer served such a follower, docs/live-network.md).
 */
class IdemixFollowCommandTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static FakeOrderingService service;
  static IdemixOrgFolders idemix;

  @BeforeAll
  static void start() throws IOException {
    chain = new TestChain(tmp.resolve("chain"));
    chain.appendTransactions(1);
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    service = FakeOrderingService.start(tls, null, chain.blocks());
    idemix = IdemixOrg.generate("idemix-follow", List.of(IdemixUserSpec.member("member1", "ou1")))
        .writeTo(tmp.resolve("idemix"));
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  private static CliRun follow(String... more) {
    List<String> a = new java.util.ArrayList<>(List.of("channel", "follow",
        "--orderer", service.endpoint().toString(),
        "--tls-ca", chain.ordererOrg.identity("orderer").tlsDir().resolve("ca.crt").toString(),
        "--server-name", "orderer.example.com", "--channel", TestChain.CHANNEL,
        "--msp-dir", idemix.user("member1").toString(), "--msp-id", "IdemixOrgMSP",
        "--give-up-after", "10s", "--until", "1"));
    a.addAll(List.of(more));
    return CliRun.of(a.toArray(String[]::new));
  }

  @Test
  void anIdemixFolderSignsTheSeekRequestsWithItsPseudonym() throws Exception {
    service.seeks.clear();
    CliRun r = follow();
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out().lines().toList()).hasSize(2);
    assertThat(service.seeks).isNotEmpty().allSatisfy(IdemixFollowCommandTest::signedByIdemixMember);
  }

  @Test
  void mspTypeIdemixIsAcceptedToo() throws Exception {
    service.seeks.clear();
    CliRun r = follow("--msp-type", "idemix");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(service.seeks).isNotEmpty().allSatisfy(IdemixFollowCommandTest::signedByIdemixMember);
  }

  private static void signedByIdemixMember(Envelope seek) {
    try {
      Payload payload = Payload.parseFrom(seek.getPayload());
      ChannelHeader ch = ChannelHeader.parseFrom(payload.getHeader().getChannelHeader());
      assertThat(ch.getType()).isEqualTo(HeaderType.DELIVER_SEEK_INFO_VALUE);
      SignatureHeader sh = SignatureHeader.parseFrom(payload.getHeader().getSignatureHeader());
      SerializedIdentity creator = SerializedIdentity.parseFrom(sh.getCreator());
      assertThat(creator.getMspid()).isEqualTo("IdemixOrgMSP");
      SerializedIdemixIdentity id = SerializedIdemixIdentity.parseFrom(creator.getIdBytes());
      assertThat(id.getOu().toStringUtf8()).contains("ou1");
      assertThat(seek.getSignature().isEmpty()).isFalse();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}

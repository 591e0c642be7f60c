package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp channel follow --bccsp}: a reader whose key is on a SoftHSM2 token only follows the
 * channel, and the seek requests the ordering service receives are signed by that key.
 */
class HsmFollowCommandTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static FakeOrderingService service;
  static Path tlsCa;

  @TempDir Path dir;
  private SoftHsm hsm;

  @BeforeAll
  static void start() throws IOException {
    chain = new TestChain(tmp);
    chain.appendTransactions(2);
    chain.appendRevocationOfOrderer2();
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    tlsCa = tls.resolve("ca.crt");
    service = FakeOrderingService.start(tls, null, chain.blocks());
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  @BeforeEach
  void token() throws Exception {
    hsm = SoftHsm.in(dir).initToken(HsmFiles.LABEL);
  }

  private static CliRun follow(Path msp, String... more) {
    List<String> a = new ArrayList<>(List.of("channel", "follow",
        "--orderer", service.endpoint().toString(), "--tls-ca", tlsCa.toString(),
        "--server-name", "orderer.example.com", "--channel", TestChain.CHANNEL,
        "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--give-up-after", "10s", "--until", "2", "--json"));
    a.addAll(List.of(more));
    return CliRun.of(a.toArray(String[]::new));
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-04")
  @Tag("DELIVER-08")
  void aReaderWhoseKeyIsOnTheTokenFollowsAndSignsItsSeeks() throws Exception {
    GeneratedIdentity user = chain.org1.identity("User1");
    Path msp = HsmFiles.onTokenOnly(hsm, dir, user);

    CliRun withoutToken = follow(msp);
    assertThat(withoutToken.status()).as("the folder alone holds no key").isEqualTo(2);

    int before = service.seeks.size();
    CliRun run = follow(msp, "--bccsp", HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.status()).as(run.err()).isZero();
    assertThat(run.out().lines().toList()).hasSize(3)
        .allSatisfy(l -> assertThat(l).contains("\"verified\":true"));

    List<Envelope> seeks = service.seeks.subList(before, service.seeks.size());
    assertThat(seeks).isNotEmpty();
    for (Envelope seek : seeks) {
      Payload payload = Payload.parseFrom(seek.getPayload());
      SerializedIdentity creator = SerializedIdentity.parseFrom(
          SignatureHeader.parseFrom(payload.getHeader().getSignatureHeader()).getCreator());
      assertThat(creator.getMspid()).isEqualTo("Org1MSP");
      assertThat(creator.getIdBytes().toByteArray()).isEqualTo(Files.readAllBytes(user.signCertFile()));
      Signature ecdsa = Signature.getInstance("SHA256withECDSA");
      ecdsa.initVerify(user.certificate().x509Certificate().getPublicKey());
      ecdsa.update(seek.getPayload().toByteArray());
      assertThat(ecdsa.verify(seek.getSignature().toByteArray())).as("seek signed by the token key").isTrue();
    }
  }

  @Test
  @Tag("P11-05")
  void aReaderWhoseKeyIsNotOnTheTokenExitsTwoBeforeConnecting() throws Exception {
    GeneratedIdentity user = chain.org1.identity("User1");
    Path msp = HsmFiles.onTokenOnly(hsm, dir, user);
    SoftHsm other = SoftHsm.in(dir.resolve("other")).initToken(HsmFiles.LABEL);
    int before = service.seeks.size();
    CliRun run = follow(msp, "--bccsp", HsmFiles.coreYaml(other, dir.resolve("other")).toString());
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.out() + run.err()).contains("P11-05", "on token '" + HsmFiles.LABEL + "'")
        .doesNotContain(SoftHsm.USER_PIN);
    assertThat(service.seeks).hasSize(before);
  }
}

package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import io.msp4j.channel.check.Messages;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Payload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code msp block check} contract: verdicts per block and transaction, JSON, exit statuses. */
class BlockCheckCommandTest {
  @TempDir static Path tmp;
  static String config;
  static String valid;
  static String peerSigned;
  static String tampered;

  private static SigningIdentity signer(GeneratedIdentity id, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(id.mspDir(), mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  private static String write(String name, Block block) throws Exception {
    return Files.write(tmp.resolve(name), block.toByteArray()).toString();
  }

  @BeforeAll
  static void blocks() throws Exception {
    TestOrgs orgs = new TestOrgs(tmp.resolve("crypto"));
    config = Files.write(tmp.resolve("config.block"),
        ConfigFixture.block("mychannel", orgs.standard().build())).toString();
    SigningIdentity orderer = signer(orgs.orderer.identity("orderer"), "OrdererMSP");
    SigningIdentity user = signer(orgs.org1.identity("User1"), "Org1MSP");
    SigningIdentity peer1 = signer(orgs.org1.identity("peer0"), "Org1MSP");
    SigningIdentity peer2 = signer(orgs.org2.identity("peer0"), "Org2MSP");
    Messages m = new Messages();
    Envelope tx = Messages.transaction(m.parts(user, "mychannel"), user, peer1, peer2);
    valid = write("1.block", Messages.block(1, List.of(tx.toByteString()), orderer));
    peerSigned = write("2.block", Messages.block(2, List.of(tx.toByteString()), peer1));
    Payload p = Payload.parseFrom(tx.getPayload());
    Envelope changed = tx.toBuilder().setPayload(
        p.toBuilder().setData(p.getData().concat(ByteString.copyFromUtf8("!"))).build().toByteString()).build();
    tampered = write("3.block", Messages.block(3, List.of(tx.toByteString(), changed.toByteString()), orderer));
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aValidBlockExitsZeroNamingItsSigners() {
    CliRun r = CliRun.of("block", "check", "--config", config, valid);
    assertThat(r.status()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo(valid + ": block 1: valid (signed by OrdererMSP "
        + "CN=orderer.example.com,OU=orderer,L=San Francisco,ST=California,C=US)");
    assertThat(lines.get(1)).startsWith("  tx 0 ").contains(": valid (creator Org1MSP CN=User1@org1.example.com",
        "; endorsed by Org1MSP, Org2MSP)");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("TX-CREATOR-01")
  void aBlockSignedByAPeerOrATamperedTransactionExitsOne() {
    CliRun r = CliRun.of("block", "check", "--config", config, valid, peerSigned, tampered);
    assertThat(r.status()).isEqualTo(1);
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(7);
    assertThat(lines.get(2)).startsWith(peerSigned + ": block 2: INVALID [BLOCK-SIG-01 POLICY-IMETA-02] "
        + "POLICY_NOT_SATISFIED: the orderer signatures (1) do not satisfy /Channel/Orderer/BlockValidation");
    assertThat(lines.get(4)).startsWith(tampered + ": block 3: valid");
    assertThat(lines.get(6)).contains("INVALID [TX-CREATOR-01 VERIFY-03] SIGNATURE_INVALID: creator Org1MSP");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("TX-CREATOR-01")
  void theVerdictsDoNotDependOnTheNumberOfThreads() {
    CliRun one = CliRun.of("block", "check", "--threads", "1", "--config", config, valid, peerSigned, tampered);
    CliRun three = CliRun.of("block", "check", "--threads", "3", "--config", config, valid, peerSigned, tampered);
    CliRun byDefault = CliRun.of("block", "check", "--config", config, valid, peerSigned, tampered);
    assertThat(one.status()).isEqualTo(1);
    assertThat(three.status()).isEqualTo(1);
    assertThat(three.out()).isEqualTo(one.out());
    assertThat(byDefault.out()).isEqualTo(one.out());
    assertThat(one.out().lines()).hasSize(7);
  }

  @Test
  void jsonGivesOneObjectPerBlock() {
    CliRun r = CliRun.of("block", "check", "--json", "--config", config, valid, tampered);
    assertThat(r.status()).isEqualTo(1);
    List<JsonObject> blocks = r.out().lines().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
    assertThat(blocks).hasSize(2);
    assertThat(blocks.get(0).get("valid").getAsBoolean()).isTrue();
    assertThat(blocks.get(0).get("number").getAsString()).isEqualTo("1");
    assertThat(blocks.get(0).get("refusal").isJsonNull()).isTrue();
    assertThat(blocks.get(0).getAsJsonArray("signers").get(0).getAsJsonObject().get("msp_id").getAsString())
        .isEqualTo("OrdererMSP");
    JsonObject bad = blocks.get(1).getAsJsonArray("transactions").get(1).getAsJsonObject();
    assertThat(bad.get("valid").getAsBoolean()).isFalse();
    assertThat(bad.get("type").getAsString()).isEqualTo("ENDORSER_TRANSACTION");
    JsonObject refusal = bad.getAsJsonObject("refusal");
    assertThat(refusal.get("check").getAsString()).isEqualTo("TX-CREATOR-01");
    assertThat(refusal.get("reason").getAsString()).isEqualTo("SIGNATURE_INVALID");
    assertThat(refusal.get("rule").getAsString()).isEqualTo("VERIFY-03");
    assertThat(bad.getAsJsonObject("creator").get("subject").getAsString()).startsWith("CN=User1@org1.example.com");
    assertThat(bad.getAsJsonArray("endorsers")).isEmpty(); // the creator was refused first
  }

  @Test
  void theConfigBlockItselfIsTheTrustAnchor() {
    CliRun r = CliRun.of("block", "check", "--config", config, config);
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEqualTo(config + ": block 0: valid (the genesis block is the channel's trust anchor: "
        + "Fabric does not verify it)\n");
  }

  @Test
  void unusableInputsExitTwoAndUsageErrorsThree() throws Exception {
    Path junk = Files.writeString(tmp.resolve("junk"), "not a block");
    CliRun badConfig = CliRun.of("block", "check", "--config", junk.toString(), valid);
    assertThat(badConfig.status()).isEqualTo(2);
    assertThat(badConfig.err()).startsWith("channel config cannot be used");
    CliRun missingBlock = CliRun.of("block", "check", "--config", config, tmp.resolve("none.block").toString());
    assertThat(missingBlock.status()).isEqualTo(2);
    assertThat(missingBlock.err()).startsWith("msp block check: cannot read");
    CliRun junkBlock = CliRun.of("block", "check", "--config", config, junk.toString());
    assertThat(junkBlock.status()).isEqualTo(1);
    assertThat(junkBlock.out()).contains("INVALID [BLOCK-");
    assertThat(CliRun.of("block", "check", "--config", config).status()).isEqualTo(3);
    assertThat(CliRun.of("block", "check", valid).status()).isEqualTo(3);
    CliRun noThread = CliRun.of("block", "check", "--threads", "0", "--config", config, valid);
    assertThat(noThread.status()).isEqualTo(3);
    assertThat(noThread.err()).startsWith("msp: --threads must be between 1 and 256, not 0");
    // A count that would start a thread per transaction is refused before any thread starts.
    CliRun tooMany = CliRun.of("block", "check", "--threads", "100000", "--config", config, valid);
    assertThat(tooMany.status()).isEqualTo(3);
    assertThat(tooMany.err()).startsWith("msp: --threads must be between 1 and 256, not 100000");
  }
}

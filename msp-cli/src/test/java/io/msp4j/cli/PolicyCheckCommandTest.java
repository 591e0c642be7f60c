package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code msp policy check} contract: verdicts, signers, exit statuses, JSON. */
class PolicyCheckCommandTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static String block;
  static String peer1;
  static String admin1;
  static String peer2;
  static String admin2;
  static String message;
  static String admin1Sig;
  static String peer2Sig;

  @BeforeAll
  static void generate() throws Exception {
    orgs = new TestOrgs(tmp.resolve("crypto"));
    block = Files.write(tmp.resolve("v3.block"), ConfigFixture.block("mychannel", orgs.standard().build())).toString();
    peer1 = orgs.org1.identity("peer0").signCertFile().toString();
    admin1 = orgs.org1.admin().signCertFile().toString();
    peer2 = orgs.org2.identity("peer0").signCertFile().toString();
    admin2 = orgs.org2.admin().signCertFile().toString();
    byte[] msg = "a proposal".getBytes(StandardCharsets.UTF_8);
    message = Files.write(tmp.resolve("message"), msg).toString();
    admin1Sig = Files.write(tmp.resolve("admin1.sig"), ConfigFixture.sign(orgs.org1.admin(), "Org1MSP", msg)).toString();
    peer2Sig = Files.write(tmp.resolve("peer2.sig"), ConfigFixture.sign(orgs.org2.identity("peer0"), "Org2MSP", msg)).toString();
  }

  private static CliRun check(String... args) {
    String[] all = new String[args.length + 4];
    all[0] = "policy";
    all[1] = "check";
    all[2] = "--block";
    all[3] = block;
    System.arraycopy(args, 0, all, 4, args.length);
    return CliRun.of(all);
  }

  @Test
  @Tag("POLICY-SIG-06")
  void assumedSignersSatisfyOrNotWithTheReason() {
    CliRun both = check("--path", "/Channel/Application/Endorsement", peer1, peer2);
    assertThat(both.status()).isZero();
    assertThat(both.out()).startsWith("/Channel/Application/Endorsement: satisfied");
    CliRun one = check("--path", "/Channel/Application/Endorsement", peer1);
    assertThat(one.status()).isEqualTo(1);
    assertThat(one.out()).startsWith("/Channel/Application/Endorsement: NOT satisfied [POLICY-IMETA-02]")
        .contains("MAJORITY Endorsement", "Org2");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void signedDataIsVerifiedOverTheMessage() throws Exception {
    CliRun good = check("--path", "/Channel/Application/Org1/Admins", "--message", message, "--signed", admin1, admin1Sig);
    assertThat(good.status()).isZero();
    CliRun wrongSig = check("--json", "--path", "/Channel/Application/Org1/Admins", "--message", message,
        "--signed", admin1, peer2Sig);
    assertThat(wrongSig.status()).isEqualTo(1);
    assertThat(wrongSig.out()).contains("\"satisfied\":false", "signature-invalid", "VERIFY-");
    Path other = Files.writeString(tmp.resolve("other-message"), "something else");
    assertThat(check("--path", "/Channel/Application/Org1/Admins", "--message", other.toString(),
        "--signed", admin1, admin1Sig).status()).isEqualTo(1);
  }

  @Test
  @Tag("POLICY-SIG-02")
  void assumedAndSignedSignersFormOneSignatureSet() {
    // admin1 assumed, then admin1 again with a signature: the second is a duplicate and dropped.
    CliRun r = check("--json", "--path", "/Channel/Application/Admins", "--message", message, admin1,
        "--signed", admin1, admin1Sig, "--signed", peer2, peer2Sig);
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("\"status\":\"assumed to have signed\"",
        "\"status\":\"dropped: the same identity signed earlier in the set\"", "\"status\":\"signed\"");
    CliRun admins = check("--path", "/Channel/Application/Admins", "--message", message, admin2,
        "--signed", admin1, admin1Sig);
    assertThat(admins.status()).isZero();
  }

  @Test
  @Tag("POLICY-SIG-05")
  void anExpressionIsEvaluatedGreedilyWithTheChannelMsps() {
    CliRun greedy = check("--policy", "AND(OR('Org1MSP.member','Org2MSP.member'),'Org2MSP.member')", peer1, peer2);
    assertThat(greedy.status()).isEqualTo(1);
    CliRun plain = check("--json", "--policy", "AND('Org1MSP.peer','Org2MSP.peer')", peer1, peer2);
    assertThat(plain.status()).isZero();
    assertThat(plain.out()).startsWith("{\"policy\":\"AND('Org1MSP.peer','Org2MSP.peer')\",\"satisfied\":true,\"reason\":")
        .contains("\"explanation\":{\"kind\":\"signature-policy\"");
  }

  @Test
  @Tag("POLICY-MGR-02")
  void noSuchPolicyPathExitsTwo() {
    for (String path : new String[] {"/Channel/Application/Org1/Nope", "/Channel/Application", "/Channel", "Readers/x"}) {
      CliRun r = check("--json", "--path", path, peer1);
      assertThat(r.status()).as(path).isEqualTo(2);
      assertThat(r.out()).contains("\"reason\":\"POLICY_NOT_FOUND\"", "\"rule\":\"POLICY-MGR-02\"");
    }
    CliRun text = check("--path", "/Channel/Application/Org1/Nope", peer1);
    assertThat(text.err()).contains("no such policy '/Channel/Application/Org1/Nope'");
  }

  @Test
  @Tag("POLICY-DSL-07")
  void aMalformedExpressionOrUnusableBlockExitsTwo() throws Exception {
    CliRun dsl = check("--policy", "AND('Org1MSP.peer'", peer1);
    assertThat(dsl.status()).isEqualTo(2);
    assertThat(dsl.err()).contains("POLICY-DSL");
    ConfigGroup badOrg = ConfigGroup.newBuilder().putGroups("Nested", ConfigGroup.getDefaultInstance()).build();
    Path bad = Files.write(tmp.resolve("bad.block"), ConfigFixture.block("mychannel",
        orgs.standard().applicationOrgGroup("Org2", badOrg).build()));
    CliRun r = CliRun.of("policy", "check", "--json", "--block", bad.toString(), "--path", "/Channel/Readers", peer1);
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.out()).startsWith("{\"setup_error\":").contains("CHANNEL-MSP-02");
  }

  @Test
  void aPemSignerGetsTheMspIdOfTheOrgThatIssuedItAndASerializedIdentityIsUsedAsIs() throws Exception {
    CliRun r = check("--json", "--path", "/Channel/Application/Org2/Endorsement", peer2);
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("\"msp_id\":\"Org2MSP\"");
    // The same certificate claiming Org1's MSP ID: Org1's MSP cannot deserialise it, so it is dropped.
    Path claimed = Files.write(tmp.resolve("claimed.id"), SerializedIdentity.newBuilder().setMspid("Org1MSP")
        .setIdBytes(ByteString.copyFrom(Files.readAllBytes(Path.of(peer2)))).build().toByteArray());
    CliRun asOrg1 = check("--json", "--path", "/Channel/Application/Org2/Endorsement", claimed.toString());
    assertThat(asOrg1.status()).isEqualTo(1);
    assertThat(asOrg1.out()).contains("\"msp_id\":\"Org1MSP\"", "\"status\":\"dropped: ");
    // A certificate no MSP of the channel issued counts for nobody.
    io.msp4j.testdata.TestPki pki = io.msp4j.testdata.TestPki.seeded("stranger");
    Path foreign = Files.writeString(tmp.resolve("foreign.pem"), pki.leaf("CN=stranger", pki.rootCa("CN=other root")).pem());
    CliRun stranger = check("--json", "--path", "/Channel/Readers", foreign.toString());
    assertThat(stranger.status()).isEqualTo(1);
    assertThat(stranger.out()).contains("\"status\":\"not attributed to an MSP\"");
  }

  @Test
  void aCertificateOfSeveralMspsIsAUsageError() throws Exception {
    // Org1's MSP under two IDs: its certificates belong to both.
    Path twice = Files.write(tmp.resolve("twice.block"), ConfigFixture.block("mychannel", orgs.standard()
        .applicationOrg("Org1Again", io.msp4j.channel.ConfigFixture.msp(orgs.org1, "Org1AgainMSP")).build()));
    CliRun r = CliRun.of("policy", "check", "--block", twice.toString(), "--path", "/Channel/Readers", peer1);
    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("several MSPs", "Org1MSP", "Org1AgainMSP", "SerializedIdentity");
  }

  @Test
  void usageErrorsExitThree() {
    assertThat(check("--path", "/Channel/Readers", "--signed", admin1, admin1Sig).status()).isEqualTo(3);
    assertThat(check("--path", "/Channel/Readers", "--policy", "OR('Org1MSP.member')", peer1).status()).isEqualTo(3);
    assertThat(check(peer1).status()).isEqualTo(3);
    assertThat(check("--path", "/Channel/Readers", tmp.resolve("nope.pem").toString()).status()).isEqualTo(3);
    assertThat(check("--path", "/Channel/Readers", "--message", message, "--signed", admin1).status()).isEqualTo(3);
  }
}

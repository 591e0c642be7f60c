package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The channel commands on a V2_0 channel holding an idemix org beside X.509 orgs. */
class IdemixBlockCommandsTest {
  private static final String ID = "IdemixOrgMSP";
  @TempDir static Path tmp;
  static String block;
  static String v3Block;
  static IdemixOrgFolders idemix;
  static String message;
  static String adminId;
  static String adminSig;
  static String memberId;
  static String memberSig;

  @BeforeAll
  static void channel() throws Exception {
    TestOrgs orgs = new TestOrgs(tmp.resolve("crypto"));
    idemix = IdemixOrg.generate("cli-idemix-block", List.of(IdemixUserSpec.admin("admin1", "ou1"),
        IdemixUserSpec.member("user1", "ou1"))).writeTo(tmp.resolve("idemix"));
    block = Files.write(tmp.resolve("v20.block"), ConfigFixture.block("idxchannel",
        orgs.standard().channelCapabilities("V2_0")
            .applicationOrg("IdemixOrg", IdemixMspFolders.read(idemix.verifier(), ID)).build()))
        .toString();
    v3Block = Files.write(tmp.resolve("v30.block"), ConfigFixture.block("idxchannel",
        orgs.standard().applicationOrg("IdemixOrg", IdemixMspFolders.read(idemix.verifier(), ID))
            .build())).toString();
    message = Files.writeString(tmp.resolve("message"), "a proposal").toString();
    adminId = tmp.resolve("admin.id").toString();
    adminSig = tmp.resolve("admin.sig").toString();
    memberId = tmp.resolve("member.id").toString();
    memberSig = tmp.resolve("member.sig").toString();
    for (String[] who : new String[][] {{"admin1", adminSig, adminId}, {"user1", memberSig, memberId}}) {
      CliRun r = CliRun.of("sign", "--msp-dir", idemix.user(who[0]).toString(), "--msp-id", ID,
          "--message", message, "--output", who[1], "--identity-out", who[2]);
      assertThat(r.status()).as(r.err()).isZero();
    }
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  @Tag("POLICY-SIG-02")
  void policyCheckWithIdemixSigners() {
    CliRun admin = CliRun.of("policy", "check", "--block", block, "--path",
        "/Channel/Application/IdemixOrg/Admins", "--message", message, "--signed", adminId, adminSig);
    assertThat(admin.status()).as(admin.out() + admin.err()).isZero();
    CliRun member = CliRun.of("policy", "check", "--block", block, "--path",
        "/Channel/Application/IdemixOrg/Admins", "--message", message, "--signed", memberId, memberSig);
    assertThat(member.status()).isEqualTo(1);
    CliRun crossed = CliRun.of("policy", "check", "--block", block, "--path",
        "/Channel/Application/IdemixOrg/Readers", "--message", message, "--signed", adminId, memberSig);
    assertThat(crossed.status()).isEqualTo(1);
    CliRun unsigned = CliRun.of("policy", "check", "--block", block, "--path",
        "/Channel/Application/IdemixOrg/Readers", memberId);
    assertThat(unsigned.status()).isZero();
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void validateAndInspectABlockWithAnIdemixOrg() {
    CliRun v = CliRun.of("validate", "--block", block, "--msp-id", ID, "--json", adminId, memberId);
    assertThat(v.status()).as(v.err()).isZero();
    assertThat(v.out().lines()).allSatisfy(l -> assertThat(l).contains("\"valid\":true", "\"anonymous\":true"));
    CliRun i = CliRun.of("inspect", "--block", block, "--msp-id", ID);
    assertThat(i.status()).as(i.err()).isZero();
    assertThat(i.out()).contains("idemix MSP " + ID, "setup: ok at MSP version 1.4.3");
  }

  @Test
  @Tag("IDEMIX-VER-01")
  @Tag("CHANNEL-MSP-04")
  void aV3_0ChannelWithAnIdemixOrgCannotBeUsed() {
    CliRun v = CliRun.of("validate", "--block", v3Block, "--msp-id", ID, adminId);
    assertThat(v.status()).isEqualTo(2);
    assertThat(v.err()).contains("CHANNEL-MSP-04", "1.1, 1.3 and 1.4.3");
  }
}

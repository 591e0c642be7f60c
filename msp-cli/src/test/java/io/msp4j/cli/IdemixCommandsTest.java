package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands on idemix folders: {@code sign --identity-out}, {@code verify} and {@code validate
 * --json} with {@code anonymous}, setup failures, and the forged identity msp4j refuses.
 */
class IdemixCommandsTest {
  private static final String ID = "IdemixOrgMSP";
  @TempDir static Path tmp;
  private static IdemixOrgFolders org;
  private static IdemixOrgFolders other;
  private static Path message;
  private static Path adminSig;
  private static Path adminId;
  private static Path memberSig;
  private static Path memberId;

  @BeforeAll
  static void signWithTheAdminAndTheMember() throws Exception {
    org = IdemixOrg.generate("cli-idemix", List.of(IdemixUserSpec.admin("admin1", "ou1"),
        IdemixUserSpec.member("user1", "ou1"))).writeTo(tmp.resolve("org"));
    other = IdemixOrg.generate("cli-idemix-other", List.of(IdemixUserSpec.admin("admin1", "ou1")))
        .writeTo(tmp.resolve("other"));
    message = tmp.resolve("message.txt");
    Files.writeString(message, "a proposal");
    adminSig = tmp.resolve("admin.sig");
    adminId = tmp.resolve("admin.id");
    memberSig = tmp.resolve("member.sig");
    memberId = tmp.resolve("member.id");
    assertThat(sign(org.user("admin1"), adminSig, adminId).status()).isZero();
    assertThat(sign(org.user("user1"), memberSig, memberId).status()).isZero();
  }

  private static CliRun sign(Path dir, Path sig, Path id) {
    return CliRun.of("sign", "--msp-dir", dir.toString(), "--msp-id", ID, "--message",
        message.toString(), "--output", sig.toString(), "--identity-out", id.toString());
  }

  @Test
  @Tag("IDEMIX-VERIFY-01")
  void signWritesASignatureAndTheIdentityThatVerifiesIt() {
    CliRun r = sign(org.user("admin1"), tmp.resolve("again.sig"), tmp.resolve("again.id"));
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("anonymous signer: idemix OU=ou1, role=ADMIN");
    CliRun ok = CliRun.of("verify", "--msp-dir", org.verifier().toString(), "--msp-id", ID,
        "--identity", adminId.toString(), "--message", message.toString(), "--signature", adminSig.toString());
    assertThat(ok.status()).as(ok.err()).isZero();
    CliRun crossed = CliRun.of("verify", "--msp-dir", org.verifier().toString(), "--msp-id", ID,
        "--identity", memberId.toString(), "--message", message.toString(), "--signature", adminSig.toString(),
        "--json");
    assertThat(crossed.status()).isEqualTo(1);
    assertThat(crossed.out()).contains("\"verified\":false", "\"rule\":\"IDEMIX-VERIFY-01\"");
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  @Tag("IDEMIX-FOLDER-01")
  void validateJsonGivesRolesAnonymousAndOus() {
    CliRun r = CliRun.of("validate", "--msp-dir", org.verifier().toString(), "--msp-id", ID, "--json",
        adminId.toString(), memberId.toString());
    assertThat(r.status()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).contains("\"valid\":true", "\"anonymous\":true", "\"ous\":[{\"ou\":\"ou1\"",
        "\"roles\":{\"member\":true,\"admin\":true,\"client\":true,\"peer\":false,\"orderer\":false}");
    assertThat(lines.get(1)).contains("\"valid\":true",
        "\"roles\":{\"member\":true,\"admin\":false,\"client\":true,\"peer\":false,\"orderer\":false}");
  }

  @Test
  @Tag("IDEMIX-VER-01")
  void anIdemixFolderAtVersion3_0OrWithABrokenKeyFailsSetupWithExitTwo() throws Exception {
    CliRun v3 = CliRun.of("validate", "--msp-dir", org.verifier().toString(), "--msp-id", ID,
        "--msp-version", "3.0", "--json", adminId.toString());
    assertThat(v3.status()).isEqualTo(2);
    assertThat(v3.out()).contains("\"setup_error\"", "\"rule\":\"IDEMIX-VER-01\"");
    Path broken = Files.createDirectories(tmp.resolve("broken/msp"));
    Files.write(broken.resolve("IssuerPublicKey"), new byte[] {1, 2, 3});
    Files.copy(org.verifier().resolve("msp/RevocationPublicKey"), broken.resolve("RevocationPublicKey"));
    CliRun bad = CliRun.of("validate", "--msp-dir", broken.getParent().toString(), "--msp-id", ID,
        adminId.toString());
    assertThat(bad.status()).isEqualTo(2);
    assertThat(bad.err()).contains("IDEMIX-IPK-01").doesNotContain("Exception");
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void anotherOrgsIdentityAndARewrittenRoleAreInvalid() throws Exception {
    Path foreignSig = tmp.resolve("f.sig");
    Path foreignId = tmp.resolve("f.id");
    assertThat(sign(other.user("admin1"), foreignSig, foreignId).status()).isZero();
    Path promoted = tmp.resolve("promoted.id");
    Files.write(promoted, withRole(Files.readAllBytes(memberId), MSPRole.MSPRoleType.ADMIN));
    CliRun r = CliRun.of("validate", "--msp-dir", org.verifier().toString(), "--msp-id", ID, "--json",
        foreignId.toString(), promoted.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out().lines()).allSatisfy(l -> assertThat(l).contains("\"valid\":false",
        "\"rule\":\"IDEMIX-VALIDATE-01\"", "\"admin\":false"));
  }

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void aPseudonymOffTheCurveIsRefusedSayingFabricWouldAcceptIt() throws Exception {
    SerializedIdentity si = SerializedIdentity.parseFrom(Files.readAllBytes(adminId));
    SerializedIdemixIdentity inner = SerializedIdemixIdentity.parseFrom(si.getIdBytes()).toBuilder()
        .setNymX(ByteString.copyFrom(new byte[32])).setNymY(ByteString.copyFrom(new byte[32])).build();
    Path forged = tmp.resolve("forged.id");
    Files.write(forged, si.toBuilder().setIdBytes(inner.toByteString()).build().toByteArray());
    CliRun r = CliRun.of("validate", "--msp-dir", org.verifier().toString(), "--msp-id", ID, "--json",
        forged.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("\"valid\":false", "\"reason\":\"IDEMIX_PSEUDONYM_FORGED\"",
        "\"rule\":\"MSP4J-IDEMIX-STRICT-02\"", "Fabric v2.5/v3 would accept", "\"anonymous\":true");
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void inspectDescribesTheOrgWithoutItsSecrets() throws Exception {
    CliRun r = CliRun.of("inspect", "--msp-dir", org.user("admin1").toString(), "--msp-id", ID);
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).contains("idemix MSP " + ID, "setup: ok at MSP version 1.4.3",
        "signer: OU ou1, role mask 2 (admin), enrollment ID admin1");
    CliRun json = CliRun.of("inspect", "--msp-dir", org.verifier().toString(), "--msp-id", ID, "--json");
    assertThat(json.out()).contains("\"type\":\"idemix\"", "\"signer\":null",
        "\"attribute_names\":[\"OU\",\"Role\",\"EnrollmentID\",\"RevocationHandle\"]");
    assertThat(new String(Files.readAllBytes(adminSig), StandardCharsets.ISO_8859_1)).isNotEmpty();
  }

  private static byte[] withRole(byte[] serialized, MSPRole.MSPRoleType role) throws Exception {
    SerializedIdentity si = SerializedIdentity.parseFrom(serialized);
    SerializedIdemixIdentity inner = SerializedIdemixIdentity.parseFrom(si.getIdBytes());
    MSPRole r = MSPRole.parseFrom(inner.getRole()).toBuilder().setRole(role).build();
    return si.toBuilder().setIdBytes(inner.toBuilder().setRole(r.toByteString()).build().toByteString())
        .build().toByteArray();
  }
}

package io.msp4j.testdata.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.idemix.IdemixIssuerKey;
import io.msp4j.idemix.IdemixRoles;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdemixOrgTest {
  private static IdemixOrg org;

  @BeforeAll
  static void generate() {
    org = IdemixOrg.generate("org1", IdemixUserSpec.samples());
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void everyFolderHoldsExactlyFabricsFiles(@TempDir Path tmp) throws IOException {
    IdemixOrgFolders dirs = org.writeTo(tmp);

    assertThat(files(dirs.verifier()).keySet()).containsExactly("msp/IssuerPublicKey", "msp/RevocationPublicKey");
    assertThat(dirs.users().keySet()).containsExactly("admin1", "user1", "client1", "peer1", "user2", "admin2");
    for (Path user : dirs.users().values()) {
      assertThat(files(user).keySet())
          .containsExactly("msp/IssuerPublicKey", "msp/RevocationPublicKey", "user/SignerConfig");
      assertThat(Files.readAllBytes(user.resolve("msp/IssuerPublicKey"))).isEqualTo(org.issuerPublicKey());
    }
    assertThat(dirs.verifier()).isEqualTo(tmp.resolve("verifier"));
    assertThat(dirs.user("admin1")).isEqualTo(tmp.resolve("users/admin1"));
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  @Tag("IDEMIX-IPK-01")
  void thePublicFilesAreAnIssuerKeyFabricImportsAndAP384Pem(@TempDir Path tmp) throws Exception {
    Path msp = org.writeTo(tmp).verifier().resolve("msp");

    IdemixIssuerKey key = IdemixIssuerKey.parse(Files.readAllBytes(msp.resolve("IssuerPublicKey")));
    assertThat(key).isEqualTo(org.issuer().issuerKey());
    String pem = Files.readString(msp.resolve("RevocationPublicKey"), StandardCharsets.US_ASCII);
    PemObject block = new PemReader(new StringReader(pem)).readPemObject();
    assertThat(block.getType()).isEqualTo("PUBLIC KEY");
    ECPublicKey rpk = (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(block.getContent()));
    assertThat(rpk.getParams().getCurve().getField().getFieldSize()).isEqualTo(384);
    assertThat(rpk).isEqualTo(org.revocationKey().publicKey());
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  void everySignerPassesFabricsSetupChecksWithItsMaskOuAndEnrollmentId(@TempDir Path tmp) throws Exception {
    IdemixOrgFolders dirs = org.writeTo(tmp);

    for (IdemixUserSpec spec : IdemixUserSpec.samples()) {
      IdemixMSPSignerConfig signer = FabricSignerSetup.assertAccepted(dirs.user(spec.enrollmentId()));
      assertThat(signer.getRole()).isEqualTo(spec.roleMask());
      assertThat(signer.getOrganizationalUnitIdentifier()).isEqualTo(spec.organizationalUnit());
      assertThat(signer.getEnrollmentId()).isEqualTo(spec.enrollmentId());
      assertThat(org.user(spec.enrollmentId()).credential().attributes().role()).isEqualTo(spec.credentialRole());
    }
    assertThat(org.user("client1").credential().attributes().role()).isEqualTo(IdemixRoles.MEMBER);
    assertThat(org.user("admin2").credential().attributes().role()).isEqualTo(IdemixRoles.ADMIN);
  }

  @Test
  void theSameSeedWritesByteIdenticalFoldersAndAnotherSeedAnotherIssuer(@TempDir Path tmp) throws IOException {
    IdemixOrgFolders one = org.writeTo(tmp.resolve("one"));
    IdemixOrgFolders two = IdemixOrg.generate("org1", IdemixUserSpec.samples()).writeTo(tmp.resolve("two"));
    IdemixOrg other = IdemixOrg.generate("org2", IdemixUserSpec.samples());

    assertThat(files(two.root())).containsExactlyEntriesOf(files(one.root()));
    assertThat(other.issuerPublicKey()).isNotEqualTo(org.issuerPublicKey());
    assertThat(other.revocationPublicKeyPem()).isNotEqualTo(org.revocationPublicKeyPem());
  }

  @Test
  void aUsersMaterialDependsOnlyOnTheSeedAndItsOwnSpec() {
    IdemixUserSpec extra = IdemixUserSpec.member("late", "org1.department3");
    IdemixOrg fewer = IdemixOrg.generate("org1", List.of(extra, IdemixUserSpec.admin("admin1", "org1.department1")));

    assertThat(fewer.user("admin1").signerConfig()).isEqualTo(org.user("admin1").signerConfig());
    assertThat(org.enroll(extra).signerConfig()).isEqualTo(fewer.user("late").signerConfig());
    assertThat(org.users()).extracting(IdemixUser::enrollmentId)
        .containsExactly("admin1", "user1", "client1", "peer1", "user2", "admin2");
  }

  @Test
  void usersAreUniqueAndLookedUpByEnrollmentId() {
    IdemixUserSpec admin = IdemixUserSpec.admin("admin1", "ou");

    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixOrg.generate("s", List.of(admin, admin))))
        .hasMessageContaining("'admin1' is given twice");
    assertThat(assertThrows(IllegalArgumentException.class, () -> org.user("nobody")))
        .hasMessageContaining("no user 'nobody'").hasMessageContaining("admin1");
  }

  @Test
  void existingFilesAreNeverOverwritten(@TempDir Path tmp) {
    org.writeTo(tmp);

    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> org.writeTo(tmp));
    assertThat(e).hasMessageContaining("IssuerPublicKey");
  }

  @Test
  void noSecretIsShown() {
    String secretHex = java.util.HexFormat.of().formatHex(org.issuer().secretKey());

    assertThat(org.toString()).doesNotContain(secretHex).contains("admin1");
    assertThat(org.user("admin1").toString()).isEqualTo("IdemixUser[IdemixUserSpec[enrollmentId=admin1, "
        + "organizationalUnit=org1.department1, roleMask=2]]");
  }

  /** Relative path (with /) to content, sorted. */
  private static Map<String, byte[]> files(Path root) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        out.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    }
    return out;
  }
}

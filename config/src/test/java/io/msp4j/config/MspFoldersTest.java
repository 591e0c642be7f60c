package io.msp4j.config;

import static io.msp4j.config.Fixtures.bytes;
import static io.msp4j.config.Fixtures.link;
import static io.msp4j.config.Fixtures.mkdir;
import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Collectors;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MspFoldersTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("MspFoldersTest");
  private static final IssuedCertificate ROOT = PKI.root;
  private static final IssuedCertificate ADMIN = PKI.leaf("admin", KeyAlgorithm.EC_P256);
  private static final IssuedCertificate PEER = PKI.leaf("peer0", KeyAlgorithm.EC_P256);

  @TempDir Path tmp;
  Path msp;

  @BeforeEach
  void setUp() {
    msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", ROOT.pem());
  }

  private FabricMSPConfig readVerifying() {
    return MspFolders.readVerifying(msp, "Org1MSP").fabricConfig();
  }

  private static List<String> strings(List<ByteString> l) {
    return l.stream().map(ByteString::toStringUtf8).collect(Collectors.toList());
  }

  private static MspSetupException failure(Runnable r) {
    try {
      r.run();
    } catch (MspSetupException e) {
      return e;
    }
    throw new AssertionError("expected an MspSetupException");
  }

  // ---- FOLDER-01 ---------------------------------------------------------------------------

  @Test
  @Tag("FOLDER-01")
  void contentOutsideTheKnownFoldersIsIgnored() {
    FabricMSPConfig plain = readVerifying();
    write(msp, "README.md", "notes");
    write(msp, "extra/other.pem", PEER.pem());
    write(msp, "cacerts.bak/old.pem", PEER.pem());
    assertThat(readVerifying()).isEqualTo(plain);
  }

  @Test
  @Tag("FOLDER-01")
  void missingMspFolderIsAnError() {
    MspSetupException e = failure(() -> MspFolders.readVerifying(tmp.resolve("nope"), "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_MISSING);
  }

  @Test
  @Tag("FOLDER-01")
  void mspFolderThatIsAFileIsAnError() {
    Path file = write(tmp, "file", "x");
    MspSetupException e = failure(() -> MspFolders.readVerifying(file, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_NOT_A_DIRECTORY);
  }

  // ---- FOLDER-02 ---------------------------------------------------------------------------

  @Test
  @Tag("FOLDER-02")
  void filesAreReadInTheByteOrderOfTheirNames() {
    write(msp, "admincerts/b.pem", "b\n" + PEER.pem());
    write(msp, "admincerts/a.pem", "a\n" + PEER.pem());
    write(msp, "admincerts/B.pem", "B\n" + PEER.pem());
    write(msp, "admincerts/_x.pem", "_\n" + PEER.pem());
    // U+FF21 sorts before U+1F600 in UTF-8 bytes, after it in UTF-16 code units.
    write(msp, "admincerts/\uD83D\uDE00.pem", "emoji\n" + PEER.pem());
    write(msp, "admincerts/\uFF21.pem", "fullwidth\n" + PEER.pem());

    List<String> firstLines =
        strings(readVerifying().getAdminsList()).stream()
            .map(s -> s.substring(0, s.indexOf('\n')))
            .collect(Collectors.toList());

    assertThat(firstLines).containsExactly("B", "_", "a", "b", "fullwidth", "emoji");
  }

  @Test
  @Tag("FOLDER-02")
  void fileWithoutPemBlockIsSkipped() {
    write(msp, "admincerts/1.pem", ADMIN.pem());
    write(msp, "admincerts/2.der", ADMIN.der());
    write(msp, "admincerts/3.txt", "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n");
    write(msp, "admincerts/4.empty", new byte[0]);

    assertThat(strings(readVerifying().getAdminsList())).containsExactly(ADMIN.pem());
  }

  @Test
  @Tag("FOLDER-02")
  void subfolderIsSkipped() {
    write(msp, "cacerts/nested/ca2.pem", PEER.pem());
    assertThat(strings(readVerifying().getRootCertsList())).containsExactly(ROOT.pem());
  }

  @Test
  @Tag("FOLDER-02")
  void wholeFileContentIsKeptWithTextAroundAndFurtherBlocks() {
    String content = "Subject: peer0\nissuer: ca\n" + ADMIN.pem() + "trailing words\n" + PEER.pem();
    write(msp, "admincerts/admin.pem", content);
    assertThat(readVerifying().getAdmins(0).toStringUtf8()).isEqualTo(content);
  }

  @Test
  @Tag("FOLDER-02")
  void fileWithCrlfLineEndingsAndLabelOtherThanCertificateIsKept() {
    String pem = ADMIN.pem().replace("\n", "\r\n").replace("CERTIFICATE", "SOMETHING ELSE");
    write(msp, "admincerts/admin.pem", pem);
    assertThat(strings(readVerifying().getAdminsList())).containsExactly(pem);
  }

  @Test
  @Tag("FOLDER-02")
  void linksInsideTheFolderAreFollowedAsInAKubernetesSecretMount() throws IOException {
    Path m = tmp.resolve("mount");
    write(m, "..2024_01_01/cacerts/ca.pem", ROOT.pem());
    write(m, "..2024_01_01/admincerts/admin.pem", ADMIN.pem());
    link(m.resolve("..data"), Path.of("..2024_01_01"));
    link(m.resolve("cacerts"), Path.of("..data/cacerts"));
    mkdir(m, "admincerts");
    link(m.resolve("admincerts/admin.pem"), Path.of("../..data/admincerts/admin.pem"));

    FabricMSPConfig c = MspFolders.readVerifying(m, "Org1MSP").fabricConfig();

    assertThat(strings(c.getRootCertsList())).containsExactly(ROOT.pem());
    assertThat(strings(c.getAdminsList())).containsExactly(ADMIN.pem());
  }

  @Test
  @Tag("FOLDER-02")
  void danglingLinkAndLinkToADirectoryAreSkipped() {
    link(msp.resolve("cacerts/dangling.pem"), Path.of("nowhere.pem"));
    mkdir(msp, "cacerts/dir");
    link(msp.resolve("cacerts/dirlink.pem"), Path.of("dir"));
    assertThat(strings(readVerifying().getRootCertsList())).containsExactly(ROOT.pem());
  }

  @Test
  @Tag("FOLDER-02")
  void linkLoopIsSkippedWithoutHanging() {
    link(msp.resolve("cacerts/loop1.pem"), Path.of("loop2.pem"));
    link(msp.resolve("cacerts/loop2.pem"), Path.of("loop1.pem"));
    assertThat(strings(readVerifying().getRootCertsList())).containsExactly(ROOT.pem());
  }

  @Test
  @Tag("FOLDER-02")
  void unreadableFileIsSkipped() throws IOException {
    Path f = write(msp, "admincerts/secret.pem", ADMIN.pem());
    write(msp, "admincerts/z.pem", PEER.pem());
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    assumeThat(Files.isReadable(f)).as("running as a user who can still read the file").isFalse();
    assertThat(strings(readVerifying().getAdminsList())).containsExactly(PEER.pem());
  }

  // ---- FOLDER-03 ---------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"cacerts", "admincerts", "intermediatecerts", "crls", "tlscacerts"})
  @Tag("FOLDER-03")
  void folderThatIsARegularFileIsAnError(String name) throws IOException {
    if (name.equals("cacerts")) {
      msp = tmp.resolve("other");
    }
    if (!name.equals("cacerts")) {
      write(msp, "cacerts/ca.pem", ROOT.pem());
    }
    write(msp, name, ROOT.pem());

    MspSetupException e = failure(this::readVerifying);

    assertThat(e.reason()).isEqualTo(Reason.FOLDER_NOT_A_DIRECTORY);
    assertThat(e.rule()).isEqualTo("FOLDER-03");
    assertThat(e.detail()).startsWith(name + ":");
  }

  @Test
  @Tag("FOLDER-03")
  @Tag("FOLDER-06")
  void tlsIntermediateFolderThatIsAFileIsAnErrorOnlyWhenTlsCaCertsAreRead() {
    write(msp, "tlsintermediatecerts", "x");
    assertThat(readVerifying().getTlsIntermediateCertsList()).isEmpty();

    write(msp, "tlscacerts/tlsca.pem", ROOT.pem());
    MspSetupException e = failure(this::readVerifying);
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_NOT_A_DIRECTORY);
    assertThat(e.detail()).startsWith("tlsintermediatecerts:");
  }

  // ---- FOLDER-04 ---------------------------------------------------------------------------

  @Test
  @Tag("FOLDER-04")
  void missingCacertsIsAnError() {
    Path other = mkdir(tmp, "empty-msp");
    MspSetupException e = failure(() -> MspFolders.readVerifying(other, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_MISSING);
    assertThat(e.rule()).isEqualTo("FOLDER-04");
    assertThat(e.detail()).isEqualTo("cacerts: folder is missing");
  }

  @Test
  @Tag("FOLDER-04")
  void cacertsWithoutUsableFileIsAnError() {
    Path other = tmp.resolve("m2");
    write(other, "cacerts/readme.txt", "no pem here");
    mkdir(other, "cacerts/sub");
    MspSetupException e = failure(() -> MspFolders.readVerifying(other, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_EMPTY);
    assertThat(e.rule()).isEqualTo("FOLDER-04");
  }

  // ---- FOLDER-05 / 07 / 08 -----------------------------------------------------------------

  @Test
  @Tag("FOLDER-05")
  void missingOptionalFoldersGiveEmptyLists() {
    FabricMSPConfig c = readVerifying();
    assertThat(c.getAdminsList()).isEmpty();
    assertThat(c.getIntermediateCertsList()).isEmpty();
    assertThat(c.getRevocationListList()).isEmpty();
    assertThat(c.getTlsRootCertsList()).isEmpty();
    assertThat(c.getTlsIntermediateCertsList()).isEmpty();
    assertThat(c.getOrganizationalUnitIdentifiersList()).isEmpty();
    assertThat(c.hasFabricNodeOus()).isFalse();
    assertThat(c.hasSigningIdentity()).isFalse();
  }

  @Test
  @Tag("FOLDER-07")
  void crlFilesNeedAPemBlock() {
    String crl = PKI.pki.crl(ROOT).revoke(PEER).build().pem();
    write(msp, "crls/1.crl", crl);
    write(msp, "crls/2.crl", PKI.pki.crl(ROOT).build().der());
    assertThat(strings(readVerifying().getRevocationListList())).containsExactly(crl);
  }

  @Test
  @Tag("FOLDER-08")
  @Tag("PROTO-01")
  void eachFolderFillsItsField() {
    write(msp, "admincerts/a.pem", ADMIN.pem());
    write(msp, "intermediatecerts/i.pem", PEER.pem());
    String crl = PKI.pki.crl(ROOT).build().pem();
    write(msp, "crls/c.pem", crl);
    write(msp, "tlscacerts/t.pem", "tls-root\n" + ROOT.pem());
    write(msp, "tlsintermediatecerts/ti.pem", "tls-int\n" + PEER.pem());

    MspFolderConfig read = MspFolders.readVerifying(msp, "Org1MSP");
    FabricMSPConfig c = read.fabricConfig();

    assertThat(read.mspConfig().getType()).isZero();
    assertThat(read.mspConfig().getConfig()).isEqualTo(c.toByteString());
    assertThat(read.isLocal()).isFalse();
    assertThat(c.getName()).isEqualTo("Org1MSP");
    assertThat(strings(c.getRootCertsList())).containsExactly(ROOT.pem());
    assertThat(strings(c.getAdminsList())).containsExactly(ADMIN.pem());
    assertThat(strings(c.getIntermediateCertsList())).containsExactly(PEER.pem());
    assertThat(strings(c.getRevocationListList())).containsExactly(crl);
    assertThat(strings(c.getTlsRootCertsList())).containsExactly("tls-root\n" + ROOT.pem());
    assertThat(strings(c.getTlsIntermediateCertsList())).containsExactly("tls-int\n" + PEER.pem());
    assertThat(c.getCryptoConfig().getSignatureHashFamily()).isEqualTo("SHA2");
    assertThat(c.getCryptoConfig().getIdentityIdentifierHashFunction()).isEqualTo("SHA256");
  }

  @Test
  @Tag("FOLDER-08")
  void nameIsTheGivenIdVerbatimEvenWhenEmpty() {
    assertThat(MspFolders.readVerifying(msp, "").fabricConfig().getName()).isEmpty();
    assertThat(MspFolders.readVerifying(msp, " odd id ").mspId()).isEqualTo(" odd id ");
  }

  // ---- FOLDER-06 ---------------------------------------------------------------------------

  @Test
  @Tag("FOLDER-06")
  void tlsIntermediatesAreIgnoredWhenTlsCaCertsAreMissing() {
    write(msp, "tlsintermediatecerts/ti.pem", PEER.pem());
    assertThat(readVerifying().getTlsIntermediateCertsList()).isEmpty();
  }

  @Test
  @Tag("FOLDER-06")
  void tlsIntermediatesAreIgnoredWhenTlsCaCertsHaveNoUsableFile() {
    write(msp, "tlscacerts/readme.txt", "nothing");
    write(msp, "tlsintermediatecerts/ti.pem", PEER.pem());
    FabricMSPConfig c = readVerifying();
    assertThat(c.getTlsRootCertsList()).isEmpty();
    assertThat(c.getTlsIntermediateCertsList()).isEmpty();
  }

  @Test
  @Tag("FOLDER-06")
  void tlsIntermediatesAreReadWhenTlsCaCertsHaveAFile() {
    write(msp, "tlscacerts/t.pem", ROOT.pem());
    write(msp, "tlsintermediatecerts/ti.pem", PEER.pem());
    assertThat(strings(readVerifying().getTlsIntermediateCertsList())).containsExactly(PEER.pem());
  }

  // ---- FOLDER-09 ---------------------------------------------------------------------------

  @Test
  @Tag("FOLDER-09")
  void localMspTakesTheFirstSigncertAndLeavesThePrivateSignerUnset() {
    write(msp, "signcerts/b-cert.pem", ADMIN.pem());
    write(msp, "signcerts/a-cert.pem", PEER.pem());
    write(msp, "signcerts/0-readme", "not pem");

    MspFolderConfig read = MspFolders.readLocal(msp, "Org1MSP");

    assertThat(read.isLocal()).isTrue();
    FabricMSPConfig c = read.fabricConfig();
    assertThat(c.hasSigningIdentity()).isTrue();
    assertThat(c.getSigningIdentity().getPublicSigner().toStringUtf8()).isEqualTo(PEER.pem());
    assertThat(c.getSigningIdentity().hasPrivateSigner()).isFalse();
  }

  @Test
  @Tag("FOLDER-09")
  void localMspWithoutSigncertsIsAnError() {
    MspSetupException e = failure(() -> MspFolders.readLocal(msp, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.SIGNCERTS_MISSING);
    assertThat(e.rule()).isEqualTo("FOLDER-09");
  }

  @Test
  @Tag("FOLDER-09")
  void localMspWithEmptySigncertsIsAnError() {
    write(msp, "signcerts/readme", "no pem");
    MspSetupException e = failure(() -> MspFolders.readLocal(msp, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.SIGNCERTS_MISSING);
  }

  @Test
  @Tag("FOLDER-09")
  void verifyingMspReadsNeitherSigncertsNorKeystore() {
    write(msp, "signcerts", "a file where a folder should be");
    write(msp, "keystore", "a file where a folder should be");
    MspFolderConfig read = MspFolders.readVerifying(msp, "Org1MSP");
    assertThat(read.fabricConfig().hasSigningIdentity()).isFalse();
    assertThat(read.keyStore().find(new byte[32])).isEmpty();
  }

  @Test
  @Tag("FOLDER-10")
  void localMspWithKeystoreThatIsAFileIsAnError() {
    write(msp, "signcerts/cert.pem", PEER.pem());
    write(msp, "keystore", "x");
    MspSetupException e = failure(() -> MspFolders.readLocal(msp, "Org1MSP"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_NOT_A_DIRECTORY);
    assertThat(e.detail()).startsWith("keystore:");
  }

  @Test
  @Tag("FOLDER-10")
  void localMspWithoutKeystoreHasAnEmptyKeyStore() {
    write(msp, "signcerts/cert.pem", PEER.pem());
    assertThat(MspFolders.readLocal(msp, "Org1MSP").keyStore().find(PEER.fabricSki())).isEmpty();
  }

  @Test
  void nullArgumentsAreRejected() {
    assertThatThrownBy(() -> MspFolders.readVerifying(null, "x")).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> MspFolders.readVerifying(msp, null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void readingTwiceGivesEqualValues() {
    assertThat(MspFolders.readVerifying(msp, "Org1MSP"))
        .isEqualTo(MspFolders.readVerifying(msp, "Org1MSP"));
    assertThat(bytes("x")).isNotEmpty();
  }

  // ---- DELTA25-04 --------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"cacerts", "signcerts"})
  @Tag("DELTA25-04")
  void aRequiredFolderMissingEmptyOrWithoutPemIsRefusedAlike(String folder) throws IOException {
    // Fabric releases word these refusals in their own ways; the verdict is the same for the
    // three shapes of "no certificate there", and it is a refusal.
    write(msp, "signcerts/peer.pem", PEER.pem());
    assertThat(MspFolders.readLocal(msp, "Org1MSP").fabricConfig().hasSigningIdentity()).isTrue();
    String rule = folder.equals("cacerts") ? "FOLDER-04" : "FOLDER-09";
    Path dir = msp.resolve(folder);
    Files.delete(dir.resolve(folder.equals("cacerts") ? "ca.pem" : "peer.pem"));
    assertThat(failure(() -> MspFolders.readLocal(msp, "Org1MSP")).rule()).isEqualTo(rule);
    Files.delete(dir);
    assertThat(failure(() -> MspFolders.readLocal(msp, "Org1MSP")).rule()).isEqualTo(rule);
    write(msp, folder + "/readme.txt", "no certificate here");
    assertThat(failure(() -> MspFolders.readLocal(msp, "Org1MSP")).rule()).isEqualTo(rule);
  }
}

package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.InputLimits;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command given what a stranger or a careless hand makes: random bytes, a YAML alias bomb, a
 * policy nested 5,000 deep, a 10 MB signature, a link out of the folder, a truncated or oversized
 * block. Each ends with status 1 or 2 and a reason naming the rule, never a stack trace.
 */
class HostileInputCommandTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-hostile");
  private final IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
  private Path msp;
  private Path peer;

  @BeforeEach
  void tree() throws Exception {
    msp = MspFolder.builder().caCert(root).adminCert(pki.leaf("C=US,O=Org1,CN=admin", root)).build()
        .writeTo(tmp.resolve("msp"));
    peer = tmp.resolve("peer.pem");
    Files.writeString(peer, pki.leaf("C=US,O=Org1,CN=peer0", root).pem());
  }

  private static void assertOneLineReason(CliRun r, int status, String rule) {
    assertThat(r.status()).isEqualTo(status);
    String all = r.out() + r.err();
    assertThat(all).contains("[" + rule + "]").doesNotContain("\tat ").doesNotContain("Exception in");
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void randomBytesAsAnIdentityAreInvalid() throws Exception {
    byte[] random = new byte[4096];
    new Random(1).nextBytes(random);
    Path f = Files.write(tmp.resolve("random.bin"), random);
    assertOneLineReason(CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", f.toString()),
        1, "SETUP-PARSE-01");
  }

  @Test
  @Tag("LIMIT-05")
  void aConfigYamlMergeBombFailsSetupQuickly() throws Exception {
    StringBuilder y = new StringBuilder("m0: &m0 {Enable: true}\n");
    for (int i = 1; i < 40; i++) {
      y.append("m").append(i).append(": &m").append(i).append(" {<<: [*m").append(i - 1).append(", *m")
          .append(i - 1).append("]}\n");
    }
    Files.writeString(msp.resolve("config.yaml"), y + "NodeOUs: *m39\n");
    assertOneLineReason(CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", peer.toString()),
        2, "LIMIT-05");
  }

  @Test
  @Tag("LIMIT-06")
  void aPolicyNested5000DeepIsRefusedAtTheLimit() {
    String deep = "AND(".repeat(5000) + "'Org1MSP.member'" + ")".repeat(5000);
    CliRun r = CliRun.of("policy", "compile", "--policy", deep);
    assertOneLineReason(r, 2, "LIMIT-06");
    assertThat(r.err()).contains("offset 4000");
  }

  @Test
  @Tag("LIMIT-12")
  void aTenMegabyteSignatureDoesNotVerifyAndIsNotRead() throws Exception {
    CliRun r = verifyHello(peer, randomSignature(10_000_000, 2), "--json");
    assertOneLineReason(r, 1, "LIMIT-12");
    assertThat(r.out()).contains("\"verified\":false").contains("\"reason\":\"LIMIT_EXCEEDED\"")
        .contains("the signature's size is 10000000, more than the limit of 65536");
  }

  @Test
  @Tag("SIG-DER-01")
  void aSignatureOfRandomBytesUnderTheLimitIsMalformed() throws Exception {
    assertOneLineReason(verifyHello(peer, randomSignature(60_000, 3)), 1, "VERIFY-03");
  }

  @Test
  @Tag("LIMIT-01")
  void anIdentityFileOverTheLimitDoesNotVerifyAndIsNotRead() throws Exception {
    CliRun r = verifyHello(sparse("big.pem", 300L << 20), randomSignature(70, 4));
    assertOneLineReason(r, 1, "LIMIT-01");
    assertThat(r.out()).contains("the identity's size is 314572800");
  }

  @Test
  @Tag("LIMIT-12")
  void aMessageOverFabricsMessageLimitCannotBeSignedVerifiedOrCheckedAgainstAPolicy() throws Exception {
    Path huge = sparse("huge.bin", InputFiles.MAX_MESSAGE_BYTES + 1);
    Path s = Files.write(tmp.resolve("sig.bin"), new byte[70]);
    CliRun sign = CliRun.of("sign", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", "--message",
        huge.toString(), "--output", tmp.resolve("out.sig").toString());
    CliRun verify = CliRun.of("verify", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", "--identity",
        peer.toString(), "--message", huge.toString(), "--signature", s.toString());
    CliRun policy = CliRun.of("policy", "check", "--block", tmp.resolve("any.block").toString(), "--path",
        "/Channel/Writers", "--message", huge.toString(), "--signed", peer.toString(), s.toString());
    for (CliRun r : new CliRun[] {sign, verify, policy}) {
      assertOneLineReason(r, 2, "LIMIT-12");
      assertThat(r.err()).contains("the message's size is " + (InputFiles.MAX_MESSAGE_BYTES + 1));
    }
  }

  @Test
  @Tag("LIMIT-12")
  void aSignatureOverTheLimitInAPolicyCheckIsRefusedBeforeTheBlockIsRead() throws Exception {
    Path m = Files.writeString(tmp.resolve("msg.txt"), "hello");
    Path s = sparse("sig.bin", InputFiles.MAX_SIGNATURE_BYTES + 1);
    CliRun r = CliRun.of("policy", "check", "--block", tmp.resolve("any.block").toString(), "--path",
        "/Channel/Writers", "--message", m.toString(), "--signed", peer.toString(), s.toString());
    assertOneLineReason(r, 2, "LIMIT-12");
  }

  @Test
  @Tag("LIMIT-11")
  void aBlockThatNeverEndsIsRefusedAfterTheLimitNotReadForever() {
    Path endless = Path.of("/dev/zero"); // its size says 0; reading it never ends
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(endless));
    CliRun r = CliRun.of("validate", "--block", endless.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertOneLineReason(r, 2, "LIMIT-11");
    assertThat(r.err() + r.out()).contains("more than the limit of " + InputLimits.MAX_CONFIG_BLOCK_BYTES);
  }

  /** msp verify of a signature over "hello" by {@code identity}. */
  private CliRun verifyHello(Path identity, Path signature, String... more) throws Exception {
    Path m = Files.writeString(tmp.resolve("msg.txt"), "hello");
    List<String> args = new ArrayList<>(List.of("verify", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg",
        "--identity", identity.toString(), "--message", m.toString(), "--signature", signature.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private Path randomSignature(int size, long seed) throws Exception {
    byte[] sig = new byte[size];
    new Random(seed).nextBytes(sig);
    return Files.write(tmp.resolve("sig.bin"), sig);
  }

  private Path sparse(String name, long size) throws Exception {
    Path f = tmp.resolve(name);
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.setLength(size); // sparse: nothing is written, nothing need be read
    }
    return f;
  }

  @Test
  @Tag("FOLDER-02")
  void aLinkOutOfTheFolderIsRefused() throws Exception {
    Path outside = Files.writeString(tmp.resolve("outside.pem"), root.pem());
    Files.createSymbolicLink(msp.resolve("cacerts/evil.pem"), outside);
    CliRun r = CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", peer.toString());
    assertOneLineReason(r, 2, "FOLDER-02");
    assertThat(r.err() + r.out()).contains("outside the MSP folder");
  }

  @Test
  @Tag("PROTO-07")
  void aTruncatedBlockIsRefusedNamingTheByte() throws Exception {
    Path b = Files.write(tmp.resolve("truncated.block"), new byte[] {0x0a, 0x10, 0x08, 0x00, 0x12});
    assertOneLineReason(CliRun.of("validate", "--block", b.toString(), "--msp-id", "Org1MSP", peer.toString()),
        2, "PROTO-07");
  }

  @Test
  @Tag("LIMIT-11")
  void aBlockFileLargerThanFabricsMessageLimitIsRefusedBeforeReading() throws Exception {
    Path b = tmp.resolve("huge.block");
    try (RandomAccessFile f = new RandomAccessFile(b.toFile(), "rw")) {
      f.setLength(InputLimits.MAX_CONFIG_BLOCK_BYTES + 1L); // sparse: nothing is written
    }
    CliRun r = CliRun.of("validate", "--block", b.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertOneLineReason(r, 2, "LIMIT-11");
    assertThat(r.err() + r.out()).contains("the file's size");
  }

  @Test
  @Tag("LIMIT-01")
  void anIdentityFileLargerThanTheLimitIsInvalidWithoutBeingRead() throws Exception {
    Path big = tmp.resolve("big.pem");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(300L * 1024 * 1024); // sparse: nothing is written, nothing need be read
    }
    CliRun r = CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", big.toString(),
        peer.toString());
    assertOneLineReason(r, 1, "LIMIT-01");
    assertThat(r.out()).contains("big.pem: INVALID [LIMIT-01] the serialized identity's size is 314572800")
        .contains("peer.pem: valid");
  }
}

package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.InputLimits;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
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
  @Tag("SIG-DER-01")
  void aTenMegabyteSignatureIsMalformedNotACrash() throws Exception {
    byte[] sig = new byte[10_000_000];
    new Random(2).nextBytes(sig);
    Path s = Files.write(tmp.resolve("sig.bin"), sig);
    Path m = Files.writeString(tmp.resolve("msg.txt"), "hello");
    assertOneLineReason(CliRun.of("verify", "--msp-dir", msp.toString(), "--msp-id", "SampleOrg", "--identity",
        peer.toString(), "--message", m.toString(), "--signature", s.toString()), 1, "VERIFY-03");
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
}

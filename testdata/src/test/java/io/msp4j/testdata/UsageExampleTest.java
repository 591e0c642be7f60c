package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example of the package documentation, kept compiling and working. */
class UsageExampleTest {
  @TempDir Path tmp;

  @Test
  void revokedPeerFolderExample() throws Exception {
    TestPki pki = TestPki.seeded("example");
    IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
    IssuedCertificate ica = pki.intermediateCa("C=US,O=Org1,CN=ica.org1", root);
    IssuedCertificate peer = pki.certificate().subject("C=US,O=Org1,OU=peer,CN=peer0.org1")
        .issuer(ica).keyAlgorithm(KeyAlgorithm.EC_P384).mangleSignature(SignatureMangling.highS()).build();
    IssuedCrl crl = pki.crl(ica).revoke(peer).build();
    Path msp = MspFolder.builder().caCert(root).intermediateCert(ica).crl(crl).signCert(peer)
        .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem"))
        .build().writeTo(tmp.resolve("msp"));

    assertThat(msp.resolve("signcerts/signcert.pem")).exists();
    assertThat(Files.readString(msp.resolve("config.yaml"))).contains("PeerOUIdentifier");
    assertThat(crl.revokedSerials()).containsExactly(peer.serial());
  }
}

package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

class MspFolderTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("msp-folder");
  private final IssuedCertificate root = pki.certificate().subject("CN=root,O=Org1").ca().build();
  private final IssuedCertificate ica = pki.certificate().subject("CN=ica,O=Org1").issuer(root).ca().build();
  private final IssuedCertificate peer = pki.certificate().subject("CN=peer0,OU=peer,O=Org1").issuer(ica).build();

  private static List<String> tree(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir))
          .map(p -> dir.relativize(p).toString().replace('\\', '/') + (Files.isDirectory(p) ? "/" : ""))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  @Test
  void writesFabricLayoutWithDefaultNames() throws Exception {
    IssuedCrl crl = pki.crl(root).revoke(peer).build();
    IssuedCertificate root2 = pki.certificate().subject("CN=root2").ca().build();
    Path dir =
        MspFolder.builder()
            .caCert(root)
            .caCert(root2)
            .intermediateCert(ica)
            .adminCert(peer)
            .crl(crl)
            .tlsCaCert(root)
            .tlsIntermediateCert(ica)
            .signCert(peer)
            .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem"))
            .build()
            .writeTo(tmp.resolve("msp"));

    assertThat(tree(dir))
        .containsExactly(
            "admincerts/", "admincerts/admincert.pem",
            "cacerts/", "cacerts/cacert.pem", "cacerts/cacert2.pem",
            "config.yaml",
            "crls/", "crls/crl.pem",
            "intermediatecerts/", "intermediatecerts/intermediatecert.pem",
            "keystore/", "keystore/priv_sk",
            "signcerts/", "signcerts/signcert.pem",
            "tlscacerts/", "tlscacerts/tlscacert.pem",
            "tlsintermediatecerts/", "tlsintermediatecerts/tlsintermediatecert.pem");
    assertThat(Files.readString(dir.resolve("cacerts/cacert.pem"))).isEqualTo(root.pem());
    assertThat(Files.readString(dir.resolve("cacerts/cacert2.pem"))).isEqualTo(root2.pem());
    assertThat(Files.readString(dir.resolve("crls/crl.pem"))).isEqualTo(crl.pem());
    assertThat(Files.readString(dir.resolve("signcerts/signcert.pem"))).isEqualTo(peer.pem());
    assertThat(Files.readString(dir.resolve("keystore/priv_sk"))).isEqualTo(peer.pkcs8Pem());
  }

  @Test
  void keystoreCanUseFabricCaSkiNames() throws Exception {
    Path dir =
        MspFolder.builder()
            .caCert(root)
            .keystoreNaming(KeystoreNaming.SKI_SK)
            .signCert("cert.pem", peer)
            .build()
            .writeTo(tmp);
    String expected = SubjectKeyIds.fabricSkiHex(peer.publicKey()) + "_sk";
    assertThat(expected).matches("[0-9a-f]{64}_sk");
    assertThat(dir.resolve("keystore").resolve(expected)).exists();
    assertThat(dir.resolve("signcerts/cert.pem")).exists();
  }

  @Test
  void configYamlHasFabricShape() {
    String yaml =
        ConfigYaml.builder()
            .ouIdentifier("cacerts/cacert.pem", "COP")
            .nodeOus(true)
            .clientOu("cacerts/cacert.pem", "client")
            .peerOu(null, "peer")
            .adminOu("cacerts/cacert.pem", "")
            .build()
            .toYaml();
    assertThat(yaml)
        .isEqualTo(
            "OrganizationalUnitIdentifiers:\n"
                + "- Certificate: cacerts/cacert.pem\n"
                + "  OrganizationalUnitIdentifier: COP\n"
                + "NodeOUs:\n"
                + "  Enable: true\n"
                + "  ClientOUIdentifier:\n"
                + "    Certificate: cacerts/cacert.pem\n"
                + "    OrganizationalUnitIdentifier: client\n"
                + "  PeerOUIdentifier:\n"
                + "    OrganizationalUnitIdentifier: peer\n"
                + "  AdminOUIdentifier:\n"
                + "    Certificate: cacerts/cacert.pem\n"
                + "    OrganizationalUnitIdentifier: ''\n");
    Map<String, Object> parsed = new Yaml().load(yaml);
    assertThat(parsed).containsKeys("OrganizationalUnitIdentifiers", "NodeOUs");
  }

  @Test
  void rawEscapeHatchesWriteExactBytes() throws Exception {
    byte[] junk = {0, 1, 2, (byte) 0xff};
    Path dir =
        MspFolder.builder()
            .file("cacerts/junk.pem", junk)
            .text("intermediatecerts", "a file where a folder should be")
            .configYamlText("NodeOUs:\n  Enable: \"true\"\n")
            .emptyFolder("admincerts")
            .symlink("cacerts/link.pem", "junk.pem")
            .build()
            .writeTo(tmp);
    assertThat(Files.readAllBytes(dir.resolve("cacerts/junk.pem"))).isEqualTo(junk);
    assertThat(Files.isRegularFile(dir.resolve("intermediatecerts"))).isTrue();
    assertThat(Files.readString(dir.resolve("config.yaml"), StandardCharsets.UTF_8)).contains("\"true\"");
    assertThat(Files.isDirectory(dir.resolve("admincerts"))).isTrue();
    assertThat(Files.isSymbolicLink(dir.resolve("cacerts/link.pem"))).isTrue();
    assertThat(Files.readAllBytes(dir.resolve("cacerts/link.pem"))).isEqualTo(junk);
  }

  @Test
  void pathsEscapingTheFolderAreRefused() {
    assertThatThrownBy(() -> MspFolder.builder().file("../x", new byte[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("../x");
    assertThatThrownBy(() -> MspFolder.builder().file("/etc/x", new byte[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/etc/x");
  }

  @Test
  void contentIsInspectableWithoutDisk() {
    MspFolder f = MspFolder.builder().caCert(root).signCert(peer).build();
    assertThat(f.paths()).containsExactly("cacerts/cacert.pem", "signcerts/signcert.pem", "keystore/priv_sk");
    assertThat(f.file("cacerts/cacert.pem")).isEqualTo(root.pem().getBytes(StandardCharsets.UTF_8));
    assertThat(f.file("nope")).isNull();
  }
}

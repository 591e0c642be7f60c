package io.msp4j.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.CodedOutputStream;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.MspFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PROTO-09: the FabricMSPConfig bytes equal what Fabric's reader + proto.Marshal give. The
 * expectation is written field by field with the wire format (ascending field numbers, proto3
 * defaults omitted, repeated entries in reading order), independently of the message classes.
 */
@Tag("PROTO-09")
@Tag("PROTO-01")
@Tag("PROTO-02")
@Tag("PROTO-03")
class ByteCompatibilityTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("ByteCompatibilityTest");

  @TempDir Path tmp;

  /** Hand-written protobuf wire encoding. */
  private static final class Wire {
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(buf);

    Wire bytes(int field, byte[] value) throws IOException {
      out.writeTag(field, 2);
      out.writeUInt32NoTag(value.length);
      out.writeRawBytes(value);
      return this;
    }

    Wire string(int field, String value) throws IOException {
      return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    Wire message(int field, Wire inner) throws IOException {
      return bytes(field, inner.toByteArray());
    }

    Wire bool(int field, boolean value) throws IOException {
      out.writeTag(field, 0);
      out.writeBoolNoTag(value);
      return this;
    }

    byte[] toByteArray() throws IOException {
      out.flush();
      return buf.toByteArray();
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void localMspWithEverythingMatchesTheIndependentEncoding() throws IOException {
    IssuedCertificate root = PKI.root;
    IssuedCertificate inter = PKI.pki.certificate().subject("CN=int,O=Org1").issuer(root).keyAlgorithm(KeyAlgorithm.EC_P256).ca().build();
    IssuedCertificate admin = PKI.leaf("admin", KeyAlgorithm.EC_P256);
    IssuedCertificate peer = PKI.leaf("peer0", KeyAlgorithm.EC_P256);
    IssuedCertificate tlsRoot = PKI.pki.certificate().subject("CN=tlsca,O=Org1").keyAlgorithm(KeyAlgorithm.EC_P256).ca().build();
    IssuedCrl crl = PKI.pki.crl(root).revoke(admin).build();

    Path dir = MspFolder.builder()
        .caCert(root)
        .intermediateCert(inter)
        .adminCert("b-admin.pem", admin)
        .adminCert("a-admin.pem", peer)
        .crl(crl)
        .tlsCaCert(tlsRoot)
        .tlsIntermediateCert(inter)
        .signCert(peer)
        .configYaml(ConfigYaml.builder()
            .ouIdentifier("cacerts/cacert.pem", "COP")
            .nodeOus(true)
            .clientOu("cacerts/cacert.pem", "client")
            .peerOu("cacerts/cacert.pem", "peer")
            .adminOu("", "admin")
            .ordererOu("cacerts/missing.pem", "orderer")
            .build())
        .build()
        .writeTo(tmp.resolve("msp"));

    MspFolderConfig read = MspFolders.readLocal(dir, "Org1MSP");

    byte[] rootPem = b(root.pem());
    Wire nodeOus = new Wire()
        .bool(1, true)
        .message(2, new Wire().bytes(1, rootPem).string(2, "client"))
        .message(3, new Wire().bytes(1, rootPem).string(2, "peer"))
        .message(4, new Wire().string(2, "admin"))
        .message(5, new Wire().string(2, "orderer"));
    byte[] expected = new Wire()
        .string(1, "Org1MSP")
        .bytes(2, rootPem)
        .bytes(3, b(inter.pem()))
        .bytes(4, b(peer.pem()))      // a-admin.pem sorts first
        .bytes(4, b(admin.pem()))
        .bytes(5, b(crl.pem()))
        .message(6, new Wire().bytes(1, b(peer.pem())))
        .message(7, new Wire().bytes(1, rootPem).string(2, "COP"))
        .message(8, new Wire().string(1, "SHA2").string(2, "SHA256"))
        .bytes(9, b(tlsRoot.pem()))
        .bytes(10, b(inter.pem()))
        .message(11, nodeOus)
        .toByteArray();

    assertThat(read.mspConfig().getConfig().toByteArray()).isEqualTo(expected);
    // MSPConfig: type 0 is omitted, config is field 2.
    assertThat(read.mspConfig().toByteArray()).isEqualTo(new Wire().bytes(2, expected).toByteArray());
  }

  @Test
  void minimalVerifyingMspMatchesTheIndependentEncoding() throws IOException {
    Path dir = MspFolder.builder().caCert(PKI.root).build().writeTo(tmp.resolve("min"));
    byte[] expected = new Wire()
        .string(1, "Org1MSP")
        .bytes(2, b(PKI.root.pem()))
        .message(8, new Wire().string(1, "SHA2").string(2, "SHA256"))
        .toByteArray();
    assertThat(MspFolders.readVerifying(dir, "Org1MSP").mspConfig().getConfig().toByteArray())
        .isEqualTo(expected);
  }

  @Test
  void emptyOuStringAndEmptyOuFileStillGiveAnEntry() throws IOException {
    Path dir = MspFolder.builder()
        .caCert(PKI.root)
        .text("empty.pem", "")
        .configYamlText("OrganizationalUnitIdentifiers:\n  - Certificate: empty.pem\n")
        .build()
        .writeTo(tmp.resolve("ou"));
    // proto3: the empty name is not written at all.
    byte[] expected = new Wire()
        .bytes(2, b(PKI.root.pem()))
        .message(7, new Wire())
        .message(8, new Wire().string(1, "SHA2").string(2, "SHA256"))
        .toByteArray();
    assertThat(MspFolders.readVerifying(dir, "").mspConfig().getConfig().toByteArray())
        .isEqualTo(expected);
  }
}

package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An {@code mspconfig} folder on disk that can be changed back and forth, for the reload
 * benchmarks: a root CA with NodeOUs on, an admin, a CRL of {@code crlSize} serials no identity
 * of the benchmark has, and 512 leaf identities. Change {@code k} toggles a second admin and,
 * with a CRL, swaps between two CRLs of the same size that differ by one serial each way, so
 * that every change is a real new configuration the reloading MSP must set up in full. Files
 * are written to a temporary name and renamed into place, as a careful operator does.
 */
final class ReloadFixture implements AutoCloseable {
  static final String MSP_ID = "Org1MSP";
  static final int IDENTITIES = 512;

  final Path dir;
  final List<byte[]> identities;
  private final byte[][] crls;
  private final byte[] admin2;

  ReloadFixture(int crlSize) {
    TestPki pki = TestPki.seeded("reload-bench-" + crlSize);
    IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    IssuedCertificate admin = pki.leaf("C=US,O=org1.example.com,OU=admin,CN=Admin@org1.example.com", root);
    admin2 = pki.leaf("C=US,O=org1.example.com,OU=admin,CN=Admin2@org1.example.com", root)
        .pem().getBytes(StandardCharsets.US_ASCII);
    crls = crlSize == 0 ? new byte[0][] : new byte[][] {crl(pki, root, crlSize, 0), crl(pki, root, crlSize, 1)};
    List<byte[]> ids = new ArrayList<>(IDENTITIES);
    for (int i = 0; i < IDENTITIES; i++) {
      IssuedCertificate leaf =
          pki.leaf("C=US,O=org1.example.com,OU=peer,CN=peer" + i + ".org1.example.com", root);
      ids.add(SerializedIdentity.newBuilder().setMspid(MSP_ID)
          .setIdBytes(ByteString.copyFrom(leaf.pem(), StandardCharsets.US_ASCII)).build().toByteArray());
    }
    identities = List.copyOf(ids);
    try {
      dir = Files.createTempDirectory("msp4j-reload-bench");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    MspFolder.builder().caCert(root).adminCert(admin)
        .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem")).build().writeTo(dir);
    change(0);
  }

  private static byte[] crl(TestPki pki, IssuedCertificate issuer, int size, int shift) {
    CrlBuilder b = pki.crl(issuer);
    for (int i = 0; i < size; i++) {
      b.revoke(BigInteger.valueOf(1_000_000_000L + shift + i));
    }
    return b.build().pem().getBytes(StandardCharsets.US_ASCII);
  }

  /** Writes configuration {@code k} of the two the folder alternates between. */
  void change(int k) {
    try {
      Path admins = dir.resolve("admincerts/admin2.pem");
      if (k % 2 == 1) {
        replace(admins, admin2);
      } else {
        Files.deleteIfExists(admins);
      }
      if (crls.length > 0) {
        replace(dir.resolve("crls/crl.pem"), crls[k % 2]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void replace(Path target, byte[] content) throws IOException {
    Files.createDirectories(target.getParent());
    Path staged = dir.resolve(".staged");
    Files.write(staged, content);
    Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** A watcher of the folder with the default settings (events, 200 ms settle window). */
  MspFolderWatcher watch() {
    return MspFolderWatcher.builder(dir, MSP_ID).start();
  }

  @Override
  public void close() {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

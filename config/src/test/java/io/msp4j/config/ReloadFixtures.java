package io.msp4j.config;

import com.google.protobuf.ByteString;
import io.msp4j.core.Msp;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/** An organisation, its folder layouts, a ticker and a listener for the live reload tests. */
final class ReloadFixtures {
  static final String MSP_ID = "Org1MSP";

  final TestPki pki;
  final IssuedCertificate root;
  final IssuedCertificate ica;
  final IssuedCertificate admin;
  final IssuedCertificate peer;
  final IssuedCertificate user;

  ReloadFixtures(String seed) {
    pki = TestPki.seeded(seed);
    root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
    ica = pki.intermediateCa("C=US,O=Org1,CN=ica.org1", root);
    admin = pki.leaf("C=US,O=Org1,OU=admin,CN=Admin@org1", ica);
    peer = pki.leaf("C=US,O=Org1,OU=peer,CN=peer0.org1", ica);
    user = pki.leaf("C=US,O=Org1,OU=client,CN=User1@org1", ica);
  }

  /**
   * A verifying folder as fabric-ca lays one out: the root, an intermediate CA that issues the
   * identities (the root, which issues a CA, issues no identity: VALIDATE-01), an admin, the four
   * NodeOUs (not bound to a CA certificate).
   */
  MspFolder.Builder base() {
    return MspFolder.builder().caCert(root).intermediateCert(ica).adminCert(admin)
        .configYaml(nodeOus(null));
  }

  /** The four NodeOUs, bound to {@code caCertPath} when it is not null. */
  static ConfigYaml nodeOus(String caCertPath) {
    return ConfigYaml.builder().nodeOus(true).clientOu(caCertPath, "client")
        .peerOu(caCertPath, "peer").adminOu(caCertPath, "admin").ordererOu(caCertPath, "orderer")
        .build();
  }

  static byte[] serialized(IssuedCertificate c) {
    return SerializedIdentity.newBuilder().setMspid(MSP_ID)
        .setIdBytes(ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII)).build().toByteArray();
  }

  /** Nanosecond time moved by the test only. */
  static final class ManualTicker implements LongSupplier {
    private long now = 1_000_000_000L;

    @Override
    public synchronized long getAsLong() {
      return now;
    }

    synchronized void advance(Duration d) {
      now += d.toNanos();
    }
  }

  /** What listeners were told. */
  static final class Recorder implements ReloadListener<Msp> {
    final List<Generation<? extends Msp>> reloads = new CopyOnWriteArrayList<>();
    final List<ReloadFailure> failures = new CopyOnWriteArrayList<>();

    @Override
    public void reloaded(Generation<? extends Msp> generation) {
      reloads.add(generation);
    }

    @Override
    public void reloadFailed(ReloadFailure failure) {
      failures.add(failure);
    }
  }

  static void write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void delete(Path p) {
    try {
      if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        try (Stream<Path> s = Files.walk(p)) {
          for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(q);
          }
        }
      } else {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes {@code content} the way Kubernetes mounts a secret: into a timestamped directory
   * {@code ..<stamp>}, with {@code ..data} pointing to it and each top-level entry a link through
   * {@code ..data}. Called again with another stamp, it swaps the mount as the kubelet does: the
   * new directory is written, a temporary link to it is renamed over {@code ..data}, and the old
   * directory is removed.
   */
  static void kubernetesMount(Path mount, MspFolder content, String stamp) {
    try {
      Files.createDirectories(mount);
      Path previous = Files.isSymbolicLink(mount.resolve("..data"))
          ? mount.resolve(Files.readSymbolicLink(mount.resolve("..data"))) : null;
      Path dataDir = mount.resolve(".." + stamp);
      content.writeTo(dataDir);
      Path tmp = mount.resolve("..data_tmp");
      Files.createSymbolicLink(tmp, Path.of(".." + stamp));
      Files.move(tmp, mount.resolve("..data"), StandardCopyOption.ATOMIC_MOVE);
      try (Stream<Path> entries = Files.list(dataDir)) {
        for (Path e : entries.toList()) {
          Path link = mount.resolve(e.getFileName().toString());
          if (!Files.isSymbolicLink(link)) {
            Files.createSymbolicLink(link, Path.of("..data").resolve(e.getFileName().toString()));
          }
        }
      }
      if (previous != null) {
        delete(previous);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

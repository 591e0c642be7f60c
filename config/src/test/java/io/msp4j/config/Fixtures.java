package io.msp4j.config;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.X509Msp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Small helpers for tests: mspconfig folder layouts, validation, hashing. */
final class Fixtures {

  private Fixtures() {}

  /** Deserialises and validates {@code serialized}, which must be valid. */
  static Identity validIdentity(X509Msp msp, byte[] serialized) {
    Identity id = msp.deserialize(serialized);
    msp.validate(id);
    return id;
  }

  /** Deserialises {@code serialized} and returns why it does not validate. */
  static IdentityException invalid(X509Msp msp, byte[] serialized) {
    Identity id = msp.deserialize(serialized);
    return assertThrows(IdentityException.class, () -> msp.validate(id));
  }

  /** SHA-256 of the parts, one after the other. */
  static byte[] sha256(byte[]... parts) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      for (byte[] p : parts) {
        d.update(p);
      }
      return d.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A root CA and a leaf it issued, from a fixed seed. */
  static final class Pki {
    final TestPki pki;
    final IssuedCertificate root;

    Pki(String seed) {
      pki = TestPki.seeded(seed);
      root = pki.certificate().subject("CN=ca,O=Org1").keyAlgorithm(KeyAlgorithm.EC_P256).ca().build();
    }

    IssuedCertificate leaf(String cn, KeyAlgorithm alg) {
      return pki.certificate().subject("CN=" + cn + ",O=Org1").issuer(root).keyAlgorithm(alg).leaf().build();
    }
  }

  static Path write(Path dir, String relative, String content) {
    return write(dir, relative, content.getBytes(StandardCharsets.UTF_8));
  }

  static Path write(Path dir, String relative, byte[] content) {
    try {
      Path p = dir.resolve(relative);
      Files.createDirectories(p.getParent());
      return Files.write(p, content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path mkdir(Path dir, String relative) {
    try {
      return Files.createDirectories(dir.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path link(Path link, Path target) {
    try {
      Files.createDirectories(link.getParent());
      return Files.createSymbolicLink(link, target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}

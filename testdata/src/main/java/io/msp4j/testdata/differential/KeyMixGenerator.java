package io.msp4j.testdata.differential;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import io.msp4j.testdata.MspFolder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The key-type mixes of the differential corpus, where Fabric v2.5 and v3.0 disagree: every
 * combination of the root's key, an intermediate CA's (or none), the admin certificate's and
 * NodeOUs on or off, at every MSP version; each MSP is asked about leaves of every key type
 * carrying the client or the peer OU. Keys are P-256, P-384, RSA-2048 and Ed25519.
 *
 * <p>Deterministic: the same list of cases, with the same bytes, on every run. A certificate is
 * made once and shared by every case that has the same position and chain.
 */
public final class KeyMixGenerator {
  /** The key types at every position. */
  public static final List<KeyAlgorithm> KEYS = List.of(
      KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384, KeyAlgorithm.RSA_2048, KeyAlgorithm.ED25519);

  private final Map<String, KeyPair> keys = new HashMap<>();
  private final Map<String, IssuedCertificate> certs = new HashMap<>();

  private KeyMixGenerator() {}

  /** Every case, in order: {@code KEYS}^3 x (no intermediate + KEYS) x NodeOUs x versions. */
  public static List<DifferentialCase> cases() {
    return new KeyMixGenerator().all();
  }

  private List<DifferentialCase> all() {
    List<DifferentialCase> out = new ArrayList<>();
    long n = 0;
    for (KeyAlgorithm root : KEYS) {
      List<KeyAlgorithm> icas = new ArrayList<>();
      icas.add(null);
      icas.addAll(KEYS);
      for (KeyAlgorithm ica : icas) {
        for (KeyAlgorithm admin : KEYS) {
          for (boolean nodeOus : new boolean[] {false, true}) {
            for (String version : DifferentialGenerator.VERSIONS) {
              out.add(build(++n, root, ica, admin, nodeOus, version));
            }
          }
        }
      }
    }
    return out;
  }

  private DifferentialCase build(
      long seed, KeyAlgorithm rootKey, KeyAlgorithm icaKey, KeyAlgorithm adminKey,
      boolean nodeOus, String version) {
    IssuedCertificate root = cert("root-" + name(rootKey), null, rootKey, true, null);
    IssuedCertificate issuing = icaKey == null ? root
        : cert("ica-" + name(icaKey) + "-under-" + name(rootKey), root, icaKey, true, null);
    String chain = icaKey == null ? name(rootKey) : name(icaKey) + "-under-" + name(rootKey);
    MspFolder.Builder folder = MspFolder.builder().caCert("root.pem", root);
    if (icaKey != null) {
      folder.intermediateCert("ica.pem", issuing);
    }
    IssuedCertificate admin = cert("admin-" + name(adminKey) + "-by-" + chain, issuing, adminKey,
        false, "client");
    folder.adminCert("admin.pem", admin);
    if (nodeOus) {
      folder.configYaml(ConfigYaml.builder().nodeOus(true).clientOu(null, "client")
          .peerOu(null, "peer").adminOu(null, "admin").ordererOu(null, "orderer").build());
    }
    List<DifferentialCase.IdentityFile> identities = new ArrayList<>();
    identities.add(new DifferentialCase.IdentityFile("admin.pem", pem(admin),
        "admin-key=" + name(adminKey)));
    for (KeyAlgorithm leafKey : KEYS) {
      for (String ou : List.of("client", "peer")) {
        IssuedCertificate leaf = cert("leaf-" + ou + "-" + name(leafKey) + "-by-" + chain,
            issuing, leafKey, false, ou);
        identities.add(new DifferentialCase.IdentityFile(
            ou + "-" + name(leafKey) + ".pem", pem(leaf), "leaf-key=" + name(leafKey)));
      }
    }
    String notes = "root=" + name(rootKey) + " ica=" + (icaKey == null ? "none" : name(icaKey))
        + " admin=" + name(adminKey) + " nodeous=" + nodeOus;
    identities.set(0, new DifferentialCase.IdentityFile("admin.pem", pem(admin),
        "admin-key=" + name(adminKey) + " " + notes.replace(' ', ',')));
    return new DifferentialCase(seed, "KeyMixMSP", version, folder.build(), identities);
  }

  private IssuedCertificate cert(
      String label, IssuedCertificate issuer, KeyAlgorithm key, boolean ca, String ou) {
    return certs.computeIfAbsent(label, l -> {
      DeterministicRandom random = DeterministicRandom.fromSeed("msp4j-keymix-" + l);
      CertificateBuilder b = CertificateBuilder.create(random)
          .subject("CN=" + l + (ou == null ? "" : ",OU=" + ou) + ",O=keymix.example.com")
          .keyPair(keys.computeIfAbsent(l, k -> KeyPairs.generate(key, random)));
      if (issuer != null) {
        b.issuer(issuer);
      }
      return (ca ? b.ca() : b.leaf()).build();
    });
  }

  private static byte[] pem(IssuedCertificate c) {
    return c.pem().getBytes(StandardCharsets.US_ASCII);
  }

  private static String name(KeyAlgorithm k) {
    return switch (k) {
      case EC_P256 -> "p256";
      case EC_P384 -> "p384";
      case RSA_2048 -> "rsa";
      case ED25519 -> "ed25519";
      default -> k.name().toLowerCase(Locale.ROOT);
    };
  }
}

package io.msp4j.testdata.idemix.differential;

import io.msp4j.core.MspVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The idemix differential corpus: MSP folders and configurations to set up, identities to judge
 * and signatures to verify, each with a name, a group (what kind of case it is) and the bytes.
 * {@link IdemixCorpusGenerator#build} makes it from fixed seeds, the same bytes on every run,
 * plus the {@link FabricMade} inputs; {@link #writeTo} lays it out for Fabric's idemixjudge.
 *
 * <p>Every identity and signature is judged against the verification-only folder of an org:
 * {@code A} (msp4j's generator, seed {@code idemix-diff/A}, MSP ID {@value #MSP_A}) or {@code F}
 * (made by Fabric's issuer code, MSP ID {@value #MSP_F}).
 */
final class IdemixCorpus {
  static final String MSP_A = "Org1MSP";
  static final String MSP_F = "OrgFMSP";
  static final List<MspVersion> SETUP_VERSIONS =
      List.of(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3, MspVersion.V1_4_3, MspVersion.V3_0);
  static final List<MspVersion> IDENTITY_VERSIONS = List.of(MspVersion.V1_1, MspVersion.V1_3, MspVersion.V1_4_3);
  /** Signatures are verified at one version: verification does not depend on it. */
  static final MspVersion SIGNATURE_VERSION = MspVersion.V1_3;
  static final String STRICT_01 = "MSP4J-IDEMIX-STRICT-01";
  static final String STRICT_02 = "MSP4J-IDEMIX-STRICT-02";

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]*");

  /**
   * An MSP to set up: a folder (relative file names to bytes, and empty directories) or, when
   * {@code mspConfig} is not null, a serialized {@code MSPConfig} given directly.
   *
   * @param rules the rules by which msp4j may refuse it (besides IDEMIX-VER-01 at 1.0 and 3.0)
   */
  record SetupCase(String name, String group, String mspId, Map<String, byte[]> files,
      Set<String> directories, byte[] mspConfig, Set<String> rules) {
    SetupCase {
      checkName(name);
      files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
      directories = Set.copyOf(directories);
      rules = Set.copyOf(rules);
    }

    boolean isFolder() {
      return mspConfig == null;
    }

    String fingerprint() {
      if (!isFolder()) {
        return IdemixCorpus.fingerprint(mspConfig);
      }
      StringBuilder all = new StringBuilder();
      files.forEach((k, v) -> all.append(k).append('=').append(HexFormat.of().formatHex(v)).append(';'));
      directories.stream().sorted().forEach(d -> all.append(d).append("/;"));
      return IdemixCorpus.fingerprint(all.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * A serialized identity to judge against {@code org}'s verifier.
   *
   * @param strictRule the msp4j rule that refuses it on purpose where Fabric deserializes it, or
   *     null
   */
  record IdentityCase(String name, String group, String org, byte[] serialized, String strictRule) {
    IdentityCase {
      checkName(name);
    }

    String fingerprint() {
      return IdemixCorpus.fingerprint(serialized);
    }
  }

  /** A signature over a message by an identity, verified with {@code org}'s verifier. */
  record SignatureCase(String name, String group, String org, byte[] identity, byte[] message,
      byte[] signature, String strictRule) {
    SignatureCase {
      checkName(name);
    }

    String fingerprint() {
      return IdemixCorpus.fingerprint(concat(identity, message, signature));
    }
  }

  /** An org's verification-only folder (msp/IssuerPublicKey, msp/RevocationPublicKey). */
  record Org(String name, String mspId, Map<String, byte[]> verifierFiles) {}

  private final Map<String, Org> orgs;
  private final List<SetupCase> setups;
  private final List<IdentityCase> identities;
  private final List<SignatureCase> signatures;

  IdemixCorpus(Map<String, Org> orgs, List<SetupCase> setups, List<IdentityCase> identities,
      List<SignatureCase> signatures) {
    this.orgs = Collections.unmodifiableMap(new LinkedHashMap<>(orgs));
    this.setups = List.copyOf(setups);
    this.identities = List.copyOf(identities);
    this.signatures = List.copyOf(signatures);
    unique(setups.stream().map(SetupCase::name).toList(), "setup");
    unique(identities.stream().map(IdentityCase::name).toList(), "identity");
    unique(signatures.stream().map(SignatureCase::name).toList(), "signature");
  }

  Map<String, Org> orgs() {
    return orgs;
  }

  Org org(String name) {
    return Objects.requireNonNull(orgs.get(name), () -> "no org " + name);
  }

  List<SetupCase> setups() {
    return setups;
  }

  List<IdentityCase> identities() {
    return identities;
  }

  List<SignatureCase> signatures() {
    return signatures;
  }

  SetupCase setup(String name) {
    return setups.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no setup case " + name));
  }

  IdentityCase identity(String name) {
    return identities.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no identity case " + name));
  }

  SignatureCase signature(String name) {
    return signatures.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no signature case " + name));
  }

  /** Where {@link #writeTo} put a setup case: a folder, or a file holding the MSPConfig's hex. */
  static Path setupPath(Path root, SetupCase c) {
    return c.isFolder() ? root.resolve("setups").resolve(c.name()) : root.resolve("setups").resolve(c.name() + ".hex");
  }

  static Path orgPath(Path root, String org) {
    return root.resolve("orgs").resolve(org);
  }

  static Path identityPath(Path root, IdentityCase c) {
    return root.resolve("identities").resolve(c.name() + ".id");
  }

  static Path signaturePath(Path root, SignatureCase c, String ext) {
    return root.resolve("signatures").resolve(c.name() + "." + ext);
  }

  /**
   * Writes {@code setups/<name>/} (a folder case) or {@code setups/<name>.hex}, {@code orgs/<org>/},
   * {@code identities/<name>.id} and {@code signatures/<name>.{id,msg,sig}}.
   */
  void writeTo(Path root) {
    try {
      for (SetupCase c : setups) {
        Path p = setupPath(root, c);
        if (c.isFolder()) {
          Files.createDirectories(p);
          for (Map.Entry<String, byte[]> f : c.files().entrySet()) {
            write(p.resolve(f.getKey()), f.getValue());
          }
          for (String d : c.directories()) {
            Files.createDirectories(p.resolve(d));
          }
        } else {
          write(p, HexFormat.of().formatHex(c.mspConfig()).getBytes(StandardCharsets.US_ASCII));
        }
      }
      for (Org o : orgs.values()) {
        for (Map.Entry<String, byte[]> f : o.verifierFiles().entrySet()) {
          write(orgPath(root, o.name()).resolve(f.getKey()), f.getValue());
        }
      }
      for (IdentityCase c : identities) {
        write(identityPath(root, c), c.serialized());
      }
      for (SignatureCase c : signatures) {
        write(signaturePath(root, c, "id"), c.identity());
        write(signaturePath(root, c, "msg"), c.message());
        write(signaturePath(root, c, "sig"), c.signature());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path p, byte[] bytes) throws IOException {
    Files.createDirectories(p.getParent());
    Files.write(p, bytes);
  }

  /** The first 16 hex digits of the SHA-256 of the bytes. */
  static String fingerprint(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length + 4;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      out[at++] = (byte) (p.length >>> 24);
      out[at++] = (byte) (p.length >>> 16);
      out[at++] = (byte) (p.length >>> 8);
      out[at++] = (byte) p.length;
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  private static void checkName(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("case name '" + name + "' is not [a-z0-9][a-z0-9.-]*");
    }
  }

  private static void unique(List<String> names, String what) {
    Set<String> seen = new LinkedHashSet<>();
    List<String> twice = new ArrayList<>();
    for (String n : names) {
      if (!seen.add(n)) {
        twice.add(n);
      }
    }
    if (!twice.isEmpty()) {
      throw new IllegalStateException(what + " case names given twice: " + twice);
    }
  }
}

package io.msp4j.testdata.idemix;

import io.msp4j.idemix.IdemixAttributes;
import io.msp4j.idemix.IdemixCredential;
import io.msp4j.idemix.IdemixIssuer;
import io.msp4j.idemix.IdemixRevocationKey;
import io.msp4j.idemix.IdemixSignerConfigs;
import io.msp4j.idemix.IdemixUserSecret;
import io.msp4j.testdata.DeterministicRandom;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;

/**
 * An idemix organisation generated from a seed: an issuer, a revocation key and users, each with a
 * credential and a signer configuration that Fabric's idemix MSP sets up. The same seed and specs
 * give byte-identical material: the issuer, the revocation key and each user draw from their own
 * {@link DeterministicRandom#fork(String) fork} of the seed, so adding a user changes no other.
 *
 * <pre>{@code
 * IdemixOrg org = IdemixOrg.generate("org1", IdemixUserSpec.samples());
 * IdemixOrgFolders dirs = org.writeTo(tempDir);
 * Path verifier = dirs.verifier();        // msp/IssuerPublicKey, msp/RevocationPublicKey
 * Path admin = dirs.user("admin1");       // the same, plus user/SignerConfig
 * }</pre>
 */
public final class IdemixOrg {
  /** The revocation handle's size: below 2^248, so always below the group order. */
  private static final int REVOCATION_HANDLE_BITS = 248;

  private final DeterministicRandom seed;
  private final IdemixIssuer issuer;
  private final IdemixRevocationKey revocationKey;
  private final Map<String, IdemixUser> users;

  private IdemixOrg(DeterministicRandom seed, List<IdemixUserSpec> specs) {
    this.seed = seed;
    this.issuer = IdemixIssuer.generate(seed.fork("issuer"));
    this.revocationKey = IdemixRevocationKey.generate(seed.fork("revocation"));
    Map<String, IdemixUser> byId = new LinkedHashMap<>();
    for (IdemixUserSpec spec : specs) {
      Objects.requireNonNull(spec, "user spec");
      if (byId.containsKey(spec.enrollmentId())) {
        throw new IllegalArgumentException("enrollment ID '" + spec.enrollmentId() + "' is given twice");
      }
      byId.put(spec.enrollmentId(), enroll(spec));
    }
    this.users = byId;
  }

  /**
   * The organisation of this seed with these users (distinct enrollment IDs).
   *
   * @throws IllegalArgumentException if an enrollment ID is given twice
   */
  public static IdemixOrg generate(String seed, List<IdemixUserSpec> users) {
    return new IdemixOrg(DeterministicRandom.fromSeed(Objects.requireNonNull(seed, "seed")), List.copyOf(users));
  }

  /**
   * A user of this issuer, generated from the fork {@code user/<enrollment ID>} of the seed: the
   * same as the organisation's user of that spec, if it has one. Not added to {@link #users()}.
   */
  public IdemixUser enroll(IdemixUserSpec spec) {
    DeterministicRandom random = seed.fork("user/" + spec.enrollmentId());
    IdemixUserSecret secret = IdemixUserSecret.generate(random);
    IdemixAttributes attributes = IdemixAttributes.builder()
        .organizationalUnit(spec.organizationalUnit())
        .role(spec.credentialRole())
        .enrollmentId(spec.enrollmentId())
        .revocationHandle(new BigInteger(REVOCATION_HANDLE_BITS, random))
        .build();
    IdemixCredential credential = issuer.issue(secret, attributes, random);
    IdemixMSPSignerConfig signerConfig = IdemixSignerConfigs.builder(issuer.issuerKey())
        .userSecret(secret)
        .credential(credential)
        .roleMask(spec.roleMask())
        .revocationInformation(revocationKey.noRevocationInformation(0, random))
        .build();
    return new IdemixUser(spec, secret, credential, signerConfig);
  }

  /** The issuer, secret key included. */
  public IdemixIssuer issuer() {
    return issuer;
  }

  /** The revocation key, private key included. */
  public IdemixRevocationKey revocationKey() {
    return revocationKey;
  }

  /** The content of {@code msp/IssuerPublicKey}. */
  public byte[] issuerPublicKey() {
    return issuer.publicKey();
  }

  /** The content of {@code msp/RevocationPublicKey}. */
  public byte[] revocationPublicKeyPem() {
    return revocationKey.publicKeyPem();
  }

  /** The users, in the order of their specs. */
  public List<IdemixUser> users() {
    return List.copyOf(users.values());
  }

  /**
   * The user with this enrollment ID.
   *
   * @throws IllegalArgumentException naming the enrollment IDs there are, if there is no such user
   */
  public IdemixUser user(String enrollmentId) {
    IdemixUser user = users.get(enrollmentId);
    if (user == null) {
      throw new IllegalArgumentException("no user '" + enrollmentId + "'; the users are " + users.keySet());
    }
    return user;
  }

  /**
   * Writes {@code dir/verifier} (no signer) and {@code dir/users/<enrollment ID>} for each user,
   * each in Fabric's idemix layout ({@link IdemixMspFolder}).
   *
   * @throws java.io.UncheckedIOException if a file exists already or cannot be written
   */
  public IdemixOrgFolders writeTo(Path dir) {
    Objects.requireNonNull(dir, "dir");
    byte[] ipk = issuerPublicKey();
    byte[] pem = revocationPublicKeyPem();
    Path verifier = IdemixMspFolder.writeVerifier(dir.resolve("verifier"), ipk, pem);
    Map<String, Path> userDirs = new LinkedHashMap<>();
    for (IdemixUser user : users.values()) {
      Path userDir = dir.resolve("users").resolve(user.enrollmentId());
      IdemixMspFolder.writeSigner(userDir, ipk, pem, user.signerConfig().toByteArray());
      userDirs.put(user.enrollmentId(), userDir);
    }
    return new IdemixOrgFolders(dir, verifier, userDirs);
  }

  /** The issuer and the enrollment IDs; no secret. */
  @Override
  public String toString() {
    return "IdemixOrg[" + issuer + ", users=" + new ArrayList<>(users.keySet()) + "]";
  }
}

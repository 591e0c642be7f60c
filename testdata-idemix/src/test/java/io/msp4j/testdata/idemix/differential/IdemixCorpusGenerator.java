package io.msp4j.testdata.idemix.differential;

import static io.msp4j.testdata.idemix.differential.IdemixCorpus.MSP_A;
import static io.msp4j.testdata.idemix.differential.IdemixCorpus.MSP_F;
import static io.msp4j.testdata.idemix.differential.IdemixCorpus.STRICT_01;
import static io.msp4j.testdata.idemix.differential.IdemixCorpus.STRICT_02;
import static io.msp4j.testdata.idemix.differential.IdentityEdits.flip;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.idemix.IdemixAttributes;
import io.msp4j.idemix.IdemixCredential;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.idemix.IdemixRoles;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import io.msp4j.idemix.internal.wire.IdemixWire.IssuerPublicKey;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixUser;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.IdentityCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.Org;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SetupCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SignatureCase;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ROM;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.nist.NISTNamedCurves;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.RSAPublicKey;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Builds the {@link IdemixCorpus} from fixed seeds: the same bytes on every run (the issuers, the
 * revocation keys, the credentials and every signer's pseudonym and signatures draw from
 * {@link DeterministicRandom}s), plus the {@link FabricMade} inputs when they are there.
 *
 * <p>Changing anything here changes bytes, and the recorded verdicts must be made again with
 * {@link FabricIdemixRecorder}: the replay checks each case's fingerprint first.
 */
final class IdemixCorpusGenerator {
  static final String OU1 = "org1.department1";
  static final String OU2 = "org1.department2";
  static final byte[] MESSAGE = "msp4j idemix differential corpus: the message".getBytes(StandardCharsets.UTF_8);
  static final byte[] OTHER_MESSAGE =
      "msp4j idemix differential corpus: another message".getBytes(StandardCharsets.UTF_8);

  /** Org A's users: every role mask Fabric's signers take, in two OUs. */
  static final List<IdemixUserSpec> A_USERS = List.of(
      IdemixUserSpec.admin("admin1", OU1),
      IdemixUserSpec.member("member1", OU1),
      IdemixUserSpec.member("member3", OU1),
      IdemixUserSpec.client("client1", OU1),
      IdemixUserSpec.peer("peer1", OU1),
      IdemixUserSpec.member("member2", OU2),
      new IdemixUserSpec("adminmember", OU1, IdemixRoles.ADMIN | IdemixRoles.MEMBER),
      new IdemixUserSpec("adminclient", OU2, IdemixRoles.ADMIN | IdemixRoles.CLIENT));
  /** Org B: another issuer, with users of the same names and OU as A's. */
  static final List<IdemixUserSpec> B_USERS = List.of(
      IdemixUserSpec.admin("admin1", OU1), IdemixUserSpec.member("member1", OU1));
  /**
   * Org F, made by Fabric's idemixjudge mkorg ({@code NAME:OU:ROLEMASK:ENROLLMENTID}); its
   * credentials carry the mask itself as the role, as idemixgen's do, so client4's signer fails
   * Fabric's setup.
   */
  static final List<String> F_USERS = List.of(
      "admin:orgF.department1:2:adminF", "member:orgF.department1:1:memberF", "client4:orgF.department1:4:client4F");
  static final List<String> F_SIGNERS = List.of("admin", "member");
  /** The idemixjudge forge modes. */
  static final List<String> FORGE_MODES = List.of("attacker", "nym63", "nym65", "offcurve", "zero", "ff", "drop63");

  /**
   * The first i for which member1's signer, set up with randomness {@code idemix-diff/A/nym63/i},
   * draws a pseudonym whose X coordinate starts with 0x04 (found by trying 0, 1, 2, ...).
   */
  static final int NYM63_SEED = 505;

  private static final String IPK = "msp/IssuerPublicKey";
  private static final String RPK = "msp/RevocationPublicKey";
  private static final String SIGNER = "user/SignerConfig";
  private static final Set<String> IPK_RULES = Set.of("IDEMIX-IPK-01", "IDEMIX-POINT-01");
  private static final Set<String> FOLDER_RULES = Set.of("IDEMIX-FOLDER-01");
  private static final Set<String> SIGNER_RULES = Set.of("IDEMIX-FOLDER-01", "IDEMIX-ROLE-01");
  private static final Set<String> GOOD = Set.of();
  private static final BigInteger Q = big(new BIG(ROM.CURVE_Order));

  /** A signer msp4j set up: its serialized identity and the signing identity. */
  private record Signer(byte[] identity, SigningIdentity signing) {
    byte[] sign(byte[] message) {
      return signing.sign(message);
    }
  }

  private final FabricMade made;
  private final IdemixOrg a;
  private final IdemixOrg b;
  private final Map<String, Signer> aSigners = new LinkedHashMap<>();
  private final Map<String, Signer> bSigners = new LinkedHashMap<>();
  private final Map<String, Signer> fSigners = new LinkedHashMap<>();
  private final Map<String, Org> orgs = new LinkedHashMap<>();
  private final List<SetupCase> setups = new ArrayList<>();
  private final List<IdentityCase> identities = new ArrayList<>();
  private final List<SignatureCase> signatures = new ArrayList<>();

  private IdemixCorpusGenerator(FabricMade made) {
    this.made = made;
    this.a = IdemixOrg.generate("idemix-diff/A", A_USERS);
    this.b = IdemixOrg.generate("idemix-diff/B", B_USERS);
  }

  /** The corpus, with the cases of the Fabric-made inputs when {@code made} has them. */
  static IdemixCorpus build(FabricMade made) {
    return new IdemixCorpusGenerator(made).corpus();
  }

  /** Org A, for the recorder (its users' folders are what Fabric's signers sign with). */
  static IdemixOrg orgA() {
    return IdemixOrg.generate("idemix-diff/A", A_USERS);
  }

  /** The identity msp4j's signer of A's user gives (what idemixjudge forge starts from). */
  static byte[] msp4jIdentityOfA(String user) {
    IdemixOrg org = orgA();
    return signer(org.issuerPublicKey(), org.revocationPublicKeyPem(), org.user(user).signerConfig(), MSP_A,
        "idemix-diff/A/signer/" + user).identity();
  }

  boolean hasF() {
    return made.has("F/" + IPK);
  }

  private IdemixCorpus corpus() {
    orgs.put("A", new Org("A", MSP_A, verifierFiles(a.issuerPublicKey(), a.revocationPublicKeyPem())));
    for (IdemixUserSpec u : A_USERS) {
      aSigners.put(u.enrollmentId(), signer(a.issuerPublicKey(), a.revocationPublicKeyPem(),
          a.user(u.enrollmentId()).signerConfig(), MSP_A, "idemix-diff/A/signer/" + u.enrollmentId()));
    }
    for (IdemixUserSpec u : B_USERS) {
      bSigners.put(u.enrollmentId(), signer(b.issuerPublicKey(), b.revocationPublicKeyPem(),
          b.user(u.enrollmentId()).signerConfig(), MSP_A, "idemix-diff/B/signer/" + u.enrollmentId()));
    }
    if (hasF()) {
      orgs.put("F", new Org("F", MSP_F, verifierFiles(made.get("F/" + IPK), made.get("F/" + RPK))));
      for (String u : F_SIGNERS) {
        fSigners.put(u, signer(made.get("F/" + IPK), made.get("F/" + RPK), fSignerConfig(u), MSP_F,
            "idemix-diff/F/signer/" + u));
      }
    }
    goodSetups();
    issuerKeySetups();
    revocationKeySetups();
    signerSetups();
    configSetups();
    identitiesOfA();
    identitiesOfF();
    signaturesOfA();
    signaturesOfF();
    return new IdemixCorpus(orgs, setups, identities, signatures);
  }

  // ------------------------------------------------------------------ setups

  private void goodSetups() {
    setups.add(folder("good-a-verifier", "good", MSP_A, verifierFiles(a.issuerPublicKey(), a.revocationPublicKeyPem()), GOOD));
    for (IdemixUserSpec u : A_USERS) {
      setups.add(folder("good-a-" + u.enrollmentId(), "good", MSP_A, signerFiles(a, a.user(u.enrollmentId())
          .signerConfig().toByteArray()), GOOD));
    }
    setups.add(folder("good-b-verifier", "good", MSP_A, verifierFiles(b.issuerPublicKey(), b.revocationPublicKeyPem()), GOOD));
    for (IdemixUserSpec u : B_USERS) {
      setups.add(folder("good-b-" + u.enrollmentId(), "good", MSP_A, signerFiles(b, b.user(u.enrollmentId())
          .signerConfig().toByteArray()), GOOD));
    }
    if (hasF()) {
      byte[] ipk = made.get("F/" + IPK);
      byte[] rpk = made.get("F/" + RPK);
      setups.add(folder("good-f-verifier", "good", MSP_F, verifierFiles(ipk, rpk), GOOD));
      for (String u : F_SIGNERS) {
        setups.add(folder("good-f-" + u, "good", MSP_F, files(ipk, rpk, fSignerConfig(u).toByteArray()), GOOD));
      }
      setups.add(folder("signer-f-client4-credential-role-4", "signer", MSP_F,
          files(ipk, rpk, fSignerConfig("client4").toByteArray()), SIGNER_RULES));
    }
  }

  private void issuerKeySetups() {
    byte[] ipk = a.issuerPublicKey();
    byte[] rpk = a.revocationPublicKeyPem();
    setups.add(folder("ipk-missing", "issuer-key", MSP_A, files(null, rpk, null), FOLDER_RULES));
    setups.add(ipkCase("ipk-empty", new byte[0]));
    for (int n : new int[] {1, 2, 50, 100, ipk.length / 2, ipk.length - 33, ipk.length - 1}) {
      setups.add(ipkCase("ipk-truncated-" + n, Arrays.copyOf(ipk, n)));
    }
    for (int i : new int[] {0, 1, 2, 3, 5, 20, 40, 75, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600,
        650, 700, 750, 800, 820, ipk.length - 34, ipk.length - 1}) {
      setups.add(ipkCase("ipk-flip-" + i, flip(ipk, i)));
    }
    IssuerPublicKey key = ipkProto(ipk);
    IssuerPublicKey other = ipkProto(b.issuerPublicKey());
    setups.add(ipkCase("ipk-names-renamed", rehash(key.toBuilder().setAttributeNames(0, "ou").build())));
    setups.add(ipkCase("ipk-names-renamed-stale-hash", key.toBuilder().setAttributeNames(0, "ou").build().toByteArray()));
    setups.add(ipkCase("ipk-names-reordered", rehash(key.toBuilder().setAttributeNames(0, "Role")
        .setAttributeNames(1, "OU").build())));
    setups.add(ipkCase("ipk-names-enrollment-id-spelled-fabric-style", rehash(key.toBuilder()
        .setAttributeNames(2, "EnrollmentId").build())));
    setups.add(ipkCase("ipk-names-three", rehash(key.toBuilder().clearAttributeNames()
        .addAllAttributeNames(key.getAttributeNamesList().subList(0, 3))
        .clearHAttrs().addAllHAttrs(key.getHAttrsList().subList(0, 3)).build())));
    setups.add(ipkCase("ipk-names-three-four-bases", rehash(key.toBuilder().clearAttributeNames()
        .addAllAttributeNames(key.getAttributeNamesList().subList(0, 3)).build())));
    setups.add(ipkCase("ipk-names-five", rehash(key.toBuilder().addAttributeNames("Extra")
        .addHAttrs(key.getHAttrs(0)).build())));
    setups.add(ipkCase("ipk-names-five-four-bases", rehash(key.toBuilder().addAttributeNames("Extra").build())));
    setups.add(ipkCase("ipk-names-empty", rehash(key.toBuilder().clearAttributeNames().build())));
    setups.add(ipkCase("ipk-proof-of-another-issuer", rehash(key.toBuilder().setProofC(other.getProofC())
        .setProofS(other.getProofS()).build())));
    setups.add(ipkCase("ipk-proof-of-another-issuer-stale-hash", key.toBuilder().setProofC(other.getProofC())
        .setProofS(other.getProofS()).build().toByteArray()));
    setups.add(ipkCase("ipk-w-of-another-issuer", rehash(key.toBuilder().setW(other.getW()).build())));
    setups.add(ipkCase("ipk-h-sk-of-another-issuer", rehash(key.toBuilder().setHSk(other.getHSk()).build())));
    setups.add(ipkCase("ipk-hash-zero", key.toBuilder().setHash(ByteString.copyFrom(new byte[32])).build().toByteArray()));
    setups.add(ipkCase("ipk-hash-absent", key.toBuilder().clearHash().build().toByteArray()));
    setups.add(ipkCase("ipk-hash-of-another-issuer", key.toBuilder().setHash(other.getHash()).build().toByteArray()));
    setups.add(ipkCase("ipk-unknown-field-stale-hash", IdentityEdits.withUnknownField(ipk, 15, bytes("x", 8))));
    setups.add(ipkCase("ipk-unknown-field", rehash(IdentityEdits.withUnknownField(
        key.toBuilder().clearHash().build().toByteArray(), 15, bytes("x", 8)))));
    setups.add(ipkCase("ipk-of-another-issuer", b.issuerPublicKey()));
  }

  private void revocationKeySetups() {
    byte[] ipk = a.issuerPublicKey();
    byte[] der = a.revocationKey().publicKey().getEncoded();
    setups.add(folder("rpk-missing", "revocation-key", MSP_A, files(ipk, null, null), FOLDER_RULES));
    setups.add(rpkCase("rpk-empty", new byte[0]));
    setups.add(rpkCase("rpk-not-pem", der));
    setups.add(rpkCase("rpk-rsa-2048", pem("PUBLIC KEY", rsaSpki())));
    setups.add(rpkCase("rpk-p256", pem("PUBLIC KEY", ecSpki("P-256", false))));
    setups.add(rpkCase("rpk-p224", pem("PUBLIC KEY", ecSpki("P-224", false))));
    setups.add(rpkCase("rpk-p521", pem("PUBLIC KEY", ecSpki("P-521", false))));
    setups.add(rpkCase("rpk-p384-compressed", pem("PUBLIC KEY", ecSpki("P-384", true))));
    setups.add(rpkCase("rpk-p384-off-curve", pem("PUBLIC KEY", flip(der, der.length - 1))));
    setups.add(rpkCase("rpk-ed25519", pem("PUBLIC KEY", ed25519Spki())));
    setups.add(rpkCase("rpk-secp256k1", pem("PUBLIC KEY", secp256k1Spki())));
    setups.add(rpkCase("rpk-trailing-text", concatBytes(pem("PUBLIC KEY", der), ascii("trailing garbage\n"))));
    setups.add(rpkCase("rpk-leading-text", concatBytes(ascii("leading text\n"), pem("PUBLIC KEY", der))));
    setups.add(rpkCase("rpk-trailing-der", pem("PUBLIC KEY", concatBytes(der, new byte[] {0, 0}))));
    setups.add(rpkCase("rpk-der-truncated", pem("PUBLIC KEY", Arrays.copyOf(der, der.length - 1))));
    setups.add(rpkCase("rpk-crlf", ascii(new String(pem("PUBLIC KEY", der), StandardCharsets.US_ASCII)
        .replace("\n", "\r\n"))));
    setups.add(rpkCase("rpk-label-certificate", pem("CERTIFICATE", der)));
    setups.add(rpkCase("rpk-headers", ascii(new String(pem("PUBLIC KEY", der), StandardCharsets.US_ASCII)
        .replaceFirst("-----BEGIN PUBLIC KEY-----\n", "-----BEGIN PUBLIC KEY-----\nComment: a header\n\n"))));
    setups.add(rpkCase("rpk-two-blocks-rsa-first", concatBytes(pem("PUBLIC KEY", rsaSpki()), pem("PUBLIC KEY", der))));
    setups.add(rpkCase("rpk-two-blocks-p384-first", concatBytes(pem("PUBLIC KEY", der), pem("PUBLIC KEY", rsaSpki()))));
    setups.add(rpkCase("rpk-private-key-pkcs8", pem("PRIVATE KEY", a.revocationKey().privateKeyPkcs8())));
    setups.add(rpkCase("rpk-bad-base64", ascii("-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----\n")));
    setups.add(rpkCase("rpk-of-another-org", b.revocationPublicKeyPem()));
  }

  private void signerSetups() {
    IdemixUser member = a.user("member1");
    IdemixUser member3 = a.user("member3");
    IdemixUser admin = a.user("admin1");
    IdemixMSPSignerConfig sc = member.signerConfig();
    setups.add(signerCase("signer-empty-file", new byte[0]));
    setups.add(signerCase("signer-not-protobuf", new byte[] {0x0a, 0x7f, 0x01}));
    setups.add(signerCase("signer-ou-not-utf8", IdentityEdits.withUnknownField(
        sc.toBuilder().clearOrganizationalUnitIdentifier().build().toByteArray(), 3, new byte[] {(byte) 0xff, (byte) 0xfe})));
    setups.add(signerCase("signer-unknown-field", IdentityEdits.withUnknownField(sc.toByteArray(), 15, bytes("u", 8))));
    setups.add(folder("signer-is-a-directory", "signer", MSP_A, verifierFiles(a.issuerPublicKey(),
        a.revocationPublicKeyPem()), Set.of("user/SignerConfig"), GOOD));
    byte[] sk = sc.getSk().toByteArray();
    setups.add(signerCase("signer-sk-31-bytes", sc.toBuilder().setSk(ByteString.copyFrom(sk, 1, 31)).build()));
    setups.add(signerCase("signer-sk-33-bytes", sc.toBuilder().setSk(ByteString.copyFrom(concatBytes(new byte[1], sk))).build()));
    setups.add(signerCase("signer-sk-absent", sc.toBuilder().clearSk().build()));
    setups.add(signerCase("signer-sk-zero", sc.toBuilder().setSk(ByteString.copyFrom(new byte[32])).build()));
    setups.add(signerCase("signer-sk-of-another-user", sc.toBuilder().setSk(member3.signerConfig().getSk()).build()));
    setups.add(signerCase("signer-sk-flipped", sc.toBuilder().setSk(ByteString.copyFrom(flip(sk, 31))).build()));
    setups.add(signerCase("signer-credential-of-another-user", sc.toBuilder().setCred(member3.signerConfig().getCred()).build()));
    setups.add(signerCase("signer-credential-absent", sc.toBuilder().clearCred().build()));
    setups.add(signerCase("signer-credential-not-protobuf", sc.toBuilder().setCred(ByteString.copyFrom(new byte[] {0x0a, 0x7f})).build()));
    byte[] cred = sc.getCred().toByteArray();
    setups.add(signerCase("signer-credential-flipped", sc.toBuilder().setCred(ByteString.copyFrom(flip(cred, cred.length / 2))).build()));
    setups.add(signerCase("signer-credential-truncated", sc.toBuilder().setCred(ByteString.copyFrom(cred, 0, cred.length - 1)).build()));
    IdemixAttributes attrs = member.credential().attributes();
    IdemixCredential byB = b.issuer().issue(member.secret(), attrs, DeterministicRandom.fromSeed("idemix-diff/B/cred-for-A-member1"));
    setups.add(signerCase("signer-credential-of-another-issuer", sc.toBuilder().setCred(ByteString.copyFrom(byB.encoded())).build()));
    setups.add(signerCase("signer-ou-changed", sc.toBuilder().setOrganizationalUnitIdentifier(OU2).build()));
    setups.add(signerCase("signer-ou-empty", sc.toBuilder().clearOrganizationalUnitIdentifier().build()));
    setups.add(signerCase("signer-enrollment-id-changed", sc.toBuilder().setEnrollmentId("member3").build()));
    setups.add(signerCase("signer-enrollment-id-empty", sc.toBuilder().clearEnrollmentId().build()));
    // revocation_handle (field 7 of IBM idemix's message; fabric-protos' Java class does not name it)
    setups.add(signerCase("signer-revocation-handle-set", IdentityEdits.withUnknownField(sc.toByteArray(), 7, ascii("12345"))));
    for (int mask : new int[] {0, 2, 3, 6, 16, -1, -3}) {
      setups.add(signerCase("signer-member-credential-mask-" + (mask < 0 ? "minus" + -mask : mask),
          sc.toBuilder().setRole(mask).build()));
    }
    IdemixMSPSignerConfig asc = admin.signerConfig();
    for (int mask : new int[] {0, 1, 4, 8, 7, 34, -1}) {
      setups.add(signerCase("signer-admin-credential-mask-" + (mask < 0 ? "minus" + -mask : mask),
          asc.toBuilder().setRole(mask).build()));
    }
    // another user's OU, enrollment ID and role: the credential of A's member2 (OU2) and admin1
    setups.add(signerCase("signer-credential-of-another-ou", sc.toBuilder().setCred(a.user("member2").signerConfig().getCred())
        .setSk(a.user("member2").signerConfig().getSk()).build()));
    setups.add(signerCase("signer-credential-of-an-admin-as-member", asc.toBuilder().setRole(IdemixRoles.MEMBER)
        .setEnrollmentId("admin1").build()));
    CredentialRevocationInformation cri = cri(sc.getCredentialRevocationInformation().toByteArray());
    setups.add(signerCase("signer-cri-alg-1", sc.toBuilder().setCredentialRevocationInformation(
        cri.toBuilder().setRevocationAlg(1).build().toByteString()).build()));
    setups.add(signerCase("signer-cri-alg-99", sc.toBuilder().setCredentialRevocationInformation(
        cri.toBuilder().setRevocationAlg(99).build().toByteString()).build()));
    setups.add(signerCase("signer-cri-not-protobuf", sc.toBuilder().setCredentialRevocationInformation(
        ByteString.copyFrom(new byte[] {0x12, 0x7f})).build()));
    setups.add(signerCase("signer-cri-absent", sc.toBuilder().clearCredentialRevocationInformation().build()));
    setups.add(signerCase("signer-cri-no-epoch-pk", sc.toBuilder().setCredentialRevocationInformation(
        cri.toBuilder().clearEpochPk().build().toByteString()).build()));
    setups.add(signerCase("signer-cri-no-epoch-pk-signature", sc.toBuilder().setCredentialRevocationInformation(
        cri.toBuilder().clearEpochPkSig().build().toByteString()).build()));
    setups.add(signerCase("signer-cri-epoch-5", sc.toBuilder().setCredentialRevocationInformation(
        cri.toBuilder().setEpoch(5).build().toByteString()).build()));
    setups.add(signerCase("signer-cri-of-another-org", sc.toBuilder().setCredentialRevocationInformation(ByteString.copyFrom(
        b.revocationKey().noRevocationInformation(0, DeterministicRandom.fromSeed("idemix-diff/B/cri")))).build()));
  }

  private void configSetups() {
    IdemixMSPConfig conf = IdemixMSPConfig.newBuilder().setName(MSP_A)
        .setIpk(ByteString.copyFrom(a.issuerPublicKey()))
        .setRevocationPk(ByteString.copyFrom(a.revocationPublicKeyPem())).build();
    setups.add(configCase("config-type-0", MSPConfig.newBuilder().setType(0).setConfig(conf.toByteString()).build()));
    setups.add(configCase("config-type-2", MSPConfig.newBuilder().setType(2).setConfig(conf.toByteString()).build()));
    setups.add(configCase("config-type-3", MSPConfig.newBuilder().setType(3).setConfig(conf.toByteString()).build()));
    setups.add(configCase("config-idemix-empty", MSPConfig.newBuilder().setType(1).build()));
    setups.add(configCase("config-no-ipk", mspConfig(conf.toBuilder().clearIpk().build())));
    setups.add(configCase("config-no-revocation-pk", mspConfig(conf.toBuilder().clearRevocationPk().build())));
    setups.add(configCase("config-not-protobuf", MSPConfig.newBuilder().setType(1)
        .setConfig(ByteString.copyFrom(new byte[] {0x0a, 0x7f})).build()));
    setups.add(configCase("config-name-empty", mspConfig(conf.toBuilder().clearName().build())));
    setups.add(configCase("config-epoch-5", mspConfig(conf.toBuilder().setEpoch(5).build())));
    setups.add(configCase("config-unknown-field", MSPConfig.newBuilder().setType(1).setConfig(ByteString.copyFrom(
        IdentityEdits.withUnknownField(conf.toByteArray(), 15, bytes("c", 8)))).build()));
    setups.add(configCase("config-signer-empty", mspConfig(conf.toBuilder()
        .setSigner(IdemixMSPSignerConfig.getDefaultInstance()).build())));
  }

  // ------------------------------------------------------------------ identities

  private void identitiesOfA() {
    for (String u : aSigners.keySet()) {
      id("genuine-" + u, "genuine", aSigners.get(u).identity(), null);
    }
    byte[] member = aSigners.get("member1").identity();
    byte[] admin = aSigners.get("admin1").identity();
    Map<String, Integer> roles = new LinkedHashMap<>();
    roles.put("member", MSPRole.MSPRoleType.MEMBER_VALUE);
    roles.put("admin", MSPRole.MSPRoleType.ADMIN_VALUE);
    roles.put("client", MSPRole.MSPRoleType.CLIENT_VALUE);
    roles.put("peer", MSPRole.MSPRoleType.PEER_VALUE);
    roles.put("orderer", MSPRole.MSPRoleType.ORDERER_VALUE);
    roles.put("99", 99);
    roles.forEach((name, value) -> {
      if (value != MSPRole.MSPRoleType.MEMBER_VALUE) {
        id("role-member1-as-" + name, "role", IdentityEdits.withRoleValue(member, value), null);
      }
      if (value != MSPRole.MSPRoleType.ADMIN_VALUE) {
        id("role-admin1-as-" + name, "role", IdentityEdits.withRoleValue(admin, value), null);
      }
    });
    id("role-client1-as-admin", "role", IdentityEdits.withRoleValue(aSigners.get("client1").identity(),
        MSPRole.MSPRoleType.ADMIN_VALUE), null);
    id("role-adminclient-as-member", "role", IdentityEdits.withRoleValue(aSigners.get("adminclient").identity(),
        MSPRole.MSPRoleType.MEMBER_VALUE), null);
    id("role-member1-msp-id-other", "role", IdentityEdits.withRoleMspId(member, "Org2MSP"), null);
    id("role-member1-msp-id-empty", "role", IdentityEdits.withRoleMspId(member, ""), null);
    id("role-member1-explicit-default", "role", IdentityEdits.withRoleBytes(member,
        IdentityEdits.withVarintField(IdentityEdits.role(member).toByteArray(), 2, 0)), null);
    id("role-member1-unknown-field", "role", IdentityEdits.withRoleBytes(member,
        IdentityEdits.withUnknownField(IdentityEdits.role(member).toByteArray(), 15, bytes("r", 4))), null);
    id("role-member1-not-protobuf", "role", IdentityEdits.withRoleBytes(member, new byte[] {0x0a, 0x7f}), null);
    id("role-member1-empty", "role", IdentityEdits.withRoleBytes(member, new byte[0]), null);
    id("role-admin1-empty", "role", IdentityEdits.withRoleBytes(admin, new byte[0]), null);

    id("ou-member1-as-department2", "ou", IdentityEdits.withOu(member, o -> o.setOrganizationalUnitIdentifier(OU2)), null);
    id("ou-member1-as-other", "ou", IdentityEdits.withOu(member, o -> o.setOrganizationalUnitIdentifier("other")), null);
    id("ou-member1-empty-string", "ou", IdentityEdits.withOu(member, o -> o.setOrganizationalUnitIdentifier("")), null);
    id("ou-admin1-as-department2", "ou", IdentityEdits.withOu(admin, o -> o.setOrganizationalUnitIdentifier(OU2)), null);
    id("ou-member2-as-department1", "ou", IdentityEdits.withOu(aSigners.get("member2").identity(),
        o -> o.setOrganizationalUnitIdentifier(OU1)), null);
    id("ou-member1-msp-id-other", "ou", IdentityEdits.withOu(member, o -> o.setMspIdentifier("Org2MSP")), null);
    id("ou-member1-certifiers-flipped", "ou", IdentityEdits.withOu(member,
        o -> o.setCertifiersIdentifier(ByteString.copyFrom(flip(o.getCertifiersIdentifier().toByteArray(), 0)))), null);
    id("ou-member1-certifiers-empty", "ou", IdentityEdits.withOu(member, OrganizationUnit.Builder::clearCertifiersIdentifier), null);
    id("ou-member1-unknown-field", "ou", IdentityEdits.withOuBytes(member,
        IdentityEdits.withUnknownField(IdentityEdits.ou(member).toByteArray(), 15, bytes("o", 4))), null);
    id("ou-member1-fields-reversed", "ou", IdentityEdits.withOuBytes(member, reversedOu(IdentityEdits.ou(member))), null);
    id("ou-member1-not-protobuf", "ou", IdentityEdits.withOuBytes(member, new byte[] {0x0a, 0x7f}), null);
    id("ou-member1-empty", "ou", IdentityEdits.withOuBytes(member, new byte[0]), null);

    id("msp-id-other", "msp-id", IdentityEdits.withMspId(member, "Org2MSP"), null);
    id("msp-id-empty", "msp-id", IdentityEdits.withMspId(member, ""), null);
    id("msp-id-lower-case", "msp-id", IdentityEdits.withMspId(member, MSP_A.toLowerCase()), null);
    id("msp-id-trailing-space", "msp-id", IdentityEdits.withMspId(member, MSP_A + " "), null);

    byte[] proof = IdentityEdits.proof(member);
    for (int i : IdentityEdits.interestingOffsets(proof, 16)) {
      id("proof-flip-member1-" + i, "proof-flip", IdentityEdits.withProof(member, flip(proof, i)), null);
    }
    byte[] adminProof = IdentityEdits.proof(admin);
    for (int i = 7; i < adminProof.length; i += 64) {
      id("proof-flip-admin1-" + i, "proof-flip", IdentityEdits.withProof(admin, flip(adminProof, i)), null);
    }
    for (int n : new int[] {1, 2, 34, 70, proof.length / 2, proof.length - 2, proof.length - 1}) {
      id("proof-truncated-member1-" + n, "proof-truncated", IdentityEdits.withProof(member, Arrays.copyOf(proof, n)), null);
    }
    id("proof-empty-member1", "proof-truncated", IdentityEdits.withProof(member, new byte[0]), null);
    id("proof-garbage-member1", "proof-truncated", IdentityEdits.withProof(member, bytes("proof-garbage", 200)), null);
    id("proof-unknown-field-member1", "proof-truncated", IdentityEdits.withProof(member,
        IdentityEdits.withUnknownField(proof, 99, bytes("p", 8))), null);
    id("proof-trailing-zero-member1", "proof-truncated", IdentityEdits.withProof(member, concatBytes(proof, new byte[1])), null);
    id("proof-of-member3-member1", "proof-truncated", IdentityEdits.withProof(member,
        IdentityEdits.proof(aSigners.get("member3").identity())), STRICT_01);

    byte[] x = IdentityEdits.nymX(member);
    byte[] y = IdentityEdits.nymY(member);
    byte[] xy = IdentityEdits.nym(member);
    for (int i : new int[] {0, 1, 15, 31}) {
      id("nym-flip-x-" + i, "nym-flip", IdentityEdits.withNym(member, flip(x, i), y), STRICT_02);
    }
    for (int i : new int[] {0, 16, 31}) {
      id("nym-flip-y-" + i, "nym-flip", IdentityEdits.withNym(member, x, flip(y, i)), STRICT_02);
    }
    id("nym-zero", "nym-flip", IdentityEdits.withNym(member, new byte[32], new byte[32]), STRICT_02);
    id("nym-x-ff", "nym-flip", IdentityEdits.withNym(member, filled(32, 0xff), y), STRICT_02);
    id("nym-y-ff", "nym-flip", IdentityEdits.withNym(member, x, filled(32, 0xff)), STRICT_02);
    id("nym-x-p", "nym-flip", IdentityEdits.withNym(member, fieldPrime(), y), STRICT_02);

    id("nym-63-drop-x-first", "nym-length", IdentityEdits.withNym(member, Arrays.copyOfRange(x, 1, 32), y), STRICT_02);
    id("nym-63-drop-y-last", "nym-length", IdentityEdits.withNym(member, x, Arrays.copyOf(y, 31)), STRICT_02);
    byte[] m63 = nym63Identity();
    byte[] x63 = IdentityEdits.nymX(m63);
    byte[] y63 = IdentityEdits.nymY(m63);
    id("nym-64-x-starts-04", "nym-length", m63, null);
    id("nym-63-x-starts-04-dropped", "nym-length", IdentityEdits.withNym(m63, Arrays.copyOfRange(x63, 1, 32), y63), null);
    id("nym-63-x-starts-04-dropped-split-32", "nym-length",
        IdentityEdits.withNymSplit(m63, Arrays.copyOfRange(IdentityEdits.nym(m63), 1, 64), 32), null);
    id("nym-65-prefix-04", "nym-length", IdentityEdits.withNym(member, concatBytes(new byte[] {4}, x), y), null);
    id("nym-65-append-00", "nym-length", IdentityEdits.withNym(member, x, concatBytes(y, new byte[1])), null);
    id("nym-65-x-starts-04-prefix-04", "nym-length", IdentityEdits.withNym(m63, concatBytes(new byte[] {4}, x63), y63), null);
    id("nym-62", "nym-length", IdentityEdits.withNym(member, Arrays.copyOfRange(x, 1, 32), Arrays.copyOf(y, 31)), null);
    id("nym-66", "nym-length", IdentityEdits.withNym(member, concatBytes(new byte[1], x), concatBytes(new byte[1], y)), null);
    id("nym-128", "nym-length", IdentityEdits.withNym(member, xy, xy), null);
    id("nym-absent", "nym-length", IdentityEdits.withNym(member, null, null), null);
    id("nym-x-absent", "nym-length", IdentityEdits.withNym(member, null, xy), null);
    id("nym-y-absent", "nym-length", IdentityEdits.withNym(member, xy, null), null);
    for (int at : new int[] {1, 16, 48, 63}) {
      id("nym-split-" + at, "nym-length", IdentityEdits.withNymSplit(member, xy, at), null);
    }

    byte[] member3 = aSigners.get("member3").identity();
    byte[] member2 = aSigners.get("member2").identity();
    id("nym-swap-member3", "nym-swap", IdentityEdits.withNym(member, IdentityEdits.nymX(member3), IdentityEdits.nymY(member3)), STRICT_01);
    id("nym-swap-admin1", "nym-swap", IdentityEdits.withNym(member, IdentityEdits.nymX(admin), IdentityEdits.nymY(admin)), STRICT_01);
    byte[] bMember = bSigners.get("member1").identity();
    id("nym-swap-other-issuer", "nym-swap", IdentityEdits.withNym(member, IdentityEdits.nymX(bMember),
        IdentityEdits.nymY(bMember)), STRICT_01);
    id("nym-and-proof-swap-member3", "nym-swap", IdentityEdits.withProof(IdentityEdits.withNym(member,
        IdentityEdits.nymX(member3), IdentityEdits.nymY(member3)), IdentityEdits.proof(member3)), null);
    id("nym-and-proof-swap-member2", "nym-swap", IdentityEdits.withProof(IdentityEdits.withNym(member,
        IdentityEdits.nymX(member2), IdentityEdits.nymY(member2)), IdentityEdits.proof(member2)), null);
    id("nym-and-proof-swap-admin1", "nym-swap", IdentityEdits.withProof(IdentityEdits.withNym(member,
        IdentityEdits.nymX(admin), IdentityEdits.nymY(admin)), IdentityEdits.proof(admin)), null);

    id("thief-admin1-by-member2", "forgery", thief("admin1", "member2"), STRICT_01);
    id("thief-adminclient-by-peer1", "forgery", thief("adminclient", "peer1"), STRICT_01);
    id("thief-member1-by-other-issuer", "forgery", IdentityEdits.withNym(member, IdentityEdits.nymX(bMember),
        IdentityEdits.nymY(bMember)), STRICT_01);

    for (String u : bSigners.keySet()) {
      id("other-issuer-" + u, "other-issuer", bSigners.get(u).identity(), null);
    }

    id("unknown-field-serialized-identity", "unknown-field", IdentityEdits.withUnknownField(member, 15, bytes("s", 8)), null);
    id("unknown-field-idemix-identity", "unknown-field", IdentityEdits.withIdBytes(member,
        IdentityEdits.withUnknownField(IdentityEdits.inner(member).toByteArray(), 15, bytes("i", 8))), null);
    id("garbage-id-bytes", "garbage", IdentityEdits.withIdBytes(member, bytes("id-garbage", 64)), null);
    id("garbage-id-bytes-empty", "garbage", IdentityEdits.withIdBytes(member, new byte[0]), null);
    id("garbage-id-bytes-not-protobuf", "garbage", IdentityEdits.withIdBytes(member, new byte[] {0x0a, 0x7f}), null);
    id("garbage-not-protobuf", "garbage", new byte[] {0x0a, 0x7f, 0x01}, null);
    id("garbage-empty-file", "garbage", new byte[0], null);
    id("garbage-x509-identity", "garbage", IdentityEdits.withIdBytes(member,
        ascii("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n")), null);

    for (IdemixUserSpec u : A_USERS) {
      String key = "sign/A/" + u.enrollmentId();
      if (made.has(key + ".id")) {
        id("fabric-signer-" + u.enrollmentId(), "fabric-made", made.get(key + ".id"), null);
      }
    }
    for (String mode : FORGE_MODES) {
      for (String base : List.of("admin1", "member1")) {
        String key = "forge/" + mode + "/" + base;
        if (made.has(key + ".id")) {
          id("fabric-forge-" + mode + "-" + base, "fabric-made", made.get(key + ".id"), forgeRule(mode));
        }
      }
    }
  }

  private void identitiesOfF() {
    if (!hasF()) {
      return;
    }
    for (String u : F_SIGNERS) {
      identities.add(new IdentityCase("f-msp4j-signer-" + u, "genuine", "F", fSigners.get(u).identity(), null));
      identities.add(new IdentityCase("f-fabric-signer-" + u, "fabric-made", "F", made.get("sign/F/" + u + ".id"), null));
    }
    identities.add(new IdentityCase("f-role-member-as-admin", "role", "F", IdentityEdits.withRoleValue(
        fSigners.get("member").identity(), MSPRole.MSPRoleType.ADMIN_VALUE), null));
    identities.add(new IdentityCase("f-identity-of-org-a", "other-issuer", "F",
        IdentityEdits.withMspId(aSigners.get("member1").identity(), MSP_F), null));
  }

  // ------------------------------------------------------------------ signatures

  private void signaturesOfA() {
    Map<String, byte[]> good = new LinkedHashMap<>();
    for (Map.Entry<String, Signer> s : aSigners.entrySet()) {
      byte[] sig = s.getValue().sign(MESSAGE);
      good.put(s.getKey(), sig);
      sig("sig-good-" + s.getKey(), "good", s.getValue().identity(), MESSAGE, sig, null);
    }
    byte[] member = aSigners.get("member1").identity();
    byte[] memberSig = good.get("member1");
    sig("sig-other-message-member1", "wrong-message", member, OTHER_MESSAGE, memberSig, null);
    sig("sig-other-message-admin1", "wrong-message", aSigners.get("admin1").identity(), OTHER_MESSAGE, good.get("admin1"), null);
    sig("sig-empty-message-member1", "good", member, new byte[0], aSigners.get("member1").sign(new byte[0]), null);
    sig("sig-empty-message-other-member1", "wrong-message", member, new byte[0], memberSig, null);
    sig("sig-long-message-member1", "good", member, bytes("long-message", 100_000),
        aSigners.get("member1").sign(bytes("long-message", 100_000)), null);
    sig("sig-of-member3-for-member1", "other-member", member, MESSAGE, good.get("member3"), null);
    sig("sig-of-admin1-for-member1", "other-member", member, MESSAGE, good.get("admin1"), null);
    sig("sig-of-other-issuer-for-member1", "other-member", member, MESSAGE, bSigners.get("member1").sign(MESSAGE), null);
    for (int i = 0; i < memberSig.length; i++) {
      sig("sig-flip-member1-" + i, "byte-flip", member, MESSAGE, flip(memberSig, i), null);
    }
    for (int n : new int[] {1, 2, 34, 68, 102, memberSig.length - 1}) {
      sig("sig-truncated-member1-" + n, "truncated", member, MESSAGE, Arrays.copyOf(memberSig, n), null);
    }
    sig("sig-empty-member1", "garbage", member, MESSAGE, new byte[0], null);
    sig("sig-garbage-member1", "garbage", member, MESSAGE, bytes("sig-garbage", memberSig.length), null);
    sig("sig-not-protobuf-member1", "garbage", member, MESSAGE, new byte[] {0x0a, 0x7f}, null);
    sig("sig-zero-fields-member1", "garbage", member, MESSAGE, zeroNymSignature(), null);
    sig("sig-proof-as-signature-member1", "garbage", member, MESSAGE, IdentityEdits.proof(member), null);
    sig("sig-unknown-field-member1", "garbage", member, MESSAGE, IdentityEdits.withUnknownField(memberSig, 15, bytes("g", 8)), null);
    sig("sig-trailing-zero-member1", "garbage", member, MESSAGE, concatBytes(memberSig, new byte[1]), null);
    sig("sig-by-member1-on-tampered-role", "tampered-identity", IdentityEdits.withRoleValue(member,
        MSPRole.MSPRoleType.ADMIN_VALUE), MESSAGE, memberSig, null);
    sig("sig-by-member1-on-tampered-ou", "tampered-identity", IdentityEdits.withOu(member,
        o -> o.setOrganizationalUnitIdentifier("other")), MESSAGE, memberSig, null);
    sig("sig-by-member1-on-tampered-proof", "tampered-identity", IdentityEdits.withProof(member,
        flip(IdentityEdits.proof(member), 300)), MESSAGE, memberSig, null);
    sig("sig-by-member1-on-nym-split-16", "tampered-identity", IdentityEdits.withNymSplit(member,
        IdentityEdits.nym(member), 16), MESSAGE, memberSig, null);
    sig("sig-thief-admin1-by-member2", "forgery", thief("admin1", "member2"), MESSAGE, good.get("member2"), STRICT_01);
    sig("sig-thief-adminclient-by-peer1", "forgery", thief("adminclient", "peer1"), MESSAGE, good.get("peer1"), STRICT_01);
    Signer m63 = nym63Signer();
    byte[] m63Sig = m63.sign(MESSAGE);
    sig("sig-nym-64-x-starts-04", "good", m63.identity(), MESSAGE, m63Sig, null);
    byte[] m63x = IdentityEdits.nymX(m63.identity());
    sig("sig-nym-63-x-starts-04-dropped", "nym-length", IdentityEdits.withNym(m63.identity(),
        Arrays.copyOfRange(m63x, 1, 32), IdentityEdits.nymY(m63.identity())), MESSAGE, m63Sig, null);

    for (IdemixUserSpec u : A_USERS) {
      String key = "sign/A/" + u.enrollmentId();
      if (made.has(key + ".id")) {
        sig("fabric-sig-" + u.enrollmentId(), "fabric-made", made.get(key + ".id"), MESSAGE, made.get(key + ".sig"), null);
      }
    }
    if (made.has("sign/A/member1.id")) {
      byte[] fid = made.get("sign/A/member1.id");
      byte[] fsig = made.get("sign/A/member1.sig");
      for (int i = 3; i < fsig.length; i += 8) {
        sig("fabric-sig-flip-member1-" + i, "fabric-made", fid, MESSAGE, flip(fsig, i), null);
      }
      sig("fabric-sig-other-message-member1", "fabric-made", fid, OTHER_MESSAGE, fsig, null);
      sig("fabric-sig-for-msp4j-identity-member1", "fabric-made", member, MESSAGE, fsig, null);
      sig("msp4j-sig-for-fabric-identity-member1", "fabric-made", fid, MESSAGE, memberSig, null);
    }
    for (String mode : FORGE_MODES) {
      for (String base : List.of("admin1", "member1")) {
        String key = "forge/" + mode + "/" + base;
        if (made.has(key + ".id")) {
          sig("fabric-forge-" + mode + "-" + base, "fabric-made", made.get(key + ".id"), MESSAGE,
              made.get(key + ".sig"), forgeRule(mode));
        }
      }
    }
  }

  private void signaturesOfF() {
    if (!hasF()) {
      return;
    }
    for (String u : F_SIGNERS) {
      byte[] sig = fSigners.get(u).sign(MESSAGE);
      signatures.add(new SignatureCase("f-msp4j-sig-" + u, "good", "F", fSigners.get(u).identity(), MESSAGE, sig, null));
      signatures.add(new SignatureCase("f-msp4j-sig-flip-" + u, "byte-flip", "F", fSigners.get(u).identity(), MESSAGE,
          flip(sig, sig.length / 2), null));
      signatures.add(new SignatureCase("f-fabric-sig-" + u, "fabric-made", "F", made.get("sign/F/" + u + ".id"), MESSAGE,
          made.get("sign/F/" + u + ".sig"), null));
      signatures.add(new SignatureCase("f-fabric-sig-other-message-" + u, "fabric-made", "F",
          made.get("sign/F/" + u + ".id"), OTHER_MESSAGE, made.get("sign/F/" + u + ".sig"), null));
    }
  }

  // ------------------------------------------------------------------ helpers

  /** What msp4j refuses of each forge mode's identity where Fabric deserializes it. */
  private static String forgeRule(String mode) {
    return switch (mode) {
      case "attacker", "nym63" -> STRICT_01;
      case "nym65" -> null;
      default -> STRICT_02;
    };
  }

  /** The victim's identity (role, OU, proof) with the thief's own pseudonym. */
  private byte[] thief(String victim, String thief) {
    byte[] t = aSigners.get(thief).identity();
    return IdentityEdits.withNym(aSigners.get(victim).identity(), IdentityEdits.nymX(t), IdentityEdits.nymY(t));
  }

  private Signer nym63Signer() {
    Signer s = signer(a.issuerPublicKey(), a.revocationPublicKeyPem(), a.user("member1").signerConfig(), MSP_A,
        "idemix-diff/A/nym63/" + NYM63_SEED);
    if (IdentityEdits.nymX(s.identity())[0] != 0x04) {
      throw new IllegalStateException("NYM63_SEED " + NYM63_SEED + " no longer gives a pseudonym whose X starts with 04");
    }
    return s;
  }

  private byte[] nym63Identity() {
    return nym63Signer().identity();
  }

  /** Searches the seed index for {@link #NYM63_SEED}. */
  static int findNym63Seed() {
    IdemixOrg org = orgA();
    for (int i = 0; ; i++) {
      Signer s = signer(org.issuerPublicKey(), org.revocationPublicKeyPem(), org.user("member1").signerConfig(), MSP_A,
          "idemix-diff/A/nym63/" + i);
      if (IdentityEdits.nymX(s.identity())[0] == 0x04) {
        return i;
      }
    }
  }

  private static Signer signer(byte[] ipk, byte[] rpk, IdemixMSPSignerConfig sc, String mspId, String seed) {
    MSPConfig conf = mspConfig(IdemixMSPConfig.newBuilder().setName(mspId).setIpk(ByteString.copyFrom(ipk))
        .setRevocationPk(ByteString.copyFrom(rpk)).setSigner(sc).build());
    SigningIdentity s = IdemixMsps.setup(conf, MspVersion.V1_3, FabricRelease.V3_1_5, DeterministicRandom.fromSeed(seed))
        .defaultSigningIdentity();
    return new Signer(s.serialize(), s);
  }

  private static MSPConfig mspConfig(IdemixMSPConfig conf) {
    return MSPConfig.newBuilder().setType(1).setConfig(conf.toByteString()).build();
  }

  private IdemixMSPSignerConfig fSignerConfig(String user) {
    try {
      return IdemixMSPSignerConfig.parseFrom(made.get("F/" + user + "/" + SIGNER));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  private void id(String name, String group, byte[] serialized, String strict) {
    identities.add(new IdentityCase(name, group, "A", serialized, strict));
  }

  private void sig(String name, String group, byte[] identity, byte[] message, byte[] signature, String strict) {
    signatures.add(new SignatureCase(name, group, "A", identity, message, signature, strict));
  }

  private static SetupCase folder(String name, String group, String mspId, Map<String, byte[]> files, Set<String> rules) {
    return new SetupCase(name, group, mspId, files, Set.of(), null, rules);
  }

  private static SetupCase folder(String name, String group, String mspId, Map<String, byte[]> files,
      Set<String> directories, Set<String> rules) {
    return new SetupCase(name, group, mspId, files, directories, null, rules);
  }

  private static SetupCase configCase(String name, MSPConfig config) {
    return new SetupCase(name, "config", MSP_A, Map.of(), Set.of(), config.toByteArray(),
        Set.of("IDEMIX-FOLDER-01", "IDEMIX-IPK-01"));
  }

  private SetupCase ipkCase(String name, byte[] ipk) {
    return folder(name, "issuer-key", MSP_A, files(ipk, a.revocationPublicKeyPem(), null), IPK_RULES);
  }

  private SetupCase rpkCase(String name, byte[] rpk) {
    return folder(name, "revocation-key", MSP_A, files(a.issuerPublicKey(), rpk, null), FOLDER_RULES);
  }

  private SetupCase signerCase(String name, IdemixMSPSignerConfig sc) {
    return signerCase(name, sc.toByteArray());
  }

  private SetupCase signerCase(String name, byte[] signer) {
    return folder(name, "signer", MSP_A, files(a.issuerPublicKey(), a.revocationPublicKeyPem(), signer), SIGNER_RULES);
  }

  private static Map<String, byte[]> verifierFiles(byte[] ipk, byte[] rpk) {
    return files(ipk, rpk, null);
  }

  private static Map<String, byte[]> signerFiles(IdemixOrg org, byte[] signer) {
    return files(org.issuerPublicKey(), org.revocationPublicKeyPem(), signer);
  }

  private static Map<String, byte[]> files(byte[] ipk, byte[] rpk, byte[] signer) {
    Map<String, byte[]> m = new LinkedHashMap<>();
    if (ipk != null) {
      m.put(IPK, ipk);
    }
    if (rpk != null) {
      m.put(RPK, rpk);
    }
    if (signer != null) {
      m.put(SIGNER, signer);
    }
    return m;
  }

  private static IssuerPublicKey ipkProto(byte[] ipk) {
    try {
      return IssuerPublicKey.parseFrom(ipk);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  private static CredentialRevocationInformation cri(byte[] cri) {
    try {
      return CredentialRevocationInformation.parseFrom(cri);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The key with its hash made again as Fabric's import recomputes it: SHA-256 mod q of the key without it. */
  private static byte[] rehash(IssuerPublicKey key) {
    return rehash(key.toBuilder().clearHash().build().toByteArray());
  }

  private static byte[] rehash(byte[] keyWithoutHash) {
    byte[] hash = scalarBytes(new BigInteger(1, sha256(keyWithoutHash)).mod(Q));
    // hash is field 10, length-delimited: appended after every other field, as proto encodes it
    byte[] withHash = IdentityEdits.withUnknownField(keyWithoutHash, 10, hash);
    IssuerPublicKey parsed = ipkProto(withHash);
    if (!Arrays.equals(parsed.getHash().toByteArray(), hash)) {
      throw new IllegalStateException("hash not set");
    }
    return withHash;
  }

  /** An OrganizationUnit's fields written in reverse field order (3, 2, 1). */
  private static byte[] reversedOu(OrganizationUnit ou) {
    byte[] out = new byte[0];
    out = IdentityEdits.withUnknownField(out, 3, ou.getCertifiersIdentifier().toByteArray());
    out = IdentityEdits.withUnknownField(out, 2, ou.getOrganizationalUnitIdentifier().getBytes(StandardCharsets.UTF_8));
    return IdentityEdits.withUnknownField(out, 1, ou.getMspIdentifier().getBytes(StandardCharsets.UTF_8));
  }

  /** A NymSignature whose four fields are 32 zero bytes each. */
  private static byte[] zeroNymSignature() {
    byte[] out = new byte[0];
    for (int f = 1; f <= 4; f++) {
      out = IdentityEdits.withUnknownField(out, f, new byte[32]);
    }
    return out;
  }

  private static byte[] fieldPrime() {
    return scalarBytes(big(new BIG(ROM.Modulus)));
  }

  private static byte[] rsaSpki() {
    BigInteger n = new BigInteger(2048, DeterministicRandom.fromSeed("idemix-diff/rsa-modulus")).setBit(2047).setBit(0);
    return spki(new AlgorithmIdentifier(PKCSObjectIdentifiers.rsaEncryption, DERNull.INSTANCE),
        encoded(new RSAPublicKey(n, BigInteger.valueOf(65537))));
  }

  private static byte[] ecSpki(String curve, boolean compressed) {
    X9ECParameters p = NISTNamedCurves.getByName(curve);
    BigInteger d = new BigInteger(p.getN().bitLength() - 2, DeterministicRandom.fromSeed("idemix-diff/ec/" + curve)).setBit(1);
    return spki(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, NISTNamedCurves.getOID(curve)),
        p.getG().multiply(d).normalize().getEncoded(compressed));
  }

  private static byte[] secp256k1Spki() {
    X9ECParameters p = org.bouncycastle.asn1.sec.SECNamedCurves.getByName("secp256k1");
    BigInteger d = new BigInteger(250, DeterministicRandom.fromSeed("idemix-diff/ec/secp256k1")).setBit(1);
    return spki(new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey,
        org.bouncycastle.asn1.sec.SECObjectIdentifiers.secp256k1), p.getG().multiply(d).normalize().getEncoded(false));
  }

  private static byte[] ed25519Spki() {
    byte[] seed = bytes("ed25519", 32);
    byte[] pub = new Ed25519PrivateKeyParameters(seed, 0).generatePublicKey().getEncoded();
    return spki(new AlgorithmIdentifier(EdECObjectIdentifiers.id_Ed25519), pub);
  }

  private static byte[] spki(AlgorithmIdentifier alg, byte[] key) {
    return encoded(new SubjectPublicKeyInfo(alg, key));
  }

  private static byte[] encoded(org.bouncycastle.asn1.ASN1Encodable e) {
    try {
      return e.toASN1Primitive().getEncoded("DER");
    } catch (IOException ex) {
      throw new IllegalStateException(ex);
    }
  }

  /** A PEM block as Go's pem.Encode writes it: 64-character lines, LF. */
  static byte[] pem(String label, byte[] der) {
    String b64 = Base64.getEncoder().encodeToString(der);
    StringBuilder s = new StringBuilder("-----BEGIN ").append(label).append("-----\n");
    for (int i = 0; i < b64.length(); i += 64) {
      s.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
    }
    return ascii(s.append("-----END ").append(label).append("-----\n").toString());
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] bytes(String seed, int n) {
    byte[] out = new byte[n];
    DeterministicRandom.fromSeed("idemix-diff/bytes/" + seed).nextBytes(out);
    return out;
  }

  private static byte[] filled(int n, int value) {
    byte[] out = new byte[n];
    Arrays.fill(out, (byte) value);
    return out;
  }

  static byte[] concatBytes(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  private static byte[] sha256(byte[] b) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(b);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] scalarBytes(BigInteger v) {
    byte[] out = new byte[32];
    byte[] mag = v.toByteArray();
    int n = Math.min(mag.length, 32);
    System.arraycopy(mag, mag.length - n, out, 32 - n, n);
    return out;
  }

  private static BigInteger big(BIG v) {
    byte[] out = new byte[32];
    v.toBytes(out);
    return new BigInteger(1, out);
  }
}

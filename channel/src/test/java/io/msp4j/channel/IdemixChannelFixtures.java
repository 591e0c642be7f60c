package io.msp4j.channel;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.check.Messages;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.SigningIdentity;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The inputs of the idemix channel measured against Fabric (see {@code
 * configtxgen/idemix/README.md}): two idemix organisations generated from fixed seeds, the
 * committed sample's Org1 and orderer organisation, the {@code configtx.yaml} configtxgen read, and
 * identity, signature and transaction files made by msp4j's signers, genuine and tampered. Every
 * output is a function of the seeds and the committed sample: generating twice gives the same
 * bytes.
 */
final class IdemixChannelFixtures {
  static final String CHANNEL_ID = "idxchannel";
  static final String RESOURCES = "configtxgen/idemix/";
  static final Path SAMPLE = Path.of("..", "testdata", "sample");
  static final byte[] MESSAGE =
      "msp4j idxchannel: the message every identity signs\n".getBytes(StandardCharsets.US_ASCII);

  /** An idemix organisation of the channel: MSP ID, config group name, folder, seed, OU. */
  record IdemixOrgSpec(String mspId, String group, String folder, String seed, String ou) {
    IdemixOrg generate() {
      return IdemixOrg.generate(seed, List.of(
          IdemixUserSpec.admin("admin1", ou), IdemixUserSpec.member("user1", ou)));
    }
  }

  static final IdemixOrgSpec IDEMIX1 = new IdemixOrgSpec("IdemixOrg1MSP", "IdemixOrg1", "idemixorg1",
      "msp4j idxchannel IdemixOrg1MSP", "idemixorg1.department1");
  static final IdemixOrgSpec IDEMIX2 = new IdemixOrgSpec("IdemixOrg2MSP", "IdemixOrg2", "idemixorg2",
      "msp4j idxchannel IdemixOrg2MSP", "idemixorg2.department1");

  /**
   * The identities, in the order of {@code cases.tsv}: name, then how it was made. Each has
   * {@code NAME.id} (a SerializedIdentity) and {@code NAME.sig} (a signature over {@link
   * #MESSAGE}, by the signer named).
   */
  static final List<String> IDENTITIES = List.of(
      "idemix1-admin", "idemix1-member", "idemix2-admin", "idemix2-member", "org1-admin", "org1-user",
      "idemix1-member-role-admin", "idemix1-member-ou", "idemix1-member-mspid-idemix2",
      "idemix1-member-proof-flipped", "idemix1-admin-thief", "org1-user-mspid-idemix1");

  /**
   * Sets of signed data beyond one per identity: items joined by {@code +}; an item is an identity
   * with its own signature, or {@code ID@SIG}, the identity with the signature of another;
   * {@code none} is the empty set.
   */
  static final List<String> SETS = List.of(
      "none",
      "idemix1-admin+idemix2-admin",
      "org1-admin+idemix1-admin",
      "org1-admin+idemix1-admin+idemix2-admin",
      "org1-user+idemix1-member",
      "org1-user+idemix1-member+idemix2-member",
      "idemix1-member@idemix1-admin",
      "idemix1-member@idemix1-admin+idemix1-member",
      "idemix1-admin-thief+org1-admin",
      "idemix1-admin-thief+idemix1-member",
      "idemix1-member+idemix1-admin-thief",
      "idemix1-member-role-admin+idemix1-member",
      "idemix1-member+idemix1-member-role-admin",
      "idemix1-admin-thief+idemix2-admin");

  /** The policies evaluated over each set. */
  static final List<String> POLICIES = List.of(
      "/Channel/Application/Readers",
      "/Channel/Application/Writers",
      "/Channel/Application/Admins",
      "/Channel/Application/Endorsement",
      "/Channel/Application/MixedMembers",
      "/Channel/Application/IdemixAdmins",
      "/Channel/Application/IdemixOrg1/Readers",
      "/Channel/Application/IdemixOrg1/Admins",
      "/Channel/Application/IdemixOrg2/Admins",
      "/Channel/Application/Org1/Admins");

  /** Endorser transactions: name, creator; endorsed by the sample's peer0.org1. */
  static final List<String> TRANSACTIONS = List.of(
      "tx-idemix1-member", "tx-idemix2-admin", "tx-idemix1-member-role-admin", "tx-idemix1-admin-thief");

  private IdemixChannelFixtures() {}

  /** The committed {@code configtx.yaml} (MSPDirs relative to it, as in {@link #writeWorkFolder}). */
  static byte[] configtxYaml() {
    try (InputStream in = IdemixChannelFixtures.class.getResourceAsStream(RESOURCES + "configtx.yaml")) {
      if (in == null) {
        throw new IllegalStateException("no " + RESOURCES + "configtx.yaml");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes the folder configtxgen was run in: {@code configtx.yaml}; {@code orderer/msp} and
   * {@code orderer/tls/server.crt}, {@code org1/msp} (copies from the sample); {@code
   * idemixorgN/verifier} and {@code idemixorgN/users/{admin1,user1}} (the generator's).
   */
  static Map<IdemixOrgSpec, IdemixOrgFolders> writeWorkFolder(Path dir) {
    try {
      Files.createDirectories(dir);
      Files.write(dir.resolve("configtx.yaml"), configtxYaml());
      Path ordererOrg = SAMPLE.resolve("ordererOrganizations/example.com");
      copyTree(ordererOrg.resolve("msp"), dir.resolve("orderer/msp"));
      Path tls = dir.resolve("orderer/tls");
      Files.createDirectories(tls);
      Files.copy(ordererOrg.resolve("orderers/orderer.example.com/tls/server.crt"), tls.resolve("server.crt"));
      copyTree(SAMPLE.resolve("peerOrganizations/org1.example.com/msp"), dir.resolve("org1/msp"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<IdemixOrgSpec, IdemixOrgFolders> out = new LinkedHashMap<>();
    for (IdemixOrgSpec spec : List.of(IDEMIX1, IDEMIX2)) {
      out.put(spec, spec.generate().writeTo(dir.resolve(spec.folder())));
    }
    return out;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.sorted().toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  /** An idemix user's signing identity, read from its folder, its randomness seeded by its name. */
  static SigningIdentity idemixSigner(IdemixOrgFolders folders, IdemixOrgSpec org, String user) {
    return IdemixMsps.setup(IdemixMspFolders.read(folders.user(user), org.mspId()), MspVersion.V1_4_3,
        FabricRelease.V2_5_12, DeterministicRandom.fromSeed("msp4j idxchannel signer " + org.mspId() + " " + user))
        .defaultSigningIdentity();
  }

  /** A signing identity of the committed sample (ECDSA with RFC 6979 nonces). */
  static SigningIdentity sampleSigner(String relativeMspDir, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(SAMPLE.resolve(relativeMspDir), mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V1_4_3,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  /**
   * The files of {@code configtxgen/idemix/} that msp4j makes (everything but the blocks, the
   * verdicts and the README), from the work folder {@link #writeWorkFolder} wrote to {@code dir}.
   */
  static Map<String, byte[]> files(Path dir, Map<IdemixOrgSpec, IdemixOrgFolders> orgs) {
    SigningIdentity i1Admin = idemixSigner(orgs.get(IDEMIX1), IDEMIX1, "admin1");
    SigningIdentity i1Member = idemixSigner(orgs.get(IDEMIX1), IDEMIX1, "user1");
    SigningIdentity i2Admin = idemixSigner(orgs.get(IDEMIX2), IDEMIX2, "admin1");
    SigningIdentity i2Member = idemixSigner(orgs.get(IDEMIX2), IDEMIX2, "user1");
    SigningIdentity o1Admin = sampleSigner("peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp", "Org1MSP");
    SigningIdentity o1User = sampleSigner("peerOrganizations/org1.example.com/users/User1@org1.example.com/msp", "Org1MSP");
    SigningIdentity o1Peer = sampleSigner("peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp", "Org1MSP");

    Map<String, byte[]> ids = new LinkedHashMap<>();
    Map<String, byte[]> sigs = new LinkedHashMap<>();
    for (Map.Entry<String, SigningIdentity> e : Map.of(
        "idemix1-admin", i1Admin, "idemix1-member", i1Member, "idemix2-admin", i2Admin,
        "idemix2-member", i2Member, "org1-admin", o1Admin, "org1-user", o1User).entrySet().stream()
        .sorted(Map.Entry.comparingByKey()).toList()) {
      ids.put(e.getKey(), e.getValue().serialize());
      sigs.put(e.getKey(), e.getValue().sign(MESSAGE));
    }
    byte[] member = ids.get("idemix1-member");
    ids.put("idemix1-member-role-admin", withRole(member, MSPRole.MSPRoleType.ADMIN));
    sigs.put("idemix1-member-role-admin", sigs.get("idemix1-member"));
    ids.put("idemix1-member-ou", withOu(member, "idemixorg1.department2"));
    sigs.put("idemix1-member-ou", sigs.get("idemix1-member"));
    ids.put("idemix1-member-mspid-idemix2", withMspId(member, IDEMIX2.mspId()));
    sigs.put("idemix1-member-mspid-idemix2", sigs.get("idemix1-member"));
    ids.put("idemix1-member-proof-flipped", edit(member, b -> {
      byte[] proof = b.getProof().toByteArray();
      proof[proof.length / 2] ^= 0x01;
      return b.setProof(ByteString.copyFrom(proof));
    }));
    sigs.put("idemix1-member-proof-flipped", sigs.get("idemix1-member"));
    // The thief (user1) puts its own pseudonym in the admin's identity and signs as itself.
    byte[] thief = withPseudonymOf(ids.get("idemix1-admin"), member);
    ids.put("idemix1-admin-thief", thief);
    sigs.put("idemix1-admin-thief", sigs.get("idemix1-member"));
    ids.put("org1-user-mspid-idemix1", withMspId(ids.get("org1-user"), IDEMIX1.mspId()));
    sigs.put("org1-user-mspid-idemix1", sigs.get("org1-user"));
    if (!ids.keySet().equals(new java.util.HashSet<>(IDENTITIES))) {
      throw new IllegalStateException("identities made " + ids.keySet() + " differ from " + IDENTITIES);
    }

    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("message.txt", MESSAGE);
    for (String name : IDENTITIES) {
      files.put(name + ".id", ids.get(name));
      files.put(name + ".sig", sigs.get(name));
    }
    Messages m = new Messages();
    Map<String, SigningIdentity> creators = new LinkedHashMap<>();
    creators.put("tx-idemix1-member", i1Member);
    creators.put("tx-idemix2-admin", i2Admin);
    creators.put("tx-idemix1-member-role-admin",
        new Claiming(i1Member, ids.get("idemix1-member-role-admin")));
    creators.put("tx-idemix1-admin-thief", new Claiming(i1Member, thief));
    for (String tx : TRANSACTIONS) {
      SigningIdentity creator = creators.get(tx);
      files.put(tx + ".env",
          Messages.transaction(m.parts(creator, CHANNEL_ID), creator, o1Peer).toByteArray());
    }
    files.put("cases.tsv", cases().getBytes(StandardCharsets.UTF_8));
    return files;
  }

  /** What the Go harness judges: identities, sets, policies and transactions, one a line. */
  static String cases() {
    StringBuilder b = new StringBuilder();
    b.append("# kind\tname: identity NAME (NAME.id, NAME.sig); set ITEM+ITEM (ITEM = NAME or NAME@SIGNAME; none: no signature);"
        + " policy PATH; transaction NAME (NAME.env)\n");
    IDENTITIES.forEach(n -> b.append("identity\t").append(n).append('\n'));
    IDENTITIES.forEach(n -> b.append("set\t").append(n).append('\n'));
    SETS.forEach(s -> b.append("set\t").append(s).append('\n'));
    POLICIES.forEach(p -> b.append("policy\t").append(p).append('\n'));
    TRANSACTIONS.forEach(t -> b.append("transaction\t").append(t).append('\n'));
    return b.toString();
  }

  static List<String> allSets() {
    List<String> all = new ArrayList<>(IDENTITIES);
    all.addAll(SETS);
    return all;
  }

  private static byte[] edit(byte[] serialized, UnaryOperator<SerializedIdemixIdentity.Builder> change) {
    try {
      SerializedIdentity si = SerializedIdentity.parseFrom(serialized);
      SerializedIdemixIdentity inner = SerializedIdemixIdentity.parseFrom(si.getIdBytes());
      return si.toBuilder().setIdBytes(change.apply(inner.toBuilder()).build().toByteString())
          .build().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] withMspId(byte[] serialized, String mspId) {
    try {
      return SerializedIdentity.parseFrom(serialized).toBuilder().setMspid(mspId).build().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] withRole(byte[] serialized, MSPRole.MSPRoleType role) {
    return edit(serialized, b -> {
      try {
        return b.setRole(MSPRole.parseFrom(b.getRole()).toBuilder().setRole(role).build().toByteString());
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static byte[] withOu(byte[] serialized, String ou) {
    return edit(serialized, b -> {
      try {
        return b.setOu(OrganizationUnit.parseFrom(b.getOu()).toBuilder()
            .setOrganizationalUnitIdentifier(ou).build().toByteString());
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  /** {@code victim} with the pseudonym (NymX, NymY) of {@code thief}. */
  private static byte[] withPseudonymOf(byte[] victim, byte[] thief) {
    try {
      SerializedIdemixIdentity t = SerializedIdemixIdentity.parseFrom(
          SerializedIdentity.parseFrom(thief).getIdBytes());
      return edit(victim, b -> b.setNymX(t.getNymX()).setNymY(t.getNymY()));
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A signer that claims another serialized identity than its own (a tampered creator). */
  private record Claiming(SigningIdentity signer, byte[] claimed) implements SigningIdentity {
    @Override
    public byte[] sign(byte[] message) {
      return signer.sign(message);
    }

    @Override
    public byte[] serialize() {
      return claimed.clone();
    }

    @Override
    public Identity publicVersion() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String mspId() {
      return signer.mspId();
    }

    @Override
    public IdentityIdentifier identifier() {
      return signer.identifier();
    }

    @Override
    public void validate() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void satisfies(MSPPrincipal principal) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<OrganizationalUnit> organizationalUnits() {
      return signer.organizationalUnits();
    }

    @Override
    public Instant expiresAt() {
      return signer.expiresAt();
    }

    @Override
    public boolean anonymous() {
      return signer.anonymous();
    }

    @Override
    public CertificateRef certificate() {
      return signer.certificate();
    }

    @Override
    public byte[] certificateDer() {
      return signer.certificateDer();
    }

    @Override
    public void verify(byte[] message, byte[] signature) {
      throw new UnsupportedOperationException();
    }
  }
}

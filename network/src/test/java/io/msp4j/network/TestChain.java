package io.msp4j.network;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.LastConfig;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.OrdererBlockMetadata;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * A channel's chain as an ordering service makes it: a genesis config block, then blocks of
 * transactions and config blocks whose configuration came from config updates signed by the
 * orgs' admins and accepted by the project's update checker, each block chained to the one before
 * (previous header hash, data hash, last-config metadata) and signed by an orderer.
 *
 * <p>The crypto material: an orderer org with two orderers and NodeOUs, two peer orgs; the same
 * tree is also generated with a CRL of the orderer org that revokes {@code orderer2}, for a config
 * update that revokes an orderer.
 */
public final class TestChain {
  public static final String CHANNEL = "mychannel";
  private static final String SPEC = """
      Seed: network-tests
      Now: 2024-06-01T00:00:00Z
      OrdererOrgs:
        - Name: Orderer
          Domain: example.com
          EnableNodeOUs: true
          Specs: [{Hostname: orderer}, {Hostname: orderer2}]%s
      PeerOrgs:
        - Name: Org1
          Domain: org1.example.com
          EnableNodeOUs: true
          Template: {Count: 1}
          Users: {Count: 1}
        - Name: Org2
          Domain: org2.example.com
          EnableNodeOUs: true
          Template: {Count: 1}
          Users: {Count: 1}
      """;

  public final GeneratedTree tree;
  public final GeneratedOrg ordererOrg;
  public final GeneratedOrg org1;
  public final GeneratedOrg org2;
  /** The orderer org's MSP with a CRL revoking orderer2. */
  public final MSPConfig ordererMspRevokingOrderer2;
  public final SigningIdentity orderer;
  public final SigningIdentity orderer2;
  public final SigningIdentity ordererAdmin;
  public final SigningIdentity org1Admin;
  public final SigningIdentity org2Admin;
  public final SigningIdentity org1User;

  private final List<Block> blocks = new ArrayList<>();
  private final List<Config> configs = new ArrayList<>();
  private long lastConfigNumber;
  private final SecureRandom random = new SecureRandom();

  public TestChain(Path dir) {
    this(dir, new String[0]);
  }

  /** A chain whose genesis configuration names these orderer endpoints (the orderer org's {@code Endpoints}). */
  public TestChain(Path dir, String... ordererAddresses) {
    tree = CryptoTree.fromYaml(SPEC.formatted("")).generate(dir.resolve("crypto"));
    GeneratedTree revoking = CryptoTree.fromYaml(SPEC.formatted(
        "\n    CRL: {Revoke: [orderer2.example.com]}")).generate(dir.resolve("crypto-crl"));
    ordererOrg = tree.org("example.com");
    org1 = tree.org("org1.example.com");
    org2 = tree.org("org2.example.com");
    ordererMspRevokingOrderer2 = ConfigFixture.msp(revoking.org("example.com"), "OrdererMSP");
    orderer = signer(ordererOrg.identity("orderer").mspDir(), "OrdererMSP");
    orderer2 = signer(ordererOrg.identity("orderer2").mspDir(), "OrdererMSP");
    ordererAdmin = signer(ordererOrg.admin().mspDir(), "OrdererMSP");
    org1Admin = signer(org1.admin().mspDir(), "Org1MSP");
    org2Admin = signer(org2.admin().mspDir(), "Org2MSP");
    org1User = signer(org1.identity("User1").mspDir(), "Org1MSP");
    Config genesis = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(ordererOrg, "OrdererMSP"))
        .channelCapabilities("V3_0")
        .build();
    if (ordererAddresses.length > 0) {
      genesis = withOrdererEndpoints(genesis, ordererAddresses);
    }
    configs.add(genesis);
    blocks.add(parse(ConfigFixture.block(CHANNEL, genesis)));
  }

  /**
   * The chain most tests follow: 1 three transactions, 2 a config block (batch timeout), 3 two
   * transactions, 4 a config block revoking orderer2, 5 one transaction.
   */
  public static TestChain standard(Path dir) {
    TestChain c = new TestChain(dir);
    c.appendTransactions(3);
    c.appendBatchTimeout("3s");
    c.appendTransactions(2);
    c.appendRevocationOfOrderer2();
    c.appendTransactions(1);
    return c;
  }

  private static Config withOrdererEndpoints(Config c, String... addresses) {
    ConfigGroup channel = c.getChannelGroup();
    ConfigGroup ordererGroup = channel.getGroupsOrThrow("Orderer");
    ConfigGroup ordererOrg = ordererGroup.getGroupsOrThrow("OrdererOrg").toBuilder()
        .putValues("Endpoints", ConfigFixture.value(OrdererAddresses.newBuilder()
            .addAllAddresses(List.of(addresses)).build()))
        .build();
    return c.toBuilder().setChannelGroup(channel.toBuilder().putGroups("Orderer",
        ordererGroup.toBuilder().putGroups("OrdererOrg", ordererOrg).build())).build();
  }

  public static SigningIdentity signer(Path localMsp, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(localMsp, mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  private static Block parse(byte[] b) {
    try {
      return Block.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  public List<Block> blocks() {
    return List.copyOf(blocks);
  }

  public Block block(int n) {
    return blocks.get(n);
  }

  public byte[] genesisBytes() {
    return blocks.get(0).toByteArray();
  }

  public Config config() {
    return configs.get(configs.size() - 1);
  }

  /** Appends a block of {@code count} transactions by Org1's user, signed by {@code signer}. */
  public Block appendTransactions(int count, SigningIdentity signer) {
    List<ByteString> data = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      data.add(transaction(blocks.size() + "/" + i).toByteString());
    }
    return append(data, signer);
  }

  public Block appendTransactions(int count) {
    return appendTransactions(count, orderer);
  }

  private Envelope transaction(String note) {
    ChannelHeader ch = ChannelHeader.newBuilder().setType(HeaderType.ENDORSER_TRANSACTION_VALUE)
        .setChannelId(CHANNEL).setTxId("tx " + note).build();
    SignatureHeader sh = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(org1User.serialize()))
        .setNonce(ByteString.copyFromUtf8(note)).build();
    Payload p = Payload.newBuilder().setHeader(Header.newBuilder()
        .setChannelHeader(ch.toByteString()).setSignatureHeader(sh.toByteString()))
        .setData(ByteString.copyFromUtf8("transaction " + note)).build();
    return Envelope.newBuilder().setPayload(p.toByteString())
        .setSignature(ByteString.copyFrom(org1User.sign(p.toByteArray()))).build();
  }

  /**
   * Appends the config block that {@code updated} yields when proposed as an update signed by
   * {@code admins} and accepted by the update checker, signed by {@code signer}.
   */
  public Block appendConfig(Config updated, SigningIdentity signer, SigningIdentity... admins) {
    Config current = config();
    Envelope update = ConfigUpdates.envelope(ConfigUpdates.compute(current, updated, CHANNEL));
    for (SigningIdentity admin : admins) {
      update = ConfigUpdates.sign(ConfigUpdateRequest.parse(update.toByteArray()), admin, random,
          Clock.systemUTC());
    }
    UpdateReport report = ChannelUpdates.checker(Channel.load(ConfigFixture.block(CHANNEL, current)))
        .verdict(ConfigUpdateRequest.parse(update.toByteArray()));
    if (!report.accepted()) {
      throw new IllegalStateException("the update is refused: " + report.failure().orElseThrow());
    }
    ConfigEnvelope next = report.proposed().orElseThrow();
    configs.add(next.getConfig());
    ChannelHeader ch = ChannelHeader.newBuilder().setType(HeaderType.CONFIG_VALUE)
        .setChannelId(CHANNEL).build();
    SignatureHeader sh = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(signer.serialize()))
        .setNonce(ByteString.copyFromUtf8("config " + blocks.size())).build();
    Payload p = Payload.newBuilder().setHeader(Header.newBuilder()
        .setChannelHeader(ch.toByteString()).setSignatureHeader(sh.toByteString()))
        .setData(next.toByteString()).build();
    Envelope env = Envelope.newBuilder().setPayload(p.toByteString())
        .setSignature(ByteString.copyFrom(signer.sign(p.toByteArray()))).build();
    lastConfigNumber = blocks.size();
    return append(List.of(env.toByteString()), signer);
  }

  /** Appends a config block that revokes orderer2 in the orderer org's MSP. */
  public Block appendRevocationOfOrderer2() {
    Config c = config();
    ConfigGroup channel = c.getChannelGroup();
    ConfigGroup ordererGroup = channel.getGroupsOrThrow("Orderer");
    ConfigGroup org = ordererGroup.getGroupsOrThrow("OrdererOrg");
    ConfigValue msp = org.getValuesOrThrow("MSP").toBuilder()
        .setValue(ordererMspRevokingOrderer2.toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(channel.toBuilder().putGroups("Orderer",
        ordererGroup.toBuilder().putGroups("OrdererOrg", org.toBuilder().putValues("MSP", msp)
            .build()).build())).build();
    return appendConfig(updated, orderer, ordererAdmin);
  }

  /** Appends a config block that sets a channel value the orderer admins control. */
  public Block appendBatchTimeout(String timeout) {
    Config c = config();
    ConfigGroup channel = c.getChannelGroup();
    ConfigGroup ordererGroup = channel.getGroupsOrThrow("Orderer");
    ConfigValue bt = ordererGroup.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(org.hyperledger.fabric.protos.orderer.BatchTimeout.newBuilder()
            .setTimeout(timeout).build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(channel.toBuilder().putGroups("Orderer",
        ordererGroup.toBuilder().putValues("BatchTimeout", bt).build())).build();
    return appendConfig(updated, orderer, ordererAdmin);
  }

  private Block append(List<ByteString> data, SigningIdentity signer) {
    Block b = make(blocks.size(), BlockHashes.headerHash(blocks.get(blocks.size() - 1).getHeader()),
        data, lastConfigNumber, signer);
    blocks.add(b);
    return b;
  }

  /** A block with these parts, signed by {@code signers} over its header as Fabric's orderers sign. */
  public static Block make(long number, byte[] previousHash, List<ByteString> data, long lastConfig,
      SigningIdentity... signers) {
    BlockHeader header = BlockHeader.newBuilder().setNumber(number)
        .setPreviousHash(ByteString.copyFrom(previousHash))
        .setDataHash(ByteString.copyFrom(sha256(data))).build();
    Block unsigned = Block.newBuilder().setHeader(header)
        .setData(BlockData.newBuilder().addAllData(data)).build();
    return sign(unsigned, lastConfig, signers);
  }

  /** The block with its SIGNATURES metadata (OrdererBlockMetadata with the last config index). */
  public static Block sign(Block unsigned, long lastConfig, SigningIdentity... signers) {
    ByteString value = OrdererBlockMetadata.newBuilder()
        .setLastConfig(LastConfig.newBuilder().setIndex(lastConfig)).build().toByteString();
    Metadata.Builder md = Metadata.newBuilder().setValue(value);
    ByteString headerDer = ByteString.copyFrom(BlockHashes.headerBytes(unsigned.getHeader()));
    int i = 0;
    for (SigningIdentity s : signers) {
      ByteString sh = SignatureHeader.newBuilder().setCreator(ByteString.copyFrom(s.serialize()))
          .setNonce(ByteString.copyFromUtf8("block nonce " + i++)).build().toByteString();
      md.addSignatures(MetadataSignature.newBuilder().setSignatureHeader(sh).setSignature(
          ByteString.copyFrom(s.sign(value.concat(sh).concat(headerDer).toByteArray()))));
    }
    return unsigned.toBuilder().setMetadata(BlockMetadata.newBuilder()
        .addMetadata(md.build().toByteString()).addMetadata(ByteString.EMPTY)
        .addMetadata(ByteString.EMPTY).addMetadata(ByteString.EMPTY).addMetadata(ByteString.EMPTY))
        .build();
  }

  static byte[] sha256(List<ByteString> parts) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      parts.forEach(p -> d.update(p.toByteArray()));
      return d.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}

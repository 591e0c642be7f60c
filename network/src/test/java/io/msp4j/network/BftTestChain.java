package io.msp4j.network;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/**
 * A BFT channel's chain as four SmartBFT orderers make it, for tests (DELIVER-BFT-01..05): the
 * crypto material of an orderer org with {@code orderer1..orderer4.example.com} (NodeOUs, TLS
 * certificates also valid for 127.0.0.1 and localhost) and two peer orgs; a genesis config with
 * the V3_0 channel capability, a BFT orderer whose consenter {@code i} is {@code orderer<i>} on
 * 127.0.0.1 at the port given for it, the BlockValidation quorum policy and the orderer org's
 * endpoints; then blocks of transactions and config blocks (consenters removed and added back,
 * each update signed by the orderer admin and accepted by the project's update checker), every
 * block signed by consenters with identifier headers.
 *
 * <p>Ports are known only once servers run, so the crypto comes first: {@code new
 * BftTestChain(dir)}, start a server per {@link #tlsDir(int)}, then {@link #genesis(List)} with
 * their ports ({@link BftNetwork} does all of this).
 */
public final class BftTestChain {
  public static final String CHANNEL = TestChain.CHANNEL;
  public static final String ORDERER_MSP = "OrdererMSP";
  /** How many orderers the crypto holds; consenter {@code i} (1-based) is {@code orderer<i>}. */
  public static final int ORDERERS = 4;
  private static final String SPEC = """
      Seed: bft-network-tests
      Now: 2024-06-01T00:00:00Z
      OrdererOrgs:
        - Name: Orderer
          Domain: example.com
          EnableNodeOUs: true
          Specs:
            - {Hostname: orderer1, SANS: [127.0.0.1, localhost]}
            - {Hostname: orderer2, SANS: [127.0.0.1, localhost]}
            - {Hostname: orderer3, SANS: [127.0.0.1, localhost]}
            - {Hostname: orderer4, SANS: [127.0.0.1, localhost]}
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
  public final SigningIdentity ordererAdmin;
  public final SigningIdentity org1Admin;
  public final SigningIdentity org2Admin;
  public final SigningIdentity org1User;
  private final List<SigningIdentity> orderers = new ArrayList<>();
  /** The port of each consenter, by ID, as given to {@link #genesis}. */
  private final Map<Integer, Integer> ports = new LinkedHashMap<>();
  private final List<Block> blocks = new ArrayList<>();
  private final List<Config> configs = new ArrayList<>();
  /** The consenters in force, by ID. */
  private final SortedMap<Integer, Consenter> consenters = new TreeMap<>();
  private long lastConfigNumber;
  private final SecureRandom random = new SecureRandom();

  /** Generates the crypto material under {@code dir}; the chain starts with {@link #genesis}. */
  public BftTestChain(Path dir) {
    tree = CryptoTree.fromYaml(SPEC).generate(dir.resolve("crypto"));
    ordererOrg = tree.org("example.com");
    org1 = tree.org("org1.example.com");
    org2 = tree.org("org2.example.com");
    for (int id = 1; id <= ORDERERS; id++) {
      orderers.add(TestChain.signer(orderer(id).mspDir(), ORDERER_MSP));
    }
    ordererAdmin = TestChain.signer(ordererOrg.admin().mspDir(), ORDERER_MSP);
    org1Admin = TestChain.signer(org1.admin().mspDir(), "Org1MSP");
    org2Admin = TestChain.signer(org2.admin().mspDir(), "Org2MSP");
    org1User = TestChain.signer(org1.identity("User1").mspDir(), "Org1MSP");
  }

  /** The generated identity of {@code orderer<id>} (1-based). */
  public GeneratedIdentity orderer(int id) {
    return ordererOrg.identity("orderer" + id);
  }

  /** The TLS folder of {@code orderer<id>}: server.crt, server.key, ca.crt. */
  public Path tlsDir(int id) {
    return orderer(id).tlsDir();
  }

  /** The signing identity of consenter {@code id} (its enrollment key). */
  public SigningIdentity signer(int id) {
    return orderers.get(id - 1);
  }

  /**
   * Makes the genesis block: consenter {@code i} listens on 127.0.0.1 at {@code ports.get(i - 1)}.
   *
   * @throws IllegalStateException when the chain has a genesis block already
   */
  public Block genesis(List<Integer> ports) {
    if (!blocks.isEmpty() || ports.size() != ORDERERS) {
      throw new IllegalStateException("genesis takes " + ORDERERS + " ports, once");
    }
    for (int id = 1; id <= ORDERERS; id++) {
      this.ports.put(id, ports.get(id - 1));
      consenters.put(id, consenter(id));
    }
    Config base = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(ordererOrg, ORDERER_MSP))
        .channelCapabilities("V3_0")
        .build();
    Config genesis = bft(base);
    configs.add(genesis);
    Block b;
    try {
      b = Block.parseFrom(ConfigFixture.block(CHANNEL, genesis));
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
    blocks.add(b);
    return b;
  }

  private Consenter consenter(int id) {
    GeneratedIdentity o = orderer(id);
    ByteString tls = read(o.tlsCertFile());
    return Consenter.newBuilder().setId(id).setHost("127.0.0.1").setPort(ports.get(id))
        .setMspId(ORDERER_MSP).setIdentity(read(o.signCertFile()))
        .setClientTlsCert(tls).setServerTlsCert(tls).build();
  }

  private Config bft(Config c) {
    List<String> endpoints = consenters.keySet().stream()
        .map(id -> "127.0.0.1:" + ports.get(id)).toList();
    return BftConfig.withBftOrderer(c, "OrdererOrg", List.copyOf(consenters.values()), endpoints);
  }

  private static ByteString read(Path p) {
    try {
      return ByteString.copyFrom(Files.readAllBytes(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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

  /** The configuration in force after the last block. */
  public Config config() {
    return configs.get(configs.size() - 1);
  }

  /** The IDs of the consenters in force, ascending. */
  public List<Integer> consenterIds() {
    return List.copyOf(consenters.keySet());
  }

  /** The BFT quorum of the consenters in force. */
  public int quorum() {
    return BftConfig.quorum(consenters.size());
  }

  /** The port consenter {@code id} was given at genesis. */
  public int port(int id) {
    return ports.get(id);
  }

  /** Appends a block of {@code count} transactions signed by the first quorum of consenters. */
  public Block appendTransactions(int count) {
    return appendTransactions(count, firstQuorum());
  }

  /** Appends a block of {@code count} transactions signed by the consenters {@code signerIds}. */
  public Block appendTransactions(int count, int... signerIds) {
    List<ByteString> data = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      data.add(transaction(blocks.size() + "/" + i).toByteString());
    }
    return append(data, signerIds);
  }

  private int[] firstQuorum() {
    return consenters.keySet().stream().limit(quorum()).mapToInt(Integer::intValue).toArray();
  }

  /** Appends a config block removing consenter {@code id}: mapping, quorum policy, endpoints. */
  public Block appendConsenterRemoval(int id) {
    int[] signers = firstQuorum();
    if (consenters.remove(id) == null) {
      throw new IllegalArgumentException("consenter " + id + " is not in force");
    }
    return appendConfig(bft(config()), signers);
  }

  /** Appends a config block adding consenter {@code id} back, at its genesis port. */
  public Block appendConsenterAddition(int id) {
    int[] signers = firstQuorum();
    if (consenters.putIfAbsent(id, consenter(id)) != null) {
      throw new IllegalArgumentException("consenter " + id + " is in force already");
    }
    return appendConfig(bft(config()), signers);
  }

  /**
   * Appends the config block that {@code updated} yields when proposed as an update signed by the
   * orderer admin and accepted by the update checker, signed by the first quorum of the consenters
   * in force before it. The caller keeps the consenters known here as they are: use {@link
   * #appendConsenterRemoval} and {@link #appendConsenterAddition} to change them.
   */
  public Block appendConfig(Config updated) {
    return appendConfig(updated, firstQuorum());
  }

  /** As {@link #appendConfig(Config)}, the block signed by the consenters {@code signers}. */
  public Block appendConfig(Config updated, int... signers) {
    Config current = config();
    Envelope update = ConfigUpdates.envelope(ConfigUpdates.compute(current, updated, CHANNEL));
    update = ConfigUpdates.sign(ConfigUpdateRequest.parse(update.toByteArray()), ordererAdmin,
        random, Clock.systemUTC());
    UpdateReport report = ChannelUpdates.checker(Channel.load(ConfigFixture.block(CHANNEL, current)))
        .verdict(ConfigUpdateRequest.parse(update.toByteArray()));
    if (!report.accepted()) {
      throw new IllegalStateException("the update is refused: " + report.failure().orElseThrow());
    }
    ConfigEnvelope next = report.proposed().orElseThrow();
    configs.add(next.getConfig());
    SigningIdentity leader = signer(signers[0]);
    Payload p = payload(HeaderType.CONFIG_VALUE, leader, "config " + blocks.size(),
        next.toByteString());
    Envelope env = Envelope.newBuilder().setPayload(p.toByteString())
        .setSignature(ByteString.copyFrom(leader.sign(p.toByteArray()))).build();
    lastConfigNumber = blocks.size();
    return append(List.of(env.toByteString()), signers);
  }

  private Envelope transaction(String note) {
    Payload p = payload(HeaderType.ENDORSER_TRANSACTION_VALUE, org1User, note,
        ByteString.copyFromUtf8("transaction " + note));
    return Envelope.newBuilder().setPayload(p.toByteString())
        .setSignature(ByteString.copyFrom(org1User.sign(p.toByteArray()))).build();
  }

  private static Payload payload(int type, SigningIdentity creator, String note, ByteString data) {
    ChannelHeader ch = ChannelHeader.newBuilder().setType(type).setChannelId(CHANNEL)
        .setTxId("tx " + note).build();
    SignatureHeader sh = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(creator.serialize()))
        .setNonce(ByteString.copyFromUtf8(note)).build();
    return Payload.newBuilder().setHeader(Header.newBuilder()
        .setChannelHeader(ch.toByteString()).setSignatureHeader(sh.toByteString()))
        .setData(data).build();
  }

  private Block append(List<ByteString> data, int... signerIds) {
    BlockHeader header = BlockHeader.newBuilder().setNumber(blocks.size())
        .setPreviousHash(ByteString.copyFrom(
            BlockHashes.headerHash(blocks.get(blocks.size() - 1).getHeader())))
        .setDataHash(ByteString.copyFrom(TestChain.sha256(data))).build();
    Block unsigned = Block.newBuilder().setHeader(header)
        .setData(BlockData.newBuilder().addAllData(data)).build();
    Block b = sign(unsigned, lastConfigNumber, signerIds);
    blocks.add(b);
    return b;
  }

  /**
   * {@code block} with the five metadata entries, SIGNATURES holding {@code value} (the BFT
   * metadata value) and {@code signatures} as they are: for streams on which each orderer carries
   * its own subset of a block's commit signatures (the header-watch benchmark's).
   */
  public static Block withSignatures(Block block, ByteString value,
      List<MetadataSignature> signatures) {
    return BftSignatures.withSignatures(block, value, signatures);
  }

  /**
   * {@code unsigned} with SIGNATURES metadata made by the consenters {@code ids} as SmartBFT signs
   * (see {@link BftSignatures}); any ID of the crypto may sign, in force or not.
   */
  public Block sign(Block unsigned, long lastConfig, int... ids) {
    ByteString value = BftSignatures.value(lastConfig);
    List<MetadataSignature> sigs = Arrays.stream(ids)
        .mapToObj(id -> BftSignatures.byConsenter(id, signer(id), value, unsigned.getHeader()))
        .toList();
    return BftSignatures.withSignatures(unsigned, value, sigs);
  }
}

package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.check.Messages;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;

/**
 * The inputs of {@link BlockCheckBench}: a channel of two peer orgs and an orderer org, and a block
 * of {@value #TRANSACTIONS} endorser transactions ordered in it, made by the testdata generator and
 * the channel tests' message builders (deterministic: fixed seed, RFC 6979 signatures, counter
 * nonces).
 *
 * <p>Each transaction has its own creator (250 clients per org, Org1's for the first half of the
 * block, Org2's for the second); transaction {@code i} is endorsed by Org1's peer {@code i mod 150}
 * and, when {@code i} is odd, also by Org2's peer {@code i mod 150}. Peers come round again only
 * after 150 transactions, more than the 100 entries of msp4j's and Fabric's MSP caches, so no
 * signer is found in a cache: every one is deserialised, validated and its signature verified
 * (500 creators, 750 endorsements, one orderer signature per block).
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.msp4j.bench.BlockCheckFixture DIR} writes
 * {@code config.block}, the block {@code block.pb}, and three blocks that must fail: {@code
 * tampered.pb} (transaction 10's signature altered, transaction 20 also endorsed by Org2's revoked
 * peer {@code peer150}; the block re-hashed and signed by the orderer), {@code nonorderer.pb} (the
 * block signed by Org1's {@code peer0} instead of the orderer).
 */
public final class BlockCheckFixture {
  static final String CHANNEL = "benchchannel";
  static final int TRANSACTIONS = 500;
  static final int PEERS = 150;
  static final int CLIENTS_PER_ORG = TRANSACTIONS / 2;

  final byte[] configBlock;
  final byte[] block;
  final byte[] tampered;
  final byte[] nonOrderer;

  private BlockCheckFixture(byte[] configBlock, byte[] block, byte[] tampered, byte[] nonOrderer) {
    this.configBlock = configBlock;
    this.block = block;
    this.tampered = tampered;
    this.nonOrderer = nonOrderer;
  }

  /** Generates the channel's crypto material under a temporary directory and builds the blocks. */
  static BlockCheckFixture create() throws IOException {
    Path dir = Files.createTempDirectory("msp4j-bench-block");
    String peerOrg = """
          - Name: Org%1$d
            Domain: org%1$d.example.com
            EnableNodeOUs: true
            Template: {Count: %2$d}
            Users: {Count: %3$d}
        """;
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: BlockCheckBench
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs: [{Hostname: orderer}]
        PeerOrgs:
        """ + peerOrg.formatted(1, PEERS, CLIENTS_PER_ORG) + peerOrg.formatted(2, PEERS + 1, CLIENTS_PER_ORG)
        + "    CRL: {Revoke: [peer" + PEERS + ".org2.example.com]}\n").generate(dir);
    GeneratedOrg orderers = tree.org("example.com");
    GeneratedOrg org1 = tree.org("org1.example.com");
    GeneratedOrg org2 = tree.org("org2.example.com");
    byte[] config = ConfigFixture.block(CHANNEL, ConfigFixture.builder()
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderers, "OrdererMSP"))
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .build());

    SigningIdentity orderer = signer(orderers.identity("orderer"), "OrdererMSP");
    List<SigningIdentity> peers1 = new ArrayList<>();
    List<SigningIdentity> peers2 = new ArrayList<>();
    for (int p = 0; p < PEERS; p++) {
      peers1.add(signer(org1.identity("peer" + p), "Org1MSP"));
      peers2.add(signer(org2.identity("peer" + p), "Org2MSP"));
    }
    SigningIdentity revokedPeer = signer(org2.identity("peer" + PEERS), "Org2MSP");
    Messages messages = new Messages();
    List<ByteString> txs = new ArrayList<>();
    List<ByteString> tamperedTxs = new ArrayList<>();
    for (int i = 0; i < TRANSACTIONS; i++) {
      boolean firstHalf = i < CLIENTS_PER_ORG;
      SigningIdentity creator = firstHalf
          ? signer(org1.identity("User" + (i + 1)), "Org1MSP")
          : signer(org2.identity("User" + (i - CLIENTS_PER_ORG + 1)), "Org2MSP");
      Messages.Parts parts = messages.parts(creator, CHANNEL);
      SigningIdentity[] endorsers = i % 2 == 1
          ? new SigningIdentity[] {peers1.get(i % PEERS), peers2.get(i % PEERS)}
          : new SigningIdentity[] {peers1.get(i % PEERS)};
      Envelope tx = Messages.transaction(parts, creator, endorsers);
      txs.add(tx.toByteString());
      if (i == 10) {
        tx = withAlteredSignature(tx);
      } else if (i == 20) {
        tx = Messages.transaction(parts, creator, peers1.get(i % PEERS), revokedPeer);
      }
      tamperedTxs.add(tx.toByteString());
    }
    Block block = Messages.block(1, txs, orderer);
    Block tampered = Messages.block(1, tamperedTxs, orderer);
    Block nonOrderer = Messages.sign(block, peers1.get(0));
    return new BlockCheckFixture(config, block.toByteArray(), tampered.toByteArray(), nonOrderer.toByteArray());
  }

  /** The envelope with the last byte of its DER signature's S changed. */
  private static Envelope withAlteredSignature(Envelope tx) {
    byte[] sig = tx.getSignature().toByteArray();
    sig[sig.length - 1] ^= 0x01;
    return tx.toBuilder().setSignature(ByteString.copyFrom(sig)).build();
  }

  private static SigningIdentity signer(GeneratedIdentity id, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(id.mspDir(), mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  /** Writes the files to {@code dir}. */
  void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve("config.block"), configBlock);
    Files.write(dir.resolve("block.pb"), block);
    Files.write(dir.resolve("tampered.pb"), tampered);
    Files.write(dir.resolve("nonorderer.pb"), nonOrderer);
  }

  /** Writes the fixture's files to the directory given as the one argument. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: BlockCheckFixture DIR");
      System.exit(3);
    }
    create().write(Path.of(args[0]));
  }
}

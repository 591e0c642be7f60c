package io.msp4j.cli;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.check.Messages;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * The committed sample channel, {@code testdata/sample/channel}, made from the committed sample
 * tree: channel {@code mychannel} of Org1 and Org2 with the orderer org (configtxgen's policies,
 * channel capability V3_0), and two blocks ordered in it. Everything is deterministic (the tree's
 * keys, RFC 6979 signatures, counter nonces, no timestamps), so the files are regenerated
 * byte for byte.
 *
 * <ul>
 *   <li>{@code config.block}: the channel's config block (block 0);
 *   <li>{@code 1.block}: two transactions, by User1 of Org1 endorsed by the peers of both orgs and
 *       by User1 of Org2 endorsed by Org2's peer; signed by the orderer; valid;
 *   <li>{@code 2.block}: a transaction by User1 of Org1 endorsed by Org1's peer, then one created
 *       and signed by User2 of Org2, whom Org2's CRL revokes; signed by the orderer; the second
 *       transaction fails {@code block check}.
 * </ul>
 */
final class SampleChannel {
  static final String CHANNEL = "mychannel";

  private final Path sample;

  /** The channel of the sample tree at {@code sample} (the {@code testdata/sample} folder). */
  SampleChannel(Path sample) {
    this.sample = sample;
  }

  /** The files of the sample channel, by name, in order. */
  Map<String, byte[]> files() {
    byte[] config = ConfigFixture.block(CHANNEL, ConfigFixture.builder()
        .ordererOrg("OrdererOrg", verifying("ordererOrganizations/example.com/msp", "OrdererMSP"))
        .applicationOrg("Org1", verifying("peerOrganizations/org1.example.com/msp", "Org1MSP"))
        .applicationOrg("Org2", verifying("peerOrganizations/org2.example.com/msp", "Org2MSP"))
        .build());
    SigningIdentity orderer = signer("ordererOrganizations/example.com/orderers/orderer.example.com", "OrdererMSP");
    SigningIdentity peer1 = signer("peerOrganizations/org1.example.com/peers/peer0.org1.example.com", "Org1MSP");
    SigningIdentity peer2 = signer("peerOrganizations/org2.example.com/peers/peer0.org2.example.com", "Org2MSP");
    SigningIdentity user1 = signer("peerOrganizations/org1.example.com/users/User1@org1.example.com", "Org1MSP");
    SigningIdentity org2User1 = signer("peerOrganizations/org2.example.com/users/User1@org2.example.com", "Org2MSP");
    SigningIdentity revokedUser = signer("peerOrganizations/org2.example.com/users/User2@org2.example.com", "Org2MSP");

    Messages m = new Messages();
    Envelope a = Messages.transaction(m.parts(user1, CHANNEL), user1, peer1, peer2);
    Envelope b = Messages.transaction(m.parts(org2User1, CHANNEL), org2User1, peer2);
    Envelope c = Messages.transaction(m.parts(user1, CHANNEL), user1, peer1);
    Envelope d = Messages.transaction(m.parts(revokedUser, CHANNEL), revokedUser, peer2);

    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("config.block", config);
    files.put("1.block", Messages.block(1, List.of(a.toByteString(), b.toByteString()), orderer).toByteArray());
    files.put("2.block", Messages.block(2, List.of(c.toByteString(), d.toByteString()), orderer).toByteArray());
    return files;
  }

  /** Writes the files into {@code dir}. */
  void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, byte[]> f : files().entrySet()) {
      Files.write(dir.resolve(f.getKey()), f.getValue());
    }
  }

  private MSPConfig verifying(String mspDir, String mspId) {
    return MspFolders.readVerifying(sample.resolve(mspDir), mspId).mspConfig();
  }

  private SigningIdentity signer(String node, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(sample.resolve(node).resolve("msp"), mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }
}

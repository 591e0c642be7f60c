package io.msp4j.channel;

import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** Three cryptogen-style orgs (two peer orgs, one orderer org, NodeOUs on) and their MSP values. */
public final class TestOrgs {
  public final GeneratedOrg org1;
  public final GeneratedOrg org2;
  public final GeneratedOrg orderer;
  public final MSPConfig org1Msp;
  public final MSPConfig org2Msp;
  public final MSPConfig ordererMsp;

  public TestOrgs(Path dir) {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: channel-tests
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs: [{Hostname: orderer}]
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
        """).generate(dir);
    org1 = tree.org("org1.example.com");
    org2 = tree.org("org2.example.com");
    orderer = tree.org("example.com");
    org1Msp = ConfigFixture.msp(org1, "Org1MSP");
    org2Msp = ConfigFixture.msp(org2, "Org2MSP");
    ordererMsp = ConfigFixture.msp(orderer, "OrdererMSP");
  }

  /** Org1 and Org2 as application orgs, the orderer org, channel capability V3_0. */
  public ConfigFixture.Builder standard() {
    return ConfigFixture.builder()
        .applicationOrg("Org1", org1Msp)
        .applicationOrg("Org2", org2Msp)
        .ordererOrg("OrdererOrg", ordererMsp);
  }
}

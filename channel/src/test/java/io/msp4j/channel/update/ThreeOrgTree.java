package io.msp4j.channel.update;

import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Path;

/**
 * The cryptogen-style tree of the update tests: an orderer org and three peer orgs with one peer
 * and one user each. Org1 is plain, Org2 issues through an intermediate CA, Org3 has NodeOUs off.
 */
final class ThreeOrgTree {
  private ThreeOrgTree() {}

  /** The tree generated under {@code dir}, its keys and serials drawn from {@code seed}. */
  static GeneratedTree generate(String seed, Path dir) {
    return CryptoTree.fromYaml("""
        Seed: %s
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs:
              - Hostname: orderer
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 1}
            Users: {Count: 1}
          - Name: Org2
            Domain: org2.example.com
            EnableNodeOUs: true
            CA:
              Intermediates:
                - Hostname: ica
            Template: {Count: 1}
            Users: {Count: 1}
          - Name: Org3
            Domain: org3.example.com
            EnableNodeOUs: false
            Template: {Count: 1}
            Users: {Count: 1}
        """.formatted(seed)).generate(dir);
  }
}

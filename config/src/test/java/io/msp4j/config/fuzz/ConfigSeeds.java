package io.msp4j.config.fuzz;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HexFormat;

/**
 * Writes the seed inputs of the config module's fuzz targets (run from the module folder with the
 * test class path: {@code io.msp4j.config.fuzz.ConfigSeeds src/test/resources}): config.yaml as
 * cryptogen and fabric-ca write it and with YAML's anchors and merges, a configtx.yaml in the
 * shape configtxgen reads, and mspconfig folders built by the testdata generator.
 */
public final class ConfigSeeds {
  private ConfigSeeds() {}

  static final String CONFIGTX = """
      Organizations:
        - &Org1
          Name: Org1MSP
          ID: Org1MSP
          MSPDir: crypto/org1/msp
          Policies: &Org1Policies
            Readers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
            Writers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
            Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}
            Endorsement: {Type: Signature, Rule: "OR('Org1MSP.peer')"}
          AnchorPeers:
            - Host: peer0.org1.example.com
              Port: 7051
      Capabilities:
        Channel: &ChannelCapabilities {V3_0: true}
        Application: &ApplicationCapabilities {V2_5: true}
      Application: &ApplicationDefaults
        Organizations:
        Policies:
          Readers: {Type: ImplicitMeta, Rule: "ANY Readers"}
          Writers: {Type: ImplicitMeta, Rule: "ANY Writers"}
          Admins: {Type: ImplicitMeta, Rule: "MAJORITY Admins"}
        Capabilities:
          <<: *ApplicationCapabilities
      Orderer: &OrdererDefaults
        OrdererType: etcdraft
        Addresses: [orderer.example.com:7050]
        BatchTimeout: 2s
        BatchSize: {MaxMessageCount: 10, AbsoluteMaxBytes: 99 MB, PreferredMaxBytes: 512 KB}
        Organizations:
        Policies:
          Readers: {Type: ImplicitMeta, Rule: "ANY Readers"}
          Writers: {Type: ImplicitMeta, Rule: "ANY Writers"}
          Admins: {Type: ImplicitMeta, Rule: "MAJORITY Admins"}
          BlockValidation: {Type: ImplicitMeta, Rule: "ANY Writers"}
      Profiles:
        OneOrg:
          Policies:
            Readers: {Type: ImplicitMeta, Rule: "ANY Readers"}
            Writers: {Type: ImplicitMeta, Rule: "ANY Writers"}
            Admins: {Type: ImplicitMeta, Rule: "MAJORITY Admins"}
          Capabilities: *ChannelCapabilities
          Application:
            <<: *ApplicationDefaults
            Organizations: [*Org1]
      """;

  public static void main(String[] args) throws IOException {
    Path base = Paths.get(args.length > 0 ? args[0] : "src/test/resources").resolve("io/msp4j/config/fuzz");
    Path cy = base.resolve("YamlFuzzTestInputs/configYamlReadsBackWhatItYields");
    write(cy, "cryptogen", ConfigYaml.cryptogenNodeOus("cacerts/ca.org1.example.com-cert.pem").toYaml());
    write(cy, "ou-identifiers", """
        OrganizationalUnitIdentifiers:
          - Certificate: "cacerts/cacert.pem"
            OrganizationalUnitIdentifier: "COP"
        NodeOUs:
          Enable: false
          ClientOUIdentifier: {OrganizationalUnitIdentifier: OU_client}
        """);
    write(cy, "anchors", """
        base: &b {Certificate: cacerts/ca.pem, OrganizationalUnitIdentifier: peer}
        NodeOUs:
          Enable: yes
          PeerOUIdentifier: *b
          ClientOUIdentifier:
            <<: *b
            OrganizationalUnitIdentifier: client
        """);
    write(cy, "alias-bomb", """
        a: &a [x, x, x, x, x, x, x, x, x]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        NodeOUs: {Enable: true, ClientOUIdentifier: {OrganizationalUnitIdentifier: "c"}}
        """);
    write(cy, "null-entry", "OrganizationalUnitIdentifiers:\n  -\n");

    Path ctx = base.resolve("YamlFuzzTestInputs/configtxYamlFailsOnlyWithConfigtxException");
    write(ctx, "one-org", CONFIGTX);
    write(ctx, "org-only", CONFIGTX.substring(0, CONFIGTX.indexOf("Capabilities:")));

    TestPki pki = TestPki.seeded("config-fuzz");
    IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    IssuedCertificate ica = pki.intermediateCa("C=US,O=org1.example.com,CN=ica.org1.example.com", root);
    IssuedCertificate admin = pki.leaf("C=US,O=org1.example.com,OU=admin,CN=Admin@org1.example.com", ica);
    IssuedCertificate peer = pki.leaf("C=US,O=org1.example.com,OU=peer,CN=peer0.org1.example.com", ica);
    String nodeOus = ConfigYaml.cryptogenNodeOus("intermediatecerts/ica.pem").toYaml();
    ByteArrayOutputStream folder = new ByteArrayOutputStream();
    folder.writeBytes(FolderArchive.record(0, "ca.pem", ascii(root.pem())));
    folder.writeBytes(FolderArchive.record(1, "ica.pem", ascii(ica.pem())));
    folder.writeBytes(FolderArchive.record(2, "admin.pem", ascii(admin.pem())));
    folder.writeBytes(FolderArchive.record(3, "crl.pem", ascii(pki.crl(ica).build().pem())));
    folder.writeBytes(FolderArchive.record(4, "tlsca.pem", ascii(root.pem())));
    folder.writeBytes(FolderArchive.record(6, "peer.pem", ascii(peer.pem())));
    folder.writeBytes(FolderArchive.record(7, HexFormat.of().formatHex(peer.fabricSki()) + "_sk", ascii(peer.pkcs8Pem())));
    folder.writeBytes(FolderArchive.record(8, "config.yaml", ascii(nodeOus)));
    Path ff = base.resolve("FolderFuzzTestInputs/folderReadingFailsOnlyWithOurExceptions");
    Files.createDirectories(ff);
    Files.write(ff.resolve("org-with-nodeous"), folder.toByteArray());
    Files.write(ff.resolve("link-outside"), concat(FolderArchive.record(0, "ca.pem", ascii(root.pem())),
        FolderArchive.record(0x80 | 2, "admin.pem", new byte[0])));
    Files.write(ff.resolve("config-yaml-ou"), concat(FolderArchive.record(0, "ca.pem", ascii(root.pem())),
        FolderArchive.record(8, "config.yaml", ascii("OrganizationalUnitIdentifiers:\n  - Certificate: cacerts/ca.pem\n    OrganizationalUnitIdentifier: COP\n"))));
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static void write(Path dir, String name, String content) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(name), content);
  }
}

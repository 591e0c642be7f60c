package io.msp4j.config;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeystoreNaming;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;

/**
 * The situations of Fabric's own MSP test folders (spec section 12, FIX-01 to FIX-32), rebuilt
 * with the testdata generator. Each method describes one {@code mspconfig} folder, in the layout
 * and with the config.yaml of the situation, plus the certificates worth presenting to the MSP
 * set up from it. Certificates are ECDSA P-256 and deterministic (one seed per fixture); only the
 * shape of each situation is taken over, never a file.
 */
final class FabricFixtures {

  /** The MSP ID Fabric's tests use for every fixture. */
  static final String MSP_ID = "SampleOrg";

  private static final String SF = "C=US,ST=California,L=San Francisco,";
  private static final String PASSKIT_ROOT = "C=US,ST=Delaware,L=Wilmington,O=PassKit\\, Inc.,CN=PassKit\\, Inc. Root CA";
  private static final String PASSKIT_HK = "C=HK,ST=Central & Western District,L=Sheung Wan,O=PassKit\\, Inc.,"
      + "OU=Hyperledger Testing,";

  private FabricFixtures() {}

  /**
   * One rebuilt fixture: the folder and named certificates (the signer is {@code "signer"}).
   *
   * @param id the spec row, such as {@code FIX-07}, also the folder name when written
   */
  record Fixture(String id, MspFolder folder, Map<String, IssuedCertificate> certs) {
    Fixture {
      Objects.requireNonNull(id);
      Objects.requireNonNull(folder);
      certs = Collections.unmodifiableMap(new LinkedHashMap<>(certs));
    }

    /** Writes the folder as {@code parent/<id>} and returns that path. */
    Path writeTo(Path parent) {
      return folder.writeTo(parent.resolve(id));
    }

    /** A named certificate of the fixture. */
    IssuedCertificate cert(String name) {
      IssuedCertificate c = certs.get(name);
      if (c == null) {
        throw new IllegalArgumentException(id + " has no certificate named " + name + " (has " + certs.keySet() + ")");
      }
      return c;
    }
  }

  /** Every fixture, in spec order (FIX-29 also in its CRL-signature variant). */
  static List<Supplier<Fixture>> all() {
    return List.of(
        FabricFixtures::fix01SampleConfig, FabricFixtures::fix02BadAdmin, FabricFixtures::fix03BadConfigOu,
        FabricFixtures::fix04BadConfigOuCert, FabricFixtures::fix05Expiration, FabricFixtures::fix06Expired,
        FabricFixtures::fix07External, FabricFixtures::fix08Intermediate, FabricFixtures::fix09Intermediate2,
        FabricFixtures::fix10MspId, FabricFixtures::fix11NodeOuAdmin, FabricFixtures::fix12NodeOuAdmin2,
        FabricFixtures::fix13NodeOuAdmin3, FabricFixtures::fix14NodeOuAdminClient,
        FabricFixtures::fix15NodeOuAdminClient2, FabricFixtures::fix16NodeOuOrderer,
        FabricFixtures::fix17NodeOuOrderer2, FabricFixtures::fix18NodeOuOrderer3, FabricFixtures::fix19NodeOus1,
        FabricFixtures::fix20NodeOus2, FabricFixtures::fix21NodeOus3, FabricFixtures::fix22NodeOus4,
        FabricFixtures::fix23NodeOus5, FabricFixtures::fix24NodeOus6, FabricFixtures::fix25NodeOus7,
        FabricFixtures::fix26NodeOus8, FabricFixtures::fix27NodeOusBadConf1, FabricFixtures::fix28NodeOusBadConf2,
        () -> fix29Revocation(false), () -> fix29Revocation(true), FabricFixtures::fix30Revocation2,
        FabricFixtures::fix31RevokedIca, FabricFixtures::fix32Tls);
  }

  // ------------------------------------------------------------------------------------------
  // FIX-01..10: OU identifiers, admins, expiry, intermediates, sanitisation

  /** FIX-01: the development MSP; OU COP bound to the root, NodeOUs disabled, TLS root + intermediate. */
  static Fixture fix01SampleConfig() {
    TestPki pki = TestPki.seeded("FIX-01");
    IssuedCertificate root = pki.rootCa(SF + "O=org1.example.com,OU=COP,CN=ca.org1.example.com");
    IssuedCertificate peer = pki.leaf(SF + "OU=COP,CN=peer0.org1.example.com", root);
    IssuedCertificate tlsRoot = pki.rootCa(SF + "O=Org2,CN=Org2");
    IssuedCertificate tlsIntermediate = pki.intermediateCa(SF + "O=Org2-child1,CN=Org2-child1", tlsRoot);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admincert.pem", peer)
        .signCert("peer.pem", peer)
        .tlsCaCert("tlsroot.pem", tlsRoot)
        .tlsIntermediateCert("tlsintermediate.pem", tlsIntermediate)
        .configYaml(ConfigYaml.builder()
            .ouIdentifier("cacerts/cacert.pem", "COP")
            .nodeOus(false)
            .clientOu(null, "OU_client")
            .peerOu(null, "OU_peer")
            .adminOu(null, "OU_admin")
            .ordererOu(null, "OU_orderer")
            .build())
        .build();
    return new Fixture("FIX-01", folder, certs("signer", peer, "root", root, "tlsroot", tlsRoot,
        "tlsintermediate", tlsIntermediate));
  }

  /** FIX-02: OU COP1 bound to the root (listed twice in cacerts); one admin has only COP2. */
  static Fixture fix02BadAdmin() {
    TestPki pki = TestPki.seeded("FIX-02");
    IssuedCertificate root = pki.rootCa("O=COP,OU=COP,CN=CA");
    IssuedCertificate cop1 = pki.leaf("O=COP,OU=COP,OU=COP1,CN=COP1", root);
    IssuedCertificate cop2 = pki.leaf("O=COP,OU=COP,OU=COP2,CN=COP2", root);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert-COP.pem", root)
        .caCert("cacert.pem", root)
        .adminCert("cert-COP1.pem", cop1)
        .adminCert("cert-COP2.pem", cop2)
        .signCert("cert-COP1.pem", cop1)
        .configYaml(ConfigYaml.builder().ouIdentifier("cacerts/cacert.pem", "COP1").build())
        .build();
    return new Fixture("FIX-02", folder, certs("signer", cop1, "admin2", cop2, "root", root));
  }

  /** FIX-03: OU COP1 bound to the root; the admin has COP1, the signer only COP2. */
  static Fixture fix03BadConfigOu() {
    TestPki pki = TestPki.seeded("FIX-03");
    IssuedCertificate root = pki.rootCa("O=COP,OU=COP,CN=CA");
    IssuedCertificate admin = pki.leaf("O=COP,OU=COP,OU=COP1,CN=COP1", root);
    IssuedCertificate peer = pki.leaf("O=COP,OU=COP,OU=COP2,CN=COP2", root);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admincert.pem", admin)
        .signCert("peer.pem", peer)
        .configYaml(ConfigYaml.builder().ouIdentifier("cacerts/cacert.pem", "COP1").build())
        .build();
    return new Fixture("FIX-03", folder, certs("signer", peer, "admin", admin));
  }

  /** FIX-04: the OU identifier names the signer's certificate, which is no CA of the MSP. */
  static Fixture fix04BadConfigOuCert() {
    TestPki pki = TestPki.seeded("FIX-04");
    IssuedCertificate root = pki.rootCa(SF + "O=org1.example.com,OU=COP,CN=ca.org1.example.com");
    IssuedCertificate peer = pki.leaf(SF + "OU=COP,CN=peer0.org1.example.com", root);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admincert.pem", peer)
        .signCert("peer.pem", peer)
        .configYaml(ConfigYaml.builder().ouIdentifier("signcerts/peer.pem", "COP").build())
        .build();
    return new Fixture("FIX-04", folder, certs("signer", peer));
  }

  /** The notAfter of the FIX-05 signer. */
  static final Instant FIX05_NOT_AFTER = Instant.parse("2027-08-17T12:19:48Z");

  /** FIX-05: a signer valid until {@link #FIX05_NOT_AFTER}; key file named by its SKI. */
  static Fixture fix05Expiration() {
    TestPki pki = TestPki.seeded("FIX-05");
    Instant from = Instant.parse("2017-08-19T12:19:48Z");
    IssuedCertificate root = pki.certificate().subject(SF + "O=hrl.ibm.il,CN=ca.hrl.ibm.il")
        .validity(from, FIX05_NOT_AFTER).ca().build();
    IssuedCertificate user = pki.certificate().subject(SF + "CN=User1@hrl.ibm.il").issuer(root)
        .validity(from, FIX05_NOT_AFTER).build();
    MspFolder folder = MspFolder.builder()
        .caCert("ca.pem", root)
        .adminCert("User1.pem", user)
        .keystoreNaming(KeystoreNaming.SKI_SK)
        .signCert("cert.pem", user)
        .build();
    return new Fixture("FIX-05", folder, certs("signer", user));
  }

  /** FIX-06: CA, admin and signer all valid only for five minutes in 1989. */
  static Fixture fix06Expired() {
    TestPki pki = TestPki.seeded("FIX-06");
    Instant from = Instant.parse("1989-12-15T07:55:00Z");
    Instant to = Instant.parse("1989-12-15T08:00:00Z");
    IssuedCertificate root = pki.certificate().subject(SF + "O=org1.example.com,CN=ca.org1.example.com")
        .validity(from, to).ca().build();
    IssuedCertificate admin = pki.certificate().subject(SF + "CN=Admin@org1.example.com").issuer(root)
        .validity(from, to).build();
    IssuedCertificate peer = pki.certificate().subject(SF + "CN=peer0.org1.example.com").issuer(root)
        .validity(from, to).build();
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admincert-expired.pem", admin)
        .signCert("peer-expired.pem", peer)
        .build();
    return new Fixture("FIX-06", folder, certs("signer", peer, "admin", admin));
  }

  /**
   * FIX-07: a root and an intermediate in the style of hand-made OpenSSL CAs (20-byte SKIs, a
   * self-signed root with an AKI, a leaf whose key usage is only keyCertSign); OU bound to the
   * intermediate; the signer (also the admin) issued by the intermediate.
   */
  static Fixture fix07External() {
    TestPki pki = TestPki.seeded("FIX-07");
    KeyPair rootKey = pki.keyPair(KeyAlgorithm.EC_P256);
    byte[] rootSki = sha1Ski(rootKey.getPublic());
    IssuedCertificate root = pki.certificate().subject(PASSKIT_ROOT).keyPair(rootKey)
        .ca().subjectKeyId(rootSki).authorityKeyId(rootSki)
        .keyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
        .validity(Instant.parse("2017-05-21T05:07:57Z"), Instant.parse("2047-05-21T05:07:57Z"))
        .build();
    IssuedCertificate ica = pki.certificate()
        .subject(PASSKIT_HK + "CN=PassKit\\, inc. Hyperledger Testing Intermediate CA")
        .issuer(root).ca().subjectKeyIdRfc5280().keyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
        .validity(Instant.parse("2017-05-21T05:13:18Z"), Instant.parse("2037-05-21T05:13:18Z"))
        .build();
    IssuedCertificate user = pki.certificate().subject(PASSKIT_HK + "CN=Testing/Admin").issuer(ica)
        .basicConstraints(false, null, false).subjectKeyIdRfc5280().keyUsage(KeyUsage.keyCertSign)
        .validity(Instant.parse("2017-05-21T05:33:22Z"), Instant.parse("2049-05-21T05:33:22Z"))
        .build();
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .intermediateCert("intermediatecert.pem", ica)
        .adminCert("admin.pem", user)
        .signCert("cert.pem", user)
        .configYaml(ConfigYaml.builder()
            .ouIdentifier("intermediatecerts/intermediatecert.pem", "Hyperledger Testing").build())
        .build();
    return new Fixture("FIX-07", folder, certs("signer", user, "root", root, "intermediate", ica));
  }

  /** FIX-08: root, intermediate ica1, and the signer (also the admin) below ica1. */
  static Fixture fix08Intermediate() {
    return intermediateTree("FIX-08", false);
  }

  /** FIX-09: FIX-08 plus user2, issued directly by the root (an internal node of the tree). */
  static Fixture fix09Intermediate2() {
    return intermediateTree("FIX-09", true);
  }

  private static Fixture intermediateTree(String id, boolean withUser2) {
    TestPki pki = TestPki.seeded(id);
    IssuedCertificate root = pki.rootCa(SF + "O=org,CN=ca");
    IssuedCertificate ica = pki.intermediateCa(SF + "CN=ica1", root);
    IssuedCertificate user1 = pki.certificate().subject(SF + "CN=user1").issuer(ica)
        .keyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment, true)
        .extendedKeyUsage(KeyPurposeId.id_kp_serverAuth).build();
    MspFolder.Builder b = MspFolder.builder()
        .caCert("cacert.pem", root)
        .intermediateCert("intermediatecert.pem", ica)
        .adminCert("admin.pem", user1)
        .signCert("signcert.pem", user1);
    Map<String, IssuedCertificate> certs = certs("signer", user1, "root", root, "intermediate", ica);
    if (withUser2) {
      IssuedCertificate user2 = pki.leaf(SF + "CN=user2", root);
      b.text("users/user2-cert.pem", user2.pem());
      certs.put("user2", user2);
    }
    return new Fixture(id, b.build(), certs);
  }

  /** FIX-10: root CA and signer (also the admin) both carry high-S ECDSA signatures. */
  static Fixture fix10MspId() {
    TestPki pki = TestPki.seeded("FIX-10");
    IssuedCertificate root = pki.certificate().subject(SF + "O=example.com,CN=ca.example.com").ca()
        .mangleSignature(SignatureMangling.highS()).build();
    IssuedCertificate tlsRoot = pki.certificate().subject(SF + "O=example.com,CN=ca.example.com").ca()
        .mangleSignature(SignatureMangling.highS()).build();
    IssuedCertificate peer = pki.certificate().subject(SF + "CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.highS()).build();
    MspFolder folder = MspFolder.builder()
        .caCert("ca.example.com-cert.pem", root)
        .adminCert("peer0-cert.pem", peer)
        .keystoreNaming(KeystoreNaming.SKI_SK)
        .signCert("peer0-cert.pem", peer)
        .tlsCaCert("ca.example.com-cert.pem", tlsRoot)
        .build();
    return new Fixture("FIX-10", folder, certs("signer", peer, "root", root));
  }

  // ------------------------------------------------------------------------------------------
  // FIX-11..18: NodeOUs at v1.4.3 (admin and orderer OUs)

  private static final String ORG1_CA = SF + "O=org1.example.com,CN=ca.org1.example.com";
  private static final String ORG1_CA_FILE = "cacerts/ca.org1.example.com-cert.pem";
  private static final String EXAMPLE_CA_FILE = "cacerts/ca.example.com-cert.pem";

  /** A cryptogen-like org1 folder: no admincerts, the admin under {@code adm/}, signer OU peer. */
  private static Fixture org1AdmFolder(String id, ConfigYaml config) {
    TestPki pki = TestPki.seeded(id);
    IssuedCertificate root = pki.rootCa(ORG1_CA);
    IssuedCertificate tlsRoot = pki.rootCa(SF + "O=org1.example.com,CN=tlsca.org1.example.com");
    IssuedCertificate admin = pki.leaf(SF + "OU=admin,CN=Admin@org1.example.com", root);
    IssuedCertificate peer = pki.leaf(SF + "OU=peer,CN=peer0.org1.example.com", root);
    MspFolder folder = MspFolder.builder()
        .caCert("ca.org1.example.com-cert.pem", root)
        .text("adm/testadmincert.pem", admin.pem())
        .keystoreNaming(KeystoreNaming.SKI_SK)
        .signCert("peer0.org1.example.com-cert.pem", peer)
        .tlsCaCert("tlsca.org1.example.com-cert.pem", tlsRoot)
        .configYaml(config)
        .build();
    return new Fixture(id, folder, certs("signer", peer, "admin", admin, "root", root));
  }

  /** FIX-11: four NodeOUs (the orderer OU bound to a missing file), admin only by its admin OU. */
  static Fixture fix11NodeOuAdmin() {
    return org1AdmFolder("FIX-11", ConfigYaml.builder().nodeOus(true)
        .clientOu(ORG1_CA_FILE, "client").peerOu(ORG1_CA_FILE, "peer").adminOu(ORG1_CA_FILE, "admin")
        .ordererOu(EXAMPLE_CA_FILE, "orderer").build());
  }

  /** FIX-12: the AdminOUIdentifier has an empty OU string; no admins. */
  static Fixture fix12NodeOuAdmin2() {
    return org1AdmFolder("FIX-12", ConfigYaml.builder().nodeOus(true)
        .clientOu(ORG1_CA_FILE, "client").peerOu(ORG1_CA_FILE, "peer").adminOu(ORG1_CA_FILE, "")
        .ordererOu(EXAMPLE_CA_FILE, "orderer").build());
  }

  /** FIX-13: no AdminOUIdentifier; no admins. */
  static Fixture fix13NodeOuAdmin3() {
    return org1AdmFolder("FIX-13", ConfigYaml.builder().nodeOus(true)
        .clientOu(ORG1_CA_FILE, "client").peerOu(ORG1_CA_FILE, "peer")
        .ordererOu(EXAMPLE_CA_FILE, "orderer").build());
  }

  /** An example.com orderer folder: admincert with OU client, signer with OU orderer. */
  private static Fixture ordererFolder(String id, String adminFile, ConfigYaml config) {
    TestPki pki = TestPki.seeded(id);
    IssuedCertificate root = pki.rootCa(SF + "O=example.com,CN=ca.example.com");
    IssuedCertificate tlsRoot = pki.rootCa(SF + "O=example.com,CN=tlsca.example.com");
    IssuedCertificate admin = pki.leaf(SF + "OU=client,CN=Admin@example.com", root);
    IssuedCertificate orderer = pki.leaf(SF + "OU=orderer,CN=orderer.example.com", root);
    MspFolder folder = MspFolder.builder()
        .caCert("ca.example.com-cert.pem", root)
        .adminCert(adminFile, admin)
        .signCert("orderer.example.com-cert.pem", orderer)
        .tlsCaCert("tlsca.example.com-cert.pem", tlsRoot)
        .configYaml(config)
        .build();
    return new Fixture(id, folder, certs("signer", orderer, "admin", admin, "root", root));
  }

  private static ConfigYaml.Builder fourNodeOus(String caFile) {
    return ConfigYaml.builder().nodeOus(true)
        .clientOu(caFile, "client").peerOu(caFile, "peer").adminOu(caFile, "admin").ordererOu(caFile, "orderer");
  }

  /** FIX-14: four NodeOUs; the admincert carries OU client, not admin. */
  static Fixture fix14NodeOuAdminClient() {
    return ordererFolder("FIX-14", "admin.pem", fourNodeOus(EXAMPLE_CA_FILE).build());
  }

  /** FIX-15: only client and peer NodeOUs; the signer carries OU orderer. */
  static Fixture fix15NodeOuAdminClient2() {
    return ordererFolder("FIX-15", "admin.pem", ConfigYaml.builder().nodeOus(true)
        .clientOu(EXAMPLE_CA_FILE, "client").peerOu(EXAMPLE_CA_FILE, "peer").build());
  }

  /** FIX-16: four NodeOUs; the signer carries OU orderer. */
  static Fixture fix16NodeOuOrderer() {
    return ordererFolder("FIX-16", "Admin@example.com-cert.pem", fourNodeOus(EXAMPLE_CA_FILE).build());
  }

  /**
   * FIX-17: the OrdererOUIdentifier has an empty OU string; every NodeOU certificate path names a
   * file the folder does not have (silently ignored); signer OU peer.
   */
  static Fixture fix17NodeOuOrderer2() {
    return org1AdmFolder("FIX-17", ConfigYaml.builder().nodeOus(true)
        .clientOu(EXAMPLE_CA_FILE, "client").peerOu(EXAMPLE_CA_FILE, "peer").adminOu(EXAMPLE_CA_FILE, "admin")
        .ordererOu(EXAMPLE_CA_FILE, "").build());
  }

  /** FIX-18: no OrdererOUIdentifier; NodeOU certificate paths missing as in FIX-17; signer OU peer. */
  static Fixture fix18NodeOuOrderer3() {
    return org1AdmFolder("FIX-18", ConfigYaml.builder().nodeOus(true)
        .clientOu(EXAMPLE_CA_FILE, "client").peerOu(EXAMPLE_CA_FILE, "peer").adminOu(EXAMPLE_CA_FILE, "admin")
        .build());
  }

  // ------------------------------------------------------------------------------------------
  // FIX-19..28: NodeOUs at v1.1 / v1.3 (client and peer) and bad NodeOU configurations

  /** NodeOUs client OU_client and peer OU_peer without certificates. */
  private static ConfigYaml.Builder clientPeerOus() {
    return ConfigYaml.builder().nodeOus(true).clientOu(null, "OU_client").peerOu(null, "OU_peer");
  }

  /** An example.com folder: admincert {@code adminOu}, signer {@code signerOu} (null: no OU). */
  private static Fixture exampleFolder(String id, String adminOu, String signerOu, ConfigYaml config) {
    TestPki pki = TestPki.seeded(id);
    IssuedCertificate root = pki.rootCa(SF + "O=example.com,CN=ca.example.com");
    IssuedCertificate admin = pki.leaf(SF + "OU=" + adminOu + ",CN=peer0", root);
    IssuedCertificate peer = pki.leaf(SF + (signerOu == null ? "" : "OU=" + signerOu + ",") + "CN=peer0", root);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("peer0-cert.pem", admin)
        .signCert("peer0-cert.pem", peer)
        .tlsCaCert("ca.example.com-cert.pem", root)
        .configYaml(config)
        .build();
    return new Fixture(id, folder, certs("signer", peer, "admin", admin, "root", root));
  }

  /** FIX-19: OU COP bound to the root plus client/peer NodeOUs; admin and signer carry only COP. */
  static Fixture fix19NodeOus1() {
    TestPki pki = TestPki.seeded("FIX-19");
    IssuedCertificate root = pki.rootCa(SF + "O=org1.example.com,OU=COP,CN=ca.org1.example.com");
    IssuedCertificate peer = pki.leaf(SF + "OU=COP,CN=peer0.org1.example.com", root);
    IssuedCertificate tlsRoot = pki.rootCa(SF + "O=Org2,CN=Org2");
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admincert.pem", peer)
        .signCert("peer.pem", peer)
        .tlsCaCert("cert.pem", tlsRoot)
        .configYaml(clientPeerOus().ouIdentifier("cacerts/cacert.pem", "COP").build())
        .build();
    return new Fixture("FIX-19", folder, certs("signer", peer, "admin", peer));
  }

  /** FIX-20: client/peer NodeOUs; admin OU_client; the signer has no OU at all. */
  static Fixture fix20NodeOus2() {
    return exampleFolder("FIX-20", "OU_client", null, clientPeerOus().build());
  }

  /** FIX-21: client/peer NodeOUs; admin OU_client; signer OU_peer. */
  static Fixture fix21NodeOus3() {
    return exampleFolder("FIX-21", "OU_client", "OU_peer", clientPeerOus().build());
  }

  /**
   * FIX-22: the client NodeOU is bound to a second root {@code external_ca.pem} while the admin
   * (OU_client) comes from the first root; the peer NodeOU names a missing file (ignored).
   */
  static Fixture fix22NodeOus4() {
    TestPki pki = TestPki.seeded("FIX-22");
    IssuedCertificate root = pki.rootCa(SF + "O=example.com,CN=ca.example.com");
    IssuedCertificate external = pki.rootCa(SF + "O=org,CN=ca");
    IssuedCertificate admin = pki.leaf(SF + "OU=OU_client,CN=peer0", root);
    IssuedCertificate peer = pki.leaf(SF + "OU=OU_peer,CN=peer0", root);
    MspFolder folder = MspFolder.builder()
        .caCert("ca.example.com-cert.pem", root)
        .caCert("external_ca.pem", external)
        .adminCert("peer0-cert.pem", admin)
        .signCert("peer0-cert.pem", peer)
        .tlsCaCert("ca.example.com-cert.pem", root)
        .configYaml(ConfigYaml.builder().nodeOus(true)
            .clientOu("cacerts/external_ca.pem", "OU_client").peerOu("cacerts/cacert.pem", "OU_peer").build())
        .build();
    return new Fixture("FIX-22", folder, certs("signer", peer, "admin", admin, "root", root, "external", external));
  }

  /** FIX-23: client/peer NodeOUs; the signer carries OU_orderer, which is no NodeOU at v1.1. */
  static Fixture fix23NodeOus5() {
    return exampleFolder("FIX-23", "OU_client", "OU_orderer", clientPeerOus().build());
  }

  /** FIX-24: OU identifiers OU_client and OU_peer bound to the root plus client/peer NodeOUs. */
  static Fixture fix24NodeOus6() {
    return exampleFolder("FIX-24", "OU_client", "OU_peer", clientPeerOus()
        .ouIdentifier("cacerts/cacert.pem", "OU_client").ouIdentifier("cacerts/cacert.pem", "OU_peer").build());
  }

  /** FIX-25: only OU identifier OU_common (which nobody carries) plus client/peer NodeOUs. */
  static Fixture fix25NodeOus7() {
    return exampleFolder("FIX-25", "OU_client", "OU_peer", clientPeerOus()
        .ouIdentifier("cacerts/cacert.pem", "OU_common").build());
  }

  /**
   * FIX-26: both NodeOU certificate paths name missing files (ignored); the admin carries OU_peer;
   * names include street and postal code attributes.
   */
  static Fixture fix26NodeOus8() {
    TestPki pki = TestPki.seeded("FIX-26");
    String place = SF + "STREET=testStreetAddress,PostalCode=123456,";
    IssuedCertificate root = pki.rootCa(place + "O=example.com,OU=Hyperledger Fabric,CN=ca.example.com");
    IssuedCertificate peer = pki.leaf(place + "OU=OU_peer,CN=peer0", root);
    MspFolder folder = MspFolder.builder()
        .caCert("ca.example.com-cert.pem", root)
        .adminCert("peer0-cert.pem", peer)
        .signCert("peer0-cert.pem", peer)
        .tlsCaCert("ca.example.com-cert.pem", root)
        .configYaml(ConfigYaml.builder().nodeOus(true)
            .clientOu("cacerts/external_ca.pem", "OU_client").peerOu("cacerts/cacert.pem", "OU_peer").build())
        .build();
    return new Fixture("FIX-26", folder, certs("signer", peer, "admin", peer));
  }

  /** FIX-27: four NodeOUs but the ClientOUIdentifier has no OU string; admin OU client. */
  static Fixture fix27NodeOusBadConf1() {
    return ordererFolder("FIX-27", "Admin@example.com-cert.pem", ConfigYaml.builder().nodeOus(true)
        .clientOu(EXAMPLE_CA_FILE, "").peerOu(EXAMPLE_CA_FILE, "peer").adminOu(EXAMPLE_CA_FILE, "admin")
        .ordererOu(EXAMPLE_CA_FILE, "orderer").build());
  }

  /** FIX-28: four NodeOUs but the PeerOUIdentifier has no OU string. */
  static Fixture fix28NodeOusBadConf2() {
    return ordererFolder("FIX-28", "Admin@example.com-cert.pem", ConfigYaml.builder().nodeOus(true)
        .clientOu(EXAMPLE_CA_FILE, "client").peerOu(EXAMPLE_CA_FILE, "").adminOu(EXAMPLE_CA_FILE, "admin")
        .ordererOu(EXAMPLE_CA_FILE, "orderer").build());
  }

  // ------------------------------------------------------------------------------------------
  // FIX-29..32: CRLs and TLS

  /**
   * FIX-29: a CRL of the root (with AKI) revokes the signer. With {@code extraInteger} the CRL's
   * ECDSA signature carries an extra INTEGER inside its SEQUENCE (the id is then
   * {@code FIX-29-extra-integer}).
   */
  static Fixture fix29Revocation(boolean extraInteger) {
    TestPki pki = TestPki.seeded("FIX-29");
    IssuedCertificate root = pki.rootCa(SF + "O=root2,CN=ca");
    IssuedCertificate admin = pki.leaf(SF + "CN=signcert", root);
    IssuedCertificate revoked = pki.leaf(SF + "CN=signcert-revoked", root);
    var crl = pki.crl(root).revoke(revoked)
        .thisUpdate(Instant.parse("2017-12-21T17:11:54Z")).nextUpdate(Instant.parse("2027-12-19T17:11:54Z"));
    if (extraInteger) {
      crl.mangleSignature(SignatureMangling.extraInteger(BigInteger.valueOf(7)));
    }
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admin.pem", admin)
        .signCert("signcert-revoked.pem", revoked)
        .crl("crl.pem", crl.build())
        .build();
    return new Fixture(extraInteger ? "FIX-29-extra-integer" : "FIX-29", folder,
        certs("signer", revoked, "admin", admin));
  }

  /**
   * FIX-30: a CRL listing the signer's serial, but from an unrelated CA (its own AKI) and stale
   * (nextUpdate long past).
   */
  static Fixture fix30Revocation2() {
    TestPki pki = TestPki.seeded("FIX-30");
    IssuedCertificate root = pki.rootCa(SF + "O=root2,CN=ca");
    IssuedCertificate other = pki.rootCa(SF + "O=Internet Widgets\\, Inc.,OU=WWW,CN=example.com");
    IssuedCertificate admin = pki.leaf(SF + "CN=signcert", root);
    IssuedCertificate signer = pki.leaf(SF + "CN=signcert-revoked", root);
    IssuedCrl crl = pki.crl(other).revoke(signer)
        .thisUpdate(Instant.parse("2017-01-23T20:56:20Z")).nextUpdate(Instant.parse("2017-01-26T20:56:20Z"))
        .build();
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .adminCert("admin.pem", admin)
        .signCert("signcert-revoked.pem", signer)
        .crl("crl.pem", crl)
        .build();
    return new Fixture("FIX-30", folder, certs("signer", signer, "admin", admin));
  }

  /** FIX-31: a CRL of the root revokes the configured intermediate. */
  static Fixture fix31RevokedIca() {
    TestPki pki = TestPki.seeded("FIX-31");
    IssuedCertificate root = pki.rootCa(SF + "O=org,CN=ca");
    IssuedCertificate ica = pki.intermediateCa(SF + "CN=ica1", root);
    IssuedCertificate user = pki.leaf(SF + "CN=user1", ica);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .intermediateCert("intermidiatecert.pem", ica)
        .adminCert("admin.pem", user)
        .signCert("signcert.pem", user)
        .crl("crl.pem", pki.crl(root).revoke(ica).build())
        .build();
    return new Fixture("FIX-31", folder, certs("signer", user, "intermediate", ica));
  }

  /** FIX-32: identity root + intermediate (OU bound to it) and the same pair as TLS CAs. */
  static Fixture fix32Tls() {
    TestPki pki = TestPki.seeded("FIX-32");
    IssuedCertificate root = pki.rootCa(PASSKIT_ROOT);
    IssuedCertificate ica = pki.intermediateCa(PASSKIT_HK + "CN=PassKit\\, inc. Hyperledger Testing Intermediate CA", root);
    IssuedCertificate user = pki.leaf(PASSKIT_HK + "CN=Testing/Admin", ica);
    MspFolder folder = MspFolder.builder()
        .caCert("cacert.pem", root)
        .intermediateCert("intermediatecert.pem", ica)
        .adminCert("admin.pem", user)
        .signCert("cert.pem", user)
        .tlsCaCert("cacert.pem", root)
        .tlsIntermediateCert("intermediatecert.pem", ica)
        .configYaml(ConfigYaml.builder()
            .ouIdentifier("intermediatecerts/intermediatecert.pem", "Hyperledger Testing").build())
        .build();
    return new Fixture("FIX-32", folder, certs("signer", user, "root", root, "intermediate", ica));
  }

  // ------------------------------------------------------------------------------------------

  /** The 20-byte SHA-1 key identifier of RFC 5280 method 1, as OpenSSL writes it. */
  private static byte[] sha1Ski(PublicKey key) {
    try {
      byte[] spki = SubjectPublicKeyInfo.getInstance(key.getEncoded()).getPublicKeyData().getBytes();
      return java.security.MessageDigest.getInstance("SHA-1").digest(spki);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, IssuedCertificate> certs(Object... nameThenCert) {
    Map<String, IssuedCertificate> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenCert.length; i += 2) {
      m.put((String) nameThenCert[i], (IssuedCertificate) nameThenCert[i + 1]);
    }
    return m;
  }
}

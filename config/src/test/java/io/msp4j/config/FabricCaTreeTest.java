package io.msp4j.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeystoreNaming;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.Names;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folders in the layout fabric-ca writes for an organisation with an intermediate CA: the root in
 * {@code cacerts/<host>-<port>.pem} and the intermediate in {@code intermediatecerts/} under the
 * same file name, leaf subjects whose OUs (affiliation parts and the identity type) share one
 * multi-valued RDN, a CRL from {@code gencrl} signed by the intermediate, and a hand-written
 * {@code config.yaml} whose NodeOUs name the intermediate. Verdicts were confirmed against Fabric.
 */
class FabricCaTreeTest {

  private static final String MSP_ID = "Org1MSP";
  private static final String CA_FILE = "127-0-0-1-7055.pem";
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  @TempDir static Path tmp;

  static IssuedCertificate root;
  static IssuedCertificate ica;
  static IssuedCertificate peer;
  static IssuedCertificate admin;
  static IssuedCertificate revokedClient;
  static IssuedCertificate rootIssuedPeer;
  static IssuedCrl crl;

  @BeforeAll
  static void issue() {
    TestPki pki = TestPki.seeded("FabricCaTreeTest");
    root = pki.certificate().subject(caName("Fabric", "rca-org1")).ca().build();
    // fabric-ca gives the intermediate CA the OU of the identity type it was registered with.
    ica = pki.certificate().subject(caName("client", "ica")).issuer(root).ca().build();
    peer = leaf(pki, leafName("peer2", "OU=org1", "OU=peer", "OU=department1"), ica);
    admin = leaf(pki, leafName("admin2", "OU=org1", "OU=admin"), ica);
    revokedClient = leaf(pki, leafName("iclient", "OU=client"), ica);
    rootIssuedPeer = leaf(pki, leafName("peer1", "OU=org1", "OU=peer", "OU=department1"), root);
    crl = pki.crl(ica).revoke(revokedClient).build();
  }

  @Test
  @Tag("FOLDER-01")
  @Tag("CFGYAML-03")
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  @Tag("IDENT-03")
  void multiValuedOuLeafOfTheIntermediateIsAPeer() {
    Path dir = orgFolder("org", nodeOus("intermediatecerts/" + CA_FILE));
    byte[] certifiers = Fixtures.sha256(sanitised(ica, root), sanitised(root, root));
    for (MspVersion v : List.of(MspVersion.V1_1, MspVersion.V1_3, MspVersion.V1_4_3, MspVersion.V3_0)) {
      X509Msp msp = verifying(dir, v);
      Identity id = validIdentity(msp, peer);
      // DER sorts the members of the RDN's SET: shorter encodings first.
      assertThat(id.organizationalUnits()).containsExactly(
          new OrganizationalUnit("org1", certifiers),
          new OrganizationalUnit("peer", certifiers),
          new OrganizationalUnit("department1", certifiers));
      assertThat(msp.isSatisfied(id, Principal.Role.peer(MSP_ID))).as("peer at %s", v).isTrue();
      assertThat(msp.isSatisfied(id, Principal.Role.client(MSP_ID))).as("client at %s", v).isFalse();
    }
  }

  @Test
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  void adminOuCountsFrom143Only() {
    Path dir = orgFolder("org", nodeOus("intermediatecerts/" + CA_FILE));
    IdentityException e = invalid(verifying(dir, MspVersion.V1_1), admin);
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(e.rule()).isEqualTo("NODEOU-04");
    X509Msp msp = verifying(dir, MspVersion.V1_4_3);
    assertThat(msp.isSatisfied(validIdentity(msp, admin), Principal.Role.admin(MSP_ID))).isTrue();
  }

  @Test
  @Tag("VALIDATE-04")
  void rootIssuedLeafIsRejectedWhenTheOrgHasAnIntermediate() {
    Path dir = orgFolder("org", nodeOus("intermediatecerts/" + CA_FILE));
    for (MspVersion v : MspVersion.values()) {
      IdentityException e = invalid(verifying(dir, v), rootIssuedPeer);
      assertThat(e.reason()).as("at %s", v).isEqualTo(Reason.ISSUER_NOT_LEAF_CA);
      assertThat(e.rule()).isEqualTo("VALIDATE-04");
    }
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void intermediateCrlRevokesItsLeafOnly() {
    Path dir = orgFolder("org", nodeOus("intermediatecerts/" + CA_FILE));
    for (MspVersion v : MspVersion.values()) {
      X509Msp msp = verifying(dir, v);
      IdentityException e = invalid(msp, revokedClient);
      assertThat(e.reason()).as("at %s", v).isEqualTo(Reason.REVOKED);
      assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
      validIdentity(msp, peer);
    }
  }

  @Test
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  void nodeOusBoundToTheRootDoNotClassifyIntermediateLeaves() {
    Path dir = orgFolder("org-rootbound", nodeOus("cacerts/" + CA_FILE));
    validIdentity(verifying(dir, MspVersion.V1_0), peer);
    IdentityException e11 = invalid(verifying(dir, MspVersion.V1_1), peer);
    assertThat(e11.reason()).isEqualTo(Reason.NODEOU_CERTIFIERS_MISMATCH);
    assertThat(e11.rule()).isEqualTo("NODEOU-04");
    IdentityException e143 = invalid(verifying(dir, MspVersion.V1_4_3), peer);
    assertThat(e143.reason()).isEqualTo(Reason.NODEOU_CERTIFIERS_MISMATCH);
    assertThat(e143.rule()).isEqualTo("NODEOU-05");
  }

  @Test
  @Tag("SANITIZE-03")
  void chainFileInCacertsFailsSetup() {
    // fabric-ca-server's ca-chain.pem (intermediate first, then root) dropped into cacerts/.
    Path dir = MspFolder.builder()
        .text("cacerts/ca-chain.pem", ica.pem() + root.pem())
        .configYaml(nodeOus("cacerts/ca-chain.pem"))
        .build()
        .writeTo(tmp.resolve("chain-in-cacerts"));
    for (MspVersion v : MspVersion.values()) {
      MspSetupException e = assertThrows(MspSetupException.class, () -> verifying(dir, v));
      assertThat(e.reason()).as("at %s", v).isEqualTo(Reason.SANITIZE_FAILED);
      assertThat(e.rule()).isEqualTo("SANITIZE-03");
      assertThat(e.getMessage()).contains("root_certs[0]").contains("CN=ica");
    }
  }

  @Test
  @Tag("FOLDER-09")
  @Tag("FOLDER-10")
  @Tag("SETUP-ADMIN-03")
  void enrolledFolderAsWrittenIsALocalMspBefore143Only() {
    IssuedCertificate signer = peer;
    Path dir = MspFolder.builder()
        .caCert(CA_FILE, root)
        .intermediateCert(CA_FILE, ica)
        .keystoreNaming(KeystoreNaming.SKI_SK)
        .signCert("cert.pem", signer)
        .file("IssuerPublicKey", new byte[] {10, 32, 1, 2, 3})
        .file("IssuerRevocationPublicKey", "not a certificate".getBytes(StandardCharsets.US_ASCII))
        .emptyFolder("user")
        .build()
        .writeTo(tmp.resolve("enrolled"));
    for (MspVersion v : List.of(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3)) {
      validIdentity(local(dir, v), signer);
    }
    for (MspVersion v : List.of(MspVersion.V1_4_3, MspVersion.V3_0)) {
      MspSetupException e = assertThrows(MspSetupException.class, () -> local(dir, v));
      assertThat(e.reason()).as("at %s", v).isEqualTo(Reason.NO_ADMINS);
      assertThat(e.rule()).isEqualTo("SETUP-ADMIN-03");
    }
  }

  // ------------------------------------------------------------------------------------------

  private static IssuedCertificate leaf(TestPki pki, X500Name subject, IssuedCertificate issuer) {
    return pki.certificate().subject(subject).issuer(issuer).build();
  }

  private static X500Name caName(String ou, String cn) {
    return Names.builder().c("US").st("North Carolina").o("Hyperledger").ou(ou).cn(cn).build();
  }

  private static X500Name leafName(String cn, String... ous) {
    return Names.builder().c("US").st("North Carolina").o("Hyperledger").multiValued(ous).cn(cn).build();
  }

  private static ConfigYaml nodeOus(String certificate) {
    return ConfigYaml.builder()
        .nodeOus(true)
        .clientOu(certificate, "client")
        .peerOu(certificate, "peer")
        .adminOu(certificate, "admin")
        .ordererOu(certificate, "orderer")
        .build();
  }

  private static Path orgFolder(String name, ConfigYaml config) {
    Path dir = tmp.resolve(name);
    if (dir.toFile().isDirectory()) {
      return dir;
    }
    return MspFolder.builder()
        .caCert(CA_FILE, root)
        .intermediateCert(CA_FILE, ica)
        .tlsCaCert("tls-" + CA_FILE, root)
        .tlsIntermediateCert("tls-" + CA_FILE, ica)
        .crl("crl.pem", crl)
        .configYaml(config)
        .build()
        .writeTo(dir);
  }

  private static X509Msp verifying(Path dir, MspVersion version) {
    MspFolderConfig c = MspFolders.readVerifying(dir, MSP_ID);
    return X509Msps.setup(c.mspConfig(), version, SetupOptions.defaults().withClock(CLOCK));
  }

  private static X509Msp local(Path dir, MspVersion version) {
    MspFolderConfig c = MspFolders.readLocal(dir, MSP_ID);
    return X509Msps.setup(c.mspConfig(), version,
        SetupOptions.defaults().withKeyStore(c.keyStore()).withClock(CLOCK));
  }

  private static byte[] serialized(IssuedCertificate c) {
    return SerializedIdentity.newBuilder()
        .setMspid(MSP_ID)
        .setIdBytes(ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII))
        .build()
        .toByteArray();
  }

  private static Identity validIdentity(X509Msp msp, IssuedCertificate c) {
    return Fixtures.validIdentity(msp, serialized(c));
  }

  private static IdentityException invalid(X509Msp msp, IssuedCertificate c) {
    return Fixtures.invalid(msp, serialized(c));
  }

  /** The DER Fabric's sanitisation makes of {@code c}: its ECDSA signature with low S. */
  private static byte[] sanitised(IssuedCertificate c, IssuedCertificate issuer) {
    return c.withMangledSignature(SignatureMangling.lowS(), issuer.publicKey()).der();
  }

}

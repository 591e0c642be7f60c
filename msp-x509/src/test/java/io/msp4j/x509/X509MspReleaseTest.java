package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the Fabric release changes in one MSP (the DELTA25 rules); everything else is equal. */
class X509MspReleaseTest {
  private static final List<MspVersion> V25_VERSIONS =
      List.of(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3, MspVersion.V1_4_3);

  private final Org org = new Org("release");

  private static X509Msp setup(MSPConfig c, MspVersion v, FabricRelease r) {
    return X509Msps.setup(c, v, SetupOptions.defaults().withRelease(r));
  }

  private static MspSetupException setupFails(MSPConfig c, MspVersion v, FabricRelease r) {
    return assertThrows(MspSetupException.class, () -> setup(c, v, r));
  }

  /** null when valid, else the reason. */
  private static Reason verdict(X509Msp msp, Identity id) {
    try {
      msp.validate(id);
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }

  private IssuedCertificate rsaLeaf(String dn) {
    return org.custom().subject(dn).keyAlgorithm(KeyAlgorithm.RSA_2048).leaf().build();
  }

  private IssuedCertificate ed25519Leaf(IssuedCertificate issuer, String dn) {
    return org.pki.certificate().subject(dn).issuer(issuer).keyAlgorithm(KeyAlgorithm.ED25519).leaf().build();
  }

  private MspConfigs withNodeOus() {
    return MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer");
  }

  @Test
  void defaultReleaseIsTheNewestV3_1_5() {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), MspVersion.V1_4_3);
    assertThat(msp.release()).isEqualTo(FabricRelease.V3_1_5);
    assertThat(SetupOptions.defaults().release()).isEqualTo(FabricRelease.V3_1_5);
    assertThat(FabricRelease.all()).allSatisfy(r -> assertThat(r).isLessThanOrEqualTo(
        r.isV2_5() ? FabricRelease.V2_5_16 : FabricRelease.V3_1_5));
  }

  @Test
  @Tag("DELTA25-01")
  void mspVersion30DoesNotExistInRelease25() {
    MSPConfig c = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build();
    MspSetupException e = setupFails(c, MspVersion.V3_0, FabricRelease.V2_5);
    assertThat(e.reason()).isEqualTo(Reason.RELEASE_UNSUPPORTED);
    assertThat(e.rule()).isEqualTo("DELTA25-01");
    assertThat(e.getMessage()).contains("3.0").contains("v2.5");
    for (MspVersion v : V25_VERSIONS) {
      assertThat(setup(c, v, FabricRelease.V2_5).release()).isEqualTo(FabricRelease.V2_5);
    }
  }

  @Test
  @Tag("DELTA25-02")
  void rsaLeafIsValidWithItsRolesInRelease25AndRefusedInRelease30() {
    IssuedCertificate leaf = rsaLeaf("CN=rsa client,OU=client");
    MSPConfig c = withNodeOus().admin(org.leaf("CN=admin,OU=client")).build();
    for (MspVersion v : V25_VERSIONS) {
      X509Msp v25 = setup(c, v, FabricRelease.V2_5);
      X509Msp v30 = setup(c, v, FabricRelease.V3_0);
      Identity at25 = v25.deserialize(MspConfigs.serialized(leaf));
      Identity at30 = v30.deserialize(MspConfigs.serialized(leaf));
      assertThat(verdict(v25, at25)).as("v2.5 at %s", v).isNull();
      assertThat(verdict(v30, at30)).as("v3.0 at %s", v).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
      String expected = v == MspVersion.V1_0 ? "M----" : "M-C--";
      assertThat(PrincipalVerdicts.roles(v25, at25)).as("v2.5 roles at %s", v).isEqualTo(expected);
      assertThat(PrincipalVerdicts.roles(v30, at30)).as("v3.0 roles at %s", v).isEqualTo("-----");
    }
  }

  @ParameterizedTest
  @MethodSource("io.msp4j.core.FabricRelease#all")
  @Tag("DELTA25-02")
  @Tag("VERIFY-05")
  void rsaLeafSignaturesNeverVerifyInEitherRelease(FabricRelease r) {
    IssuedCertificate leaf = rsaLeaf("CN=rsa signer");
    X509Msp msp = setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), MspVersion.V1_4_3, r);
    Identity id = msp.deserialize(MspConfigs.serialized(leaf));
    byte[] msg = "message".getBytes(StandardCharsets.UTF_8);
    IdentityException e = assertThrows(IdentityException.class, () -> id.verify(msg, new byte[64]));
    assertThat(e.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    assertThat(e.rule()).isEqualTo("VERIFY-05");
  }

  @Test
  @Tag("DELTA25-10")
  void rsaAdminWithoutNodeOusSetsUpInRelease25AndFailsSetupInRelease30() {
    IssuedCertificate rsaAdmin = rsaLeaf("CN=rsa admin");
    MSPConfig c = MspConfigs.of(org.root).admin(rsaAdmin).build();
    for (MspVersion v : MspVersion.values()) {
      MspSetupException e = setupFails(c, v, FabricRelease.V3_0);
      assertThat(e.reason()).as("v3.0 at %s", v).isEqualTo(Reason.ADMIN_INVALID);
      assertThat(e.getMessage()).contains("RSA");
    }
    for (MspVersion v : V25_VERSIONS) {
      X509Msp msp = setup(c, v, FabricRelease.V2_5);
      Identity admin = msp.deserialize(MspConfigs.serialized(rsaAdmin));
      assertThat(verdict(msp, admin)).as("v2.5 at %s", v).isNull();
      assertThat(PrincipalVerdicts.roles(msp, admin)).as("v2.5 roles at %s", v).isEqualTo("MA---");
    }
  }

  @Test
  @Tag("DELTA25-13")
  void rsaAdminWithNodeOusBelow143SetsUpInRelease25AndFailsSetupInRelease30() {
    IssuedCertificate rsaAdmin = rsaLeaf("CN=rsa admin,OU=client");
    MSPConfig c = withNodeOus().admin(rsaAdmin).build();
    for (MspVersion v : List.of(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3)) {
      MspSetupException e = setupFails(c, v, FabricRelease.V3_0);
      assertThat(e.reason()).as("v3.0 at %s", v).isEqualTo(Reason.ADMIN_INVALID);
      X509Msp msp = setup(c, v, FabricRelease.V2_5);
      Identity admin = msp.deserialize(MspConfigs.serialized(rsaAdmin));
      assertThat(verdict(msp, admin)).as("v2.5 at %s", v).isNull();
      assertThat(PrincipalVerdicts.roles(msp, admin)).as("v2.5 roles at %s", v)
          .isEqualTo(v == MspVersion.V1_0 ? "MA---" : "MAC--");
    }
  }

  @Test
  @Tag("DELTA25-11")
  void rsaAdminWithNodeOusIsInvalidButStillAdminInRelease30AndValidInRelease25() {
    IssuedCertificate rsaAdmin = rsaLeaf("CN=rsa admin,OU=admin");
    MSPConfig c = withNodeOus().admin(rsaAdmin).build();
    for (MspVersion v : List.of(MspVersion.V1_4_3, MspVersion.V3_0)) {
      X509Msp msp = setup(c, v, FabricRelease.V3_0);
      Identity admin = msp.deserialize(MspConfigs.serialized(rsaAdmin));
      assertThat(verdict(msp, admin)).as("v3.0 at %s", v).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
      assertThat(PrincipalVerdicts.roles(msp, admin)).as("v3.0 roles at %s", v).isEqualTo("-A---");
    }
    X509Msp v25 = setup(c, MspVersion.V1_4_3, FabricRelease.V2_5);
    Identity admin = v25.deserialize(MspConfigs.serialized(rsaAdmin));
    assertThat(verdict(v25, admin)).isNull();
    assertThat(PrincipalVerdicts.roles(v25, admin)).isEqualTo("MA---");
  }

  @Test
  @Tag("DELTA25-12")
  void ed25519RootIntermediateOrAdminFailsSetupInRelease25() {
    IssuedCertificate edRoot = org.pki.certificate().subject("CN=ed root").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    IssuedCertificate edIntermediate = org.pki.certificate().subject("CN=ed ica").issuer(org.root)
        .keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    IssuedCertificate edAdmin = ed25519Leaf(org.root, "CN=ed admin");
    List<MSPConfig> configs = List.of(
        MspConfigs.of(edRoot).admin(ed25519Leaf(edRoot, "CN=admin")).build(),
        MspConfigs.of(org.root).intermediate(edIntermediate).admin(org.leaf(edIntermediate, "CN=admin")).build(),
        withNodeOus().admin(edAdmin).build());
    for (MSPConfig c : configs) {
      for (MspVersion v : V25_VERSIONS) {
        MspSetupException e = setupFails(c, v, FabricRelease.V2_5);
        assertThat(e.reason()).as("v2.5 at %s", v).isEqualTo(Reason.UNSUPPORTED_KEY);
        assertThat(e.rule()).isEqualTo("DELTA25-12");
        assertThat(e.getMessage()).contains("Ed25519");
      }
    }
    // Fabric v3.0 imports the keys: the same CAs set up there.
    assertThat(setup(configs.get(1), MspVersion.V1_4_3, FabricRelease.V3_0).version())
        .isEqualTo(MspVersion.V1_4_3);
  }

  @Test
  @Tag("DELTA25-12")
  void ed25519LeafIsNotDeserialisedInRelease25AndValidOnlyAt30InRelease30() throws Exception {
    IssuedCertificate ed = ed25519Leaf(org.root, "CN=ed leaf");
    MSPConfig c = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build();
    byte[] serialized = MspConfigs.serialized(ed);
    for (MspVersion v : V25_VERSIONS) {
      X509Msp v25 = setup(c, v, FabricRelease.V2_5);
      IdentityException e = assertThrows(IdentityException.class, () -> v25.deserialize(serialized));
      assertThat(e.reason()).isEqualTo(Reason.UNSUPPORTED_KEY);
      assertThat(e.rule()).isEqualTo("DELTA25-12");
      assertThat(v25.isWellFormed(SerializedIdentity.parseFrom(serialized)))
          .isTrue();
    }
    for (MspVersion v : MspVersion.values()) {
      X509Msp v30 = setup(c, v, FabricRelease.V3_0);
      assertThat(verdict(v30, v30.deserialize(serialized))).as("v3.0 at %s", v)
          .isEqualTo(v == MspVersion.V3_0 ? null : Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    }
  }

  @Test
  @Tag("DELTA25-03")
  void release25SignsAndVerifiesOnlyByHashingThereIsNoEd25519Path() {
    IssuedCertificate ed = ed25519Leaf(org.root, "CN=ed signer");
    MSPConfig edSigner = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).signer(ed).build();
    byte[] message = "a message".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (MspVersion v : V25_VERSIONS) {
      MspSetupException e = setupFails(edSigner, v, FabricRelease.V2_5);
      assertThat(e.reason()).as("v2.5 at %s", v).isEqualTo(Reason.UNSUPPORTED_KEY);
    }

    // An ECDSA signer hashes in both releases: the same DER signature verifies in each.
    IssuedCertificate ec = org.leaf("CN=ec signer");
    String ecKey = io.msp4j.testdata.Pem.encode(io.msp4j.testdata.Pem.PRIVATE_KEY,
        ec.privateKey().orElseThrow().getEncoded());
    MSPConfig ecSigner = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).signer(ec, ecKey).build();
    byte[] signature = setup(ecSigner, MspVersion.V1_4_3, FabricRelease.V2_5).defaultSigningIdentity()
        .sign(message);
    assertThat(signature[0]).isEqualTo((byte) 0x30);
    for (FabricRelease r : FabricRelease.all()) {
      X509Msp msp = setup(ecSigner, MspVersion.V1_4_3, r);
      msp.deserialize(MspConfigs.serialized(ec)).verify(message, signature);
    }
  }
}

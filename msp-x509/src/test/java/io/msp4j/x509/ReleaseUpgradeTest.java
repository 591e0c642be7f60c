package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.x509.inspect.ReleaseUpgrade;
import io.msp4j.x509.inspect.UpgradeFinding;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The upgrade check: which verdicts on an MSP change between two Fabric releases, either way. */
class ReleaseUpgradeTest {
  private final Org org = new Org("upgrade");

  private IssuedCertificate rsaLeaf(String dn) {
    return org.custom().subject(dn).keyAlgorithm(KeyAlgorithm.RSA_2048).leaf().build();
  }

  private static ReleaseUpgrade check(MspConfigs c, MspVersion v) {
    return ReleaseUpgrade.check(c.build(), v, SetupOptions.defaults());
  }

  @Test
  void anMspOfEcdsaCertificatesLosesNothing() {
    ReleaseUpgrade u = check(MspConfigs.of(org.root).admin(org.leaf("CN=admin")), MspVersion.V1_4_3);
    assertThat(u.applicable()).isTrue();
    assertThat(u.findings()).isEmpty();
  }

  @Test
  @Tag("DELTA25-10")
  void anRsaAdminWithoutNodeOusMakesSetupFail() {
    for (MspVersion v : new MspVersion[] {MspVersion.V1_0, MspVersion.V1_3, MspVersion.V1_4_3}) {
      ReleaseUpgrade u = check(MspConfigs.of(org.root).admin(rsaLeaf("CN=rsa admin")), v);
      assertThat(u.findings()).singleElement().satisfies(f -> {
        assertThat(f.change()).isEqualTo(UpgradeFinding.Change.SETUP_FAILS);
        assertThat(f.deltaRule()).isEqualTo("DELTA25-10");
        assertThat(f.reason()).isEqualTo(Reason.ADMIN_INVALID);
        assertThat(f.message()).contains("RSA");
      });
    }
  }

  @Test
  @Tag("DELTA25-13")
  void anRsaAdminWithNodeOusBelow143MakesSetupFail() {
    for (MspVersion v : new MspVersion[] {MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3}) {
      MspConfigs c = MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer")
          .admin(rsaLeaf("CN=rsa admin,OU=client"));
      assertThat(check(c, v).findings()).singleElement().satisfies(f -> {
        assertThat(f.change()).isEqualTo(UpgradeFinding.Change.SETUP_FAILS);
        assertThat(f.deltaRule()).isEqualTo("DELTA25-13");
      });
    }
  }

  @Test
  @Tag("DELTA25-11")
  void anRsaAdminWithNodeOusBecomesInvalidButKeepsItsRole() {
    MspConfigs c = MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer")
        .admin(org.leaf("CN=ec admin,OU=admin")).admin(rsaLeaf("CN=rsa admin,OU=admin"));
    ReleaseUpgrade u = check(c, MspVersion.V1_4_3);
    assertThat(u.findings()).singleElement().satisfies(f -> {
      assertThat(f.change()).isEqualTo(UpgradeFinding.Change.ADMIN_INVALID);
      assertThat(f.entry()).isEqualTo("admins[1]");
      assertThat(f.certificate().orElseThrow().subject()).contains("rsa admin");
      assertThat(f.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
      assertThat(f.message()).contains("keeps the ADMIN role");
    });
  }

  @Test
  @Tag("DELTA25-02")
  void identitiesV30RefusesAreLeavesRefused() {
    MspConfigs c = MspConfigs.of(org.root).admin(org.leaf("CN=admin"));
    byte[] rsa = rsaLeaf("CN=rsa peer").pem().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] ec = org.leaf("CN=ec peer").pem().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ReleaseUpgrade u = ReleaseUpgrade.check(c.build(), MspVersion.V1_4_3, SetupOptions.defaults(),
        java.util.List.of(ec, rsa));
    assertThat(u.findings()).singleElement().satisfies(f -> {
      assertThat(f.change()).isEqualTo(UpgradeFinding.Change.LEAF_REFUSED);
      assertThat(f.entry()).isEqualTo("identities[1]");
      assertThat(f.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
      assertThat(f.rule()).isEqualTo("VALIDATE-01");
    });
  }

  @Test
  @Tag("DELTA25-01")
  void mspVersion30HasNoV25VerdictsToLose() {
    ReleaseUpgrade u = check(MspConfigs.of(org.root).admin(rsaLeaf("CN=rsa admin")), MspVersion.V3_0);
    assertThat(u.applicable()).isFalse();
    assertThat(u.findings()).isEmpty();
  }

  @Test
  @Tag("DELTA25-12")
  void anMspV25CannotSetUpIsAnMspThatStartsToWork() {
    IssuedCertificate edRoot = org.pki.certificate().subject("CN=ed root").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    ReleaseUpgrade u = check(MspConfigs.of(edRoot).admin(org.leaf(edRoot, "CN=admin")), MspVersion.V1_4_3);
    assertThat(u.applicable()).isTrue();
    assertThat(u.breaking()).isEmpty();
    assertThat(u.findings()).singleElement().satisfies(f -> {
      assertThat(f.change()).isEqualTo(UpgradeFinding.Change.SETUP_SUCCEEDS);
      assertThat(f.change().breaks()).isFalse();
    });
  }

  @Test
  @Tag("REL-X509-02")
  void aWildcardIdentityUnderAnExcludedNameIsRefusedFromV3_0_0ToV3_1_5() {
    IssuedCertificate root = org.pki.certificate().subject("CN=constrained root").ca()
        .excluded(io.msp4j.testdata.CertificateBuilder.dns("secret.example.com")).build();
    IssuedCertificate wildcard = org.pki.certificate().subject("CN=wild").issuer(root)
        .dnsNames("*.example.com").build();
    MspConfigs c = MspConfigs.of(root).admin(org.leaf(root, "CN=the admin"));
    byte[] pem = wildcard.pem().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ReleaseUpgrade u = ReleaseUpgrade.check(c.build(), MspVersion.V3_0, SetupOptions.defaults(),
        FabricRelease.V3_0_0, FabricRelease.V3_1_5, java.util.List.of(pem));
    assertThat(u.from()).isEqualTo(FabricRelease.V3_0_0);
    assertThat(u.findings()).singleElement().satisfies(f -> {
      assertThat(f.change()).isEqualTo(UpgradeFinding.Change.LEAF_REFUSED);
      assertThat(f.deltaRule()).isEqualTo("REL-X509-02");
      assertThat(f.certificate().orElseThrow().subject()).contains("wild");
    });
    // The move back accepts it again; v3.1.3 (Go 1.25.2) had no such rule yet.
    ReleaseUpgrade back = ReleaseUpgrade.check(c.build(), MspVersion.V3_0,
        SetupOptions.defaults(), FabricRelease.V3_1_5, FabricRelease.V3_1_3, java.util.List.of(pem));
    assertThat(back.findings()).singleElement().satisfies(f -> {
      assertThat(f.change()).isEqualTo(UpgradeFinding.Change.LEAF_ACCEPTED);
      assertThat(f.deltaRule()).isEqualTo("REL-X509-02");
    });
    assertThat(ReleaseUpgrade.check(c.build(), MspVersion.V3_0, SetupOptions.defaults(),
        FabricRelease.V3_0_0, FabricRelease.V3_1_3, java.util.List.of(pem)).findings()).isEmpty();
  }
}

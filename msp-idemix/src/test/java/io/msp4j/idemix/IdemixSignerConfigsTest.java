package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import io.msp4j.testdata.DeterministicRandom;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IdemixSignerConfigsTest {
  private static final IdemixIssuer ISSUER = IssuerFixtures.issuer("org1");
  private static final IdemixRevocationKey REVOCATION = IdemixRevocationKey.generate(DeterministicRandom.fromSeed("rev"));
  private static final byte[] CRI = REVOCATION.noRevocationInformation(0, DeterministicRandom.fromSeed("cri"));
  private static final IdemixUserSecret SECRET = IdemixUserSecret.generate(DeterministicRandom.fromSeed("user"));

  private static IdemixCredential credential(int role) {
    return ISSUER.issue(SECRET, IssuerFixtures.attributes("org1.department1", role, "user1"),
        DeterministicRandom.fromSeed("cred"));
  }

  private static IdemixSignerConfigs.Builder builder(int role) {
    return IdemixSignerConfigs.builder(ISSUER.issuerKey())
        .userSecret(SECRET).credential(credential(role)).revocationInformation(CRI);
  }

  @Test
  void theSignerConfigurationHoldsWhatFabricReads() throws Exception {
    IdemixMSPSignerConfig config = IdemixMSPSignerConfig.parseFrom(
        builder(IdemixRoles.ADMIN).roleMask(IdemixRoles.ADMIN).build().toByteArray());

    assertThat(config.getCred().toByteArray()).isEqualTo(credential(IdemixRoles.ADMIN).encoded());
    assertThat(config.getSk().toByteArray()).hasSize(32).isEqualTo(SECRET.bytes());
    assertThat(config.getOrganizationalUnitIdentifier()).isEqualTo("org1.department1");
    assertThat(config.getRole()).isEqualTo(IdemixRoles.ADMIN);
    assertThat(config.getEnrollmentId()).isEqualTo("user1");
    assertThat(config.getCredentialRevocationInformation().toByteArray()).isEqualTo(CRI);
  }

  @ParameterizedTest(name = "mask {0} with a credential of role {1}")
  @CsvSource({"1, 1", "2, 2", "3, 2", "4, 1", "8, 1", "6, 2", "12, 1"})
  @Tag("IDEMIX-ROLE-01")
  void aMaskIsAcceptedWithTheCredentialRoleFabricChecksForIt(int mask, int role) {
    assertThat(builder(role).roleMask(mask).build().getRole()).isEqualTo(mask);
  }

  @ParameterizedTest(name = "mask {0} with a credential of role {1}")
  @CsvSource({"4, 4", "8, 8", "1, 2", "2, 1", "6, 6"})
  @Tag("IDEMIX-ROLE-01")
  void aCredentialRoleFabricWouldNotCheckForTheMaskIsRefused(int mask, int role) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder(role).roleMask(mask).build());

    assertThat(e).hasMessageContaining("IDEMIX-ROLE-01").hasMessageContaining("role mask " + mask)
        .hasMessageContaining("carries role " + role);
  }

  @Test
  void theMaskDefaultsToTheCredentialRole() {
    assertThat(builder(IdemixRoles.MEMBER).build().getRole()).isEqualTo(IdemixRoles.MEMBER);
  }

  @Test
  void aCredentialOfAnotherSecretIsRefused() {
    IdemixUserSecret other = IdemixUserSecret.generate(DeterministicRandom.fromSeed("other"));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> builder(IdemixRoles.MEMBER).userSecret(other).build());

    assertThat(e).hasMessageContaining("does not verify for the user secret");
  }

  @Test
  void aCredentialOfAnotherIssuerIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IdemixSignerConfigs.builder(IssuerFixtures.issuer("org2").issuerKey())
            .userSecret(SECRET).credential(credential(1)).revocationInformation(CRI).build());

    assertThat(e).hasMessageContaining("does not verify");
  }

  @Test
  void revocationInformationMustBeNoRevocation() throws Exception {
    byte[] alg1 = CredentialRevocationInformation.parseFrom(CRI).toBuilder().setRevocationAlg(1).build().toByteArray();

    assertThat(assertThrows(IllegalArgumentException.class,
        () -> builder(1).revocationInformation(alg1).build())).hasMessageContaining("revocation algorithm 1");
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> builder(1).revocationInformation(new byte[] {(byte) 0xff}).build()))
        .hasMessageContaining("not a CredentialRevocationInformation");
  }

  @Test
  void everyPartButTheMaskMustBeSet() {
    assertThat(assertThrows(IllegalStateException.class,
        () -> IdemixSignerConfigs.builder(ISSUER.issuerKey()).credential(credential(1)).revocationInformation(CRI).build()))
        .hasMessageContaining("user secret");
    assertThat(assertThrows(IllegalStateException.class,
        () -> IdemixSignerConfigs.builder(ISSUER.issuerKey()).userSecret(SECRET).revocationInformation(CRI).build()))
        .hasMessageContaining("credential is not set");
    assertThat(assertThrows(IllegalStateException.class,
        () -> IdemixSignerConfigs.builder(ISSUER.issuerKey()).userSecret(SECRET).credential(credential(1)).build()))
        .hasMessageContaining("revocation information");
  }
}

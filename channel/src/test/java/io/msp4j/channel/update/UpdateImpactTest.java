package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.config.MspFolders;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Changes, impact on known identities and the lock-out guard over real X.509 MSPs. */
class UpdateImpactTest {
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static MSPConfig org1Config;
  static List<KnownIdentity> known;

  @BeforeAll
  static void generate() {
    org1 = CryptoTree.fromYaml("""
        Seed: UpdateImpactTest
        Now: 2024-06-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp).org("org1.example.com");
    org1Config = MspFolders.readVerifying(org1.mspDir(), "Org1MSP").mspConfig();
    known = List.of(
        known("admin", org1.admin().certificate()),
        known("peer0", org1.identity("peer0").certificate()),
        known("user1", org1.identity("User1").certificate()));
  }

  static KnownIdentity known(String label, IssuedCertificate cert) {
    return new KnownIdentity(label, SerializedIdentity.newBuilder().setMspid("Org1MSP")
        .setIdBytes(ByteString.copyFrom(cert.pem(), StandardCharsets.UTF_8)).build()
        .toByteArray());
  }

  static FabricMSPConfig fabric(MSPConfig c) throws Exception {
    return FabricMSPConfig.parseFrom(c.getConfig());
  }

  static MSPConfig with(FabricMSPConfig f) {
    return org1Config.toBuilder().setConfig(f.toByteString()).build();
  }

  static Config channel(MSPConfig org1Msp) {
    ConfigGroup org = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putValues("MSP", ConfigValue.newBuilder().setModPolicy("Admins")
            .setValue(org1Msp.toByteString()).build())
        .putPolicies("Admins", TestConfigs.policy("unused"))
        .build();
    return Config.newBuilder().setChannelGroup(ConfigGroup.newBuilder()
        .putGroups("Application", ConfigGroup.newBuilder().putGroups("Org1", org).build()))
        .build();
  }

  static MspManager manager(MSPConfig c) {
    Msp msp = X509Msps.setup(c, MspVersion.V3_0);
    return MspManager.of(List.of(msp));
  }

  /** The org's Admins policy as configtxgen writes it, OR('Org1MSP.admin'), judged per identity. */
  static IdentityPolicies adminsOf(MspManager m) {
    return (path, id) -> {
      if (!path.equals("/Channel/Application/Org1/Admins")) {
        return Optional.empty();
      }
      try {
        return Optional.of(m.msps().get("Org1MSP")
            .isSatisfied(m.deserialize(id), Principal.Role.admin("Org1MSP")));
      } catch (RuntimeException e) {
        return Optional.of(false);
      }
    };
  }

  static IssuedCertificate newIntermediate() {
    IssuedCertificate root = org1.rootCa().certificate();
    return CertificateBuilder.create(DeterministicRandom.fromSeed("ica"))
        .subject("CN=ica.org1.example.com,O=org1.example.com").issuer(root).ca()
        .validity(java.time.Instant.parse("2024-06-02T00:00:00Z"),
            java.time.Instant.parse("2034-06-01T00:00:00Z"))
        .build();
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void intermediateAddedUnderARootThatIssuedEveryoneDirectlyInvalidatesThemAndLocksOut()
      throws Exception {
    MSPConfig next = with(fabric(org1Config).toBuilder().addIntermediateCerts(
        ByteString.copyFrom(newIntermediate().pem(), StandardCharsets.UTF_8)).build());
    MspManager before = manager(org1Config);
    MspManager after = manager(next);
    List<IdentityImpact> impact = IdentityImpacts.of(known, before, after);
    assertThat(impact).allSatisfy(i -> {
      assertThat(i.before().valid()).isTrue();
      assertThat(i.after().valid()).isFalse();
      assertThat(i.after().problem()).contains("VALIDATE-04");
      assertThat(i.changed()).isTrue();
    });
    assertThat(impact.get(0).before().roles()).contains("admin", "member");
    List<Lockout> lockouts = LockoutGuard.check(channel(org1Config), channel(next), known,
        adminsOf(before), adminsOf(after));
    assertThat(lockouts).singleElement().satisfies(l -> {
      assertThat(l.org()).isEqualTo("/Channel/Application/Org1");
      assertThat(l.adminsToday()).containsExactly("admin");
    });
    assertThat(MspChanges.between(channel(org1Config), channel(next)))
        .extracting(MspChange::kind).containsExactly(MspChange.Kind.INTERMEDIATE_ADDED);
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void crlRevokingAUserChangesOnlyThatUser() throws Exception {
    IssuedCertificate root = org1.rootCa().certificate();
    var crl = CrlBuilder.create(DeterministicRandom.fromSeed("crl"), root)
        .revoke(org1.identity("User1").certificate()).build();
    MSPConfig next = with(fabric(org1Config).toBuilder().addRevocationList(
        ByteString.copyFrom(crl.pem(), StandardCharsets.UTF_8)).build());
    MspManager before = manager(org1Config);
    MspManager after = manager(next);
    List<IdentityImpact> changed = IdentityImpacts.of(known, before, after).stream()
        .filter(IdentityImpact::changed).toList();
    assertThat(changed).singleElement().satisfies(i -> {
      assertThat(i.label()).isEqualTo("user1");
      assertThat(i.after().problem()).contains("VALIDATE-CRL");
      assertThat(i.after().roles()).isEmpty();
    });
    assertThat(LockoutGuard.check(channel(org1Config), channel(next), known, adminsOf(before),
        adminsOf(after))).isEmpty();
    assertThat(MspChanges.between(channel(org1Config), channel(next)))
        .singleElement().satisfies(c -> {
          assertThat(c.kind()).isEqualTo(MspChange.Kind.REVOCATION_ADDED);
          assertThat(c.detail()).contains(
              org1.identity("User1").certificate().x509Certificate().getSerialNumber()
                  .toString(16));
        });
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void unchangedOrgIsNeverALockOut() {
    MspManager m = manager(org1Config);
    assertThat(LockoutGuard.check(channel(org1Config), channel(org1Config), known, adminsOf(m),
        adminsOf(m))).isEmpty();
  }
}

package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks built from a loaded channel configuration: its MSPs, its BlockValidation policy, its ID. */
class SignerChecksOfChannelTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Config config;

  @BeforeAll
  static void orgs() {
    orgs = new TestOrgs(tmp.resolve("crypto"));
    config = orgs.standard().build();
  }

  private static SigningIdentity signer(GeneratedIdentity id, String mspId) {
    MspFolderConfig local = MspFolders.readLocal(id.mspDir(), mspId);
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aBlockOrderedInTheChannelPassesAndOneOfAnotherChannelDoesNot() {
    SignerChecks checks = SignerChecks.of(Channel.load(ConfigFixture.block("mychannel", config)));
    SigningIdentity orderer = signer(orgs.orderer.identity("orderer"), "OrdererMSP");
    SigningIdentity user = signer(orgs.org1.identity("User1"), "Org1MSP");
    SigningIdentity peer1 = signer(orgs.org1.identity("peer0"), "Org1MSP");
    SigningIdentity peer2 = signer(orgs.org2.identity("peer0"), "Org2MSP");
    Messages m = new Messages();

    BlockVerdict ok = checks.block(Messages.block(3, List.of(
        Messages.transaction(m.parts(user, "mychannel"), user, peer1, peer2).toByteString()), orderer));
    assertThat(ok.valid()).isTrue();
    assertThat(ok.signers()).singleElement().satisfies(s -> {
      assertThat(s.mspId()).isEqualTo("OrdererMSP");
      assertThat(s.subject()).startsWith("CN=orderer.example.com");
    });

    BlockVerdict elsewhere = checks.block(Messages.block(4, List.of(
        Messages.transaction(m.parts(user, "otherchannel"), user, peer1).toByteString()), orderer));
    assertThat(elsewhere.refusal()).isEmpty();
    assertThat(elsewhere.transactions().get(0).refusal().orElseThrow().reason()).isEqualTo(Reason.WRONG_CHANNEL);

    BlockVerdict byAdmin = checks.block(Messages.block(5, List.of(
        Messages.transaction(m.parts(user, "mychannel"), user, peer1).toByteString()),
        signer(orgs.orderer.admin(), "OrdererMSP")));
    // The orderer org's admin is a member of OrdererMSP: ANY Writers over OR('OrdererMSP.member') holds.
    assertThat(byAdmin.valid()).isTrue();
  }

  @Test
  @Tag("POLICY-MGR-02")
  void aConfigurationWithoutBlockValidationCannotCheckBlocks() {
    ConfigGroup channel = config.getChannelGroup();
    ConfigGroup orderer = channel.getGroupsOrThrow("Orderer").toBuilder().removePolicies("BlockValidation").build();
    Config without = config.toBuilder().setChannelGroup(channel.toBuilder().putGroups("Orderer", orderer)).build();
    Channel loaded = Channel.load(ConfigFixture.block("mychannel", without));
    ChannelConfigException e = assertThrows(ChannelConfigException.class, () -> SignerChecks.of(loaded));
    assertThat(e.reason()).isEqualTo(Reason.POLICY_NOT_FOUND);
    assertThat(e.rule()).isEqualTo("POLICY-MGR-02");
    assertThat(e.getMessage()).contains("/Channel/Orderer/BlockValidation");
  }
}

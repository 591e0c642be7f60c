package io.msp4j.channel.update;

import static io.msp4j.channel.update.TestConfigs.CHANNEL;
import static io.msp4j.channel.update.TestConfigs.current;
import static io.msp4j.channel.update.TestConfigs.value;
import static io.msp4j.channel.update.TestConfigs.withOrg1;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import io.msp4j.testdata.fuzz.ShortRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Config updates from strangers (any channel member can send one): reading fails only with a
 * {@link ConfigUpdateException} under a CONFIGTX-UPDATE rule; checking gives the same decision
 * twice; and whatever the ordering service's check accepts, the receiving side's re-check of the
 * proposed config accepts too (CONFIGTX-UPDATE-13), with the next sequence number. Policies are
 * {@link TestPolicies}: a policy is satisfied by a signature whose creator bytes are its value.
 */
class ConfigUpdateFuzzTest {
  private static final Config CURRENT = current();
  private static final ConfigUpdateValidator VALIDATOR = ConfigUpdateValidator.of(CHANNEL, CURRENT);
  private static final TestPolicies POLICIES = new TestPolicies(CURRENT);

  @FuzzTest(maxDuration = "12h")
  void acceptedUpdatesAreAcceptedOnTheReceivingSide(byte[] bytes) {
    ConfigUpdateRequest request;
    UpdateCheck check;
    try {
      request = ConfigUpdateRequest.parse(bytes);
      check = VALIDATOR.check(request, POLICIES);
    } catch (ConfigUpdateException e) {
      assertThat(e.rule()).startsWith("CONFIGTX-UPDATE-");
      assertThat(e.reason()).isNotNull();
      return;
    }
    UpdateCheck again = VALIDATOR.check(request, POLICIES);
    assertThat(again.accepted()).isEqualTo(check.accepted());
    assertThat(again.failure().map(ConfigUpdateException::rule)).isEqualTo(check.failure().map(ConfigUpdateException::rule));
    check.failure().ifPresent(e -> assertThat(e.rule()).isNotBlank());
    if (check.accepted()) {
      ConfigEnvelope next = check.proposedOrThrow();
      assertThat(next.getConfig().getSequence()).isEqualTo(CURRENT.getSequence() + 1);
      VALIDATOR.validate(next, POLICIES);
    }
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  @Tag("CONFIGTX-UPDATE-13")
  void shortRunOfEveryTarget() {
    // The receiving-side property is not vacuous: some seeds are accepted.
    assertThat(ShortRun.seeds(getClass(), "acceptedUpdatesAreAcceptedOnTheReceivingSide").stream()
        .filter(b -> VALIDATOR.check(ConfigUpdateRequest.parse(b), POLICIES).accepted())).hasSizeGreaterThanOrEqualTo(2);
    assertThat(ShortRun.run(getClass(), "acceptedUpdatesAreAcceptedOnTheReceivingSide", 500,
        this::acceptedUpdatesAreAcceptedOnTheReceivingSide)).isGreaterThan(500);
  }

  /** Writes the seeds: updates of Org1 signed by its admin, by nobody, and as a bare update envelope. */
  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources")
        .resolve("io/msp4j/channel/update/ConfigUpdateFuzzTestInputs/acceptedUpdatesAreAcceptedOnTheReceivingSide");
    Files.createDirectories(dir);
    Config next = withOrg1(CURRENT, g -> g.toBuilder().putValues("MSP", value(1, "org1-msp-v2")).build());
    ConfigUpdateEnvelope unsigned = ConfigUpdateEnvelope.newBuilder()
        .setConfigUpdate(ConfigUpdates.compute(CURRENT, next, CHANNEL).toByteString()).build();
    ConfigUpdateEnvelope signed = unsigned.toBuilder().addSignatures(ConfigSignature.newBuilder()
        .setSignatureHeader(SignatureHeader.newBuilder().setCreator(ByteString.copyFromUtf8("org1-admin"))
            .setNonce(ByteString.copyFromUtf8("n")).build().toByteString())
        .setSignature(ByteString.copyFromUtf8("sig"))).build();
    Files.write(dir.resolve("signed-by-org1-admin"), envelope(signed).toByteArray());
    Files.write(dir.resolve("unsigned"), envelope(unsigned).toByteArray());
    Files.write(dir.resolve("bare-update-envelope"), signed.toByteArray());
    Config removed = withOrg1(CURRENT, g -> g.toBuilder().removeValues("MSP").setVersion(1).build());
    Files.write(dir.resolve("remove-value"), envelope(ConfigUpdateEnvelope.newBuilder()
        .setConfigUpdate(ConfigUpdates.compute(CURRENT, removed, CHANNEL).toByteString())
        .addSignatures(signed.getSignatures(0)).build()).toByteArray());
  }

  /** A CONFIG_UPDATE envelope for the channel carrying {@code cue} (outer signature left empty). */
  private static Envelope envelope(ConfigUpdateEnvelope cue) {
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ChannelHeader.newBuilder()
            .setType(HeaderType.CONFIG_UPDATE_VALUE).setChannelId(CHANNEL).build().toByteString()))
        .setData(cue.toByteString()).build();
    return Envelope.newBuilder().setPayload(payload.toByteString()).build();
  }
}

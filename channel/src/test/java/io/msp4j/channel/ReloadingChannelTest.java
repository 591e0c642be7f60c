package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.MspChange.Action;
import io.msp4j.core.reload.MspChange.Kind;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.cryptogen.GeneratedCa;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A channel's MSP set and policies swapped atomically as config blocks are applied. */
class ReloadingChannelTest {
  private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  @TempDir static Path tmp;
  static TestOrgs orgs;
  static GeneratedIdentity peer1;
  static GeneratedIdentity user2;

  private final Recorder recorder = new Recorder();
  private final ReloadingChannel channel = ReloadingChannel.builder("mychannel")
      .clock(Clock.fixed(T0, ZoneOffset.UTC)).listener(recorder).build();

  @BeforeAll
  static void generate() {
    orgs = new TestOrgs(tmp);
    peer1 = orgs.org1.identity("peer0");
    user2 = orgs.org2.identity("User1");
  }

  /** One listener type for MSPs and channels: this one would listen to either. */
  static final class Recorder implements ReloadListener<Object> {
    final List<Generation<?>> reloads = new CopyOnWriteArrayList<>();
    final List<ReloadFailure> failures = new CopyOnWriteArrayList<>();

    @Override
    public void reloaded(Generation<?> generation) {
      reloads.add(generation);
    }

    @Override
    public void reloadFailed(ReloadFailure failure) {
      failures.add(failure);
    }
  }

  private static byte[] block(Config config) {
    return ConfigFixture.block("mychannel", config);
  }

  private static byte[] serialized(String mspId, GeneratedIdentity id) {
    try {
      return SerializedIdentity.newBuilder().setMspid(mspId)
          .setIdBytes(ByteString.copyFrom(Files.readAllBytes(id.signCertFile()))).build().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Org1's MSP value with a CRL of its issuing CA revoking {@code revoked}. */
  private static MSPConfig org1Revoking(GeneratedIdentity revoked) {
    try {
      GeneratedCa ca = orgs.org1.issuingCa();
      IssuedCertificate issuer = IssuedCertificate.fromPem(Files.readString(ca.certFile()))
          .withPrivateKey(privateKey(ca.keyFile()));
      IssuedCertificate leaf = IssuedCertificate.fromPem(Files.readString(revoked.signCertFile()));
      CrlBuilder crl = CrlBuilder.create(DeterministicRandom.fromSeed("channel-crl"), issuer).revoke(leaf);
      FabricMSPConfig f = FabricMSPConfig.parseFrom(orgs.org1Msp.getConfig()).toBuilder()
          .addRevocationList(ByteString.copyFromUtf8(crl.build().pem())).build();
      return orgs.org1Msp.toBuilder().setConfig(f.toByteString()).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static PrivateKey privateKey(Path pem) throws IOException {
    try (Reader r = Files.newBufferedReader(pem); PEMParser p = new PEMParser(r)) {
      return new JcaPEMKeyConverter().getPrivateKey((PrivateKeyInfo) p.readObject());
    }
  }

  private static boolean writers(ReloadingChannel c, Identity signer) {
    return c.policy("/Channel/Application/Writers").policy().evaluateIdentities(List.of(signer)).satisfied();
  }

  @Test
  @Tag("MGR-03")
  void beforeABlockIsAppliedDeserialisationFailsAsAnUnsetManagerDoes() {
    IdentityException e = assertThrows(IdentityException.class,
        () -> channel.deserialize(serialized("Org1MSP", peer1)));
    assertThat(e.reason()).isEqualTo(Reason.MANAGER_NOT_SET_UP);
    assertThat(e.rule()).isEqualTo("MGR-03");
    assertThat(channel.generation()).isZero();
  }

  @Test
  @Tag("VER-02")
  @Tag("VALIDATE-CRL-02")
  void eachConfigBlockSwapsTheMspSetAndPoliciesAndSaysWhatChanged() {
    ReloadResult<Channel> first = channel.apply(block(orgs.standard().build()));
    assertThat(first.status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(first.generation().appliedAt()).isEqualTo(T0);
    assertThat(first.generation().changes()).extracting(MspChange::kind, MspChange::action).contains(
        tuple(Kind.CAPABILITIES, Action.ADDED),
        tuple(Kind.ORGANIZATION, Action.ADDED));
    Identity oldPeer = channel.deserialize(serialized("Org1MSP", peer1));
    oldPeer.validate();
    assertThat(writers(channel, channel.deserialize(serialized("Org2MSP", user2)))).isTrue();

    // Org1's CRL revokes its peer, Org2 leaves, the channel moves to V2_0 capabilities.
    Config next = ConfigFixture.builder().channelCapabilities("V2_0")
        .ordererAddresses("orderer.example.com:7050")
        .applicationOrg("Org1", org1Revoking(peer1))
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build();
    ReloadResult<Channel> second = channel.apply(block(next));
    assertThat(second.status()).isEqualTo(ReloadResult.Status.APPLIED);
    assertThat(channel.generation()).isEqualTo(2);
    assertThat(second.generation().value().mspVersion()).isEqualTo(io.msp4j.core.MspVersion.V1_4_3);
    List<MspChange> changes = second.generation().changes();
    assertThat(changes).extracting(MspChange::kind, MspChange::action).contains(
        tuple(Kind.CAPABILITIES, Action.CHANGED),
        tuple(Kind.REVOKED_SERIALS, Action.ADDED),
        tuple(Kind.ORGANIZATION, Action.REMOVED));
    assertThat(changes).filteredOn(c -> c.kind() == Kind.REVOKED_SERIALS).singleElement()
        .satisfies(c -> assertThat(c.item()).startsWith("Org1MSP (/Channel/Application/Org1): by "));
    assertThat(changes).filteredOn(c -> c.kind() == Kind.ORGANIZATION).singleElement()
        .satisfies(c -> assertThat(c.item()).isEqualTo("/Channel/Application/Org2 (Org2MSP)"));
    assertThat(changes).filteredOn(c -> c.kind() == Kind.CAPABILITIES).singleElement()
        .satisfies(c -> assertThat(c.item()).contains("[V3_0]", "-> channel [V2_0]", "(MSP version 1.4.3)"));

    // The current generation revokes the peer and no longer knows Org2.
    IdentityException revoked = assertThrows(IdentityException.class,
        () -> channel.deserialize(serialized("Org1MSP", peer1)).validate());
    assertThat(revoked.reason()).isEqualTo(Reason.REVOKED);
    IdentityException unknown = assertThrows(IdentityException.class,
        () -> channel.deserialize(serialized("Org2MSP", user2)));
    assertThat(unknown.reason()).isEqualTo(Reason.UNKNOWN_MSP);
    // What generation 1 handed out keeps answering with generation 1 (CORE-03).
    oldPeer.validate();
    Channel one = recorder.reloads.get(0).value() instanceof Channel c ? c : null;
    assertThat(one).isNotNull();
    assertThat(one.msp("Org2MSP")).isPresent();
    assertThat(recorder.reloads).extracting(Generation::number).containsExactly(1L, 2L);
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  void aConfigurationThatCannotBeLoadedIsRefusedAndTheOldOneKeepsServing() {
    channel.apply(block(orgs.standard().build()));
    FabricMSPConfig broken;
    try {
      broken = FabricMSPConfig.parseFrom(orgs.org2Msp.getConfig()).toBuilder().clearRootCerts()
          .addRootCerts(ByteString.copyFromUtf8("-----BEGIN CERTIFICATE-----\nAAEC\n-----END CERTIFICATE-----\n"))
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Config bad = ConfigFixture.builder().applicationOrg("Org1", orgs.org1Msp)
        .applicationOrg("Org2", orgs.org2Msp.toBuilder().setConfig(broken.toByteString()).build())
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build();
    ReloadResult<Channel> r = channel.apply(block(bad));
    assertThat(r.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(r.failure().rule()).isEqualTo("SETUP-PARSE-01");
    assertThat(r.failure().error()).isInstanceOf(ChannelConfigException.class);
    assertThat(((ChannelConfigException) r.failure().error()).path()).isEqualTo("/Channel/Application/Org2");
    assertThat(r.failure().keptGeneration()).isEqualTo(1);
    assertThat(recorder.failures).containsExactly(r.failure());
    assertThat(channel.generation()).isEqualTo(1);
    channel.deserialize(serialized("Org2MSP", user2)).validate();

    ReloadResult<Channel> garbage = channel.apply(new byte[] {1, 2, 3});
    assertThat(garbage.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(garbage.failure().reason()).isEqualTo(Reason.CONFIG_BLOCK_MALFORMED);
    assertThat(channel.generation()).isEqualTo(1);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-02")
  void theSameConfigurationSwapsNothingAndAnotherChannelsIsRefused() {
    byte[] b = block(orgs.standard().build());
    channel.apply(b);
    assertThat(channel.apply(b).status()).isEqualTo(ReloadResult.Status.UNCHANGED);
    ReloadResult<Channel> other = channel.apply(ConfigFixture.block("otherchannel",
        orgs.standard().applicationOrg("Org9", orgs.org2Msp.toBuilder().build()).build()));
    assertThat(other.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(other.failure().rule()).isEqualTo("CONFIGTX-UPDATE-02");
    assertThat(other.failure().detail()).contains("otherchannel", "mychannel");
    assertThat(channel.generation()).isEqualTo(1);
  }

  @Test
  @Tag("POLICY-MGR-02")
  void policiesChangedByABlockAreListedByPathAndEvaluatedWithTheNewMsps() {
    channel.apply(block(orgs.standard().build()));
    Config next = ConfigFixture.builder().applicationOrg("Org1", orgs.org1Msp)
        .applicationOrgGroup("Org2", orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application")
            .getGroupsOrThrow("Org2").toBuilder()
            .putPolicies("Writers", ConfigFixture.signedBy("Org2MSP", MSPRole.MSPRoleType.ADMIN)).build())
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build();
    ReloadResult<Channel> r = channel.apply(block(next));
    assertThat(r.generation().changes()).containsExactly(
        MspChange.of(Kind.POLICY, Action.CHANGED, "/Channel/Application/Org2/Writers"));
    // A user of Org2 is no longer a writer of Org2, so /Channel/Application/Writers (ANY) needs Org1.
    Identity user = channel.deserialize(serialized("Org2MSP", user2));
    assertThat(writers(channel, user)).isFalse();
    assertThat(writers(channel, channel.deserialize(serialized("Org1MSP", peer1)))).isTrue();
  }

  @Test
  @Tag("CORE-03")
  void callersDuringSwapsGetTheVerdictOfTheGenerationThatAnswered() throws Exception {
    byte[] plain = block(orgs.standard().build());
    byte[] revoking = block(ConfigFixture.builder().applicationOrg("Org1", org1Revoking(peer1))
        .applicationOrg("Org2", orgs.org2Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    channel.apply(plain);
    byte[] peer = serialized("Org1MSP", peer1);
    List<Throwable> problems = new CopyOnWriteArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread th = new Thread(() -> {
        while (!stop.get()) {
          try {
            Generation<Channel> g = channel.current().orElseThrow();
            Identity id = g.value().mspManager().deserialize(peer);
            boolean revokedHere = g.number() % 2 == 0; // even generations revoke the peer
            try {
              id.validate();
              if (revokedHere) {
                problems.add(new AssertionError("generation " + g.number() + " said valid"));
              }
            } catch (IdentityException e) {
              if (!revokedHere || e.reason() != Reason.REVOKED) {
                problems.add(e);
              }
            }
          } catch (Throwable e) {
            problems.add(e);
          }
        }
      });
      threads.add(th);
      th.start();
    }
    for (int i = 2; i <= 21; i++) {
      assertThat(channel.apply(i % 2 == 0 ? revoking : plain).generation().number()).isEqualTo(i);
    }
    stop.set(true);
    for (Thread th : threads) {
      th.join();
    }
    assertThat(problems).isEmpty();
  }
}

package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedCa;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.CryptoBackend;
import io.msp4j.x509.SetupOptions;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Org MSPs shared between channels: taken only when the MSP value, version and setup options are
 * equal, with the verdicts of channels loaded without sharing (the reference), one channel's
 * reload changing only its own org, failures never shared, concurrent loads, and MSPs dropped
 * once nothing uses them.
 */
class SharedMspsTest {
  @TempDir static Path tmp;
  static Orgs orgs;
  static List<byte[]> identities;

  /** Org1 plain, Org2 issuing through an intermediate CA with a CRL, Org3 without NodeOUs. */
  record Orgs(GeneratedOrg org1, GeneratedOrg org2, GeneratedOrg org3, GeneratedOrg orderer,
      MSPConfig org1Msp, MSPConfig org1Revoking, MSPConfig org2Msp, MSPConfig org3Msp,
      MSPConfig ordererMsp) {}

  @BeforeAll
  static void generate() {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: shared-msps
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs: [{Hostname: orderer}]
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 2}
            Users: {Count: 1}
          - Name: Org2
            Domain: org2.example.com
            EnableNodeOUs: true
            CA:
              Intermediates:
                - Hostname: ica
            CRL: {Revoke: [peer1.org2.example.com]}
            Template: {Count: 2}
            Users: {Count: 1}
          - Name: Org3
            Domain: org3.example.com
            EnableNodeOUs: false
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp);
    GeneratedOrg org1 = tree.org("org1.example.com");
    MSPConfig org1Msp = ConfigFixture.msp(org1, "Org1MSP");
    orgs = new Orgs(org1, tree.org("org2.example.com"), tree.org("org3.example.com"),
        tree.org("example.com"), org1Msp, revoking(org1, org1Msp, org1.identity("peer0")),
        ConfigFixture.msp(tree.org("org2.example.com"), "Org2MSP"),
        ConfigFixture.msp(tree.org("org3.example.com"), "Org3MSP"),
        ConfigFixture.msp(tree.org("example.com"), "OrdererMSP"));
    identities = new ArrayList<>();
    String[] ids = {"Org1MSP", "Org2MSP", "Org3MSP", "OrdererMSP"};
    GeneratedOrg[] all = {orgs.org1, orgs.org2, orgs.org3, orgs.orderer};
    for (int o = 0; o < all.length; o++) {
      List<GeneratedIdentity> people = new ArrayList<>(all[o].nodes());
      people.addAll(all[o].users());
      for (GeneratedIdentity id : people) {
        identities.add(serialized(ids[o], id));
        identities.add(serialized(ids[(o + 1) % ids.length], id));   // claims another org
      }
    }
    identities.add(new byte[] {1, 2, 3});
  }

  private static byte[] serialized(String mspId, GeneratedIdentity id) {
    try {
      return SerializedIdentity.newBuilder().setMspid(mspId)
          .setIdBytes(ByteString.copyFrom(Files.readAllBytes(id.signCertFile()))).build().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The org's MSP value with a CRL of its issuing CA revoking {@code revoked}. */
  private static MSPConfig revoking(GeneratedOrg org, MSPConfig msp, GeneratedIdentity revoked) {
    try {
      GeneratedCa ca = org.issuingCa();
      PrivateKey key;
      try (Reader r = Files.newBufferedReader(ca.keyFile()); PEMParser p = new PEMParser(r)) {
        key = new JcaPEMKeyConverter().getPrivateKey((PrivateKeyInfo) p.readObject());
      }
      IssuedCertificate issuer = IssuedCertificate.fromPem(Files.readString(ca.certFile())).withPrivateKey(key);
      IssuedCertificate leaf = IssuedCertificate.fromPem(Files.readString(revoked.signCertFile()));
      CrlBuilder crl = CrlBuilder.create(DeterministicRandom.fromSeed("shared-crl"), issuer).revoke(leaf);
      FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig()).toBuilder()
          .addRevocationList(ByteString.copyFromUtf8(crl.build().pem())).build();
      return msp.toBuilder().setConfig(f.toByteString()).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ConfigFixture.Builder standard() {
    return ConfigFixture.builder().applicationOrg("Org1", orgs.org1Msp)
        .applicationOrg("Org2", orgs.org2Msp).ordererOrg("OrdererOrg", orgs.ordererMsp);
  }

  private static Channel load(String channelId, Config config, ChannelOptions options) {
    return Channel.load(ConfigFixture.block(channelId, config), options);
  }

  private static ChannelOptions shared(SharedMsps msps) {
    return ChannelOptions.defaults().withSharedMsps(msps);
  }

  @Test
  @Tag("CACHE-06")
  @Tag("CHANNEL-MSP-05")
  void channelsWithTheSameOrgValuesShareOneMspAndItsCaches() {
    SharedMsps msps = SharedMsps.create();
    Channel a = load("alpha", standard().build(), shared(msps));
    Channel b = load("beta", standard().build(), shared(msps));
    for (String id : List.of("Org1MSP", "Org2MSP", "OrdererMSP")) {
      assertThat(b.msp(id).orElseThrow()).isSameAs(a.msp(id).orElseThrow());
    }
    assertThat(msps.size()).isEqualTo(3);
    // The identity cache is shared: the same bytes give the same identity object in both.
    byte[] peer = serialized("Org1MSP", orgs.org1.identity("peer0"));
    Identity fromA = a.mspManager().deserialize(peer);
    assertThat(b.mspManager().deserialize(peer)).isSameAs(fromA);
    // Without sharing, each load sets its own MSPs up.
    Channel plain = load("beta", standard().build(), ChannelOptions.defaults());
    assertThat(plain.msp("Org1MSP").orElseThrow()).isNotSameAs(a.msp("Org1MSP").orElseThrow());
  }

  @Test
  @Tag("CHANNEL-MSP-03")
  void theOrgValuesOfEqualConfigurationsAreHeldOnceAndTheConfigurationIsUnchanged() {
    SharedMsps msps = SharedMsps.create();
    Config config = standard().applicationOrg("Org3", orgs.org3Msp).build();
    Channel a = load("alpha", config, shared(msps));
    byte[] blockB = ConfigFixture.block("beta", config);
    Channel b = Channel.load(blockB, shared(msps));
    Channel plainB = Channel.load(blockB, ChannelOptions.defaults());
    assertThat(b.config()).isEqualTo(plainB.config());
    assertThat(b.config().toByteString()).isEqualTo(plainB.config().toByteString());
    assertThat(b.decoded().channelId()).isEqualTo(plainB.decoded().channelId());
    assertThat(b.decoded().blockNumber()).isEqualTo(plainB.decoded().blockNumber());
    for (String org : List.of("Org1", "Org2", "Org3")) {
      assertThat(mspValue(b, org)).isSameAs(mspValue(a, org));
      assertThat(mspValue(plainB, org)).isNotSameAs(mspValue(a, org));
    }
    // The decoded MSP configurations are views of those bytes: equal to the plain ones.
    for (int i = 0; i < b.orgs().size(); i++) {
      assertThat(b.orgs().get(i).mspConfig()).isEqualTo(plainB.orgs().get(i).mspConfig());
    }
    // A value that differs is kept as given.
    Channel c = load("gamma", ConfigFixture.builder().applicationOrg("Org1", orgs.org1Revoking)
        .applicationOrg("Org2", orgs.org2Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build(), shared(msps));
    assertThat(mspValue(c, "Org1")).isNotSameAs(mspValue(a, "Org1")).isNotEqualTo(mspValue(a, "Org1"));
    assertThat(mspValue(c, "Org2")).isSameAs(mspValue(a, "Org2"));
  }

  private static ByteString mspValue(Channel c, String org) {
    return c.config().getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow(org)
        .getValuesOrThrow("MSP").getValue();
  }

  @Test
  @Tag("CHANNEL-MSP-07")
  void anOrgWhoseMspValueDiffersIsSetUpApartAndTheOthersAreShared() {
    SharedMsps msps = SharedMsps.create();
    Channel a = load("alpha", standard().build(), shared(msps));
    Channel b = load("beta", ConfigFixture.builder().applicationOrg("Org1", orgs.org1Revoking)
        .applicationOrg("Org2", orgs.org2Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build(),
        shared(msps));
    assertThat(b.msp("Org1MSP").orElseThrow()).isNotSameAs(a.msp("Org1MSP").orElseThrow());
    assertThat(b.msp("Org2MSP").orElseThrow()).isSameAs(a.msp("Org2MSP").orElseThrow());
    assertThat(msps.size()).isEqualTo(4);
    byte[] peer = serialized("Org1MSP", orgs.org1.identity("peer0"));
    a.mspManager().deserialize(peer).validate();
    IdentityExceptionAssert.revoked(() -> b.mspManager().deserialize(peer).validate());
  }

  @Test
  @Tag("VER-02")
  @Tag("CHANNEL-MSP-01")
  void anotherMspVersionIsSetUpApart() {
    SharedMsps msps = SharedMsps.create();
    Channel v3 = load("alpha", standard().build(), shared(msps));
    Channel v2 = load("beta", standard().channelCapabilities("V2_0").build(), shared(msps));
    assertThat(v2.mspVersion()).isEqualTo(MspVersion.V1_4_3);
    for (String id : List.of("Org1MSP", "Org2MSP", "OrdererMSP")) {
      assertThat(v2.msp(id).orElseThrow()).isNotSameAs(v3.msp(id).orElseThrow());
      assertThat(v2.msp(id).orElseThrow().version()).isEqualTo(MspVersion.V1_4_3);
    }
  }

  @Test
  @Tag("DELTA25-01")
  void anotherFabricReleaseIsSetUpApart() {
    SharedMsps msps = SharedMsps.create();
    Config v2 = standard().channelCapabilities("V2_0").build();
    Channel in30 = load("alpha", v2, shared(msps));
    Channel in25 = load("beta", v2, shared(msps)
        .withSetup(SetupOptions.defaults().withRelease(FabricRelease.V2_5)));
    assertThat(in25.release()).isEqualTo(FabricRelease.V2_5);
    assertThat(in25.msp("Org1MSP").orElseThrow()).isNotSameAs(in30.msp("Org1MSP").orElseThrow());
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  void otherSetupOptionsAreSetUpApartAndEqualOnesShare() {
    SharedMsps msps = SharedMsps.create();
    Channel auto = load("alpha", standard().build(), shared(msps));
    Channel bc = load("beta", standard().build(),
        shared(msps).withSetup(SetupOptions.defaults().withCrypto(CryptoBackend.BOUNCY_CASTLE)));
    assertThat(bc.msp("Org1MSP").orElseThrow()).isNotSameAs(auto.msp("Org1MSP").orElseThrow());
    Clock fixed = Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC);
    Channel clocked = load("gamma", standard().build(),
        shared(msps).withSetup(SetupOptions.defaults().withClock(fixed)));
    assertThat(clocked.msp("Org1MSP").orElseThrow()).isNotSameAs(auto.msp("Org1MSP").orElseThrow());
    // Equal options made apart (defaults twice, an equal fixed clock) do share.
    Channel again = load("delta", standard().build(), ChannelOptions.defaults().withSharedMsps(msps));
    assertThat(again.msp("Org1MSP").orElseThrow()).isSameAs(auto.msp("Org1MSP").orElseThrow());
    Channel clockedAgain = load("epsilon", standard().build(), shared(msps).withSetup(
        SetupOptions.defaults().withClock(Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC))));
    assertThat(clockedAgain.msp("Org1MSP").orElseThrow()).isSameAs(clocked.msp("Org1MSP").orElseThrow());
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  void mspsReusedFromAnEarlierChannelComeFirst() {
    Channel earlier = Channel.load(standard().build());
    SharedMsps msps = SharedMsps.create();
    Channel c = load("alpha", standard().build(),
        shared(msps).withReuse(MspReuse.from(earlier)));
    assertThat(c.msp("Org1MSP").orElseThrow()).isSameAs(earlier.msp("Org1MSP").orElseThrow());
    assertThat(msps.size()).isZero();
  }

  @Test
  @Tag("CACHE-06")
  @Tag("VALIDATE-CRL-02")
  @Tag("POLICY-MGR-02")
  void verdictsWithSharedMspsAreThoseOfChannelsLoadedWithout() {
    MSPConfig[] org1 = {orgs.org1Msp, orgs.org1Revoking};
    String[] caps = {"V3_0", "V2_0", "V1_4_2"};
    Random random = new Random(23);
    SharedMsps msps = SharedMsps.create();
    List<Channel> keep = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      ConfigFixture.Builder b = ConfigFixture.builder();
      String cap = caps[random.nextInt(caps.length)];
      b.channelCapabilities(cap);
      if (!cap.equals("V3_0")) {
        b.ordererAddresses("orderer.example.com:7050");
      }
      if (random.nextInt(4) != 0) {
        b.applicationOrg("Org1", org1[random.nextInt(org1.length)]);
      }
      if (random.nextBoolean()) {
        b.applicationOrg("Org2", orgs.org2Msp);
      }
      if (random.nextBoolean()) {
        b.applicationOrg("Org3", orgs.org3Msp);
      }
      b.ordererOrg("OrdererOrg", orgs.ordererMsp);
      Config config = b.build();
      String channelId = "channel" + i;
      Channel withSharing = load(channelId, config, shared(msps).withParallelism(1 + i % 2));
      Channel reference = load(channelId, config, ChannelOptions.defaults());
      keep.add(withSharing);
      assertThat(ChannelVerdicts.of(withSharing, identities))
          .as("channel %d (%s)", i, withSharing)
          .isEqualTo(ChannelVerdicts.of(reference, identities));
    }
    // The questions asked reach every kind of outcome, so equal texts mean something.
    String all = String.join("\n", ChannelVerdicts.of(keep.get(0), identities));
    assertThat(all).contains(": ok", "refused ");
    assertThat(msps.size()).isLessThan(16 * 3);
  }

  @Test
  @Tag("CORE-03")
  @Tag("VALIDATE-CRL-02")
  void reloadingOneChannelChangesOnlyItsCopyOfTheOrg() {
    SharedMsps msps = SharedMsps.create();
    ReloadingChannel a = ReloadingChannel.builder("alpha").options(shared(msps)).build();
    ReloadingChannel b = ReloadingChannel.builder("beta").options(shared(msps)).build();
    a.apply(ConfigFixture.block("alpha", standard().build()));
    b.apply(ConfigFixture.block("beta", standard().build()));
    Msp org1Before = a.msp("Org1MSP").orElseThrow();
    assertThat(b.msp("Org1MSP").orElseThrow()).isSameAs(org1Before);
    byte[] peer = serialized("Org1MSP", orgs.org1.identity("peer0"));
    Identity heldFromA = a.deserialize(peer);
    Identity heldFromB = b.deserialize(peer);

    // Alpha's Org1 now revokes peer0; beta's configuration does not change.
    a.apply(ConfigFixture.block("alpha", ConfigFixture.builder()
        .applicationOrg("Org1", orgs.org1Revoking).applicationOrg("Org2", orgs.org2Msp)
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build()));
    assertThat(a.generation()).isEqualTo(2);
    assertThat(a.msp("Org1MSP").orElseThrow()).isNotSameAs(org1Before);
    assertThat(a.msp("Org2MSP").orElseThrow()).isSameAs(b.msp("Org2MSP").orElseThrow());
    assertThat(b.msp("Org1MSP").orElseThrow()).isSameAs(org1Before);
    IdentityExceptionAssert.revoked(() -> a.deserialize(peer).validate());
    b.deserialize(peer).validate();
    // Identities obtained before the change answer with the MSP that made them, whichever
    // channel they came from.
    heldFromA.validate();
    heldFromB.validate();
    assertThat(heldFromA).isSameAs(heldFromB);
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  @Tag("CHANNEL-MSP-08")
  void aSetupThatFailsIsNotSharedAndFailsAsWithoutSharing() throws IOException {
    FabricMSPConfig broken = FabricMSPConfig.parseFrom(orgs.org2Msp.getConfig()).toBuilder()
        .clearRootCerts().addRootCerts(ByteString.copyFromUtf8(
            "-----BEGIN CERTIFICATE-----\nAAEC\n-----END CERTIFICATE-----\n")).build();
    MSPConfig brokenMsp = orgs.org2Msp.toBuilder().setConfig(broken.toByteString()).build();
    Config bad = ConfigFixture.builder().applicationOrg("Org1", orgs.org1Msp)
        .applicationOrg("Org2", brokenMsp)
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build();
    ChannelConfigException plain = assertThrows(ChannelConfigException.class,
        () -> load("alpha", bad, ChannelOptions.defaults()));
    SharedMsps msps = SharedMsps.create();
    for (int attempt = 0; attempt < 2; attempt++) {
      ChannelConfigException e = assertThrows(ChannelConfigException.class,
          () -> load("alpha", bad, shared(msps)));
      assertThat(e.getMessage()).isEqualTo(plain.getMessage());
      assertThat(e.reason()).isEqualTo(plain.reason());
      assertThat(e.rule()).isEqualTo(plain.rule());
      assertThat(e.path()).isEqualTo(plain.path());
      assertThat(msps.find(brokenMsp,
          MspVersion.V3_0, SetupOptions.defaults())).isEmpty();
    }
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  void anEncodedValueIsSetUpOnlyWhenItDecodesToTheConfigurationGiven() {
    SharedMsps msps = SharedMsps.create();
    assertThrows(IllegalArgumentException.class, () -> msps.msp(orgs.org1Msp.toByteString(),
        orgs.org2Msp, MspVersion.V3_0, SetupOptions.defaults()));
    assertThat(msps.size()).isZero();
    Msp byBytes = msps.msp(orgs.org1Msp.toByteString(), orgs.org1Msp, MspVersion.V3_0, SetupOptions.defaults());
    assertThat(msps.msp(orgs.org1Msp, MspVersion.V3_0, SetupOptions.defaults())).isSameAs(byBytes);
    assertThat(msps.find(orgs.org1Msp.toByteString(), MspVersion.V3_0, SetupOptions.defaults()))
        .containsSame(byBytes);
  }

  @Test
  @Tag("SETUP-SIGNER-03")
  void aConfigurationWithASigningIdentityIsNeverShared() {
    GeneratedIdentity peer = orgs.org1.identity("peer0");
    io.msp4j.config.MspFolderConfig local = io.msp4j.config.MspFolders.readLocal(peer.mspDir(), "Org1MSP");
    SetupOptions options = SetupOptions.defaults().withKeyStore(local.keyStore());
    SharedMsps msps = SharedMsps.create();
    Msp first = msps.msp(local.mspConfig(), MspVersion.V3_0, options);
    Msp second = msps.msp(local.mspConfig(), MspVersion.V3_0, options);
    assertThat(second).isNotSameAs(first);
    assertThat(msps.size()).isZero();
    // Its expiry is checked against the clock at each setup.
    Clock late = Clock.fixed(Instant.parse("2100-01-01T00:00:00Z"), ZoneOffset.UTC);
    io.msp4j.core.MspException e = assertThrows(io.msp4j.core.MspException.class,
        () -> msps.msp(local.mspConfig(), MspVersion.V3_0, options.withClock(late)));
    assertThat(e.rule()).isEqualTo("SETUP-SIGNER-03");
  }

  @Test
  @Tag("CACHE-06")
  void concurrentLoadsOfChannelsWithTheSameOrgsSetEachMspUpOnce() throws Exception {
    SharedMsps msps = SharedMsps.create();
    int threads = 8;
    List<byte[]> blocks = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      blocks.add(ConfigFixture.block("channel" + i, standard()
          .applicationOrg("Org3", orgs.org3Msp).build()));
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 3; round++) {
        SharedMsps fresh = round == 0 ? msps : SharedMsps.create();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Channel>> loads = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          byte[] block = blocks.get(i);
          loads.add(pool.submit(() -> {
            start.await();
            return Channel.load(block, ChannelOptions.defaults().withSharedMsps(fresh));
          }));
        }
        start.countDown();
        List<Channel> channels = new ArrayList<>();
        for (Future<Channel> f : loads) {
          channels.add(f.get());
        }
        for (Channel c : channels) {
          for (String id : List.of("Org1MSP", "Org2MSP", "Org3MSP", "OrdererMSP")) {
            assertThat(c.msp(id).orElseThrow()).isSameAs(channels.get(0).msp(id).orElseThrow());
          }
          assertThat(ChannelVerdicts.of(c, identities.subList(0, 6)))
              .isEqualTo(ChannelVerdicts.of(channels.get(0), identities.subList(0, 6)));
        }
        assertThat(fresh.size()).isEqualTo(4);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Tag("CACHE-06")
  void anMspNoLongerUsedByAnyChannelIsDropped() throws InterruptedException {
    SharedMsps msps = SharedMsps.create();
    WeakReference<Msp> org1 = loadAndForget(msps);
    assertThat(msps.size()).isGreaterThan(0);
    long deadline = System.nanoTime() + 20_000_000_000L;
    while ((org1.get() != null || msps.size() > 0) && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(org1.get()).as("the MSP is collected once no channel uses it").isNull();
    assertThat(msps.size()).isZero();
    // A later load sets the org up again and shares it from then on.
    Channel again = load("alpha", standard().build(), shared(msps));
    assertThat(msps.find(again.orgs(("Org1MSP")).get(0).mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults())).containsSame(again.msp("Org1MSP").orElseThrow());
  }

  private static WeakReference<Msp> loadAndForget(SharedMsps msps) {
    Channel c = load("alpha", standard().build(), shared(msps));
    return new WeakReference<>(c.msp("Org1MSP").orElseThrow());
  }

  /** Asserts a revocation refusal. */
  private static final class IdentityExceptionAssert {
    static void revoked(org.junit.jupiter.api.function.Executable call) {
      io.msp4j.core.IdentityException e = assertThrows(io.msp4j.core.IdentityException.class, call);
      assertThat(e.reason()).isEqualTo(io.msp4j.core.Reason.REVOKED);
    }
  }
}

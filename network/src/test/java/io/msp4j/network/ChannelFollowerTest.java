package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.Identity;
import io.msp4j.core.MspManager;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following a channel from a Deliver service over TLS: verification, faults, resume. */
class ChannelFollowerTest {
  @TempDir static Path tmp;
  @TempDir Path work;
  static TestChain chain;
  static Path ordererTls;
  static Path org1Tls;

  private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();
  private final Recorder recorder = new Recorder();

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp); // 1 txs, 2 config, 3 txs, 4 config revoking orderer2, 5 txs
    ordererTls = chain.ordererOrg.identity("orderer").tlsDir();
    org1Tls = chain.org1.identity("User1").tlsDir();
  }

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private FakeOrderingService service(Path clientCa) throws IOException {
    FakeOrderingService s = FakeOrderingService.start(ordererTls, clientCa, chain.blocks());
    open.add(s);
    return s;
  }

  private static ConnectionOptions.Builder tls(Endpoint... endpoints) throws IOException {
    ConnectionOptions.Builder b = ConnectionOptions.builder()
        .tlsRootCert("ca.crt", Files.readAllBytes(ordererTls.resolve("ca.crt")))
        .serverName("orderer.example.com")
        .connectTimeout(Duration.ofSeconds(2));
    for (Endpoint e : endpoints) {
      b.endpoint(e);
    }
    return b;
  }

  private ChannelFollowerBuilder follower(ConnectionOptions o) {
    return ChannelFollower.builder(TestChain.CHANNEL, o, chain.org1User)
        .backoff(Duration.ofMillis(20), Duration.ofMillis(200))
        .giveUpAfter(Duration.ofSeconds(20))
        .configEndpoints(false)
        .listener(recorder);
  }

  /** Records what the follower tells. */
  static final class Recorder implements FollowListener {
    final List<Long> delivered = new CopyOnWriteArrayList<>();
    final List<NetworkException> disconnects = new CopyOnWriteArrayList<>();
    final List<Endpoint> connects = new CopyOnWriteArrayList<>();
    final List<BlockRefusedException> refusals = new CopyOnWriteArrayList<>();

    @Override
    public void connected(Endpoint e, DeliverService s) {
      connects.add(e);
    }

    @Override
    public void disconnected(Endpoint e, NetworkException cause, Duration retryIn) {
      disconnects.add(cause);
    }

    @Override
    public void delivered(DeliveredBlock b) {
      delivered.add(b.number());
    }

    @Override
    public void refused(BlockRefusedException r) {
      refusals.add(r);
    }
  }

  @Test
  @Tag("DELIVER-06")
  void followsAcrossConfigChangesAndAppliesThem() throws Exception {
    FakeOrderingService s = service(null);
    ChannelFollower f = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).until(5).build();
    FollowOutcome o = f.run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
    assertThat(f.channel().generation()).isEqualTo(3);
    assertThat(f.channel().current().orElseThrow().value().sequence()).isEqualTo(2);
    assertThat(recorder.connects).containsExactly(s.endpoint());
  }

  @Test
  @Tag("DELIVER-08")
  void theSeekRequestIsASignedDeliverSeekInfoFromTheNextBlock() throws Exception {
    FakeOrderingService s = service(null);
    follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).until(2).build().run();
    Envelope seek = s.seeks.get(0);
    Payload p = Payload.parseFrom(seek.getPayload());
    ChannelHeader ch = ChannelHeader.parseFrom(p.getHeader().getChannelHeader());
    assertThat(ch.getType()).isEqualTo(HeaderType.DELIVER_SEEK_INFO_VALUE);
    assertThat(ch.getChannelId()).isEqualTo(TestChain.CHANNEL);
    assertThat(ch.getTlsCertHash().isEmpty()).isTrue();
    SeekInfo info = SeekInfo.parseFrom(p.getData());
    assertThat(info.getStart().getSpecified().getNumber()).isEqualTo(1);
    assertThat(info.getStop().getSpecified().getNumber()).isEqualTo(2);
    assertThat(info.getBehavior()).isEqualTo(SeekInfo.SeekBehavior.BLOCK_UNTIL_READY);
    SignatureHeader sh = SignatureHeader.parseFrom(p.getHeader().getSignatureHeader());
    assertThat(sh.getNonce().size()).isEqualTo(24);
    MspManager msps = Channel.load(ConfigFixture.block(TestChain.CHANNEL, chain.config())).mspManager();
    Identity creator = msps.deserialize(sh.getCreator().toByteArray());
    creator.verify(seek.getPayload().toByteArray(), seek.getSignature().toByteArray());
  }

  @Test
  @Tag("DELIVER-08")
  void underMutualTlsTheSeekCarriesTheClientCertificateHash() throws Exception {
    FakeOrderingService s = service(org1Tls.resolve("ca.crt"));
    ConnectionOptions o = tls(s.endpoint())
        .clientCertificate("client.crt", Files.readAllBytes(org1Tls.resolve("client.crt")),
            "client.key", Files.readAllBytes(org1Tls.resolve("client.key")))
        .build();
    assertThat(follower(o).anchor(chain.genesisBytes()).until(1).build().run().status())
        .isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    ChannelHeader ch = ChannelHeader.parseFrom(Payload.parseFrom(s.seeks.get(0).getPayload())
        .getHeader().getChannelHeader());
    X509Certificate cert;
    try (var in = Files.newInputStream(org1Tls.resolve("client.crt"))) {
      cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    assertThat(ch.getTlsCertHash().toByteArray())
        .isEqualTo(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
  }

  @Test
  @Tag("DELIVER-07")
  void aStreamCutMidwayIsResumedWithoutSkippingOrRepeatingABlock() throws Exception {
    FakeOrderingService s = service(null);
    s.cutAfter = 2;
    s.cutsLeft.set(2);
    FollowOutcome o = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).until(5)
        .build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
    assertThat(recorder.disconnects).hasSize(2)
        .allSatisfy(d -> assertThat(d.kind()).isEqualTo(NetworkException.Kind.UNAVAILABLE));
    assertThat(s.seeks).extracting(e -> SeekInfo.parseFrom(Payload.parseFrom(e.getPayload())
        .getData()).getStart().getSpecified().getNumber()).containsExactly(1L, 3L, 5L);
  }

  @Test
  void withTwoEndpointsOneDownTheOtherServes() throws Exception {
    FakeOrderingService s = service(null);
    Endpoint down = new Endpoint("127.0.0.1", freePort());
    FollowOutcome o = follower(tls(down, s.endpoint()).build()).anchor(chain.genesisBytes())
        .until(3).build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.disconnects).first().satisfies(d -> {
      assertThat(d.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
      assertThat(d.endpoint()).isEqualTo(down.toString());
    });
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L, 3L);
  }

  @Test
  @Tag("DELIVER-01")
  void aRestartResumesFromTheStateFile() throws Exception {
    FakeOrderingService s = service(null);
    Path state = work.resolve("state.json");
    follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes())
        .state(FollowStateStore.file(state)).until(3).build().run();
    assertThat(FollowStateStore.file(state).load().orElseThrow().lastNumber()).isEqualTo(3);
    recorder.delivered.clear();
    ChannelFollower again = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes())
        .state(FollowStateStore.file(state)).until(5).build();
    assertThat(again.run().status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.delivered).containsExactly(4L, 5L);
    // The configuration in force came back from the state: block 2's.
    assertThat(again.channel().current().orElseThrow().value().sequence()).isEqualTo(2);
    try (var files = Files.list(work)) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("state.json");
    }
  }

  @Test
  @Tag("DELIVER-05")
  void aRefusedBlockStopsTheFollowerAndNothingAfterItIsApplied() throws Exception {
    FakeOrderingService s = service(null);
    s.tamper = b -> b.getHeader().getNumber() == 3
        ? TestChain.sign(b.toBuilder().clearMetadata().build(), 2, chain.org1Admin) : b;
    Path state = work.resolve("state.json");
    ChannelFollower f = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes())
        .state(FollowStateStore.file(state)).build();
    FollowOutcome o = f.run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.REFUSED);
    assertThat(o.refusal().orElseThrow().refusal().check()).isEqualTo("DELIVER-05");
    assertThat(o.lastNumber()).contains(2L);
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L);
    assertThat(recorder.refusals).hasSize(1);
    assertThat(FollowStateStore.file(state).load().orElseThrow().lastNumber()).isEqualTo(2);
  }

  @Test
  void anOrdererNamedInTheChannelConfigurationServesWhenTheGivenOneIsDown() throws Exception {
    FakeOrderingService s = FakeOrderingService.start(ordererTls, null, List.of());
    open.add(s);
    TestChain named = new TestChain(work.resolve("named"), s.endpoint().toString());
    named.appendTransactions(1);
    s.chain.addAll(named.blocks());
    Endpoint down = new Endpoint("127.0.0.1", freePort());
    // The client trusts another CA: the named orderer is trusted through the orderer org's TLS
    // CA in the channel configuration.
    ConnectionOptions o = ConnectionOptions.builder().endpoint(down)
        .tlsRootCert("org1 ca.crt", Files.readAllBytes(org1Tls.resolve("ca.crt")))
        .serverName("orderer.example.com").connectTimeout(Duration.ofSeconds(2)).build();
    FollowOutcome out = ChannelFollower.builder(TestChain.CHANNEL, o, named.org1User)
        .backoff(Duration.ofMillis(20), Duration.ofMillis(200)).giveUpAfter(Duration.ofSeconds(20))
        .listener(recorder).anchor(named.genesisBytes()).until(1).build().run();
    assertThat(out.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.connects).containsExactly(s.endpoint());
    assertThat(recorder.delivered).containsExactly(0L, 1L);
  }

  @Test
  void aGivenOrdererThatTheChannelNamesIsAlsoTrustedThroughTheChannelsTlsCas() throws Exception {
    // After an orderer TLS CA rotation the orderer presents a certificate of the new TLS CA,
    // which the channel configuration lists; the follower was started with the retired CA
    // (here: a CA that did not issue the server's certificate) for the very endpoint the
    // configuration names. Seen on a real Raft cluster: the follower gave up with a TLS failure
    // once every orderer had been restarted with its re-issued certificate.
    FakeOrderingService s = FakeOrderingService.start(ordererTls, null, List.of());
    open.add(s);
    TestChain named = new TestChain(work.resolve("named"), s.endpoint().toString());
    named.appendTransactions(1);
    s.chain.addAll(named.blocks());
    ConnectionOptions o = ConnectionOptions.builder().endpoint(s.endpoint())
        .tlsRootCert("org1 ca.crt", Files.readAllBytes(org1Tls.resolve("ca.crt")))
        .serverName("orderer.example.com").connectTimeout(Duration.ofSeconds(2)).build();
    FollowOutcome out = ChannelFollower.builder(TestChain.CHANNEL, o, named.org1User)
        .backoff(Duration.ofMillis(20), Duration.ofMillis(200)).giveUpAfter(Duration.ofSeconds(20))
        .listener(recorder).anchor(named.genesisBytes()).until(1).build().run();
    assertThat(out.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.connects).containsExactly(s.endpoint());
    assertThat(recorder.disconnects).isEmpty();
    assertThat(recorder.delivered).containsExactly(0L, 1L);
  }

  @Test
  void aPeerServesBlocksToo() throws Exception {
    FakeOrderingService s = service(null);
    FollowOutcome o = follower(tls(s.endpoint()).build()).service(DeliverService.PEER)
        .anchor(chain.genesisBytes()).until(5).build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
  }

  @Test
  @Tag("DELIVER-01")
  void withoutAnAnchorTheStreamsGenesisBlockAnchors() throws Exception {
    FakeOrderingService s = service(null);
    FollowOutcome o = follower(tls(s.endpoint()).build()).until(2).build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.delivered).containsExactly(0L, 1L, 2L);
  }

  @Test
  @Tag("DELIVER-08")
  void forbiddenAndNotFoundAnswersMakeTheFollowerGiveUp() throws Exception {
    FakeOrderingService s = service(null);
    s.deliverStatus = Status.FORBIDDEN;
    FollowOutcome o = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.GAVE_UP);
    assertThat(o.failure().orElseThrow().kind()).isEqualTo(NetworkException.Kind.FORBIDDEN);

    s.deliverStatus = Status.NOT_FOUND;
    o = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).build().run();
    assertThat(o.failure().orElseThrow().kind()).isEqualTo(NetworkException.Kind.NOT_FOUND);
    assertThat(o.failure().orElseThrow().getMessage()).contains("NOT_FOUND");
  }

  @Test
  void serviceUnavailableIsRetriedUntilTheServiceAnswers() throws Exception {
    FakeOrderingService s = service(null);
    s.deliverStatus = Status.SERVICE_UNAVAILABLE;
    Thread heal = new Thread(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        return;
      }
      s.deliverStatus = null;
    });
    heal.start();
    FollowOutcome o = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).until(1)
        .build().run();
    heal.join();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);
    assertThat(recorder.disconnects).isNotEmpty()
        .allSatisfy(d -> assertThat(d.kind()).isEqualTo(NetworkException.Kind.UNAVAILABLE));
  }

  @Test
  void aServerCertificateFromAnotherCaIsATlsFailure() throws Exception {
    FakeOrderingService s = service(null);
    ConnectionOptions wrongCa = ConnectionOptions.builder().endpoint(s.endpoint())
        .tlsRootCert("org1 ca.crt", Files.readAllBytes(org1Tls.resolve("ca.crt")))
        .serverName("orderer.example.com").build();
    FollowOutcome o = follower(wrongCa).anchor(chain.genesisBytes()).build().run();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.GAVE_UP);
    assertThat(o.failure().orElseThrow().kind()).isEqualTo(NetworkException.Kind.TLS);
  }

  @Test
  void whenNothingIsReachableTheFollowerGivesUpInTime() throws Exception {
    ConnectionOptions o = tls(new Endpoint("127.0.0.1", freePort())).build();
    FollowOutcome out = follower(o).anchor(chain.genesisBytes()).giveUpAfter(Duration.ofMillis(500))
        .build().run();
    assertThat(out.status()).isEqualTo(FollowOutcome.Status.GAVE_UP);
    assertThat(out.failure().orElseThrow().kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
    assertThat(out.failure().orElseThrow().getMessage()).contains("within");
  }

  @Test
  void closeStopsAFollowerWaitingForBlocks() throws Exception {
    FakeOrderingService s = service(null);
    ChannelFollower f = follower(tls(s.endpoint()).build()).anchor(chain.genesisBytes()).build();
    Thread closer = new Thread(() -> {
      while (recorder.delivered.size() < 6) {
        Thread.onSpinWait();
      }
      f.close();
    });
    closer.start();
    FollowOutcome o = f.run();
    closer.join();
    assertThat(o.status()).isEqualTo(FollowOutcome.Status.CLOSED);
    assertThat(o.lastNumber()).contains(5L);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}

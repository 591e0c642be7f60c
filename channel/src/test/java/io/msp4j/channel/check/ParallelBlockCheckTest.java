package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.msp4j.channel.check.internal.Checkers;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.peer.ChaincodeActionPayload;
import org.hyperledger.fabric.protos.peer.Endorsement;
import org.hyperledger.fabric.protos.peer.Transaction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A block checked on several threads, and with the block's memory of identities, gives the
 * verdicts of the plain check, in the same order: the reference checks on one thread and
 * deserialises and validates every signer each time it appears.
 */
class ParallelBlockCheckTest {
  private static final ChannelFixture F = new ChannelFixture();
  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

  /** One thread, no memory of identities: the check as first written. */
  private static final BlockCheck PLAIN = b -> Checkers.plainBlocks(F.channel::deserialize,
      Optional.of(ChannelFixture.CHANNEL), F.blockValidation, null).check(b);

  @FunctionalInterface
  interface BlockCheck {
    BlockVerdict check(Block block);
  }

  @AfterAll
  static void shutDown() {
    POOL.shutdown();
  }

  private final Messages messages = new Messages();

  private static List<SignerChecks> shortcuts() {
    return List.of(F.checks, F.checks.withExecutor(POOL, 2), F.checks.withExecutor(POOL, 4),
        F.checks.withExecutor(ForkJoinPool.commonPool(), 3));
  }

  private static void sameAsPlain(Block block) {
    BlockVerdict reference = PLAIN.check(block);
    for (SignerChecks c : shortcuts()) {
      assertThat(c.block(block)).as("%d thread(s)", c.threads()).isEqualTo(reference);
    }
  }

  /**
   * Transactions of every kind the checks tell apart, each made once (signing is slow), so that
   * blocks can be drawn from them with repeats.
   */
  private List<ByteString> kinds() {
    ByteString stranger = SerializedIdentity.newBuilder().setMspid("NobodyMSP")
        .setIdBytes(ByteString.copyFrom(F.peer1.serialize())).build().toByteString();
    ByteString garbage = ByteString.copyFromUtf8("not an identity");
    List<ByteString> k = new ArrayList<>();
    k.add(tx(F.client, F.peer1).toByteString());
    k.add(tx(F.client, F.peer1, F.peer2).toByteString());
    k.add(tx(F.client, F.peer2, F.peer1, F.peer2).toByteString());
    k.add(tx(F.peer1, F.peer2).toByteString());
    k.add(tx(F.client, F.peer1, F.revokedPeer).toByteString()); // VALIDATE-CRL-02
    k.add(tx(F.client, F.revokedPeer).toByteString());
    k.add(tx(F.revokedPeer, F.peer1).toByteString()); // a revoked creator
    k.add(altered(tx(F.client, F.peer1)).toByteString()); // creator signature altered
    k.add(endorsedBy(tx(F.client, F.peer1), stranger).toByteString()); // endorser of no channel MSP
    k.add(endorsedBy(tx(F.client, F.peer2), garbage).toByteString()); // endorser does not decode
    k.add(endorsedBy(tx(F.client, F.peer2, F.peer1), ByteString.copyFrom(F.peer1.serialize()))
        .toByteString()); // peer1's identity over peer2's signature
    k.add(ByteString.copyFromUtf8("\u0012\u0001")); // an envelope that does not decode
    k.add(Envelope.newBuilder().setPayload(ByteString.copyFromUtf8("x")).build().toByteString());
    k.add(ByteString.EMPTY);
    return k;
  }

  private Envelope tx(SigningIdentity creator, SigningIdentity... endorsers) {
    return Messages.transaction(messages.parts(creator, ChannelFixture.CHANNEL), creator, endorsers);
  }

  private static Envelope altered(Envelope e) {
    byte[] sig = e.getSignature().toByteArray();
    sig[sig.length - 1] ^= 1;
    return e.toBuilder().setSignature(ByteString.copyFrom(sig)).build();
  }

  /** The transaction with its first endorsement's endorser replaced, signed again by its creator. */
  private static Envelope endorsedBy(Envelope e, ByteString endorser) {
    try {
      Payload p = Payload.parseFrom(e.getPayload());
      Transaction t = Transaction.parseFrom(p.getData());
      ChaincodeActionPayload cap = ChaincodeActionPayload.parseFrom(t.getActions(0).getPayload());
      Endorsement first = cap.getAction().getEndorsements(0).toBuilder().setEndorser(endorser).build();
      Transaction changed = t.toBuilder().setActions(0, t.getActions(0).toBuilder().setPayload(
          cap.toBuilder().setAction(cap.getAction().toBuilder().setEndorsements(0, first)).build()
              .toByteString())).build();
      SigningIdentity creator = SignatureHeader.parseFrom(p.getHeader().getSignatureHeader())
          .getCreator().equals(ByteString.copyFrom(F.client.serialize())) ? F.client : F.peer1;
      return Messages.signed(p.toBuilder().setData(changed.toByteString()).build(), creator);
    } catch (com.google.protobuf.InvalidProtocolBufferException x) {
      throw new AssertionError(x);
    }
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("BLOCK-DATA-01")
  @Tag("TX-CREATOR-01")
  @Tag("TX-ENDORSEMENT-01")
  @Tag("VALIDATE-CRL-02")
  void randomBlocksGetThePlainChecksVerdictsOnAnyNumberOfThreads() {
    List<ByteString> kinds = kinds();
    Random random = new Random(23);
    int refused = 0;
    for (int b = 0; b < 40; b++) {
      int n = 1 + random.nextInt(b % 3 == 0 ? 3 : 70);
      List<ByteString> data = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        // Mostly valid transactions, as in a real block, with every failure now and then.
        data.add(kinds.get(random.nextInt(4) > 0 ? random.nextInt(4) : random.nextInt(kinds.size())));
      }
      SigningIdentity signer = random.nextInt(5) == 0 ? F.peer1 : F.orderer; // BLOCK-SIG-01
      Block block = Messages.block(b + 1, data, signer);
      if (random.nextInt(6) == 0) { // BLOCK-DATA-01: a transaction dropped after signing
        block = block.toBuilder().setData(BlockData.newBuilder()
            .addAllData(data.subList(0, Math.max(1, n - 1))).addData(kinds.get(0))).build();
      }
      BlockVerdict reference = PLAIN.check(block);
      refused += reference.valid() ? 0 : 1;
      sameAsPlain(block);
    }
    assertThat(refused).as("blocks with a refusal among the 40").isBetween(12, 39);
  }

  @Test
  @Tag("TX-ENDORSEMENT-01")
  @Tag("VALIDATE-CRL-02")
  void aRevokedPeerMetAgainInTheSameBlockIsRefusedEachTime() {
    ByteString revoked = tx(F.client, F.peer1, F.revokedPeer).toByteString();
    ByteString good = tx(F.client, F.peer1, F.peer2).toByteString();
    List<ByteString> data = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      data.add(i % 3 == 0 ? revoked : good);
    }
    Block block = Messages.block(3, data, F.orderer);
    sameAsPlain(block);
    BlockVerdict v = F.checks.withExecutor(POOL, 2).block(block);
    for (TransactionVerdict t : v.transactions()) {
      if (t.index() % 3 == 0) {
        assertThat(t.refusal().orElseThrow().reason()).isEqualTo(Reason.REVOKED);
        assertThat(t.refusal().orElseThrow().rule()).isEqualTo("VALIDATE-CRL-02");
      } else {
        assertThat(t.valid()).isTrue();
      }
    }
    assertThat(v.transactions()).extracting(TransactionVerdict::index)
        .containsExactlyElementsOf(java.util.stream.IntStream.range(0, 40).boxed().toList());
  }

  @Test
  @Tag("TX-CREATOR-01")
  @Tag("TX-ENDORSEMENT-01")
  void aSignerMetSeveralTimesInABlockIsDeserialisedOnceButEachSignatureIsVerified() {
    // 20 transactions by one client, each endorsed by the two peers, in a block the orderer signed:
    // 4 distinct signers, 61 signatures.
    List<ByteString> data = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      data.add(tx(F.client, F.peer1, F.peer2).toByteString());
    }
    data.set(7, altered(tx(F.client, F.peer1, F.peer2)).toByteString());
    Block block = Messages.block(6, data, F.orderer);
    AtomicInteger lookups = new AtomicInteger();
    io.msp4j.core.policy.IdentityDeserializer counting = bytes -> {
      lookups.incrementAndGet();
      return F.channel.deserialize(bytes);
    };
    SignerChecks checks = SignerChecks.of(counting, F.blockValidation).forChannel(ChannelFixture.CHANNEL);
    BlockVerdict v = checks.block(block);
    assertThat(lookups).hasValue(4);
    assertThat(v).isEqualTo(PLAIN.check(block));
    assertThat(v.transactions().get(7).refusal().orElseThrow().check()).isEqualTo("TX-CREATOR-01");
    assertThat(v.transactions()).filteredOn(TransactionVerdict::valid).hasSize(19);

    // On two threads, both may meet a new signer at the same moment and both look it up (the
    // memory does not lock); never more than once per thread and signer.
    lookups.set(0);
    assertThat(checks.withExecutor(POOL, 2).block(block)).isEqualTo(v);
    assertThat(lookups.get()).isBetween(4, 8);
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void anExecutorThatRejectsOrNeverRunsTheTasksLeavesTheWorkToTheCallingThread() {
    List<ByteString> data = List.of(tx(F.client, F.peer1).toByteString(),
        altered(tx(F.client, F.peer2)).toByteString(), tx(F.client, F.peer2).toByteString());
    Block block = Messages.block(4, data, F.peer1);
    BlockVerdict reference = PLAIN.check(block);
    AtomicInteger handed = new AtomicInteger();
    SignerChecks rejecting = F.checks.withExecutor(r -> {
      handed.incrementAndGet();
      throw new RejectedExecutionException("shut down");
    }, 3);
    SignerChecks dropping = F.checks.withExecutor(r -> handed.incrementAndGet(), 3);
    assertThat(rejecting.block(block)).isEqualTo(reference);
    assertThat(dropping.block(block)).isEqualTo(reference);
    assertThat(handed).hasValue(1 + 2);
    assertThat(reference.refusal().orElseThrow().check()).isEqualTo("BLOCK-SIG-01");
  }

  @Test
  void oneThreadNeverUsesTheExecutorAndLessThanOneIsRefused() {
    SignerChecks one = F.checks.withExecutor(r -> {
      throw new AssertionError("one thread must not hand out work");
    }, 1);
    Block block = Messages.block(5, List.of(tx(F.client, F.peer1).toByteString(),
        tx(F.client, F.peer2).toByteString()), F.orderer);
    assertThat(one.block(block).valid()).isTrue();
    assertThat(one.threads()).isEqualTo(1);
    assertThat(F.checks.threads()).isEqualTo(1);
    assertThat(one.forChannel(ChannelFixture.CHANNEL).withExecutor(POOL, 2).threads()).isEqualTo(2);
    assertThatThrownBy(() -> F.checks.withExecutor(POOL, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}

package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.core.Identity;
import io.msp4j.core.policy.SignedData;
import io.msp4j.core.policy.VerifiedSignatures;
import io.msp4j.network.internal.AttestationMemo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memo of headers that passed (DELIVER-BFT-02): under a BFT channel's set-based block
 * validation policy a header whose signature entries include all of a passing header's, each met
 * in a passing header, needs no check again; anything else is checked in full. It must never pass
 * a header that the full check, whose verdicts are Fabric's (see {@link BftHeaderVerdictsTest}),
 * refuses.
 */
@Tag("DELIVER-BFT-02")
class AttestationMemoTest {
  @TempDir static Path tmp;
  static BftTestChain chain;
  static SignerChecks checks;
  static ByteString configKey;
  static Block b1;
  static BlockHeader h1;
  static ByteString v1;
  static MetadataSignature e1;
  static MetadataSignature e2;
  static MetadataSignature e3;
  static MetadataSignature e4;

  @BeforeAll
  static void chain() {
    chain = BftHeaderCases.chain(tmp);
    checks = SignerChecks.of(Channel.load(chain.block(0).toByteArray()),
        new VerifiedSignatures(4096));
    configKey = ByteString.copyFrom(BlockHashes.headerHash(chain.block(0).getHeader()));
    Block full = chain.block(1);
    b1 = Block.newBuilder().setHeader(full.getHeader()).setMetadata(full.getMetadata()).build();
    h1 = b1.getHeader();
    v1 = BftSignatures.value(0);
    e1 = BftSignatures.byConsenter(1, chain.signer(1), v1, h1);
    e2 = BftSignatures.byConsenter(2, chain.signer(2), v1, h1);
    e3 = BftSignatures.byConsenter(3, chain.signer(3), v1, h1);
    e4 = BftSignatures.byConsenter(4, chain.signer(4), v1, h1);
  }

  private static Block header(MetadataSignature... entries) {
    return BftSignatures.withSignatures(b1, v1, List.of(entries));
  }

  private static AttestationMemo memoOf(Block passed) {
    assertThat(checks.attestation(passed).valid()).isTrue();
    AttestationMemo memo = new AttestationMemo();
    memo.remember(configKey, passed, BlockHashes.headerHash(passed.getHeader()));
    return memo;
  }

  private static boolean known(AttestationMemo memo, Block b) {
    return memo.lookup(configKey, b, checks).isPresent();
  }

  @Test
  void aBftChannelsBlockValidationIsSetBasedAndAnImplicitMetaOneIsNot() {
    assertThat(checks.signatureVerdictIsSetBased()).isTrue();
    TestChain raft = new TestChain(tmp.resolve("raft"));
    assertThat(SignerChecks.of(Channel.load(raft.block(0).toByteArray()))
        .signatureVerdictIsSetBased()).isFalse();
  }

  @Test
  void theSameSignaturesInAnotherOrderOrRepeatedNeedNoCheckAgain() {
    AttestationMemo memo = memoOf(header(e1, e2, e3));
    assertThat(memo.lookup(configKey, header(e3, e1, e2), checks))
        .hasValueSatisfying(h -> assertThat(h).isEqualTo(BlockHashes.headerHash(h1)));
    assertThat(known(memo, header(e2, e3, e1, e2))).isTrue();
  }

  @Test
  void anotherSubsetOfTheSameHeaderIsJudgedByItsVerifiedSigners() {
    VerifiedSignatures verified = new VerifiedSignatures(64);
    SignerChecks counting = SignerChecks.of(Channel.load(chain.block(0).toByteArray()), verified);
    AttestationMemo memo = new AttestationMemo();
    Block block = header(e1, e2, e3);
    assertThat(counting.attestation(block).valid()).isTrue();
    memo.remember(configKey, block, BlockHashes.headerHash(h1));
    long before = verified.misses();
    assertThat(memo.lookup(configKey, header(e2, e3, e4), counting)).isPresent();
    assertThat(verified.misses() - before).as("only e4 is verified").isEqualTo(1);
    assertThat(memo.lookup(configKey, header(e3, e4, e1), counting)).isPresent();
    assertThat(memo.lookup(configKey, header(e4, e1, e2), counting)).isPresent();
    assertThat(verified.misses() - before).as("each entry once per header").isEqualTo(1);
  }

  @Test
  void signersThatDoNotVerifyOrAreTooFewDoNotPass() {
    AttestationMemo memo = memoOf(header(e1, e2, e3));
    MetadataSignature forged4 = e4.toBuilder().setSignature(flip(e4.getSignature())).build();
    assertThat(known(memo, header(e2, e3, forged4))).isFalse();
    assertThat(checks.attestation(header(e2, e3, forged4)).valid()).isFalse();
    assertThat(known(memo, header(e1, e2, forged4, e3))).as("three good ones").isTrue();
    assertThat(known(memo, header(e1, e2))).isFalse();
    assertThat(known(memo, header(e1, e1, e2))).as("a consenter twice counts once").isFalse();
  }

  @Test
  void anEntryThatDoesNotParseBesideAPassingSetIsCheckedAndRefused() {
    AttestationMemo memo = memoOf(header(e1, e2, e3));
    Block garbage = header(e1, e2, e3, MetadataSignature.newBuilder()
        .setIdentifierHeader(ByteString.copyFrom(new byte[] {0x08})).build());
    assertThat(known(memo, garbage)).isFalse();
    assertThat(checks.attestation(garbage).valid())
        .as("Fabric refuses it: identifier-header-garbage").isFalse();
  }

  @Test
  void fewerSignaturesOrAnotherHeaderValueOrMetadataAreCheckedInFull() {
    AttestationMemo memo = memoOf(header(e1, e2, e3));
    assertThat(known(memo, header(e1, e2))).isFalse();
    assertThat(known(memo, BftSignatures.withSignatures(b1, BftSignatures.value(1),
        List.of(e1, e2, e3)))).isFalse();
    Block renumbered = header(e1, e2, e3).toBuilder()
        .setHeader(h1.toBuilder().setNumber(h1.getNumber() + 1)).build();
    assertThat(known(memo, renumbered)).isFalse();
    Block six = header(e1, e2, e3);
    six = six.toBuilder().setMetadata(six.getMetadata().toBuilder().addMetadata(ByteString.EMPTY))
        .build();
    assertThat(known(memo, six)).isFalse();
    assertThat(memo.lookup(ByteString.copyFromUtf8("another config"), header(e1, e2, e3),
        checks)).isEmpty();
  }

  @Test
  void withoutASetBasedPolicyOnlyTheSameEntriesInTheSameOrderPass() {
    Channel channel = Channel.load(chain.block(0).toByteArray());
    SignerChecks inOrder = SignerChecks.of(channel.mspManager()::deserialize,
        channel.policy(SignerChecks.BLOCK_VALIDATION).policy());
    assertThat(inOrder.signatureVerdictIsSetBased()).isFalse();
    AttestationMemo memo = memoOf(header(e1, e2, e3));
    assertThat(memo.lookup(configKey, header(e1, e2, e3), inOrder)).isPresent();
    assertThat(memo.lookup(configKey, header(e3, e1, e2), inOrder)).isEmpty();
    assertThat(memo.lookup(configKey, header(e1, e2, e3, e3), inOrder)).isEmpty();
    assertThat(memo.lookup(configKey, header(e1, e2, e3, e4), inOrder)).isEmpty();
  }

  /**
   * Random lists of entries, good, forged, repeated, of unknown consenters, in the pre-BFT form
   * or not parsing: the full check's verdict is that of the signers that verify (the policy is
   * set-based), and a header the memo passes is one the full check passes; the passing ones are
   * remembered as a follower remembers them.
   */
  @Test
  void theMemoPassesOnlyWhatTheFullCheckPasses() {
    MetadataSignature forged = e3.toBuilder().setSignature(flip(e3.getSignature())).build();
    List<MetadataSignature> pool = List.of(e1, e2, e3, e4, forged,
        BftSignatures.byConsenter(9, chain.signer(4), v1, h1),
        BftSignatures.bySignatureHeader(chain.signer(3), v1, h1),
        BftSignatures.bySignatureHeader(chain.org1User, v1, h1),
        MetadataSignature.newBuilder().setIdentifierHeader(ByteString.copyFrom(new byte[] {0x08}))
            .build(),
        MetadataSignature.getDefaultInstance());
    AttestationMemo memo = new AttestationMemo();
    Random random = new Random(27);
    int passed = 0;
    int fromMemo = 0;
    for (int i = 0; i < 2000; i++) {
      List<MetadataSignature> entries = new ArrayList<>();
      int n = random.nextInt(7);
      for (int k = 0; k < n; k++) {
        entries.add(pool.get(random.nextInt(pool.size())));
      }
      Block b = BftSignatures.withSignatures(b1, v1, entries);
      boolean full = checks.attestation(b).valid();
      assertThat(bySigners(checks, b)).as("the verified signers' verdict on %s", entries).isEqualTo(full);
      boolean memoSays = known(memo, b);
      assertThat(!memoSays || full).as("memo passed %s, the full check refuses it", entries)
          .isTrue();
      if (full) {
        passed++;
        fromMemo += memoSays ? 1 : 0;
        memo.remember(configKey, b, BlockHashes.headerHash(h1));
      }
    }
    assertThat(passed).isGreaterThan(100);
    assertThat(fromMemo).isGreaterThan(30);
  }

  /**
   * The verdict a set-based policy gives from the signers alone: the entries as the check reads
   * them, the signers that verify, once each, then the policy over them.
   */
  static boolean bySigners(SignerChecks checks, Block b) {
    Optional<List<Optional<SignedData>>> signed = checks.ordererSignatures(b);
    if (signed.isEmpty()) {
      return false;
    }
    List<Identity> signers = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (Optional<SignedData> d : signed.get()) {
      d.flatMap(checks::verifiedSigner)
          .filter(id -> keys.add(id.identifier().signerKey()))
          .ifPresent(signers::add);
    }
    return checks.blockValidationSatisfiedBy(signers);
  }

  private static ByteString flip(ByteString b) {
    byte[] a = b.toByteArray();
    a[a.length - 1] ^= 1;
    return ByteString.copyFrom(a);
  }
}

package io.msp4j.channel.check;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.PolicyLookup;
import io.msp4j.channel.check.internal.BlockChecker;
import io.msp4j.channel.check.internal.Checkers;
import io.msp4j.core.Identity;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.core.policy.VerifiedSignatures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.peer.SignedProposal;

/**
 * Checks the signers of proposals, transactions and blocks against a channel's MSPs and its
 * {@code /Channel/Orderer/BlockValidation} policy, as a Fabric v3 peer does (see the package for
 * the checks). Immutable and safe to share between threads.
 *
 * <pre>{@code
 * SignerChecks checks = SignerChecks.of(Channel.load(configBlockBytes));
 * BlockVerdict v = checks.block(Block.parseFrom(bytes));
 * v.refusal();                 // the block itself: structure, data hash, orderer signatures
 * v.transactions();            // each transaction: header, creator, tx ID, endorsements
 * }</pre>
 *
 * <p>Verdicts are values, never exceptions: a refused input gives a {@link Refusal} with the
 * check, the reason, the spec rule when an MSP or a policy decided, and a message naming the
 * signer. Nothing here looks at the clock: like Fabric, a check ignores certificate expiry.
 */
public final class SignerChecks {
  private final IdentityDeserializer msps;
  private final Policy blockValidation;
  private final Optional<String> channelId;
  /** BFT consenters by ID (serialized identities); null when the channel is not BFT. */
  private final Map<Integer, ByteString> consenters;
  /** Runs the other threads' share of a block's transactions; unused with one thread. */
  private final Executor executor;
  private final int threads;
  /** See {@link #signatureVerdictIsSetBased()}. */
  private final boolean setBased;
  /**
   * The checkers of blocks and headers, made once: they keep the orderer signers they have named,
   * which a follower meets on every block and header.
   */
  private final BlockChecker plainBlocks;
  private final BlockChecker blocks;
  /** How {@link #blockValidation} deserialises orderer signers: {@link #msps}, or over a memo. */
  private final IdentityDeserializer ordererDeserializer;

  private SignerChecks(IdentityDeserializer msps, Policy blockValidation, Optional<String> channelId,
      Map<Integer, ByteString> consenters, Executor executor, int threads, boolean setBased,
      IdentityDeserializer ordererDeserializer) {
    this.msps = msps;
    this.ordererDeserializer = ordererDeserializer;
    this.blockValidation = blockValidation;
    this.channelId = channelId;
    this.consenters = consenters;
    this.executor = executor;
    this.threads = threads;
    this.setBased = setBased;
    this.plainBlocks = Checkers.plainBlocks(msps, channelId, blockValidation, consenters);
    this.blocks = Checkers.blocks(msps, channelId, blockValidation, consenters, executor, threads);
  }

  /** The path of the policy block signatures must satisfy. */
  public static final String BLOCK_VALIDATION = "/Channel/Orderer/BlockValidation";

  /**
   * Checks against a loaded channel configuration, as a Fabric v3 peer's block verifier is built
   * from it: the channel's MSPs, its {@value #BLOCK_VALIDATION} policy, its channel ID, and, with
   * the {@code V3_0} channel capability, the consenters of the orderer's {@code Orderers} value
   * for signatures that carry an identifier header.
   *
   * @throws ChannelConfigException with reason {@link Reason#POLICY_NOT_FOUND} when the
   *     configuration has no {@value #BLOCK_VALIDATION} policy (Fabric cannot verify blocks then
   *     either), or {@link Reason#CHANNEL_CONFIG_INVALID} when its {@code Orderers} value does
   *     not decode
   */
  public static SignerChecks of(Channel channel) {
    return of(channel, Optional.empty());
  }

  /**
   * As {@link #of(Channel)}, verifying the orderer signatures of blocks and headers through
   * {@code memo} when {@value #BLOCK_VALIDATION} is a signature policy (as on a BFT channel): a
   * signature already verified is not verified again. Verdicts are those of {@link #of(Channel)}.
   */
  public static SignerChecks of(Channel channel, VerifiedSignatures memo) {
    return of(channel, Optional.of(Objects.requireNonNull(memo, "memo")));
  }

  private static SignerChecks of(Channel channel, Optional<VerifiedSignatures> memo) {
    Objects.requireNonNull(channel, "channel");
    PolicyLookup policy = channel.policy(BLOCK_VALIDATION);
    if (!policy.found()) {
      throw new ChannelConfigException(Reason.POLICY_NOT_FOUND, "POLICY-MGR-02", BLOCK_VALIDATION,
          "the configuration has no block validation policy: blocks cannot be verified");
    }
    IdentityDeserializer msps = channel.mspManager()::deserialize;
    Map<Integer, ByteString> consenters =
        channel.capabilities().v3() ? byId(consenters(channel)) : null;
    Optional<SignaturePolicyEnvelope> envelope = signatureEnvelope(channel);
    boolean setBased = envelope.map(SignaturePolicies::isSetBasedIdentityQuorum).orElse(false);
    Policy blockValidation = policy.policy();
    IdentityDeserializer ordererDeserializer = msps;
    if (memo.isPresent() && envelope.isPresent()) {
      IdentityDeserializer remembering = memo.get().over(msps);
      try {
        blockValidation = SignaturePolicies.compile(envelope.get(), remembering);
        ordererDeserializer = remembering;
      } catch (RuntimeException e) {
        // the channel compiled it; whatever differs here, its own policy decides
      }
    }
    return new SignerChecks(msps, blockValidation, channel.channelId(), consenters, Runnable::run,
        1, setBased, ordererDeserializer);
  }

  /** {@value #BLOCK_VALIDATION} as a signature policy; empty when it is of another type. */
  private static Optional<SignaturePolicyEnvelope> signatureEnvelope(Channel channel) {
    ConfigPolicy cp = channel.config().getChannelGroup().getGroupsOrDefault("Orderer",
        ConfigGroup.getDefaultInstance()).getPoliciesOrDefault("BlockValidation",
        ConfigPolicy.getDefaultInstance());
    if (cp.getPolicy().getType() != org.hyperledger.fabric.protos.common.Policy.PolicyType.SIGNATURE_VALUE) {
      return Optional.empty();
    }
    try {
      return Optional.of(SignaturePolicyEnvelope.parseFrom(cp.getPolicy().getValue()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty(); // the channel compiled it; this cannot happen to a loaded channel
    }
  }

  private static List<Consenter> consenters(Channel channel) {
    ConfigGroup orderer = channel.config().getChannelGroup().getGroupsOrDefault("Orderer",
        ConfigGroup.getDefaultInstance());
    ConfigValue value = orderer.getValuesOrDefault("Orderers", ConfigValue.getDefaultInstance());
    try {
      return Orderers.parseFrom(value.getValue()).getConsenterMappingList();
    } catch (InvalidProtocolBufferException e) {
      throw new ChannelConfigException(Reason.CHANNEL_CONFIG_INVALID, "PROTO-07",
          "/Channel/Orderer/Orderers", "the consenter mapping does not decode: " + e.getMessage());
    }
  }

  /**
   * Checks against a channel's MSPs (such as {@code MspManager::deserialize}) and its compiled
   * {@value #BLOCK_VALIDATION} policy.
   */
  public static SignerChecks of(IdentityDeserializer msps, Policy blockValidation) {
    return new SignerChecks(Objects.requireNonNull(msps, "msps"),
        Objects.requireNonNull(blockValidation, "blockValidation"), Optional.empty(), null,
        Runnable::run, 1, false, msps);
  }

  /** These checks, also refusing what names another channel than {@code id}. */
  public SignerChecks forChannel(String id) {
    return new SignerChecks(msps, blockValidation, Optional.of(id), consenters, executor, threads,
        setBased, ordererDeserializer);
  }

  /**
   * These checks for a BFT channel: a block signature with an identifier header instead of a
   * signature header is the consenter's with that ID (a signature of an unknown ID is skipped,
   * as Fabric skips it).
   */
  public SignerChecks withConsenters(List<Consenter> list) {
    return new SignerChecks(msps, blockValidation, channelId, byId(list), executor, threads,
        setBased, ordererDeserializer);
  }

  /** The consenters' identities by ID, the first of an ID kept, as Fabric looks them up. */
  private static Map<Integer, ByteString> byId(List<Consenter> list) {
    Map<Integer, ByteString> byId = new LinkedHashMap<>();
    for (Consenter c : list) {
      byId.putIfAbsent(c.getId(), BlockChecker.consenterIdentity(c.getMspId(), c.getIdentity()));
    }
    return Map.copyOf(byId);
  }

  /**
   * These checks, checking a block's transactions on {@code threads} threads, as Fabric's
   * committer validates a block's transactions in parallel: the thread that calls {@link
   * #block(Block)} and up to {@code threads - 1} tasks it hands to {@code executor}. The calling
   * thread checks the block itself (data hash, orderer signatures) while the tasks start on the
   * transactions, then joins them; transactions are handed out in a few batches per thread, not
   * one task each. Verdicts, and their order, are the same as on one thread.
   *
   * <p>The executor stays the caller's: nothing here starts, keeps or shuts down a thread. A task
   * the executor runs late or rejects only slows the check down, since the calling thread does
   * whatever is left; so a {@link java.util.concurrent.ForkJoinPool#commonPool()}, a fixed pool of
   * {@code threads - 1} threads, or virtual threads all do. With {@code threads} 1, blocks are
   * checked on the calling thread alone and the executor is not used.
   *
   * <pre>{@code
   * ExecutorService pool = Executors.newFixedThreadPool(1);
   * SignerChecks two = SignerChecks.of(channel).withExecutor(pool, 2);
   * BlockVerdict v = two.block(block);   // the transactions on this thread and one of the pool
   * pool.shutdown();                     // when no more blocks are to be checked
   * }</pre>
   *
   * @throws IllegalArgumentException when {@code threads} is less than 1
   */
  public SignerChecks withExecutor(Executor executor, int threads) {
    Objects.requireNonNull(executor, "executor");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    return new SignerChecks(msps, blockValidation, channelId, consenters, executor, threads,
        setBased, ordererDeserializer);
  }

  /** How many threads check a block's transactions: 1 unless set by {@link #withExecutor}. */
  public int threads() {
    return threads;
  }

  /**
   * Whether the verdict on a block's orderer signatures (BLOCK-SIG-01) depends only on the set of
   * entries of its SIGNATURES metadata, not on their order or repetition, and can only turn from
   * refused to satisfied as entries are added: true when {@value #BLOCK_VALIDATION} has the shape
   * Fabric v3 writes for a BFT channel (see {@link SignaturePolicies#isSetBasedIdentityQuorum}).
   * Each entry becomes one signed datum as a function of its own bytes, the header and the
   * metadata value; so for one header and value, entries that include all of a passing set, each
   * of which parsed in a passing set, pass too. False for checks not made from a channel.
   */
  public boolean signatureVerdictIsSetBased() {
    return setBased;
  }

  /**
   * The orderer signatures of a block as the BLOCK-SIG-01 check hands them to {@value
   * #BLOCK_VALIDATION}: one per entry of its SIGNATURES metadata, in order, empty for an entry
   * naming a consenter the channel does not have (Fabric skips it). Empty as a whole when the
   * metadata or an entry's header does not decode: the check refuses the block then.
   *
   * <p>With {@link #signatureVerdictIsSetBased()}, the check's verdict is whether the signers of
   * these that {@linkplain #verifiedSigner verify} satisfy the policy ({@link
   * #blockValidationSatisfiedBy}), so a caller that knows which entries verified may judge a
   * header from that; otherwise only {@link #attestation} and {@link #blockOnly} judge.
   */
  public Optional<List<Optional<SignedData>>> ordererSignatures(Block block) {
    return plainBlocks.readSignatures(Objects.requireNonNull(block, "block")).map(entries -> {
      List<Optional<SignedData>> out = new ArrayList<>(entries.size());
      for (BlockChecker.SignedEntry e : entries) {
        out.add(e == null ? Optional.empty() : Optional.of(e.signedData()));
      }
      return out;
    });
  }

  /**
   * The signer of an orderer signature when its identity deserialises under the channel's MSPs
   * and the signature verifies (through the memo these checks were made with, if any), as the
   * policy evaluation keeps signers (POLICY-SIG-02); empty otherwise.
   */
  public Optional<Identity> verifiedSigner(SignedData signature) {
    Objects.requireNonNull(signature, "signature");
    Identity id;
    try {
      id = ordererDeserializer.deserialize(signature.identity());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    try {
      id.verify(signature.data(), signature.signature());
      return Optional.of(id);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether these signers, de-duplicated and verified, satisfy {@value #BLOCK_VALIDATION}
   * (POLICY-SIG-06). Under a {@linkplain #signatureVerdictIsSetBased() set-based} policy this is
   * the block check's verdict on any signatures whose verified signers are these.
   */
  public boolean blockValidationSatisfiedBy(List<Identity> signers) {
    return blockValidation.evaluateIdentities(List.copyOf(signers)).satisfied();
  }

  /** The verdict on a signed proposal (PROPOSAL-01, PROPOSAL-02). */
  public ProposalVerdict proposal(SignedProposal proposal) {
    return Checkers.proposals(msps, channelId).check(Objects.requireNonNull(proposal, "proposal"));
  }

  /** The verdict on a transaction envelope on its own (index 0). */
  public TransactionVerdict transaction(Envelope envelope) {
    return Checkers.envelopes(msps, channelId).check(0, Objects.requireNonNull(envelope, "envelope"));
  }

  /**
   * The verdict on a block itself, as a peer's deliver client verifies it before anything else
   * sees the block (BLOCK-01, BLOCK-DATA-01, BLOCK-SIG-01): structure, data hash and orderer
   * signatures, whatever the block's number. The transactions are not checked: the verdict has
   * none. Where the block sits in the chain (its number, its previous hash) is the caller's to
   * check, as the deliver client does.
   */
  public BlockVerdict blockOnly(Block block) {
    return plainBlocks.checkBlockOnly(Objects.requireNonNull(block, "block"));
  }

  /**
   * The verdict on a block header and its signatures, delivered as an attestation that the block
   * exists (a {@code SeekInfo} of content type {@code HEADER_WITH_SIG}), as a Fabric v3 peer's BFT
   * header receiver checks it (DELIVER-BFT-02, {@code VerifyBlockAttestation}): the block has a
   * header and the five metadata entries (BLOCK-01), and the signatures of its SIGNATURES metadata
   * satisfy {@value #BLOCK_VALIDATION}, consenters named by identifier headers included
   * (BLOCK-SIG-01). Unlike {@link #blockOnly}, the data hash is not checked: the header comes with
   * its data stripped, and any data it does carry is ignored. Where the header sits in the chain
   * (its number, its previous hash) is the caller's to check, as the receiver does; a config
   * block comes whole and is checked with {@link #blockOnly}.
   *
   * <p>A refusal has the block check's ID (BLOCK-01, BLOCK-SIG-01) and a message that names
   * DELIVER-BFT-02.
   */
  public BlockVerdict attestation(Block block) {
    return plainBlocks.checkAttestation(Objects.requireNonNull(block, "block"));
  }

  /**
   * The verdict on a block and each of its transactions, on the threads set by {@link
   * #withExecutor} (the calling thread alone by default). Within one block, a signer that appears
   * several times (a peer endorsing several transactions) is deserialised and validated by the MSPs
   * once; each of its signatures is still verified.
   */
  public BlockVerdict block(Block block) {
    return blocks.check(Objects.requireNonNull(block, "block"));
  }
}

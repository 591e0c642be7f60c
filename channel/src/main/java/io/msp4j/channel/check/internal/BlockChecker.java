package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.Refusal;
import io.msp4j.channel.check.Signer;
import io.msp4j.channel.check.TransactionVerdict;
import io.msp4j.core.Reason;
import io.msp4j.core.internal.Spread;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignedData;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.IdentifierHeader;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The checks a Fabric v3 peer's deliver client makes of a block (VerifyBlock: structure, data
 * hash, orderer signatures under {@code /Channel/Orderer/BlockValidation}), then each
 * transaction's envelope checks.
 */
public final class BlockChecker {
  /** Fabric v3 has five metadata indexes (SIGNATURES .. COMMIT_HASH); a block must carry them. */
  private static final int METADATA_ENTRIES = 5;

  private final EnvelopeChecker envelopes;
  private final SignerCheck signerCheck;
  private final Policy blockValidation;
  /** BFT consenters by ID, as serialized identities; null when the channel is not BFT. */
  private final Map<Integer, ByteString> consenters;
  private final Spread spread;
  /** Whether a block's check remembers the identities it meets (see {@link SignerCheck}). */
  private final boolean memo;
  /**
   * The orderer signers met, by serialized identity: a channel has few orderers, and naming one
   * (deserialising, reading its subject) costs more than the rest of a header's check once its
   * signatures are known. A pure function of the bytes under these MSPs; bounded.
   */
  private final Map<ByteString, Signer> ordererSigners = new ConcurrentHashMap<>();
  private static final int ORDERER_SIGNERS = 256;

  BlockChecker(EnvelopeChecker envelopes, SignerCheck signerCheck, Policy blockValidation,
      Map<Integer, ByteString> consenters, Spread spread, boolean memo) {
    this.envelopes = envelopes;
    this.signerCheck = signerCheck;
    this.blockValidation = blockValidation;
    this.consenters = consenters;
    this.spread = spread;
    this.memo = memo;
  }

  /**
   * The verdict on the block and on each of its transactions. With more than one thread, the
   * transactions are checked on them while the calling thread checks the block itself first; the
   * verdicts and their order are those of the check on one thread.
   */
  public BlockVerdict check(Block block) {
    long number = block.getHeader().getNumber();
    if (block.hasHeader() && number == 0) {
      // A peer starts from the genesis block; nothing verifies it.
      return new BlockVerdict(0, List.of(), Optional.empty(), List.of(), Optional.of(
          "the genesis block is the channel's trust anchor: Fabric does not verify it"));
    }
    EnvelopeChecker txChecker = memo ? envelopes.forOneBlock() : envelopes;
    List<ByteString> data = block.getData().getDataList();
    TransactionVerdict[] txs = new TransactionVerdict[data.size()];
    BlockVerdict[] own = new BlockVerdict[1];
    spread.run(txs.length, () -> own[0] = checkBlockOnly(block),
        i -> txs[i] = transaction(txChecker, i, data.get(i)));
    return new BlockVerdict(number, own[0].signers(), own[0].refusal(), List.of(txs),
        Optional.empty());
  }

  /**
   * The block's own checks, as a deliver client makes them (structure, data hash, orderer
   * signatures), whatever its number; the verdict has no transaction verdicts.
   */
  public BlockVerdict checkBlockOnly(Block block) {
    List<Signer> signers = new ArrayList<>();
    Refusal refusal = null;
    try {
      structure(block);
      dataHash(block);
      signatures(block, signers);
    } catch (Refused r) {
      refusal = r.refusal();
    }
    return new BlockVerdict(block.getHeader().getNumber(), signers, Optional.ofNullable(refusal),
        List.of(), Optional.empty());
  }

  /**
   * A block header's attestation, as a Fabric v3 BFT header receiver checks it (DELIVER-BFT-02,
   * {@code VerifyBlockAttestation}): structure and orderer signatures as for a block, but no data
   * hash, since the header comes with its data stripped. A refusal keeps the block check's ID and
   * says that a header was checked.
   */
  public BlockVerdict checkAttestation(Block block) {
    List<Signer> signers = new ArrayList<>();
    Refusal refusal = null;
    try {
      structure(block);
      signatures(block, signers);
    } catch (Refused r) {
      Refusal b = r.refusal();
      refusal = new Refusal(b.check(), b.reason(), b.rule(),
          "the header's attestation (DELIVER-BFT-02): " + b.message());
    }
    return new BlockVerdict(block.getHeader().getNumber(), signers, Optional.ofNullable(refusal),
        List.of(), Optional.empty());
  }

  private static TransactionVerdict transaction(EnvelopeChecker envelopes, int index, ByteString raw) {
    try {
      return envelopes.check(index, Envelope.parseFrom(raw));
    } catch (InvalidProtocolBufferException e) {
      return new TransactionVerdict(index, "", "", Optional.empty(), List.of(), Optional.of(
          new Refusal("TX-PAYLOAD-01", Reason.TRANSACTION_MALFORMED, "TX-PAYLOAD-01",
              "the envelope does not decode: " + e.getMessage())));
    }
  }

  private static void structure(Block block) throws Refused {
    if (!block.hasHeader()) {
      throw new Refused("BLOCK-01", Reason.BLOCK_MALFORMED, "the block has no header");
    }
    if (block.getMetadata().getMetadataCount() < METADATA_ENTRIES) {
      throw new Refused("BLOCK-01", Reason.BLOCK_MALFORMED, "the block has "
          + block.getMetadata().getMetadataCount() + " metadata entries, expected "
          + METADATA_ENTRIES);
    }
  }

  /** protoutil.BlockDataHash: every transaction well formed, then the hash compared. */
  private static void dataHash(Block block) throws Refused {
    List<ByteString> data = block.getData().getDataList();
    if (data.isEmpty()) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED, "the block holds no transaction");
    }
    if (!ConfigBlocks.holdsConfig(block)) {
      for (int i = 0; i < data.size(); i++) {
        wellFormed(i, data.get(i));
      }
    }
    byte[] hash = EnvelopeChecker.sha256(data.toArray(ByteString[]::new));
    if (!ByteString.copyFrom(hash).equals(block.getHeader().getDataHash())) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_DATA_HASH_MISMATCH,
          "the header's data hash " + hex(block.getHeader().getDataHash()) + " is not the hash of the"
              + " block's transactions, " + HexFormat.of().formatHex(hash));
    }
  }

  private static void wellFormed(int i, ByteString raw) throws Refused {
    if (CanonicalEnvelope.is(raw)) {
      return; // the one form that re-encodes to itself with both fields present (BLOCK-DATA-01)
    }
    wellFormedByReencoding(i, raw);
  }

  /**
   * Fabric's check as Fabric makes it: decode, both fields present, encode again and compare.
   * The reference for {@link CanonicalEnvelope}, and what every other input goes through.
   */
  static void wellFormedByReencoding(int i, ByteString raw) throws Refused {
    Envelope env;
    try {
      env = Envelope.parseFrom(raw);
    } catch (InvalidProtocolBufferException e) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED,
          "transaction " + i + " is not an envelope: " + e.getMessage());
    }
    if (env.getPayload().isEmpty()) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED, "transaction " + i + " has no payload");
    }
    if (env.getSignature().isEmpty()) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED, "transaction " + i + " has no signature");
    }
    ByteString again = env.toByteString();
    if (again.size() < raw.size()) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED,
          "transaction " + i + " has " + (raw.size() - again.size()) + " trailing bytes");
    }
    if (!again.equals(raw)) {
      throw new Refused("BLOCK-DATA-01", Reason.BLOCK_MALFORMED,
          "transaction " + i + " does not match its encoding (fields out of order or repeated)");
    }
  }

  /** protoutil.BlockSignatureVerifier, then the BlockValidation policy over the signatures. */
  private void signatures(Block block, List<Signer> signers) throws Refused {
    List<SignedData> signed = new ArrayList<>();
    for (SignedEntry e : signedEntries(block)) {
      if (e == null) {
        continue; // not a consenter of this channel: Fabric skips the signature
      }
      signers.add(ordererSigner(e.identity()));
      signed.add(e.signedData());
    }
    PolicyResult r = blockValidation.evaluate(signed);
    if (!r.satisfied()) {
      throw new Refused(new Refusal("BLOCK-SIG-01", Reason.POLICY_NOT_SATISFIED, r.rule(),
          "the orderer signatures (" + signed.size() + ") do not satisfy /Channel/Orderer/BlockValidation: "
              + r.reason()));
    }
  }

  /** One signature entry as the block validation policy is given it: who, over what. */
  public record SignedEntry(ByteString identity, SignedData signedData) {}

  /**
   * The entries of a block's SIGNATURES metadata as protoutil.BlockSignatureVerifier reads them,
   * in order: a signature header names its creator; on a BFT channel an identifier header with no
   * signature header names a consenter, and an entry whose consenter is not of this channel is
   * null (skipped). The signed bytes are the metadata value, the entry's header and the block
   * header's ASN.1 encoding.
   *
   * @return empty when the metadata or an entry's header does not decode (BLOCK-SIG-01 refuses)
   */
  public Optional<List<SignedEntry>> readSignatures(Block block) {
    try {
      return Optional.of(signedEntries(block));
    } catch (Refused r) {
      return Optional.empty();
    }
  }

  private List<SignedEntry> signedEntries(Block block) throws Refused {
    Metadata md = EnvelopeChecker.parse("BLOCK-SIG-01", "SIGNATURES metadata",
        () -> Metadata.parseFrom(block.getMetadata().getMetadata(BlockMetadataIndex.SIGNATURES_VALUE)));
    ByteString header = headerBytes(block.getHeader());
    List<SignedEntry> entries = new ArrayList<>(md.getSignaturesCount());
    for (MetadataSignature s : md.getSignaturesList()) {
      ByteString identity;
      ByteString signedBytes;
      if (consenters != null && s.getSignatureHeader().isEmpty() && !s.getIdentifierHeader().isEmpty()) {
        IdentifierHeader ih = EnvelopeChecker.parse("BLOCK-SIG-01", "identifier header",
            () -> IdentifierHeader.parseFrom(s.getIdentifierHeader()));
        identity = consenters.get(ih.getIdentifier());
        if (identity == null) {
          entries.add(null);
          continue;
        }
        signedBytes = md.getValue().concat(s.getIdentifierHeader()).concat(header);
      } else {
        SignatureHeader sh = EnvelopeChecker.parse("BLOCK-SIG-01", "signature header",
            () -> SignatureHeader.parseFrom(s.getSignatureHeader()));
        identity = sh.getCreator();
        signedBytes = md.getValue().concat(s.getSignatureHeader()).concat(header);
      }
      entries.add(new SignedEntry(identity, SignedData.of(signedBytes.toByteArray(),
          identity.toByteArray(), s.getSignature().toByteArray())));
    }
    return entries;
  }

  private Signer ordererSigner(ByteString identity) {
    Signer known = ordererSigners.get(identity);
    if (known != null) {
      return known;
    }
    Signer s = signerCheck.describe(identity);
    if (ordererSigners.size() >= ORDERER_SIGNERS) {
      ordererSigners.clear(); // not a channel's orderers: no use keeping them
    }
    ordererSigners.put(identity, s);
    return s;
  }

  /** protoutil.BlockHeaderBytes: see {@link BlockHashes#headerBytes}. */
  static ByteString headerBytes(BlockHeader h) {
    return ByteString.copyFrom(BlockHashes.headerBytes(h));
  }

  /** A BFT consenter's identity as Fabric builds it from the consenter mapping. */
  public static ByteString consenterIdentity(String mspId, ByteString certificate) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(certificate).build().toByteString();
  }

  private static String hex(ByteString b) {
    return HexFormat.of().formatHex(b.toByteArray());
  }
}

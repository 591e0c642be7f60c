package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.core.Identity;
import io.msp4j.core.policy.SignedData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;

/**
 * The block headers whose orderer signatures were already found to satisfy the block validation
 * policy of a configuration, so that the same header, met again on another orderer's header
 * stream, is not verified again.
 *
 * <p>The verdict of that check (DELIVER-BFT-02) is a function of the configuration in force, the
 * header, the number of metadata entries, and the SIGNATURES metadata's value and signature
 * entries. A header is looked up under the first four; what it may then skip depends on the
 * policy ({@link SignerChecks#signatureVerdictIsSetBased()}):
 * <ul>
 *   <li>in general, only the same entries in the same order as a header that passed;</li>
 *   <li>under a set-based policy (a BFT channel's), any entries that include all of those of a
 *       header that passed, each of them met in a header that passed: their order and repetition
 *       do not count there, an entry that passed once parses again, and more entries can only
 *       satisfy more. Each orderer of a BFT channel writes its own subset and order of one block's
 *       signatures, so this is what lets the same signatures on four streams be checked once;</li>
 *   <li>and, under a set-based policy again, a header that passed with other entries: its verdict
 *       is whether the signers of its entries that verify satisfy the policy (see {@link
 *       SignerChecks#ordererSignatures}), so each entry is verified once per header (a signature
 *       met before costs no verification, see {@link io.msp4j.core.policy.VerifiedSignatures})
 *       and the policy is evaluated once per set of signers and configuration: the case of an
 *       orderer that carries a consenter's signature the block lacks.</li>
 * </ul>
 * Anything else is checked in full, as is what these do not pass (the full check then gives
 * the reasons). Bounded (the newest headers are kept); one follower thread uses it.
 */
public final class AttestationMemo {
  private static final int CAPACITY = 256;
  /** Passing entry lists kept per header: one per orderer's subset, in the worst case. */
  private static final int LISTS_PER_HEADER = 8;
  private static final int CONFIGS = 4;
  private static final int SIGNER_SETS_PER_CONFIG = 64;

  /** Where a header is looked up: everything the verdict depends on but the signature entries. */
  private record Key(ByteString configKey, BlockHeader header, int metadataEntries,
      ByteString value) {}

  /** One signature entry, as the check reads it. */
  private record Entry(ByteString signatureHeader, ByteString identifierHeader,
      ByteString signature) {
    static Entry of(MetadataSignature s) {
      return new Entry(s.getSignatureHeader(), s.getIdentifierHeader(), s.getSignature());
    }
  }

  /** A header that passed: its hash, the entry lists it passed with, the entries that verified. */
  private static final class Attested {
    final byte[] headerHash;
    final List<List<Entry>> passed = new ArrayList<>();
    final Set<Entry> met = new HashSet<>();
    final Map<Entry, Identity> verified = new HashMap<>();

    Attested(byte[] headerHash) {
      this.headerHash = headerHash;
    }
  }

  /** By configuration, whether a set of signers (by their verdict keys) satisfies its policy. */
  private final Map<ByteString, Map<Set<Object>, Boolean>> satisfying =
      new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteString, Map<Set<Object>, Boolean>> e) {
          return size() > CONFIGS;
        }
      };

  private final Map<Key, Attested> attested = new LinkedHashMap<>(CAPACITY * 2, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Attested> eldest) {
      return size() > CAPACITY;
    }
  };

  /**
   * The header hash of {@code block} when its header and signatures are known to pass under the
   * configuration {@code configKey}, whose checks are {@code checks}, as described above; empty
   * when they must be checked.
   */
  public Optional<byte[]> lookup(ByteString configKey, Block block, SignerChecks checks) {
    Metadata md = signatures(block);
    if (md == null) {
      return Optional.empty(); // the full check says why it does not decode
    }
    Attested a = attested.get(key(configKey, block, md));
    if (a == null) {
      return Optional.empty();
    }
    List<Entry> entries = entries(md);
    boolean setBased = checks.signatureVerdictIsSetBased();
    if (passes(a, entries, setBased)
        || setBased && passesBySigners(configKey, block, a, entries, checks)) {
      return Optional.of(a.headerHash.clone());
    }
    return Optional.empty();
  }

  /**
   * Under a set-based policy: whether the signers of the entries that verify satisfy the policy,
   * as the full check would find (it refuses whatever this does not pass, with its reasons).
   */
  private boolean passesBySigners(ByteString configKey, Block block, Attested a,
      List<Entry> entries, SignerChecks checks) {
    // The signed data is built only when an entry has not verified in this header before (one
    // that has parsed, named a consenter and verified over the same bytes then): the third
    // stream of a block usually carries nothing the first two did not.
    List<Optional<SignedData>> signed = null;
    List<Identity> signers = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    // The verdict is remembered per set of whole identities: an idemix identifier (a pseudonym)
    // does not bind the identity's claims, so it cannot stand for the identity in the memo.
    Set<Object> verdictKeys = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      Identity signer = a.verified.get(entries.get(i));
      if (signer == null) {
        if (signed == null) {
          Optional<List<Optional<SignedData>>> read = checks.ordererSignatures(block);
          if (read.isEmpty() || read.get().size() != entries.size()) {
            return false;
          }
          signed = read.get();
        }
        Optional<SignedData> datum = signed.get(i);
        if (datum.isEmpty()) {
          continue; // a consenter the channel does not have: skipped, as the check skips it
        }
        Optional<Identity> v = checks.verifiedSigner(datum.get());
        if (v.isEmpty()) {
          continue; // dropped, as the policy evaluation drops it
        }
        signer = v.get();
        a.verified.put(entries.get(i), signer);
      }
      if (keys.add(signer.identifier().signerKey())) {
        signers.add(signer);
        verdictKeys.add(signer.verdictKey());
      }
    }
    Map<Set<Object>, Boolean> known = satisfying.computeIfAbsent(configKey,
        k -> new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Set<Object>, Boolean> e) {
            return size() > SIGNER_SETS_PER_CONFIG;
          }
        });
    Boolean satisfied = known.get(verdictKeys);
    if (satisfied == null) {
      satisfied = checks.blockValidationSatisfiedBy(signers);
      known.put(Set.copyOf(verdictKeys), satisfied);
    }
    if (satisfied) {
      record(a, entries);
    }
    return satisfied;
  }

  /**
   * Records that the header and signatures of {@code block}, whose header hash is {@code
   * headerHash}, passed under {@code configKey}.
   */
  public void remember(ByteString configKey, Block block, byte[] headerHash) {
    Metadata md = signatures(block);
    if (md == null) {
      return;
    }
    Attested a = attested.computeIfAbsent(key(configKey, block, md),
        k -> new Attested(headerHash.clone()));
    record(a, entries(md));
  }

  private static void record(Attested a, List<Entry> entries) {
    if (a.passed.size() < LISTS_PER_HEADER && !a.passed.contains(entries)) {
      a.passed.add(entries);
      a.met.addAll(entries);
    }
  }

  private static boolean passes(Attested a, List<Entry> entries, boolean setBased) {
    if (!setBased) {
      return a.passed.contains(entries);
    }
    if (!a.met.containsAll(entries)) {
      return false;
    }
    for (List<Entry> p : a.passed) {
      if (entries.containsAll(p)) { // a handful of entries: a scan beats building a set
        return true;
      }
    }
    return false;
  }

  private static Key key(ByteString configKey, Block block, Metadata md) {
    return new Key(configKey, block.getHeader(), block.getMetadata().getMetadataCount(),
        md.getValue());
  }

  private static List<Entry> entries(Metadata md) {
    List<Entry> out = new ArrayList<>(md.getSignaturesCount());
    for (MetadataSignature s : md.getSignaturesList()) {
      out.add(Entry.of(s));
    }
    return out;
  }

  /** The SIGNATURES metadata, or null when there is none or it does not decode. */
  private static Metadata signatures(Block block) {
    if (block.getMetadata().getMetadataCount() <= BlockMetadataIndex.SIGNATURES_VALUE) {
      return null;
    }
    try {
      return Metadata.parseFrom(block.getMetadata().getMetadata(BlockMetadataIndex.SIGNATURES_VALUE));
    } catch (InvalidProtocolBufferException e) {
      return null;
    }
  }
}

package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.check.Signer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;

/**
 * The block headers whose orderer signatures were already found to satisfy the block validation
 * policy of a configuration, so that the same header and signatures, met again on another
 * orderer's header stream, are not verified again.
 *
 * <p>The verdict of that check is a function of the configuration in force, the header and the
 * SIGNATURES metadata alone, so a header is looked up by the SHA-256 of exactly these (with the
 * number of metadata entries, which the check also reads): a header that differs in any byte is
 * checked in full. Bounded (the newest entries are kept); one follower thread uses it.
 */
public final class AttestationMemo {
  private static final int CAPACITY = 256;

  private final Map<ByteString, List<Signer>> attested =
      new LinkedHashMap<>(CAPACITY * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteString, List<Signer>> eldest) {
          return size() > CAPACITY;
        }
      };

  /** The signers of a header found attested under the configuration {@code configKey}. */
  public Optional<List<Signer>> lookup(ByteString configKey, Block block) {
    return Optional.ofNullable(attested.get(key(configKey, block)));
  }

  /** Records that the header and signatures of {@code block} passed under {@code configKey}. */
  public void remember(ByteString configKey, Block block, List<Signer> signers) {
    attested.put(key(configKey, block), List.copyOf(signers));
  }

  private static ByteString key(ByteString configKey, Block block) {
    MessageDigest d = sha256();
    d.update(configKey.asReadOnlyByteBuffer());
    byte[] header = BlockHashes.headerBytes(block.getHeader());
    d.update(intBytes(header.length));
    d.update(header);
    int entries = block.getMetadata().getMetadataCount();
    d.update(intBytes(entries));
    if (entries > BlockMetadataIndex.SIGNATURES_VALUE) {
      d.update(block.getMetadata().getMetadata(BlockMetadataIndex.SIGNATURES_VALUE)
          .asReadOnlyByteBuffer());
    }
    return ByteString.copyFrom(d.digest());
  }

  private static byte[] intBytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }
}

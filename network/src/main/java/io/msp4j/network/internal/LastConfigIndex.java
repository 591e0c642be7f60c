package io.msp4j.network.internal;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;
import org.hyperledger.fabric.protos.common.LastConfig;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.OrdererBlockMetadata;

/**
 * The number of the last config block, as a block's metadata records it ({@code
 * protoutil.GetLastConfigIndexFromBlock}): the {@code OrdererBlockMetadata} in the SIGNATURES
 * entry's value, or, where that value is empty (blocks of orderers before v1.4.1), the LAST_CONFIG
 * entry.
 */
public final class LastConfigIndex {
  private LastConfigIndex() {}

  /** The index, or empty when the metadata does not carry one that decodes. */
  public static OptionalLong of(Block block) {
    try {
      if (block.getMetadata().getMetadataCount() <= BlockMetadataIndex.SIGNATURES_VALUE) {
        return OptionalLong.empty();
      }
      Metadata signatures = Metadata.parseFrom(
          block.getMetadata().getMetadata(BlockMetadataIndex.SIGNATURES_VALUE));
      if (!signatures.getValue().isEmpty()) {
        return OptionalLong.of(
            OrdererBlockMetadata.parseFrom(signatures.getValue()).getLastConfig().getIndex());
      }
      if (block.getMetadata().getMetadataCount() <= BlockMetadataIndex.LAST_CONFIG_VALUE) {
        return OptionalLong.empty();
      }
      Metadata last = Metadata.parseFrom(
          block.getMetadata().getMetadata(BlockMetadataIndex.LAST_CONFIG_VALUE));
      return OptionalLong.of(LastConfig.parseFrom(last.getValue()).getIndex());
    } catch (InvalidProtocolBufferException e) {
      return OptionalLong.empty();
    }
  }
}

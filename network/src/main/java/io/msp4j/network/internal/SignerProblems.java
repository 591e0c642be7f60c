package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/**
 * Why the orderer signers of a block that fails BlockValidation fall short, in the channel's own
 * words: for each signer the channel's MSPs refuse, the rule and the certificate. The verdict is
 * the policy's; this only explains it.
 */
public final class SignerProblems {
  private SignerProblems() {}

  /** What was found, and the first MSP rule that refused a signer. */
  public record Found(List<String> problems, Optional<String> firstRule) {}

  /** The problems of the block's signers under the channel's current generation. */
  public static Found of(Block block, ReloadingChannel channel) {
    List<String> problems = new ArrayList<>();
    String rule = null;
    List<MetadataSignature> signatures;
    try {
      signatures = Metadata.parseFrom(block.getMetadata()
          .getMetadata(BlockMetadataIndex.SIGNATURES_VALUE)).getSignaturesList();
    } catch (InvalidProtocolBufferException | IndexOutOfBoundsException e) {
      return new Found(List.of(), Optional.empty());
    }
    for (MetadataSignature s : signatures) {
      if (s.getSignatureHeader().isEmpty()) {
        continue; // a BFT consenter's identifier header: named by the consenter mapping
      }
      try {
        ByteString creator = SignatureHeader.parseFrom(s.getSignatureHeader()).getCreator();
        Identity id = channel.deserialize(creator.toByteArray());
        id.validate();
      } catch (MspException e) {
        problems.add("[" + e.rule() + "] " + e.detail());
        rule = rule == null ? e.rule() : rule;
      } catch (InvalidProtocolBufferException e) {
        problems.add("a signature header does not decode: " + e.getMessage());
      }
    }
    return new Found(problems, Optional.ofNullable(rule));
  }
}

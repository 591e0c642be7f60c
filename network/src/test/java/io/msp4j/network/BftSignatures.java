package io.msp4j.network;

import com.google.protobuf.ByteString;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.core.SigningIdentity;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.hyperledger.fabric.protos.common.IdentifierHeader;
import org.hyperledger.fabric.protos.common.LastConfig;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.OrdererBlockMetadata;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/**
 * Block signatures as SmartBFT orderers write them: the SIGNATURES metadata's value is an {@code
 * OrdererBlockMetadata} (last config index), and each consenter's {@code MetadataSignature} has an
 * {@code identifier_header} (its consenter ID and a nonce) and no {@code signature_header}, its
 * signature made over value ‖ identifier header ‖ the header's ASN.1 bytes. Each part has its own method
 * so that tests can forge the odd signature.
 */
final class BftSignatures {
  private BftSignatures() {}

  /** The SIGNATURES metadata value: an OrdererBlockMetadata naming the last config block. */
  static ByteString value(long lastConfig) {
    return OrdererBlockMetadata.newBuilder().setLastConfig(LastConfig.newBuilder()
        .setIndex(lastConfig)).build().toByteString();
  }

  /** The identifier header of consenter {@code id}. */
  static ByteString identifierHeader(int id, String nonce) {
    return IdentifierHeader.newBuilder().setIdentifier(id).setNonce(ByteString.copyFromUtf8(nonce))
        .build().toByteString();
  }

  /** A consenter's signature: {@code key} signs, naming itself as consenter {@code id}. */
  static MetadataSignature byConsenter(int id, SigningIdentity key, ByteString value,
      BlockHeader header) {
    ByteString ih = identifierHeader(id, "nonce " + id + "/" + header.getNumber());
    return MetadataSignature.newBuilder().setIdentifierHeader(ih)
        .setSignature(sign(key, value.concat(ih).concat(der(header)))).build();
  }

  /** A signature in the pre-BFT form: a signature header naming the signer's identity. */
  static MetadataSignature bySignatureHeader(SigningIdentity key, ByteString value,
      BlockHeader header) {
    ByteString sh = SignatureHeader.newBuilder().setCreator(ByteString.copyFrom(key.serialize()))
        .setNonce(ByteString.copyFromUtf8("nonce " + header.getNumber())).build().toByteString();
    return MetadataSignature.newBuilder().setSignatureHeader(sh)
        .setSignature(sign(key, value.concat(sh).concat(der(header)))).build();
  }

  /** {@code b} with the five metadata entries, SIGNATURES holding {@code value} and {@code sigs}. */
  static Block withSignatures(Block b, ByteString value, List<MetadataSignature> sigs) {
    Metadata md = Metadata.newBuilder().setValue(value).addAllSignatures(sigs).build();
    return withSignaturesMetadata(b, md.toByteString());
  }

  /** {@code b} with the five metadata entries, SIGNATURES holding these bytes as they are. */
  static Block withSignaturesMetadata(Block b, ByteString signatures) {
    BlockMetadata.Builder m = BlockMetadata.newBuilder().addMetadata(signatures);
    for (int i = 1; i < 5; i++) {
      m.addMetadata(ByteString.EMPTY);
    }
    return b.toBuilder().setMetadata(m).build();
  }

  private static ByteString der(BlockHeader h) {
    return ByteString.copyFrom(BlockHashes.headerBytes(h));
  }

  private static ByteString sign(SigningIdentity key, ByteString message) {
    return ByteString.copyFrom(key.sign(message.toByteArray()));
  }
}

package io.msp4j.channel.check;

import com.google.protobuf.ByteString;
import io.msp4j.core.SigningIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.LastConfig;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.peer.ChaincodeAction;
import org.hyperledger.fabric.protos.peer.ChaincodeActionPayload;
import org.hyperledger.fabric.protos.peer.ChaincodeEndorsedAction;
import org.hyperledger.fabric.protos.peer.ChaincodeHeaderExtension;
import org.hyperledger.fabric.protos.peer.ChaincodeID;
import org.hyperledger.fabric.protos.peer.ChaincodeInput;
import org.hyperledger.fabric.protos.peer.ChaincodeInvocationSpec;
import org.hyperledger.fabric.protos.peer.ChaincodeProposalPayload;
import org.hyperledger.fabric.protos.peer.ChaincodeSpec;
import org.hyperledger.fabric.protos.peer.Endorsement;
import org.hyperledger.fabric.protos.peer.Proposal;
import org.hyperledger.fabric.protos.peer.ProposalResponsePayload;
import org.hyperledger.fabric.protos.peer.SignedProposal;
import org.hyperledger.fabric.protos.peer.Transaction;
import org.hyperledger.fabric.protos.peer.TransactionAction;

/**
 * Builds proposals, endorsed transactions and blocks the way a client, peers and an orderer
 * assemble them, signed by the given identities (shared with msp-cli's tests through the test jar).
 */
public final class Messages {
  private int nonces;

  /** A builder whose nonces start at 0. */
  public Messages() {}

  private ByteString nonce() {
    return ByteString.copyFrom("nonce-" + nonces++, StandardCharsets.US_ASCII);
  }

  public static byte[] sha256(ByteString... parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (ByteString p : parts) {
        md.update(p.toByteArray());
      }
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A proposal's parts: channel header, signature header, chaincode proposal payload. */
  public record Parts(ChannelHeader channelHeader, SignatureHeader signatureHeader, ChaincodeProposalPayload payload) {}

  public Parts parts(SigningIdentity creator, String channel) {
    ByteString creatorBytes = ByteString.copyFrom(creator.serialize());
    ByteString nonce = nonce();
    ChannelHeader ch = ChannelHeader.newBuilder()
        .setType(HeaderType.ENDORSER_TRANSACTION_VALUE)
        .setChannelId(channel)
        .setTxId(HexFormat.of().formatHex(sha256(nonce, creatorBytes)))
        .setExtension(ChaincodeHeaderExtension.newBuilder()
            .setChaincodeId(ChaincodeID.newBuilder().setName("basic")).build().toByteString())
        .build();
    SignatureHeader sh = SignatureHeader.newBuilder().setCreator(creatorBytes).setNonce(nonce).build();
    ChaincodeProposalPayload cpp = ChaincodeProposalPayload.newBuilder()
        .setInput(ChaincodeInvocationSpec.newBuilder().setChaincodeSpec(ChaincodeSpec.newBuilder()
            .setChaincodeId(ChaincodeID.newBuilder().setName("basic"))
            .setInput(ChaincodeInput.newBuilder().addArgs(ByteString.copyFromUtf8("transfer"))))
            .build().toByteString())
        .build();
    return new Parts(ch, sh, cpp);
  }

  public static SignedProposal proposal(Parts p, SigningIdentity signer) {
    ByteString bytes = Proposal.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(p.channelHeader().toByteString())
            .setSignatureHeader(p.signatureHeader().toByteString()).build().toByteString())
        .setPayload(p.payload().toByteString())
        .build().toByteString();
    return SignedProposal.newBuilder().setProposalBytes(bytes)
        .setSignature(ByteString.copyFrom(signer.sign(bytes.toByteArray()))).build();
  }

  /** An endorsed transaction: the proposal's parts, endorsed by each of {@code endorsers}, signed by {@code creator}. */
  public static Envelope transaction(Parts p, SigningIdentity creator, SigningIdentity... endorsers) {
    ByteString ch = p.channelHeader().toByteString();
    ByteString sh = p.signatureHeader().toByteString();
    ByteString cpp = p.payload().toByteString();
    ByteString prp = ProposalResponsePayload.newBuilder()
        .setProposalHash(ByteString.copyFrom(sha256(ch, sh, cpp)))
        .setExtension(ChaincodeAction.newBuilder().setResults(ByteString.copyFromUtf8("rwset")).build().toByteString())
        .build().toByteString();
    ChaincodeEndorsedAction.Builder action = ChaincodeEndorsedAction.newBuilder().setProposalResponsePayload(prp);
    for (SigningIdentity e : endorsers) {
      ByteString endorser = ByteString.copyFrom(e.serialize());
      action.addEndorsements(Endorsement.newBuilder().setEndorser(endorser)
          .setSignature(ByteString.copyFrom(e.sign(prp.concat(endorser).toByteArray()))));
    }
    ByteString tx = Transaction.newBuilder().addActions(TransactionAction.newBuilder()
        .setHeader(sh)
        .setPayload(ChaincodeActionPayload.newBuilder().setChaincodeProposalPayload(cpp)
            .setAction(action).build().toByteString()))
        .build().toByteString();
    return signed(Payload.newBuilder().setHeader(Header.newBuilder().setChannelHeader(ch).setSignatureHeader(sh))
        .setData(tx).build(), creator);
  }

  public static Envelope signed(Payload payload, SigningIdentity signer) {
    ByteString bytes = payload.toByteString();
    return Envelope.newBuilder().setPayload(bytes)
        .setSignature(ByteString.copyFrom(signer.sign(bytes.toByteArray()))).build();
  }

  /** The block header's DER: SEQUENCE { INTEGER number, OCTET STRING previous, OCTET STRING data }. */
  public static ByteString headerDer(BlockHeader h) {
    ASN1Encodable[] f = {new ASN1Integer(BigInteger.valueOf(h.getNumber())),
        new DEROctetString(h.getPreviousHash().toByteArray()), new DEROctetString(h.getDataHash().toByteArray())};
    try {
      return ByteString.copyFrom(new DERSequence(f).getEncoded());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A block of these transactions with its data hash, signed by each of {@code signers}. */
  public static Block block(long number, List<ByteString> data, SigningIdentity... signers) {
    BlockHeader header = BlockHeader.newBuilder().setNumber(number)
        .setPreviousHash(ByteString.copyFrom(sha256(ByteString.copyFromUtf8("previous " + number))))
        .setDataHash(ByteString.copyFrom(sha256(data.toArray(ByteString[]::new))))
        .build();
    return sign(Block.newBuilder().setHeader(header).setData(BlockData.newBuilder().addAllData(data)).build(), signers);
  }

  /** The block with its SIGNATURES metadata made by {@code signers} over its header as it stands. */
  public static Block sign(Block unsigned, SigningIdentity... signers) {
    ByteString value = LastConfig.newBuilder().setIndex(0).build().toByteString();
    Metadata.Builder md = Metadata.newBuilder().setValue(value);
    int i = 0;
    for (SigningIdentity s : signers) {
      ByteString sh = SignatureHeader.newBuilder().setCreator(ByteString.copyFrom(s.serialize()))
          .setNonce(ByteString.copyFromUtf8("block nonce " + i++)).build().toByteString();
      md.addSignatures(MetadataSignature.newBuilder().setSignatureHeader(sh).setSignature(ByteString.copyFrom(
          s.sign(value.concat(sh).concat(headerDer(unsigned.getHeader())).toByteArray()))));
    }
    List<ByteString> metadata = new ArrayList<>(List.of(md.build().toByteString(), ByteString.EMPTY,
        ByteString.EMPTY, ByteString.EMPTY, ByteString.EMPTY));
    return unsigned.toBuilder().setMetadata(BlockMetadata.newBuilder().addAllMetadata(metadata)).build();
  }
}

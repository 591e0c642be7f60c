package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.IdentifierHeader;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.peer.SignedProposal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Signers of proposals, transactions and blocks, checked as a Fabric v3 peer checks them. */
class SignerChecksTest {
  private static final ChannelFixture F = new ChannelFixture();

  private final Messages messages = new Messages();

  private Envelope endorsedTx(SigningIdentity creator, SigningIdentity... endorsers) {
    return Messages.transaction(messages.parts(creator, ChannelFixture.CHANNEL), creator, endorsers);
  }

  private static Refusal refusal(TransactionVerdict v) {
    assertThat(v.valid()).as("transaction %d is refused", v.index()).isFalse();
    return v.refusal().orElseThrow();
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("TX-ENDORSEMENT-01")
  void aBlockOfEndorsedTransactionsSignedByTheOrdererIsValid() {
    Block block = Messages.block(7, List.of(
        endorsedTx(F.client, F.peer1, F.peer2).toByteString(),
        endorsedTx(F.client, F.peer1).toByteString()), F.orderer);
    BlockVerdict v = F.checks.block(block);
    assertThat(v.refusal()).isEmpty();
    assertThat(v.valid()).isTrue();
    assertThat(v.number()).isEqualTo(7);
    assertThat(v.signers()).extracting(Signer::mspId).containsExactly("OrdererMSP");
    assertThat(v.transactions()).hasSize(2).allSatisfy(t -> {
      assertThat(t.refusal()).isEmpty();
      assertThat(t.type()).isEqualTo("ENDORSER_TRANSACTION");
      assertThat(t.creator().orElseThrow().subject()).isEqualTo("CN=User1@org1.example.com,OU=client,C=US");
    });
    assertThat(v.transactions().get(0).endorsers()).extracting(Signer::mspId).containsExactly("Org1MSP", "Org2MSP");
    assertThat(v.note()).isEmpty();
  }

  @Test
  @Tag("TX-CREATOR-01")
  void aTransactionTamperedAfterTheCreatorSignedIsRefused() {
    Envelope good = endorsedTx(F.client, F.peer1);
    Payload payload = parse(good);
    Envelope tampered = good.toBuilder()
        .setPayload(payload.toBuilder().setData(payload.getData().concat(ByteString.copyFromUtf8("!"))).build().toByteString())
        .build();
    // The orderer ordered the tampered envelope: the block is sound, the transaction is not.
    BlockVerdict v = F.checks.block(Messages.block(8, List.of(good.toByteString(), tampered.toByteString()), F.orderer));
    assertThat(v.refusal()).isEmpty();
    assertThat(v.transactions().get(0).valid()).isTrue();
    Refusal r = refusal(v.transactions().get(1));
    assertThat(r.check()).isEqualTo("TX-CREATOR-01");
    assertThat(r.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
    assertThat(r.message()).contains("creator Org1MSP CN=User1@org1.example.com", "signature does not verify");
  }

  private static Payload parse(Envelope e) {
    try {
      return Payload.parseFrom(e.getPayload());
    } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
      throw new AssertionError(ex);
    }
  }

  @Test
  @Tag("BLOCK-DATA-01")
  void aTransactionChangedAfterTheOrdererSignedBreaksTheDataHash() {
    Block block = Messages.block(9, List.of(endorsedTx(F.client, F.peer1).toByteString()), F.orderer);
    Envelope other = endorsedTx(F.client, F.peer2);
    Block swapped = block.toBuilder().setData(BlockData.newBuilder().addData(other.toByteString())).build();
    BlockVerdict v = F.checks.block(swapped);
    assertThat(v.valid()).isFalse();
    assertThat(v.refusal().orElseThrow().check()).isEqualTo("BLOCK-DATA-01");
    assertThat(v.refusal().orElseThrow().reason()).isEqualTo(Reason.BLOCK_DATA_HASH_MISMATCH);
    // Each transaction is still judged on its own.
    assertThat(v.transactions()).singleElement().satisfies(t -> assertThat(t.valid()).isTrue());
  }

  @Test
  @Tag("TX-ENDORSEMENT-01")
  @Tag("VALIDATE-CRL-02")
  void anEndorsementByARevokedPeerIsRefusedWithTheMspsReason() {
    BlockVerdict v = F.checks.block(Messages.block(10,
        List.of(endorsedTx(F.client, F.peer1, F.revokedPeer).toByteString()), F.orderer));
    assertThat(v.refusal()).isEmpty();
    TransactionVerdict t = v.transactions().get(0);
    Refusal r = refusal(t);
    assertThat(r.check()).isEqualTo("TX-ENDORSEMENT-01");
    assertThat(r.reason()).isEqualTo(Reason.REVOKED);
    assertThat(r.rule()).isEqualTo("VALIDATE-CRL-02");
    assertThat(r.message()).startsWith("endorsement[1] Org2MSP CN=peer1.org2.example.com,OU=peer,C=US is not valid");
    assertThat(t.endorsers()).extracting(Signer::subject)
        .containsExactly("CN=peer0.org1.example.com,OU=peer,C=US", "CN=peer1.org2.example.com,OU=peer,C=US");
  }

  @Test
  @Tag("TX-ENDORSEMENT-01")
  void anEndorsementSignatureOverOtherBytesIsRefused() {
    Envelope tx = endorsedTx(F.client, F.peer1);
    // The endorser signs the proposal response without its own identity appended.
    Payload p = parse(tx);
    var transaction = parseTx(p.getData());
    var cap = parseCap(transaction.getActions(0).getPayload());
    var action = cap.getAction();
    var endorsement = action.getEndorsements(0).toBuilder()
        .setSignature(ByteString.copyFrom(F.peer1.sign(action.getProposalResponsePayload().toByteArray()))).build();
    var rebuilt = transaction.toBuilder().setActions(0, transaction.getActions(0).toBuilder()
        .setPayload(cap.toBuilder().setAction(action.toBuilder().setEndorsements(0, endorsement)).build().toByteString()))
        .build();
    Envelope resigned = Messages.signed(p.toBuilder().setData(rebuilt.toByteString()).build(), F.client);
    Refusal r = refusal(F.checks.transaction(resigned));
    assertThat(r.check()).isEqualTo("TX-ENDORSEMENT-01");
    assertThat(r.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
    assertThat(r.message()).startsWith("endorsement[0] Org1MSP");
  }

  private static org.hyperledger.fabric.protos.peer.Transaction parseTx(ByteString b) {
    try {
      return org.hyperledger.fabric.protos.peer.Transaction.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  private static org.hyperledger.fabric.protos.peer.ChaincodeActionPayload parseCap(ByteString b) {
    try {
      return org.hyperledger.fabric.protos.peer.ChaincodeActionPayload.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("POLICY-IMETA-02")
  void aBlockSignedByAPeerInsteadOfAnOrdererIsRefused() {
    BlockVerdict v = F.checks.block(Messages.block(11, List.of(endorsedTx(F.client, F.peer1).toByteString()), F.peer1));
    assertThat(v.valid()).isFalse();
    Refusal r = v.refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("BLOCK-SIG-01");
    assertThat(r.reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);
    assertThat(r.message()).contains("/Channel/Orderer/BlockValidation");
    assertThat(v.signers()).extracting(Signer::mspId).containsExactly("Org1MSP");
    assertThat(v.transactions()).singleElement().satisfies(t -> assertThat(t.valid()).isTrue());
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void anUnsignedBlockOrOneSignedOverAnotherHeaderIsRefused() {
    Block unsigned = Messages.block(12, List.of(endorsedTx(F.client, F.peer1).toByteString()));
    assertThat(F.checks.block(unsigned).refusal().orElseThrow().reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);

    Block signed = Messages.block(12, List.of(endorsedTx(F.client, F.peer1).toByteString()), F.orderer);
    Block renumbered = signed.toBuilder().setHeader(signed.getHeader().toBuilder().setNumber(13)).build();
    assertThat(F.checks.block(signed).valid()).isTrue();
    assertThat(F.checks.block(renumbered).refusal().orElseThrow().check()).isEqualTo("BLOCK-SIG-01");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aBftConsenterSignsWithItsIdentifierInsteadOfItsIdentity() {
    Block block = Messages.block(14, List.of(endorsedTx(F.client, F.peer1).toByteString()));
    ByteString value = ByteString.EMPTY;
    ByteString idHeader = IdentifierHeader.newBuilder().setIdentifier(3).setNonce(ByteString.copyFromUtf8("n"))
        .build().toByteString();
    ByteString sig = ByteString.copyFrom(F.orderer.sign(
        value.concat(idHeader).concat(Messages.headerDer(block.getHeader())).toByteArray()));
    Metadata md = Metadata.newBuilder().setValue(value)
        .addSignatures(MetadataSignature.newBuilder().setIdentifierHeader(idHeader).setSignature(sig)).build();
    Block bft = block.toBuilder().setMetadata(block.getMetadata().toBuilder().setMetadata(0, md.toByteString())).build();
    SerializedIdentity orderer = parseIdentity(F.orderer.serialize());
    Consenter consenter = Consenter.newBuilder().setId(3).setMspId(orderer.getMspid())
        .setIdentity(orderer.getIdBytes()).build();

    assertThat(F.checks.withConsenters(List.of(consenter)).block(bft).valid()).isTrue();
    // Without the consenter set the signature names no one.
    assertThat(F.checks.block(bft).refusal().orElseThrow().check()).isEqualTo("BLOCK-SIG-01");
    // A consenter ID not in the set is skipped.
    assertThat(F.checks.withConsenters(List.of(consenter.toBuilder().setId(4).build())).block(bft).valid()).isFalse();
  }

  private static SerializedIdentity parseIdentity(byte[] b) {
    try {
      return SerializedIdentity.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  @Tag("BLOCK-DATA-01")
  void aTransactionThatDoesNotEncodeBackToItsBytesIsNotWellFormed() {
    Envelope tx = endorsedTx(F.client, F.peer1);
    // A second signature field: protobuf keeps the last, so the envelope encodes shorter.
    ByteString repeated = tx.toByteString().concat(ByteString.copyFrom(new byte[] {0x12, 0x01, 'x'}));
    BlockVerdict v = F.checks.block(Messages.block(15, List.of(repeated), F.orderer));
    assertThat(v.refusal().orElseThrow().check()).isEqualTo("BLOCK-DATA-01");
    assertThat(v.refusal().orElseThrow().message())
        .isEqualTo("transaction 0 has " + (tx.getSignature().size() + 2) + " trailing bytes");
    // Fields out of order encode to as many bytes, but other ones.
    ByteString swapped = Envelope.newBuilder().setSignature(tx.getSignature()).build().toByteString()
        .concat(Envelope.newBuilder().setPayload(tx.getPayload()).build().toByteString());
    BlockVerdict w = F.checks.block(Messages.block(15, List.of(swapped), F.orderer));
    assertThat(w.refusal().orElseThrow().message()).startsWith("transaction 0 does not match its encoding");
    // Unknown fields are kept by the encoding, as in Go, so they pass.
    ByteString unknown = tx.toByteString().concat(ByteString.copyFrom(new byte[] {0x1a, 0}));
    assertThat(F.checks.block(Messages.block(15, List.of(unknown), F.orderer)).refusal()).isEmpty();
  }

  @Test
  @Tag("BLOCK-01")
  void aBlockWithoutItsMetadataEntriesIsMalformed() {
    Block block = Messages.block(16, List.of(endorsedTx(F.client, F.peer1).toByteString()), F.orderer);
    Block cut = block.toBuilder().setMetadata(block.getMetadata().toBuilder().clearMetadata()
        .addMetadata(block.getMetadata().getMetadata(0))).build();
    Refusal r = F.checks.block(cut).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("BLOCK-01");
    assertThat(r.reason()).isEqualTo(Reason.BLOCK_MALFORMED);
  }

  @Test
  void theGenesisBlockIsTheTrustAnchor() {
    Envelope config = Envelope.newBuilder().setPayload(Payload.newBuilder().setHeader(Header.newBuilder()
        .setChannelHeader(ChannelHeader.newBuilder().setType(HeaderType.CONFIG_VALUE).setChannelId("mychannel")
            .build().toByteString())).build().toByteString()).build();
    BlockVerdict v = F.checks.block(Messages.block(0, List.of(config.toByteString())));
    assertThat(v.valid()).isTrue();
    assertThat(v.note()).get().asString().contains("trust anchor");
    assertThat(v.transactions()).isEmpty();
  }

  @Test
  @Tag("TX-TXID-01")
  void aTransactionIdThatIsNotTheHashOfNonceAndCreatorIsRefused() {
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    Messages.Parts wrong = new Messages.Parts(p.channelHeader().toBuilder().setTxId("abc").build(),
        p.signatureHeader(), p.payload());
    Refusal r = refusal(F.checks.transaction(Messages.transaction(wrong, F.client, F.peer1)));
    assertThat(r.check()).isEqualTo("TX-TXID-01");
    assertThat(r.reason()).isEqualTo(Reason.TXID_MISMATCH);
  }

  @Test
  @Tag("TX-ENDORSER-01")
  void aResponseToAnotherProposalIsRefused() {
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    Envelope tx = Messages.transaction(p, F.client, F.peer1);
    Payload payload = parse(tx);
    var transaction = parseTx(payload.getData());
    var cap = parseCap(transaction.getActions(0).getPayload());
    var other = cap.toBuilder().setChaincodeProposalPayload(ByteString.copyFromUtf8("another proposal")).build();
    Envelope changed = Messages.signed(payload.toBuilder().setData(transaction.toBuilder().setActions(0,
        transaction.getActions(0).toBuilder().setPayload(other.toByteString())).build().toByteString()).build(), F.client);
    Refusal r = refusal(F.checks.transaction(changed));
    assertThat(r.check()).isEqualTo("TX-ENDORSER-01");
    assertThat(r.reason()).isEqualTo(Reason.PROPOSAL_HASH_MISMATCH);
  }

  @Test
  @Tag("TX-HEADER-01")
  void headerRulesComeBeforeTheCreator() {
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    Envelope epoch = Messages.transaction(new Messages.Parts(p.channelHeader().toBuilder().setEpoch(1).build(),
        p.signatureHeader(), p.payload()), F.client, F.peer1);
    assertThat(refusal(F.checks.transaction(epoch)).message()).isEqualTo("epoch is 1, expected 0");
    Envelope noNonce = Messages.transaction(new Messages.Parts(p.channelHeader(),
        p.signatureHeader().toBuilder().clearNonce().build(), p.payload()), F.client, F.peer1);
    assertThat(refusal(F.checks.transaction(noNonce)).message()).isEqualTo("the signature header has no nonce");
    Envelope otherChannel = Messages.transaction(messages.parts(F.client, "otherchannel"), F.client, F.peer1);
    assertThat(refusal(F.checks.transaction(otherChannel)).reason()).isEqualTo(Reason.WRONG_CHANNEL);
    Envelope update = Messages.signed(Payload.newBuilder().setHeader(Header.newBuilder()
        .setChannelHeader(p.channelHeader().toBuilder().setType(HeaderType.CONFIG_UPDATE_VALUE).build().toByteString())
        .setSignatureHeader(p.signatureHeader().toByteString())).build(), F.client);
    assertThat(refusal(F.checks.transaction(update)).check()).isEqualTo("TX-TYPE-01");
    Envelope garbage = Envelope.newBuilder().setPayload(ByteString.copyFrom(new byte[] {(byte) 0xff, 1}))
        .setSignature(ByteString.copyFromUtf8("x")).build();
    assertThat(refusal(F.checks.transaction(garbage)).check()).isEqualTo("TX-PAYLOAD-01");
  }

  @Test
  @Tag("PROPOSAL-02")
  void aProposalIsValidWhenItsCreatorIsValidAndSignedIt() {
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    ProposalVerdict ok = F.checks.proposal(Messages.proposal(p, F.client));
    assertThat(ok.refusal()).isEmpty();
    assertThat(ok.creator().orElseThrow().mspId()).isEqualTo("Org1MSP");
    assertThat(ok.txId()).isEqualTo(p.channelHeader().getTxId());

    SignedProposal byAnother = Messages.proposal(p, F.peer1);
    Refusal r = F.checks.proposal(byAnother).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("PROPOSAL-02");
    assertThat(r.reason()).isEqualTo(Reason.SIGNATURE_INVALID);

    Messages.Parts revoked = messages.parts(F.revokedPeer, ChannelFixture.CHANNEL);
    Refusal rr = F.checks.proposal(Messages.proposal(revoked, F.revokedPeer)).refusal().orElseThrow();
    assertThat(rr.reason()).isEqualTo(Reason.REVOKED);
    assertThat(rr.rule()).isEqualTo("VALIDATE-CRL-02");
  }

  @Test
  @Tag("PROPOSAL-01")
  void aProposalWithoutChaincodeInputIsMalformed() {
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    Messages.Parts bare = new Messages.Parts(p.channelHeader(), p.signatureHeader(),
        p.payload().toBuilder().clearInput().build());
    Refusal r = F.checks.proposal(Messages.proposal(bare, F.client)).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("PROPOSAL-01");
    assertThat(r.reason()).isEqualTo(Reason.PROPOSAL_MALFORMED);
  }

  @Test
  @Tag("TX-CREATOR-01")
  void aCreatorOfAnUnknownMspIsRefused() {
    byte[] stranger = SerializedIdentity.newBuilder().setMspid("NobodyMSP")
        .setIdBytes(ByteString.copyFrom(F.client.serialize())).build().toByteArray();
    Messages.Parts p = messages.parts(F.client, ChannelFixture.CHANNEL);
    Messages.Parts foreign = new Messages.Parts(p.channelHeader(),
        SignatureHeader.newBuilder().setCreator(ByteString.copyFrom(stranger)).setNonce(p.signatureHeader().getNonce()).build(),
        p.payload());
    Refusal r = refusal(F.checks.transaction(Messages.transaction(foreign, F.client, F.peer1)));
    assertThat(r.check()).isEqualTo("TX-CREATOR-01");
    assertThat(r.message()).startsWith("creator (MSP 'NobodyMSP') does not deserialise");
  }
}

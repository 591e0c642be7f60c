package io.msp4j.channel.check.internal;

import io.msp4j.channel.check.ProposalVerdict;
import io.msp4j.channel.check.Signer;
import io.msp4j.core.Reason;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.peer.ChaincodeHeaderExtension;
import org.hyperledger.fabric.protos.peer.ChaincodeInvocationSpec;
import org.hyperledger.fabric.protos.peer.ChaincodeProposalPayload;
import org.hyperledger.fabric.protos.peer.Proposal;
import org.hyperledger.fabric.protos.peer.SignedProposal;

/**
 * The checks a Fabric v3 endorser makes of a signed proposal before it runs the chaincode
 * (UnpackProposal and Validate): PROPOSAL-01 for the structure, PROPOSAL-02 for the creator.
 */
public final class ProposalChecker {
  private final SignerCheck signers;
  private final Optional<String> channelId;

  ProposalChecker(SignerCheck signers, Optional<String> channelId) {
    this.signers = signers;
    this.channelId = channelId;
  }

  public ProposalVerdict check(SignedProposal sp) {
    String[] txId = {""};
    Signer[] creator = {null};
    try {
      run(sp, txId, creator);
      return new ProposalVerdict(txId[0], Optional.ofNullable(creator[0]), Optional.empty());
    } catch (Refused r) {
      return new ProposalVerdict(txId[0], Optional.ofNullable(creator[0]), Optional.of(r.refusal()));
    }
  }

  private void run(SignedProposal sp, String[] txId, Signer[] creator) throws Refused {
    String c = "PROPOSAL-01";
    Proposal prop = EnvelopeChecker.parse(c, "proposal", () -> Proposal.parseFrom(sp.getProposalBytes()));
    Header hdr = EnvelopeChecker.parse(c, "proposal header", () -> Header.parseFrom(prop.getHeader()));
    ChannelHeader ch = EnvelopeChecker.parse(c, "channel header",
        () -> ChannelHeader.parseFrom(hdr.getChannelHeader()));
    SignatureHeader sh = EnvelopeChecker.parse(c, "signature header",
        () -> SignatureHeader.parseFrom(hdr.getSignatureHeader()));
    txId[0] = ch.getTxId();
    ChaincodeHeaderExtension ext = EnvelopeChecker.parse(c, "chaincode header extension",
        () -> ChaincodeHeaderExtension.parseFrom(ch.getExtension()));
    if (!ext.hasChaincodeId() || ext.getChaincodeId().getName().isEmpty()) {
      throw malformed("the chaincode header extension names no chaincode");
    }
    ChaincodeProposalPayload cpp = EnvelopeChecker.parse(c, "chaincode proposal payload",
        () -> ChaincodeProposalPayload.parseFrom(prop.getPayload()));
    ChaincodeInvocationSpec cis = EnvelopeChecker.parse(c, "chaincode invocation spec",
        () -> ChaincodeInvocationSpec.parseFrom(cpp.getInput()));
    if (!cis.hasChaincodeSpec() || !cis.getChaincodeSpec().hasInput()) {
      throw malformed("the chaincode invocation spec carries no chaincode input");
    }
    HeaderType type = HeaderType.forNumber(ch.getType());
    if (type != HeaderType.ENDORSER_TRANSACTION && type != HeaderType.CONFIG) {
      throw malformed("header type " + (type == null ? ch.getType() : type) + " is not a proposal type");
    }
    if (ch.getEpoch() != 0) {
      throw malformed("epoch is " + Long.toUnsignedString(ch.getEpoch()) + ", expected 0");
    }
    if (sh.getNonce().isEmpty()) {
      throw malformed("the signature header has no nonce");
    }
    if (sh.getCreator().isEmpty()) {
      throw malformed("the signature header has no creator");
    }
    creator[0] = SignerCheck.named(sh.getCreator());
    String expected = EnvelopeChecker.txId(sh.getNonce(), sh.getCreator());
    if (!expected.equals(ch.getTxId())) {
      throw new Refused(c, Reason.TXID_MISMATCH,
          "tx ID '" + ch.getTxId() + "' is not SHA-256(nonce || creator) = " + expected);
    }
    if (channelId.isPresent() && !channelId.get().equals(ch.getChannelId())) {
      throw new Refused(c, Reason.WRONG_CHANNEL,
          "the proposal is for channel '" + ch.getChannelId() + "', not '" + channelId.get() + "'");
    }
    if (sp.getSignature().isEmpty()) {
      throw malformed("the signature is empty");
    }
    creator[0] = signers.describe(sh.getCreator());
    signers.check("PROPOSAL-02", "creator", sh.getCreator(), sp.getProposalBytes(), sp.getSignature());
  }

  private static Refused malformed(String message) {
    return new Refused("PROPOSAL-01", Reason.PROPOSAL_MALFORMED, message);
  }
}

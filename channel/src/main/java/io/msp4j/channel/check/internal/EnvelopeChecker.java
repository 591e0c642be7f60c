package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.check.Signer;
import io.msp4j.channel.check.TransactionVerdict;
import io.msp4j.core.Reason;
import io.msp4j.core.internal.Sha256;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.peer.ChaincodeActionPayload;
import org.hyperledger.fabric.protos.peer.Endorsement;
import org.hyperledger.fabric.protos.peer.ProposalResponsePayload;
import org.hyperledger.fabric.protos.peer.Transaction;
import org.hyperledger.fabric.protos.peer.TransactionAction;

/**
 * The checks Fabric's committer makes of a transaction envelope before the chaincode's
 * endorsement policy (ValidateTransaction), plus each endorser's validity and signature; see the
 * package {@code io.msp4j.channel.check} for the check IDs.
 */
public final class EnvelopeChecker {
  private final SignerCheck signers;
  private final Optional<String> channelId;

  EnvelopeChecker(SignerCheck signers, Optional<String> channelId) {
    this.signers = signers;
    this.channelId = channelId;
  }

  /** These checks, remembering the identities they meet while one block is checked. */
  EnvelopeChecker forOneBlock() {
    return new EnvelopeChecker(signers.forOneBlock(), channelId);
  }

  /** What has been learnt of the transaction so far, for the verdict. */
  private static final class Seen {
    String txId = "";
    String type = "";
    Signer creator;
    final List<Signer> endorsers = new ArrayList<>();
  }

  /** The verdict on the envelope at {@code index} of its block. */
  public TransactionVerdict check(int index, Envelope env) {
    Seen seen = new Seen();
    try {
      run(env, seen);
      return verdict(index, seen, null);
    } catch (Refused r) {
      return verdict(index, seen, r);
    }
  }

  private static TransactionVerdict verdict(int index, Seen s, Refused r) {
    return new TransactionVerdict(index, s.txId, s.type, Optional.ofNullable(s.creator),
        s.endorsers, r == null ? Optional.empty() : Optional.of(r.refusal()));
  }

  private void run(Envelope env, Seen seen) throws Refused {
    Payload payload = parse("TX-PAYLOAD-01", "payload", () -> Payload.parseFrom(env.getPayload()));
    if (!payload.hasHeader()) {
      throw new Refused("TX-HEADER-01", Reason.TRANSACTION_MALFORMED, "the payload has no header");
    }
    ChannelHeader ch = parse("TX-HEADER-01", "channel header",
        () -> ChannelHeader.parseFrom(payload.getHeader().getChannelHeader()));
    SignatureHeader sh = parse("TX-HEADER-01", "signature header",
        () -> SignatureHeader.parseFrom(payload.getHeader().getSignatureHeader()));
    seen.txId = ch.getTxId();
    HeaderType type = HeaderType.forNumber(ch.getType());
    seen.type = type == null ? "type " + ch.getType() : type.name();
    if (type != HeaderType.ENDORSER_TRANSACTION && type != HeaderType.CONFIG_UPDATE
        && type != HeaderType.CONFIG) {
      throw new Refused("TX-HEADER-01", Reason.TRANSACTION_MALFORMED,
          "header type " + seen.type + " is not a transaction type");
    }
    if (ch.getEpoch() != 0) {
      throw new Refused("TX-HEADER-01", Reason.TRANSACTION_MALFORMED,
          "epoch is " + Long.toUnsignedString(ch.getEpoch()) + ", expected 0");
    }
    requireNonceAndCreator(sh, "the signature header");
    seen.creator = SignerCheck.named(sh.getCreator());
    if (channelId.isPresent() && !channelId.get().equals(ch.getChannelId())) {
      throw new Refused("TX-HEADER-01", Reason.WRONG_CHANNEL,
          "the transaction is for channel '" + ch.getChannelId() + "', not '" + channelId.get() + "'");
    }
    seen.creator = signers.describe(sh.getCreator());
    signers.check("TX-CREATOR-01", "creator", sh.getCreator(), env.getPayload(), env.getSignature());
    if (type == HeaderType.CONFIG) {
      return;
    }
    if (type != HeaderType.ENDORSER_TRANSACTION) {
      throw new Refused("TX-TYPE-01", Reason.TRANSACTION_TYPE_UNSUPPORTED,
          seen.type + " transactions are not accepted in a block");
    }
    String expected = txId(sh.getNonce(), sh.getCreator());
    if (!expected.equals(ch.getTxId())) {
      throw new Refused("TX-TXID-01", Reason.TXID_MISMATCH,
          "tx ID '" + ch.getTxId() + "' is not SHA-256(nonce || creator) = " + expected);
    }
    endorserTransaction(payload, seen);
  }

  private void endorserTransaction(Payload payload, Seen seen) throws Refused {
    Transaction tx = parse("TX-ENDORSER-01", "transaction", () -> Transaction.parseFrom(payload.getData()));
    if (tx.getActionsCount() != 1) {
      throw new Refused("TX-ENDORSER-01", Reason.TRANSACTION_MALFORMED,
          "only one action per transaction is supported, it has " + tx.getActionsCount());
    }
    TransactionAction action = tx.getActions(0);
    SignatureHeader actionHeader = parse("TX-ENDORSER-01", "action signature header",
        () -> SignatureHeader.parseFrom(action.getHeader()));
    requireNonceAndCreator(actionHeader, "the action's signature header");
    ChaincodeActionPayload cap = parse("TX-ENDORSER-01", "chaincode action payload",
        () -> ChaincodeActionPayload.parseFrom(action.getPayload()));
    if (!cap.hasAction()) {
      throw new Refused("TX-ENDORSER-01", Reason.TRANSACTION_MALFORMED,
          "the chaincode action payload has no endorsed action");
    }
    ByteString prpBytes = cap.getAction().getProposalResponsePayload();
    ProposalResponsePayload prp = parse("TX-ENDORSER-01", "proposal response payload",
        () -> ProposalResponsePayload.parseFrom(prpBytes));
    byte[] hash = sha256(payload.getHeader().getChannelHeader(), action.getHeader(),
        cap.getChaincodeProposalPayload());
    if (!ByteString.copyFrom(hash).equals(prp.getProposalHash())) {
      throw new Refused("TX-ENDORSER-01", Reason.PROPOSAL_HASH_MISMATCH,
          "the proposal hash in the response payload does not match the proposal");
    }
    List<Endorsement> endorsements = cap.getAction().getEndorsementsList();
    if (endorsements.isEmpty()) {
      throw new Refused("TX-ENDORSEMENT-01", Reason.NO_ENDORSEMENTS, "the transaction carries no endorsement");
    }
    for (int i = 0; i < endorsements.size(); i++) {
      Endorsement e = endorsements.get(i);
      seen.endorsers.add(signers.describe(e.getEndorser()));
      signers.check("TX-ENDORSEMENT-01", "endorsement[" + i + "]", e.getEndorser(),
          prpBytes.concat(e.getEndorser()), e.getSignature());
    }
  }

  private static void requireNonceAndCreator(SignatureHeader sh, String where) throws Refused {
    if (sh.getNonce().isEmpty()) {
      throw new Refused("TX-HEADER-01", Reason.TRANSACTION_MALFORMED, where + " has no nonce");
    }
    if (sh.getCreator().isEmpty()) {
      throw new Refused("TX-HEADER-01", Reason.TRANSACTION_MALFORMED, where + " has no creator");
    }
  }

  /** Fabric's transaction ID: lowercase hex of SHA-256(nonce || creator). */
  static String txId(ByteString nonce, ByteString creator) {
    return HexFormat.of().formatHex(sha256(nonce, creator));
  }

  static byte[] sha256(ByteString... parts) {
    return Sha256.of(parts);
  }

  /** A message parse whose failure refuses the transaction under {@code check}. */
  @FunctionalInterface
  interface Parse<T> {
    T run() throws InvalidProtocolBufferException;
  }

  static <T> T parse(String check, String what, Parse<T> p) throws Refused {
    try {
      return p.run();
    } catch (InvalidProtocolBufferException e) {
      Reason reason = check.startsWith("PROPOSAL") ? Reason.PROPOSAL_MALFORMED
          : check.startsWith("BLOCK") ? Reason.BLOCK_MALFORMED : Reason.TRANSACTION_MALFORMED;
      throw new Refused(check, reason, "the " + what + " does not decode: " + e.getMessage());
    }
  }
}

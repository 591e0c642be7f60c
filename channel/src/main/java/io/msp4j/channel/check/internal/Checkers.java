package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;
import io.msp4j.core.internal.Spread;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.Policy;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

/** Builds the checkers behind {@link io.msp4j.channel.check.SignerChecks}. */
public final class Checkers {
  private Checkers() {}

  public static ProposalChecker proposals(IdentityDeserializer msps, Optional<String> channelId) {
    return new ProposalChecker(new SignerCheck(msps), channelId);
  }

  public static EnvelopeChecker envelopes(IdentityDeserializer msps, Optional<String> channelId) {
    return new EnvelopeChecker(new SignerCheck(msps), channelId);
  }

  /**
   * The block checker: transactions spread over {@code threads} threads (the calling one and
   * tasks given to {@code executor}; with one thread the executor is not used), and each block's
   * check remembering the identities it meets.
   */
  public static BlockChecker blocks(IdentityDeserializer msps, Optional<String> channelId,
      Policy blockValidation, Map<Integer, ByteString> consenters, Executor executor, int threads) {
    return new BlockChecker(envelopes(msps, channelId), new SignerCheck(msps), blockValidation,
        consenters, threads > 1 ? new Spread(executor, threads) : Spread.callerOnly(), true);
  }

  /**
   * The reference the block checker is tested against: one thread, and every signer deserialised
   * and validated each time it appears, as the check was first written.
   */
  public static BlockChecker plainBlocks(IdentityDeserializer msps, Optional<String> channelId,
      Policy blockValidation, Map<Integer, ByteString> consenters) {
    return new BlockChecker(envelopes(msps, channelId), new SignerCheck(msps), blockValidation,
        consenters, Spread.callerOnly(), false);
  }
}

package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.Policy;
import java.util.Map;
import java.util.Optional;

/** Builds the checkers behind {@link io.msp4j.channel.check.SignerChecks}. */
public final class Checkers {
  private Checkers() {}

  public static ProposalChecker proposals(IdentityDeserializer msps, Optional<String> channelId) {
    return new ProposalChecker(new SignerCheck(msps), channelId);
  }

  public static EnvelopeChecker envelopes(IdentityDeserializer msps, Optional<String> channelId) {
    return new EnvelopeChecker(new SignerCheck(msps), channelId);
  }

  public static BlockChecker blocks(IdentityDeserializer msps, Optional<String> channelId,
      Policy blockValidation, Map<Integer, ByteString> consenters) {
    return new BlockChecker(envelopes(msps, channelId), new SignerCheck(msps), blockValidation,
        consenters);
  }
}

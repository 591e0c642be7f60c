package io.msp4j.channel;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.hyperledger.fabric.protos.common.MSPRole;

/**
 * Everything a channel answers about a list of serialized identities, as text: the outcome of
 * deserialising each through the channel's MSP manager, validating it, checking it against the
 * four roles of every MSP of the channel and evaluating a set of policies with it as sole signer.
 * Two channels that give the same text give the same verdicts on those identities.
 */
public final class ChannelVerdicts {
  private static final List<String> POLICIES = List.of("/Channel/Readers", "/Channel/Writers",
      "/Channel/Admins", "/Channel/Application/Readers", "/Channel/Application/Writers",
      "/Channel/Application/Admins", "/Channel/Application/Endorsement",
      "/Channel/Application/Org1/Admins", "/Channel/Application/Org2/Writers",
      "/Channel/Orderer/Writers", "/Channel/Orderer/BlockValidation");
  private static final List<MSPRole.MSPRoleType> ROLES = List.of(MSPRole.MSPRoleType.MEMBER,
      MSPRole.MSPRoleType.ADMIN, MSPRole.MSPRoleType.PEER, MSPRole.MSPRoleType.CLIENT,
      MSPRole.MSPRoleType.ORDERER);

  private ChannelVerdicts() {}

  /** The verdicts of {@code channel} on each of {@code serialized}, one line per question. */
  public static List<String> of(Channel channel, List<byte[]> serialized) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < serialized.size(); i++) {
      byte[] bytes = serialized.get(i);
      Identity id;
      try {
        id = channel.mspManager().deserialize(bytes);
      } catch (MspException e) {
        out.add(i + " deserialize: " + outcome(e));
        continue;
      }
      out.add(i + " validate: " + outcome(() -> {
        id.validate();
        return "ok";
      }));
      for (String mspId : channel.msps().keySet()) {
        for (MSPRole.MSPRoleType role : ROLES) {
          out.add(i + " " + mspId + " " + role + ": " + outcome(() -> {
            id.satisfies(ConfigFixture.role(mspId, role));
            return "ok";
          }));
        }
      }
      for (String path : POLICIES) {
        out.add(i + " " + path + ": " + outcome(() -> String.valueOf(
            channel.policy(path).policy().evaluateIdentities(List.of(id)).satisfied())));
      }
    }
    return out;
  }

  private static String outcome(Supplier<String> question) {
    try {
      return question.get();
    } catch (MspException e) {
      return outcome(e);
    }
  }

  private static String outcome(MspException e) {
    return (e instanceof IdentityException ? "refused " : "failed ") + e.reason() + " " + e.rule()
        + " " + e.getMessage();
  }
}

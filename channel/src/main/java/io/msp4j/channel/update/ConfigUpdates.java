package io.msp4j.channel.update;

import com.google.protobuf.ByteString;
import io.msp4j.channel.update.internal.UpdateDiff;
import io.msp4j.channel.update.internal.UpdateEnvelopes;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/**
 * Making config updates as Fabric's tools make them: the update between two configs
 * (configtxlator {@code compute_update}), the unsigned {@code CONFIG_UPDATE} envelope operators
 * pass around, and signatures (peer {@code channel signconfigtx}).
 */
public final class ConfigUpdates {
  /** The length of the random nonce in a signature header, as Fabric's tools use. */
  public static final int NONCE_LENGTH = 24;

  private ConfigUpdates() {}

  /**
   * The update that takes {@code current} to {@code updated} for channel {@code channelId}, with
   * configtxlator's read and write set rules; values and policies are compared as messages (see
   * {@link #diff}).
   *
   * @throws ConfigUpdateException with reason {@link Reason#CONFIG_UNCHANGED} when the configs do
   *     not differ, or {@link Reason#UPDATE_MALFORMED} when either has no channel group
   */
  public static ConfigUpdate compute(Config current, Config updated, String channelId) {
    return diff(current, updated, channelId).update();
  }

  /**
   * The update that takes {@code current} to {@code updated} for channel {@code channelId}, with
   * configtxlator's read and write set rules, and what it leaves out. Beyond configtxlator, which
   * compares bytes: a value or policy whose bytes differ but that decodes to an equal message of
   * its type (a value's type is given by its key: {@code ACLs}, {@code Capabilities}, {@code MSP},
   * {@code ConsensusType}, ...; a value of another key is compared as bytes) is unchanged, not
   * written, and named in {@link ComputedUpdate#reencoded()}. Fabric's tools encode protobuf maps
   * in different orders, so a config re-encoded unchanged would otherwise carry such values into
   * the write set, and with them the need for their mod_policies' signatures.
   *
   * @throws ConfigUpdateException with reason {@link Reason#CONFIG_UNCHANGED} when the configs do
   *     not differ as messages (the message names the values only encoded differently), or {@link
   *     Reason#UPDATE_MALFORMED} when either has no channel group
   */
  public static ComputedUpdate diff(Config current, Config updated, String channelId) {
    Objects.requireNonNull(channelId, "channelId");
    if (!current.hasChannelGroup() || !updated.hasChannelGroup()) {
      throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, "CONFIGTX-UPDATE-05",
          "no channel group in the " + (current.hasChannelGroup() ? "updated" : "original")
              + " config");
    }
    UpdateDiff.Sets sets = UpdateDiff.channel(current.getChannelGroup(), updated.getChannelGroup());
    if (!sets.changed()) {
      throw new ConfigUpdateException(Reason.CONFIG_UNCHANGED, "CONFIGTX-UPDATE-07",
          "the two configs do not differ, so there is no update"
              + (sets.reencoded().isEmpty() ? ""
                  : "; " + reencodedNote(inPathOrder(sets.reencoded()))));
    }
    ConfigUpdate update = ConfigUpdate.newBuilder()
        .setChannelId(channelId)
        .setReadSet(sets.readSet())
        .setWriteSet(sets.writeSet())
        .build();
    return new ComputedUpdate(update, inPathOrder(sets.reencoded()));
  }

  /**
   * {@code values equal as messages but encoded differently: /Channel/Application/ACLs, policy
   * /Channel/Admins (left out of the update)}: values by their path, policies named as such.
   */
  static String reencodedNote(List<ConfigElementRef> reencoded) {
    return "values equal as messages but encoded differently: "
        + String.join(", ", reencoded.stream()
            .map(r -> r.kind() == ConfigElementRef.Kind.VALUE ? r.path() : r.toString()).toList())
        + " (left out of the update)";
  }

  private static List<ConfigElementRef> inPathOrder(List<ConfigElementRef> refs) {
    return refs.stream().sorted(Comparator.comparing(ConfigElementRef::path)
        .thenComparing(ConfigElementRef::kind)).toList();
  }

  /**
   * The unsigned {@code CONFIG_UPDATE} envelope for an update, with no signatures yet: what
   * operators build with configtxlator and pass to signers and to {@code peer channel update}.
   */
  public static Envelope envelope(ConfigUpdate update) {
    ConfigUpdateEnvelope cue =
        ConfigUpdateEnvelope.newBuilder().setConfigUpdate(update.toByteString()).build();
    return UpdateEnvelopes.unsigned(update.getChannelId(), cue);
  }

  /**
   * A signature over an update (CONFIGTX-UPDATE-03): a signature header with the signer's
   * serialized identity and a random 24-byte nonce, and the signer's signature over the header
   * bytes followed by the raw {@code config_update} bytes.
   */
  public static ConfigSignature signature(
      ByteString configUpdate, SigningIdentity signer, SecureRandom random) {
    byte[] nonce = new byte[NONCE_LENGTH];
    random.nextBytes(nonce);
    ByteString header = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(signer.serialize()))
        .setNonce(ByteString.copyFrom(nonce))
        .build()
        .toByteString();
    byte[] sig = signer.sign(header.concat(configUpdate).toByteArray());
    return ConfigSignature.newBuilder()
        .setSignatureHeader(header)
        .setSignature(ByteString.copyFrom(sig))
        .build();
  }

  /**
   * Signs an update as {@code peer channel signconfigtx} does: the signer's {@link
   * #signature ConfigSignature} is appended to the update's signatures, and the result is wrapped
   * in a new envelope whose payload the signer also signs (channel header of type {@code
   * CONFIG_UPDATE} for the update's channel, time in whole seconds). Earlier signatures are kept as
   * they are, so signatures by Fabric's tools and by msp4j can be mixed.
   *
   * @throws ConfigUpdateException when {@code request} came in an envelope whose channel ID is not
   *     the update's
   * @throws io.msp4j.core.IdentityException when the signer cannot sign
   */
  public static Envelope sign(
      ConfigUpdateRequest request, SigningIdentity signer, SecureRandom random, Clock clock) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(signer, "signer");
    String channelId = request.channelHeader()
        .map(ch -> ch.getChannelId())
        .orElse(request.update().getChannelId());
    if (channelId.isEmpty()) {
      throw new ConfigUpdateException(Reason.UPDATE_WRONG_CHANNEL, "CONFIGTX-UPDATE-02",
          "the envelope's channel header names no channel");
    }
    ConfigUpdateEnvelope signed = request.updateEnvelope().toBuilder()
        .addSignatures(signature(request.updateEnvelope().getConfigUpdate(), signer, random))
        .build();
    byte[] nonce = new byte[NONCE_LENGTH];
    random.nextBytes(nonce);
    Payload payload =
        UpdateEnvelopes.signedPayload(channelId, signed, signer.serialize(), nonce, clock.instant());
    ByteString payloadBytes = payload.toByteString();
    return Envelope.newBuilder()
        .setPayload(payloadBytes)
        .setSignature(ByteString.copyFrom(signer.sign(payloadBytes.toByteArray())))
        .build();
  }
}

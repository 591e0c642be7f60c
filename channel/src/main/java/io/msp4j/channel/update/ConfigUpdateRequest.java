package io.msp4j.channel.update;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/**
 * A config update as submitted: the {@code ConfigUpdateEnvelope} (taken out of a {@code
 * CONFIG_UPDATE} envelope, or given bare) with its {@code config_update} decoded. Decoding follows
 * CONFIGTX-UPDATE-01; the signatures become signed data only when asked for ({@link
 * #signatures()}), because Fabric decodes the signature headers after the read and write sets.
 * Immutable.
 */
public final class ConfigUpdateRequest {
  private static final String RULE = "CONFIGTX-UPDATE-01";

  private final Envelope envelope;
  private final ChannelHeader channelHeader;
  private final ConfigUpdateEnvelope updateEnvelope;
  private final ConfigUpdate update;

  private ConfigUpdateRequest(
      Envelope envelope, ChannelHeader channelHeader, ConfigUpdateEnvelope updateEnvelope,
      ConfigUpdate update) {
    this.envelope = envelope;
    this.channelHeader = channelHeader;
    this.updateEnvelope = updateEnvelope;
    this.update = update;
  }

  /**
   * Reads a {@code common.Envelope} of type {@code CONFIG_UPDATE} or a bare {@code
   * ConfigUpdateEnvelope}. The two share a wire shape, so the bytes are taken as an envelope when
   * they decode as one whose payload has a channel header, and otherwise as a bare update
   * envelope when its {@code config_update} decodes.
   *
   * @throws ConfigUpdateException with rule CONFIGTX-UPDATE-01 when neither reading works, or the
   *     envelope is not of type {@code CONFIG_UPDATE}
   */
  public static ConfigUpdateRequest parse(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes");
    Envelope env = null;
    InvalidProtocolBufferException envelopeError = null;
    try {
      env = Envelope.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      envelopeError = e;
    }
    if (env != null && looksLikeEnvelope(env)) {
      return fromEnvelope(env);
    }
    try {
      ConfigUpdateEnvelope bare = ConfigUpdateEnvelope.parseFrom(bytes);
      ConfigUpdate cu = ConfigUpdate.parseFrom(bare.getConfigUpdate());
      if (!bare.getConfigUpdate().isEmpty()) {
        return new ConfigUpdateRequest(null, null, bare, cu);
      }
    } catch (InvalidProtocolBufferException e) {
      // Neither form: report the envelope reading, the form tools write.
    }
    if (env != null) {
      return fromEnvelope(env);
    }
    throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, RULE,
        "the input is neither a common.Envelope nor a ConfigUpdateEnvelope ("
            + bytes.length + " bytes): " + envelopeError.getMessage(), envelopeError);
  }

  private static boolean looksLikeEnvelope(Envelope env) {
    try {
      Payload p = Payload.parseFrom(env.getPayload());
      return p.hasHeader() && !p.getHeader().getChannelHeader().isEmpty();
    } catch (InvalidProtocolBufferException e) {
      return false;
    }
  }

  /**
   * Reads a {@code CONFIG_UPDATE} envelope as Fabric does: the payload must decode and have a
   * header, the channel header must decode and be of type {@code CONFIG_UPDATE}, and the payload
   * data must decode as a {@code ConfigUpdateEnvelope} whose {@code config_update} decodes.
   *
   * @throws ConfigUpdateException with rule CONFIGTX-UPDATE-01 saying which step failed
   */
  public static ConfigUpdateRequest fromEnvelope(Envelope envelope) {
    Objects.requireNonNull(envelope, "envelope");
    Payload payload = decode(() -> Payload.parseFrom(envelope.getPayload()), "envelope payload");
    if (!payload.hasHeader()) {
      throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, RULE,
          "the envelope's payload has no header");
    }
    ChannelHeader ch = decode(
        () -> ChannelHeader.parseFrom(payload.getHeader().getChannelHeader()), "channel header");
    if (ch.getType() != HeaderType.CONFIG_UPDATE_VALUE) {
      HeaderType t = HeaderType.forNumber(ch.getType());
      throw new ConfigUpdateException(Reason.UPDATE_WRONG_TYPE, RULE,
          "the envelope is of type " + (t == null ? Integer.toString(ch.getType()) : t.name())
              + ", not CONFIG_UPDATE");
    }
    ConfigUpdateEnvelope cue =
        decode(() -> ConfigUpdateEnvelope.parseFrom(payload.getData()), "ConfigUpdateEnvelope");
    ConfigUpdate cu = decode(() -> ConfigUpdate.parseFrom(cue.getConfigUpdate()), "ConfigUpdate");
    return new ConfigUpdateRequest(envelope, ch, cue, cu);
  }

  /**
   * Takes a bare {@code ConfigUpdateEnvelope}.
   *
   * @throws ConfigUpdateException with rule CONFIGTX-UPDATE-01 when its update does not decode
   */
  public static ConfigUpdateRequest fromConfigUpdateEnvelope(ConfigUpdateEnvelope updateEnvelope) {
    Objects.requireNonNull(updateEnvelope, "updateEnvelope");
    ConfigUpdate cu =
        decode(() -> ConfigUpdate.parseFrom(updateEnvelope.getConfigUpdate()), "ConfigUpdate");
    return new ConfigUpdateRequest(null, null, updateEnvelope, cu);
  }

  private interface Decoder<T> {
    T decode() throws InvalidProtocolBufferException;
  }

  private static <T> T decode(Decoder<T> d, String what) {
    try {
      return d.decode();
    } catch (InvalidProtocolBufferException e) {
      throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, RULE,
          "the " + what + " does not decode: " + e.getMessage(), e);
    }
  }

  /** The envelope the update came in, when it came in one. */
  public Optional<Envelope> envelope() {
    return Optional.ofNullable(envelope);
  }

  /** The envelope's channel header, when the update came in an envelope. */
  public Optional<ChannelHeader> channelHeader() {
    return Optional.ofNullable(channelHeader);
  }

  /** The update envelope: the raw {@code config_update} bytes and the signatures. */
  public ConfigUpdateEnvelope updateEnvelope() {
    return updateEnvelope;
  }

  /** The decoded update: channel ID, read set, write set. */
  public ConfigUpdate update() {
    return update;
  }

  /**
   * The signatures as signed data, in envelope order (CONFIGTX-UPDATE-03).
   *
   * @throws ConfigUpdateException with reason {@link Reason#SIGNATURE_HEADER_MALFORMED} when a
   *     signature header does not decode, which rejects the whole update
   */
  public List<UpdateSignature> signatures() {
    ByteString raw = updateEnvelope.getConfigUpdate();
    List<UpdateSignature> out = new ArrayList<>(updateEnvelope.getSignaturesCount());
    for (int i = 0; i < updateEnvelope.getSignaturesCount(); i++) {
      ConfigSignature cs = updateEnvelope.getSignatures(i);
      SignatureHeader header;
      try {
        header = SignatureHeader.parseFrom(cs.getSignatureHeader());
      } catch (InvalidProtocolBufferException e) {
        throw new ConfigUpdateException(Reason.SIGNATURE_HEADER_MALFORMED, "CONFIGTX-UPDATE-03",
            "the signature header of signature " + i + " does not decode: " + e.getMessage(), e);
      }
      byte[] data = cs.getSignatureHeader().concat(raw).toByteArray();
      out.add(new UpdateSignature(
          i, data, header.getCreator().toByteArray(), cs.getSignature().toByteArray()));
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return "ConfigUpdateRequest[channel " + update.getChannelId() + ", "
        + updateEnvelope.getSignaturesCount() + " signature(s)"
        + (envelope == null ? ", bare" : "") + "]";
  }
}

package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import java.time.Instant;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;

/** The {@code CONFIG_UPDATE} envelopes Fabric's tools write. */
public final class UpdateEnvelopes {
  private UpdateEnvelopes() {}

  /**
   * The unsigned envelope operators build with configtxlator: a channel header with only the type
   * and the channel ID, no signature header, no signature.
   */
  public static Envelope unsigned(String channelId, ConfigUpdateEnvelope update) {
    ChannelHeader ch = ChannelHeader.newBuilder()
        .setType(HeaderType.CONFIG_UPDATE_VALUE)
        .setChannelId(channelId)
        .build();
    Payload p = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ch.toByteString()))
        .setData(update.toByteString())
        .build();
    return Envelope.newBuilder().setPayload(p.toByteString()).build();
  }

  /**
   * The payload of an envelope signed by its submitter, as {@code peer channel signconfigtx} and
   * {@code peer channel update} write it: channel header of type {@code CONFIG_UPDATE}, version 0,
   * epoch 0, the time in whole seconds; signature header with the creator and nonce.
   */
  public static Payload signedPayload(
      String channelId, ConfigUpdateEnvelope update, byte[] creator, byte[] nonce, Instant now) {
    ChannelHeader ch = ChannelHeader.newBuilder()
        .setType(HeaderType.CONFIG_UPDATE_VALUE)
        .setVersion(0)
        .setTimestamp(Timestamp.newBuilder().setSeconds(now.getEpochSecond()))
        .setChannelId(channelId)
        .setEpoch(0)
        .build();
    SignatureHeader sh = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(creator))
        .setNonce(ByteString.copyFrom(nonce))
        .build();
    return Payload.newBuilder()
        .setHeader(Header.newBuilder()
            .setChannelHeader(ch.toByteString())
            .setSignatureHeader(sh.toByteString()))
        .setData(update.toByteString())
        .build();
  }
}

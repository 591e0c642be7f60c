package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import io.msp4j.core.SigningIdentity;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.hyperledger.fabric.protos.orderer.SeekPosition;
import org.hyperledger.fabric.protos.orderer.SeekSpecified;

/**
 * Signed envelopes as Fabric's clients make them ({@code protoutil
 * .CreateSignedEnvelopeWithTLSBinding}): a channel header (type, version 0, timestamp, channel ID,
 * epoch 0, the TLS certificate hash under mutual TLS), a signature header (creator, 24-byte
 * nonce), the data, and the creator's signature over the payload bytes.
 */
public final class SignedEnvelopes {
  /** Fabric's nonce length. */
  private static final int NONCE_BYTES = 24;
  /** The largest block number, Go's math.MaxUint64, as an unsigned Java long. */
  public static final long NEWEST_POSSIBLE = -1L;

  private final SigningIdentity signer;
  private final SecureRandom random;

  public SignedEnvelopes(SigningIdentity signer, SecureRandom random) {
    this.signer = signer;
    this.random = random;
  }

  /**
   * A DELIVER_SEEK_INFO request for blocks {@code start} to {@code stop} (inclusive; {@link
   * #NEWEST_POSSIBLE} for no end), waiting for blocks not yet cut (BLOCK_UNTIL_READY), as
   * DELIVER-08 says.
   */
  public Envelope seek(String channelId, long start, long stop, Optional<byte[]> tlsCertHash,
      Instant now) {
    return seek(channelId, start, stop, SeekInfo.SeekContentType.BLOCK, tlsCertHash, now);
  }

  /**
   * The same request for headers with their signatures only ({@code HEADER_WITH_SIG}): an orderer
   * answers with each block's header and metadata, its data dropped unless it is a config block
   * (DELIVER-BFT-01).
   */
  public Envelope seekHeaders(String channelId, long start, Optional<byte[]> tlsCertHash,
      Instant now) {
    return seek(channelId, start, NEWEST_POSSIBLE, SeekInfo.SeekContentType.HEADER_WITH_SIG,
        tlsCertHash, now);
  }

  private Envelope seek(String channelId, long start, long stop, SeekInfo.SeekContentType content,
      Optional<byte[]> tlsCertHash, Instant now) {
    SeekInfo info = SeekInfo.newBuilder()
        .setStart(position(start))
        .setStop(position(stop))
        .setBehavior(SeekInfo.SeekBehavior.BLOCK_UNTIL_READY)
        .setContentType(content)
        .build();
    return envelope(HeaderType.DELIVER_SEEK_INFO, channelId, info, tlsCertHash, now);
  }

  private static SeekPosition position(long number) {
    return SeekPosition.newBuilder()
        .setSpecified(SeekSpecified.newBuilder().setNumber(number)).build();
  }

  /** An envelope of this type carrying {@code data}, signed by the signer. */
  public Envelope envelope(HeaderType type, String channelId, Message data,
      Optional<byte[]> tlsCertHash, Instant now) {
    ChannelHeader.Builder ch = ChannelHeader.newBuilder()
        .setType(type.getNumber())
        .setVersion(0)
        .setTimestamp(Timestamp.newBuilder().setSeconds(now.getEpochSecond()).setNanos(now.getNano()))
        .setChannelId(channelId)
        .setEpoch(0);
    tlsCertHash.ifPresent(h -> ch.setTlsCertHash(ByteString.copyFrom(h)));
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    SignatureHeader sh = SignatureHeader.newBuilder()
        .setCreator(ByteString.copyFrom(signer.serialize()))
        .setNonce(ByteString.copyFrom(nonce))
        .build();
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder()
            .setChannelHeader(ch.build().toByteString())
            .setSignatureHeader(sh.toByteString()))
        .setData(data.toByteString())
        .build();
    byte[] payloadBytes = payload.toByteArray();
    return Envelope.newBuilder()
        .setPayload(ByteString.copyFrom(payloadBytes))
        .setSignature(ByteString.copyFrom(signer.sign(payloadBytes)))
        .build();
  }
}

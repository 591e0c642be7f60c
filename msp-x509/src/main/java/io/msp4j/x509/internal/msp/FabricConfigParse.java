package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;

/**
 * Parses {@code FabricMSPConfig} bytes with its byte fields as views of the (immutable) input
 * rather than copies. A folder's CRL can be tens of megabytes: a copying parse duplicates it on
 * every reload and comparison, and a holder of both the bytes and the message keeps it twice.
 * Accepts and refuses exactly what {@code FabricMSPConfig.parseFrom(ByteString)} does.
 */
public final class FabricConfigParse {
  private FabricConfigParse() {}

  /**
   * The message in {@code config}, sharing its bytes.
   *
   * @throws InvalidProtocolBufferException when {@code parseFrom} would throw it
   */
  public static FabricMSPConfig aliasing(ByteString config) throws InvalidProtocolBufferException {
    CodedInputStream in = config.newCodedInput();
    in.enableAliasing(true);
    FabricMSPConfig parsed = FabricMSPConfig.parser().parseFrom(in);
    in.checkLastTagWas(0); // parseFrom(ByteString) checks this too: no stray end-group tag
    return parsed;
  }
}

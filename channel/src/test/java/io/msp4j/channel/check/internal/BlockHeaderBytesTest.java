package io.msp4j.channel.check.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.util.HexFormat;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bytes orderers sign for a block header and Fabric's transaction ID, against the values
 * Fabric v3.0.0's protoutil.BlockHeaderBytes and protoutil.ComputeTxID give for the same inputs.
 */
class BlockHeaderBytesTest {
  private static final HexFormat HEX = HexFormat.of();

  @ParameterizedTest
  @Tag("BLOCK-SIG-01")
  @CsvSource({
    "0, '', '', 300702010004000400",
    "1, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f, 0001020304, "
        + "302c0201010420000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f04050001020304",
    "127, '', ff, 300802017f04000401ff",
    "128, '', '', 30080202008004000400",
    "9223372036854775807, '', '', 300e02087fffffffffffffff04000400",
    "-9223372036854775808, '', '', 300f020900800000000000000004000400",
    "-1, 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f, '', "
        + "302f020900ffffffffffffffff0420000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0400"
  })
  void headerBytesAreFabricsAsn1OfNumberAndHashes(long number, String previous, String data, String expected) {
    BlockHeader h = BlockHeader.newBuilder().setNumber(number)
        .setPreviousHash(ByteString.copyFrom(HEX.parseHex(previous)))
        .setDataHash(ByteString.copyFrom(HEX.parseHex(data))).build();
    // Block numbers are unsigned: -1 is 2^64 - 1 and Long.MIN_VALUE is 2^63.
    assertThat(HEX.formatHex(BlockChecker.headerBytes(h).toByteArray())).isEqualTo(expected);
  }

  @Test
  @Tag("TX-TXID-01")
  void txIdIsHexOfSha256OfNonceAndCreator() {
    assertThat(EnvelopeChecker.txId(ByteString.copyFromUtf8("nonce"), ByteString.copyFromUtf8("creator")))
        .isEqualTo("709184f9d24f6ade8fcd4d6521a6eef295fef6c2e67216c58b68ac15e8946492");
  }
}

package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.IdentifierHeader;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Block headers delivered as attestations, checked as a Fabric v3 BFT header receiver does. */
@Tag("DELIVER-BFT-02")
class AttestationTest {
  private static final ChannelFixture F = new ChannelFixture();

  private final Messages messages = new Messages();

  private Block block(long number, SigningIdentity... signers) {
    ByteString tx = Messages.transaction(messages.parts(F.client, ChannelFixture.CHANNEL), F.client,
        F.peer1).toByteString();
    return Messages.block(number, List.of(tx), signers);
  }

  private static Block stripped(Block b) {
    return b.toBuilder().clearData().build();
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aHeaderWithoutItsDataPassesWhereTheBlockWouldNot() {
    Block header = stripped(block(21, F.orderer));

    BlockVerdict v = F.checks.attestation(header);
    assertThat(v.valid()).isTrue();
    assertThat(v.number()).isEqualTo(21);
    assertThat(v.signers()).extracting(Signer::mspId).containsExactly("OrdererMSP");
    assertThat(v.transactions()).isEmpty();
    // The same header as a block: its data hash is not the hash of no data.
    assertThat(F.checks.blockOnly(header).refusal().orElseThrow().check()).isEqualTo("BLOCK-DATA-01");
  }

  @Test
  void dataThatDoesNotMatchTheHeaderIsIgnored() {
    Block b = block(22, F.orderer);
    Block other = b.toBuilder().setData(BlockData.newBuilder().addData(ByteString.copyFromUtf8("x")))
        .build();
    assertThat(F.checks.attestation(other).valid()).isTrue();
    assertThat(F.checks.blockOnly(other).valid()).isFalse();
  }

  @Test
  @Tag("BLOCK-01")
  void aHeaderWithFourMetadataEntriesIsRefused() {
    Block b = stripped(block(23, F.orderer));
    Block four = b.toBuilder().setMetadata(b.getMetadata().toBuilder().clearMetadata()
        .addAllMetadata(b.getMetadata().getMetadataList().subList(0, 4))).build();

    Refusal r = F.checks.attestation(four).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("BLOCK-01");
    assertThat(r.reason()).isEqualTo(Reason.BLOCK_MALFORMED);
    assertThat(r.message()).isEqualTo("the header's attestation (DELIVER-BFT-02): the block has 4"
        + " metadata entries, expected 5");
  }

  @Test
  @Tag("BLOCK-01")
  void aBlockWithoutHeaderIsRefused() {
    Block b = stripped(block(24, F.orderer)).toBuilder().clearHeader().build();
    assertThat(F.checks.attestation(b).refusal().orElseThrow().message())
        .isEqualTo("the header's attestation (DELIVER-BFT-02): the block has no header");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aHeaderChangedAfterSigningOrSignedByAPeerIsRefused() {
    Block b = stripped(block(25, F.orderer));
    Block moved = b.toBuilder().setHeader(b.getHeader().toBuilder().setNumber(26)).build();
    Refusal r = F.checks.attestation(moved).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("BLOCK-SIG-01");
    assertThat(r.reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);
    assertThat(r.message()).startsWith("the header's attestation (DELIVER-BFT-02): the orderer"
        + " signatures (1) do not satisfy /Channel/Orderer/BlockValidation");

    assertThat(F.checks.attestation(stripped(block(25, F.peer1))).refusal().orElseThrow().check())
        .isEqualTo("BLOCK-SIG-01");
    assertThat(F.checks.attestation(stripped(block(25))).valid()).isFalse();
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void aConsenterNamedByItsIdentifierAttests() {
    Block b = stripped(block(27));
    ByteString value = ByteString.EMPTY;
    ByteString id = IdentifierHeader.newBuilder().setIdentifier(2)
        .setNonce(ByteString.copyFromUtf8("n")).build().toByteString();
    ByteString sig = ByteString.copyFrom(F.orderer.sign(
        value.concat(id).concat(Messages.headerDer(b.getHeader())).toByteArray()));
    Metadata md = Metadata.newBuilder().setValue(value)
        .addSignatures(MetadataSignature.newBuilder().setIdentifierHeader(id).setSignature(sig)).build();
    Block bft = b.toBuilder().setMetadata(b.getMetadata().toBuilder().setMetadata(0, md.toByteString()))
        .build();
    SerializedIdentity orderer = identity(F.orderer.serialize());
    Consenter two = Consenter.newBuilder().setId(2).setMspId(orderer.getMspid())
        .setIdentity(orderer.getIdBytes()).build();

    assertThat(F.checks.withConsenters(List.of(two)).attestation(bft).valid()).isTrue();
    // Under another ID the signature names no consenter and is skipped.
    assertThat(F.checks.withConsenters(List.of(two.toBuilder().setId(3).build())).attestation(bft)
        .refusal().orElseThrow().check()).isEqualTo("BLOCK-SIG-01");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  void signaturesMetadataThatDoesNotDecodeIsRefused() {
    Block b = stripped(block(28, F.orderer));
    Block bad = b.toBuilder().setMetadata(b.getMetadata().toBuilder()
        .setMetadata(0, ByteString.copyFrom(new byte[] {0x0a, 0x05, 1}))).build();
    Refusal r = F.checks.attestation(bad).refusal().orElseThrow();
    assertThat(r.check()).isEqualTo("BLOCK-SIG-01");
    assertThat(r.reason()).isEqualTo(Reason.BLOCK_MALFORMED);
    assertThat(r.message()).startsWith("the header's attestation (DELIVER-BFT-02): the SIGNATURES"
        + " metadata does not decode");
  }

  private static SerializedIdentity identity(byte[] b) {
    try {
      return SerializedIdentity.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}

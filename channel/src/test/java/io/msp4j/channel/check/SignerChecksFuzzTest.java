package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.testdata.fuzz.ShortRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.peer.SignedProposal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What peers and orderers receive from strangers: signed proposals, transaction envelopes and
 * blocks. Every check ends in a verdict, never an exception; a refusal names the check, a reason
 * and a rule; asking twice gives the same verdict. Byte 0 picks the message (proposal,
 * transaction, block), the rest is its protobuf encoding.
 */
class SignerChecksFuzzTest {
  private static final ChannelFixture F = new ChannelFixture();

  @FuzzTest(maxDuration = "12h")
  void everyMessageGetsAVerdictNamingItsRule(byte[] data) {
    if (data.length == 0) {
      return;
    }
    byte[] rest = Arrays.copyOfRange(data, 1, data.length);
    try {
      switch ((data[0] & 0xff) % 3) {
        case 0 -> {
          SignedProposal p = SignedProposal.parseFrom(rest);
          ProposalVerdict v = F.checks.proposal(p);
          check(v.refusal(), v.valid());
          ProposalVerdict again = F.checks.proposal(p);
          assertThat(again.valid()).isEqualTo(v.valid());
          assertThat(again.refusal()).isEqualTo(v.refusal());
        }
        case 1 -> {
          Envelope e = Envelope.parseFrom(rest);
          TransactionVerdict v = F.checks.transaction(e);
          check(v.refusal(), v.valid());
          assertThat(F.checks.transaction(e).refusal()).isEqualTo(v.refusal());
        }
        default -> {
          Block b = Block.parseFrom(rest);
          BlockVerdict v = F.checks.block(b);
          check(v.refusal(), v.valid());
          assertThat(F.checks.block(b).refusal()).isEqualTo(v.refusal());
        }
      }
    } catch (InvalidProtocolBufferException notTheMessage) {
      // Fabric's gRPC layer refuses these bytes before any check runs.
    }
  }

  private static void check(Optional<Refusal> refusal, boolean valid) {
    assertThat(refusal.isEmpty()).isEqualTo(valid);
    refusal.ifPresent(r -> {
      assertThat(r.check()).isNotBlank();
      assertThat(r.reason()).isNotNull();
      assertThat(r.rule()).isNotBlank();
      assertThat(r.message()).isNotBlank();
    });
  }

  @Test
  @Tag("PROPOSAL-01")
  @Tag("TX-HEADER-01")
  @Tag("BLOCK-01")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "everyMessageGetsAVerdictNamingItsRule", 300,
        this::everyMessageGetsAVerdictNamingItsRule)).isGreaterThan(300);
  }

  /** Writes the seeds: a proposal, an endorsed transaction and a signed block of the fixture. */
  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources")
        .resolve("io/msp4j/channel/check/SignerChecksFuzzTestInputs/everyMessageGetsAVerdictNamingItsRule");
    Files.createDirectories(dir);
    Messages m = new Messages();
    SignedProposal proposal = Messages.proposal(m.parts(F.peer1, ChannelFixture.CHANNEL), F.peer1);
    Envelope tx = Messages.transaction(m.parts(F.client, ChannelFixture.CHANNEL), F.client, F.peer1, F.peer2);
    Block block = Messages.block(7, List.of(tx.toByteString()), F.orderer);
    Files.write(dir.resolve("proposal"), concat((byte) 0, proposal.toByteArray()));
    Files.write(dir.resolve("transaction"), concat((byte) 1, tx.toByteArray()));
    Files.write(dir.resolve("block"), concat((byte) 2, block.toByteArray()));
  }

  private static byte[] concat(byte kind, byte[] b) {
    byte[] out = new byte[b.length + 1];
    out[0] = kind;
    System.arraycopy(b, 0, out, 1, b.length);
    return out;
  }
}

package io.msp4j.channel.check.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.util.Random;
import org.hyperledger.fabric.protos.common.Envelope;
import org.junit.jupiter.api.Tag;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Test;

/**
 * The shortcut for well-formed envelopes against the check it stands in for (decode, both fields
 * present, re-encode, compare): it may say "not known" for a well-formed envelope, never "well
 * formed" for one the check refuses.
 */
class CanonicalEnvelopeTest {
  private static boolean byReference(ByteString raw) {
    try {
      BlockChecker.wellFormedByReencoding(0, raw);
      return true;
    } catch (Refused r) {
      return false;
    }
  }

  private static ByteString envelope(Random r, int payload, int signature) {
    byte[] p = new byte[payload];
    byte[] s = new byte[signature];
    r.nextBytes(p);
    r.nextBytes(s);
    return Envelope.newBuilder().setPayload(ByteString.copyFrom(p))
        .setSignature(ByteString.copyFrom(s)).build().toByteString();
  }

  @Test
  @Tag("BLOCK-DATA-01")
  void everyEnvelopeProtobufWritesIsRecognised() {
    Random r = new Random(1);
    for (int p : new int[] {1, 2, 127, 128, 129, 16_383, 16_384, 70_000}) {
      for (int s : new int[] {1, 70, 71, 72, 127, 128, 300}) {
        ByteString raw = envelope(r, p, s);
        assertThat(CanonicalEnvelope.is(raw)).as("payload %d, signature %d", p, s).isTrue();
        assertThat(byReference(raw)).isTrue();
      }
    }
  }

  @Test
  @Tag("BLOCK-DATA-01")
  void whatTheShortcutAcceptsTheReferenceAcceptsOnMutatedInputs() {
    Random r = new Random(7);
    int accepted = 0;
    int declined = 0;
    for (int i = 0; i < 200_000; i++) {
      byte[] b = envelope(r, 1 + r.nextInt(200), 1 + r.nextInt(80)).toByteArray();
      switch (r.nextInt(5)) {
        case 0 -> b[r.nextInt(b.length)] = (byte) r.nextInt(256);
        case 1 -> b = java.util.Arrays.copyOf(b, b.length + 1 + r.nextInt(4));
        case 2 -> b = java.util.Arrays.copyOf(b, Math.max(0, b.length - 1 - r.nextInt(4)));
        case 3 -> {
          b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
          b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
        }
        default -> { }
      }
      ByteString raw = ByteString.copyFrom(b);
      boolean fast = CanonicalEnvelope.is(raw);
      if (fast) {
        accepted++;
        assertThat(byReference(raw)).as("input %s", raw).isTrue();
      } else {
        declined++;
      }
    }
    assertThat(accepted).isGreaterThan(10_000);
    assertThat(declined).isGreaterThan(10_000);
  }

  @Test
  @Tag("BLOCK-DATA-01")
  void formsTheReferenceRefusesOrThatNeedItAreDeclined() {
    // Padded length (0x81 0x00 for 1), a repeated payload, reversed fields, an unknown field,
    // an empty signature, trailing bytes.
    String[] declined = {"0a810041120142", "0a01410a014212014300", "120142" + "0a0141",
        "0a0141120142" + "1801", "0a01411200", "0a014112014200", ""};
    for (String hex : declined) {
      ByteString raw = ByteString.copyFrom(java.util.HexFormat.of().parseHex(hex));
      assertThat(CanonicalEnvelope.is(raw)).as(hex).isFalse();
    }
    assertThat(CanonicalEnvelope.is(ByteString.copyFrom(java.util.HexFormat.of()
        .parseHex("0a0141120142")))).isTrue();
  }

  /** Fuzzed: any bytes the shortcut calls well formed, the re-encoding check does too. */
  @FuzzTest(maxDuration = "12h")
  @Tag("BLOCK-DATA-01")
  void shortcutNeverAcceptsWhatTheReferenceRefuses(byte[] data) {
    ByteString raw = ByteString.copyFrom(data);
    if (CanonicalEnvelope.is(raw)) {
      assertThat(byReference(raw)).isTrue();
    }
  }
}

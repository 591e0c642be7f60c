package io.msp4j.channel.check.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The data hash fed without copies equals the hash of the bytes, whatever the string's form. */
class DigestOutputTest {
  @Test
  @Tag("BLOCK-DATA-01")
  void theDigestIsThatOfTheBytesForEveryKindOfByteString() throws Exception {
    Random r = new Random(3);
    for (int n : new int[] {0, 1, 31, 4096, 70_001}) {
      byte[] a = new byte[n];
      byte[] b = new byte[n / 2 + 1];
      r.nextBytes(a);
      r.nextBytes(b);
      ByteString literal = ByteString.copyFrom(a);
      ByteString rope = literal.concat(ByteString.copyFrom(b));
      ByteString bounded = rope.substring(n / 3, rope.size());
      ByteString buffer = ByteString.copyFrom(ByteBuffer.wrap(b));
      for (ByteString s : new ByteString[] {literal, rope, bounded, buffer}) {
        MessageDigest fed = MessageDigest.getInstance("SHA-256");
        new DigestOutput(fed).update(s);
        assertThat(fed.digest()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(s.toByteArray()));
      }
      assertThat(EnvelopeChecker.sha256(literal, rope, bounded))
          .isEqualTo(MessageDigest.getInstance("SHA-256").digest(
              literal.concat(rope).concat(bounded).toByteArray()));
    }
  }
}

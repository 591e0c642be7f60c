package io.msp4j.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** SHA-256 over byte strings of every shape protobuf makes equals SHA-256 over their bytes. */
class Sha256Test {
  private static byte[] reference(ByteString... parts) throws Exception {
    MessageDigest d = MessageDigest.getInstance("SHA-256");
    for (ByteString p : parts) {
      d.update(p.toByteArray());
    }
    return d.digest();
  }

  @Test
  void everyShapeOfByteStringHashesAsItsBytes() throws Exception {
    Random random = new Random(256);
    byte[] a = new byte[100_003];
    byte[] b = new byte[4_097];
    random.nextBytes(a);
    random.nextBytes(b);
    ByteString literal = ByteString.copyFrom(a);
    ByteString bounded = literal.substring(17, 90_001);
    ByteString rope = ByteString.copyFrom(b).concat(bounded).concat(ByteString.copyFrom(b));
    ByteString buffer = ByteString.copyFrom(java.nio.ByteBuffer.wrap(b));
    ByteString[][] cases = {
        {}, {ByteString.EMPTY}, {literal}, {bounded}, {rope}, {buffer},
        {literal, ByteString.EMPTY, bounded, rope}, {ByteString.copyFrom(new byte[] {7})}};
    for (ByteString[] parts : cases) {
      assertThat(Sha256.of(parts)).isEqualTo(reference(parts));
    }
  }
}

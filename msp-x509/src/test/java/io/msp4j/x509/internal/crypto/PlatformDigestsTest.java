package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The platform's digests, which both providers use, against Bouncy Castle's own code. */
class PlatformDigestsTest {
  private final PlatformDigests digests = new PlatformDigests();

  private static byte[] reference(SignatureDigest d, byte[] data) {
    Digest bc = switch (d) {
      case SHA2_256 -> new SHA256Digest();
      case SHA2_384 -> new SHA384Digest();
      case SHA2_512 -> new SHA512Digest();
      case SHA3_256 -> new SHA3Digest(256);
    };
    bc.update(data, 0, data.length);
    byte[] out = new byte[bc.getDigestSize()];
    bc.doFinal(out, 0);
    return out;
  }

  @Test
  @Tag("VERIFY-01")
  void everyDigestMatchesBouncyCastleOnManyLengths() {
    Random random = new Random(11);
    for (SignatureDigest d : SignatureDigest.values()) {
      for (int length : new int[] {0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 1024, 4099}) {
        byte[] data = new byte[length];
        random.nextBytes(data);
        assertThat(digests.hash(d, data)).as("%s of %d bytes", d, length)
            .isEqualTo(reference(d, data));
      }
    }
  }

  @Test
  @Tag("VERIFY-01")
  void knownAnswerForSha256AndSha3OfAbc() {
    byte[] abc = {'a', 'b', 'c'};
    assertThat(digests.hash(SignatureDigest.SHA2_256, abc)).asHexString()
        .isEqualToIgnoringCase("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
    assertThat(digests.hash(SignatureDigest.SHA3_256, abc)).asHexString()
        .isEqualToIgnoringCase("3A985DA74FE225B2045C172D6BD390BD855F086E3E9D525B46BFE24511431532");
  }

  @Test
  void concurrentUsesDoNotShareState() throws Exception {
    byte[] a = new byte[4096];
    byte[] b = new byte[4096];
    Arrays.fill(b, (byte) 1);
    byte[] expectA = reference(SignatureDigest.SHA2_256, a);
    byte[] expectB = reference(SignatureDigest.SHA2_256, b);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<?> other = pool.submit(() -> {
        for (int i = 0; i < 2000; i++) {
          assertThat(digests.hash(SignatureDigest.SHA2_256, b)).isEqualTo(expectB);
        }
      });
      for (int i = 0; i < 2000; i++) {
        assertThat(digests.hash(SignatureDigest.SHA2_256, a)).isEqualTo(expectA);
      }
      other.get(); // rethrows the other thread's failure
    } finally {
      pool.shutdownNow();
    }
  }
}

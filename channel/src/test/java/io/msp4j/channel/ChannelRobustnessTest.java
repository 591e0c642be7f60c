package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged blocks: every mutation of a good block either loads or is refused with a {@link
 * ChannelConfigException} naming a place; never another exception.
 */
class ChannelRobustnessTest {
  @TempDir static Path tmp;
  static byte[] block;

  @BeforeAll
  static void generate() {
    block = ConfigFixture.block("mychannel", new TestOrgs(tmp).standard().build());
  }

  @Test
  @Tag("PROTO-07")
  void mutatedBlocksLoadOrFailWithAChannelError() {
    Random random = new Random(7);
    int refused = 0;
    for (int i = 0; i < 200; i++) {
      byte[] b = mutate(block, random);
      try {
        Channel c = Channel.load(b, ChannelOptions.defaults().withParallelism(1));
        assertThat(c.mspManager().msps()).isNotEmpty();
      } catch (ChannelConfigException e) {
        refused++;
        assertThat(e.path()).isNotBlank();
        assertThat(e.rule()).isNotBlank();
      } catch (MspException e) {
        throw new AssertionError("a channel fault must be a ChannelConfigException: " + e, e);
      }
    }
    assertThat(refused).isPositive();
  }

  private static byte[] mutate(byte[] original, Random random) {
    byte[] b = original.clone();
    switch (random.nextInt(4)) {
      case 0 -> {
        for (int k = 1 + random.nextInt(4); k > 0; k--) {
          int at = random.nextInt(b.length);
          b[at] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
      }
      case 1 -> {
        return Arrays.copyOf(b, random.nextInt(b.length));
      }
      case 2 -> {
        int at = random.nextInt(b.length);
        b[at] = (byte) random.nextInt(256);
        return b;
      }
      default -> {
        int at = random.nextInt(b.length);
        byte[] out = new byte[b.length + 1];
        System.arraycopy(b, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(b, at, out, at + 1, b.length - at);
        return out;
      }
    }
  }
}

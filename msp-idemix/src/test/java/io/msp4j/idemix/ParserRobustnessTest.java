package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random bytes and mutations of Fabric-made inputs fed to every idemix parser: each either
 * succeeds or fails with an {@link IdemixException} that names a rule, quickly; nothing else
 * escapes (no parser crash, no arithmetic exception, no hang).
 */
class ParserRobustnessTest {
  private static final IdemixIssuerKey ISSUER_A = IdemixIssuerKey.parse(Vectors.issuerA());
  private static final byte[] MEMBER = FabricVectorsTest.idBytes(Vectors.row("idemix-identities.tsv", "good-member")[4]);
  private static final String[] SIGNED = Vectors.row("idemix-signatures.tsv", "good-member");

  @Test
  @Tag("IDEMIX-IPK-01")
  void issuerKeyParserRefusesRandomAndMutatedBytesCleanly() {
    fuzz(Vectors.issuerA(), 150, IdemixIssuerKey::parse);
  }

  @Test
  @Tag("IDEMIX-POINT-01")
  @Tag("IDEMIX-VALIDATE-01")
  void identityDeserializerAndProofCheckRefuseRandomAndMutatedBytesCleanly() {
    fuzz(MEMBER, 120, b -> IdemixIdentityProof.verify(ISSUER_A, IdemixIdentity.deserialize(b)));
  }

  @Test
  @Tag("IDEMIX-VERIFY-01")
  void signatureVerifierRefusesRandomAndMutatedBytesCleanly() {
    IdemixIdentity id = IdemixIdentity.deserialize(FabricVectorsTest.idBytes(SIGNED[3]));
    byte[] msg = Vectors.hex(SIGNED[4]);
    fuzz(Vectors.hex(SIGNED[5]), 300, b -> NymSignatures.verify(ISSUER_A, id, msg, b));
  }

  private static void fuzz(byte[] seed, int rounds, Consumer<byte[]> parser) {
    Random random = new Random(seed.length);
    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      for (int i = 0; i < rounds; i++) {
        byte[] input = i % 3 == 0 ? randomBytes(random) : mutate(seed, random);
        try {
          parser.accept(input);
        } catch (IdemixException e) {
          assertThat(e.rule()).as("rule of %s", e.getMessage()).matches("(IDEMIX|MSP4J-IDEMIX)-[A-Z0-9-]+");
          assertThat(e.getMessage()).isNotBlank();
        }
      }
    });
  }

  private static byte[] randomBytes(Random random) {
    byte[] b = new byte[random.nextInt(300)];
    random.nextBytes(b);
    return b;
  }

  private static byte[] mutate(byte[] seed, Random random) {
    byte[] b = seed.clone();
    switch (random.nextInt(4)) {
      case 0 -> b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
      case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
      case 2 -> {
        for (int k = 0; k < 8; k++) {
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
      }
      default -> {
        byte[] longer = java.util.Arrays.copyOf(b, b.length + 1 + random.nextInt(40));
        for (int k = b.length; k < longer.length; k++) {
          longer[k] = (byte) random.nextInt(256);
        }
        b = longer;
      }
    }
    return b;
  }
}

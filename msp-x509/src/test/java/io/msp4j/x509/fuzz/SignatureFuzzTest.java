package io.msp4j.x509.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.fuzz.ShortRun;
import io.msp4j.x509.internal.cert.NistCurves;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.chain.SignatureDecodingException;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Signatures from strangers: ECDSA (P-256, P-384) and Ed25519 signatures are decoded and verified
 * with the same verdict by both crypto backends and through the caching MSP; failures are only
 * {@code SIGNATURE_MALFORMED} or {@code SIGNATURE_INVALID} with a VERIFY rule; an ECDSA signature
 * that verifies is low S and decodes; the DER decoder fails only with its own exception and its
 * minimal re-encoding decodes to the same integers.
 *
 * <p>Input layout of {@link #verificationAgreesAcrossBackends}: byte 0 picks the signer, byte 1
 * the message length, then the message, then the signature.
 */
class SignatureFuzzTest {
  private static final FuzzWorld W = FuzzWorld.get();

  @FuzzTest(maxDuration = "12h")
  void verificationAgreesAcrossBackends(byte[] data) {
    if (data.length < 2) {
      return;
    }
    int who = (data[0] & 0xff) % FuzzWorld.SIGNERS;
    int msgLen = Math.min(data[1] & 0xff, data.length - 2);
    byte[] message = Arrays.copyOfRange(data, 2, 2 + msgLen);
    byte[] signature = Arrays.copyOfRange(data, 2 + msgLen, data.length);
    byte[] si = W.serialized(who);
    Identity plain = W.org1.deserialize(si);
    Identity bc = W.org1Bc.deserialize(si);
    Identity cached = W.org1Cached.deserialize(si);

    Outcome expected = Outcome.of(() -> plain.verify(message, signature), IdentityException.class);
    assertThat(Outcome.of(() -> bc.verify(message, signature), IdentityException.class)).isEqualTo(expected);
    assertThat(Outcome.of(() -> cached.verify(message, signature), IdentityException.class)).isEqualTo(expected);
    assertThat(Outcome.of(() -> W.signers.get(who).verify(message, signature), IdentityException.class))
        .isEqualTo(expected);
    if (!expected.ok()) {
      assertThat(expected.reason()).isIn(Reason.SIGNATURE_MALFORMED, Reason.SIGNATURE_INVALID);
      assertThat(expected.rule()).startsWith("VERIFY-");
      return;
    }
    if (!W.leaves.get(who).publicKey().getAlgorithm().startsWith("Ed")) {
      EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(signature);
      String curve = who == 1 ? "P-384" : "P-256";
      assertThat(EcdsaSignatureDer.isLowS(rs.s(), curve)).isTrue();
    }
  }

  @FuzzTest(maxDuration = "12h")
  void ecdsaSignatureDecodingRoundTrips(byte[] signature) {
    // The sanitiser's shortcut calls normalised only what normalisation returns unchanged.
    for (String curve : NistCurves.NAMES) {
      if (EcdsaSignatureDer.isNormalised(signature, curve)) {
        assertThat(EcdsaSignatureDer.normalize(signature, curve)).as(curve).isEqualTo(signature);
      }
    }
    EcdsaSignatureDer.RS rs;
    try {
      rs = EcdsaSignatureDer.decode(signature);
    } catch (SignatureDecodingException expected) {
      assertThat(expected.getMessage()).isNotBlank();
      return;
    }
    assertThat(rs.r().signum()).isPositive();
    assertThat(rs.s().signum()).isPositive();
    byte[] minimal = EcdsaSignatureDer.toMinimalDer(rs.r(), rs.s());
    assertThat(EcdsaSignatureDer.decode(minimal)).isEqualTo(rs);
    // The minimal encoding is a prefix-free DER value no longer than what it was read from,
    // unless the input had integers Go reads but encodes differently (it does not: DER is strict).
    assertThat(minimal.length).isLessThanOrEqualTo(signature.length);
    for (String curve : new String[] {"P-256", "P-384"}) {
      if (rs.s().compareTo(EcdsaSignatureDer.curveOrder(curve)) >= 0) {
        continue; // n - s would not be positive: sanitisation fails on such a certificate
      }
      byte[] low = EcdsaSignatureDer.normalize(signature, curve);
      EcdsaSignatureDer.RS n = EcdsaSignatureDer.decode(low);
      assertThat(n.r()).isEqualTo(rs.r());
      assertThat(EcdsaSignatureDer.isLowS(n.s(), curve)).isTrue();
    }
  }

  @Test
  @Tag("VERIFY-03")
  @Tag("VERIFY-04")
  @Tag("SIG-DER-01")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "verificationAgreesAcrossBackends", 400, this::verificationAgreesAcrossBackends)).isGreaterThan(400);
    assertThat(ShortRun.run(getClass(), "ecdsaSignatureDecodingRoundTrips", 2000, this::ecdsaSignatureDecodingRoundTrips)).isGreaterThan(2000);
  }
}

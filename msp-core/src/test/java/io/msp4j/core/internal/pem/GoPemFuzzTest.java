package io.msp4j.core.internal.pem;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Optional;
import org.junit.jupiter.api.Tag;

/**
 * PEM decoding with the fast path for usual bodies gives exactly what the reference readers give:
 * the same block or none, the same type, headers, bytes and rest; {@code containsBlock} agrees. Seeds in {@code
 * src/test/resources/io/msp4j/core/internal/pem/GoPemFuzzTestInputs/}; fuzz with {@code
 * tools/fuzz.sh 600 GoPemFuzzTest}.
 */
class GoPemFuzzTest {

  @FuzzTest(maxDuration = "12h")
  @Tag("SETUP-PARSE-01")
  void fastPathEqualsTheReference(byte[] data) {
    Optional<PemBlock> fast = GoPem.decode(data, true);
    Optional<PemBlock> reference = GoPem.decode(data, false);
    assertThat(fast.isPresent()).isEqualTo(reference.isPresent());
    // containsBlock answers from the reference readers without decoding.
    assertThat(GoPem.containsBlock(data)).isEqualTo(fast.isPresent());
    if (fast.isPresent()) {
      PemBlock a = fast.get();
      PemBlock b = reference.get();
      assertThat(a.type()).isEqualTo(b.type());
      assertThat(a.headers()).isEqualTo(b.headers());
      assertThat(a.bytes()).isEqualTo(b.bytes());
      assertThat(a.rest()).isEqualTo(b.rest());
    }
  }
}

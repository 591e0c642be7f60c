package io.msp4j.x509.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.SameCertificate;
import io.msp4j.core.internal.pem.GoPem;
import com.google.protobuf.ByteString;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Bad input never crashes: every parser either accepts the bytes or fails with its own
 * exception type. In a normal test run these replay the seed inputs under
 * {@code src/test/resources/io/msp4j/x509/fuzz/ParserFuzzTestInputs/}; with
 * {@code JAZZER_FUZZ=1} they fuzz.
 */
class ParserFuzzTest {
  private static final X509Msp MSP = SampleMsp.create();

  @FuzzTest(maxDuration = "12h")
  void pemDecodingNeverThrows(byte[] data) {
    GoPem.decode(data).ifPresent(b -> assertThat(b.rest().length).isLessThanOrEqualTo(data.length));
  }

  @FuzzTest(maxDuration = "12h")
  void certificateParsingFailsOnlyWithItsOwnException(byte[] der) {
    try {
      ParsedCertificate c = ParsedCertificate.parse(der);
      assertThat(c.der()).isEqualTo(der);
    } catch (CertificateParseException expected) {
      assertThat(expected.getMessage()).isNotBlank();
    }
  }

  /**
   * The certificate parse (one pass over usual certificates) and the reference parse agree on
   * every input: same verdict, same refusal message, same bytes and fields (SETUP-PARSE-01).
   */
  @FuzzTest(maxDuration = "12h")
  void certificateParsingEqualsTheReferenceParse(byte[] der) {
    String reference;
    try {
      reference = "ok " + ParsedCertificate.parseReference(der).describe();
    } catch (CertificateParseException e) {
      reference = "error " + e.getMessage();
    }
    String ours;
    try {
      ParsedCertificate c = ParsedCertificate.parse(der);
      ours = "ok " + c.describe();
      SameCertificate.assertSame(c, ParsedCertificate.parseReference(der));
    } catch (CertificateParseException e) {
      ours = "error " + e.getMessage();
    }
    assertThat(ours).isEqualTo(reference);
  }

  @FuzzTest(maxDuration = "12h")
  void deserialiseAndValidateFailOnlyWithIdentityException(byte[] serializedIdentity) {
    try {
      Identity id = MSP.deserialize(serializedIdentity);
      MSP.validate(id);
    } catch (IdentityException expected) {
      assertThat(expected.rule()).isNotBlank();
    }
  }

  @FuzzTest(maxDuration = "12h")
  void setupFailsOnlyWithSetupException(byte[] fabricMspConfig) {
    try {
      X509Msps.setup(
          MSPConfig.newBuilder().setConfig(ByteString.copyFrom(fabricMspConfig)).build(),
          MspVersion.V1_4_3);
    } catch (MspSetupException expected) {
      assertThat(expected.rule()).isNotBlank();
    }
  }
}

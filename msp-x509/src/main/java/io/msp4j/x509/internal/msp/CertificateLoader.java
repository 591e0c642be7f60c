package io.msp4j.x509.internal.msp;

import io.msp4j.core.InputLimits;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.util.Optional;

/**
 * "Parse a certificate from bytes" as Fabric does everywhere (SETUP-PARSE-01): the first PEM
 * block, whatever its label and whatever surrounds it, must hold a DER certificate, as the Go
 * release of the MSP's Fabric release parses it. A refusal only some releases make cites its
 * release rule (REL-X509-*) instead of SETUP-PARSE-01.
 */
final class CertificateLoader {
  private CertificateLoader() {}

  static ParsedCertificate firstPemCertificate(byte[] bytes, GoX509Rules rules) throws Failure {
    if (bytes == null || bytes.length == 0) {
      throw new Failure(Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "no certificate bytes");
    }
    Optional<PemBlock> block = GoPem.decode(bytes);
    if (block.isEmpty()) {
      throw new Failure(
          Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "no PEM block found");
    }
    int size = block.get().bytes().length;
    if (size > InputLimits.MAX_CERTIFICATE_BYTES) {
      throw new Failure(Reason.LIMIT_EXCEEDED, "LIMIT-02",
          InputLimits.describe("the certificate's size", size, InputLimits.MAX_CERTIFICATE_BYTES)
              + " bytes; certificates made by Fabric's tools are one or two kilobytes");
    }
    try {
      return ParsedCertificate.parse(block.get().bytes(), rules);
    } catch (CertificateParseException e) {
      throw new Failure(
          Reason.CERTIFICATE_UNPARSABLE,
          e.rule().orElse("SETUP-PARSE-01"),
          "PEM block '" + block.get().type() + "' is not an X.509 certificate: " + e.getMessage()
              + e.rule().map(r -> " (as Go " + rules.go() + " parses it)").orElse(""));
    }
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.chain.SignatureDecodingException;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.util.Arrays;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The canonical-encoding check of serialized identities (WELLFORMED-01), deliberately stricter
 * than deserialisation (WELLFORMED-02): one PEM block and nothing after it, label {@code
 * CERTIFICATE} or none, a certificate that parses, and a minimally encoded ECDSA signature (high
 * S allowed). Needs nothing from the MSP's configuration.
 */
final class WellFormedness {
  private static final String RULE = "WELLFORMED-01";

  private WellFormedness() {}

  /** Checks {@code identity}, its certificate parsed as the Go release of {@code rules} does. */
  static void check(SerializedIdentity identity, GoX509Rules rules) {
    byte[] idBytes = identity.getIdBytes().toByteArray();
    Optional<PemBlock> decoded = GoPem.decode(idBytes);
    if (decoded.isEmpty()) {
      throw fail("id_bytes holds no PEM block", null);
    }
    PemBlock block = decoded.get();
    if (block.rest().length > 0) {
      throw fail(
          block.rest().length + " byte(s) follow the END line of the PEM block; nothing may follow it", null);
    }
    if (!block.type().equals("CERTIFICATE") && !block.type().isEmpty()) {
      throw fail("the PEM label is '" + block.type() + "'; it must be CERTIFICATE or empty", null);
    }
    ParsedCertificate cert;
    try {
      cert = ParsedCertificate.parse(block.bytes(), rules);
    } catch (CertificateParseException e) {
      throw fail("the PEM block is not an X.509 certificate: " + e.getMessage(), null);
    }
    if (!cert.signatureAlgorithm().isEcdsa()) {
      return;
    }
    byte[] signature = cert.signature();
    byte[] minimal;
    try {
      EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(signature);
      minimal = EcdsaSignatureDer.toMinimalDer(rs.r(), rs.s());
    } catch (SignatureDecodingException e) {
      throw fail("the certificate's ECDSA signature cannot be decoded (SIG-DER-01): " + e.getMessage(), cert);
    }
    if (!Arrays.equals(minimal, signature)) {
      throw fail(
          "the certificate's ECDSA signature is not in canonical form (not the minimal DER encoding of its r and s)",
          cert);
    }
  }

  private static IdentityException fail(String message, ParsedCertificate cert) {
    return new IdentityException(Reason.NOT_WELL_FORMED, RULE, message, cert == null ? null : cert.ref());
  }
}

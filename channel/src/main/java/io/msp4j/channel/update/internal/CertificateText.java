package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.cert.CRLException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Certificates and CRLs of an MSP definition described for a change report. Only for display: an
 * entry that does not parse is described by its size, never rejected here (the MSP's setup judges
 * it).
 */
public final class CertificateText {
  private CertificateText() {}

  /** {@code subject "..." serial ...}, or a placeholder when the bytes do not parse. */
  public static String describe(ByteString pemOrDer) {
    try {
      X509Certificate c = (X509Certificate) factory().generateCertificate(
          new ByteArrayInputStream(pemOrDer.toByteArray()));
      return "subject \"" + c.getSubjectX500Principal().getName() + "\" serial "
          + c.getSerialNumber().toString(16);
    } catch (CertificateException | RuntimeException e) {
      return "(" + pemOrDer.size() + " bytes that do not parse as a certificate)";
    }
  }

  /** The revoked serials of a CRL as {@code serial ... by "issuer"} lines; empty when unparsable. */
  public static List<String> revocations(ByteString pemOrDer) {
    List<String> out = new ArrayList<>();
    try {
      X509CRL crl = (X509CRL) factory().generateCRL(
          new ByteArrayInputStream(pemOrDer.toByteArray()));
      Set<? extends X509CRLEntry> entries = crl.getRevokedCertificates();
      if (entries != null) {
        for (X509CRLEntry e : entries) {
          BigInteger serial = e.getSerialNumber();
          out.add("serial " + serial.toString(16) + " revoked by \""
              + crl.getIssuerX500Principal().getName() + "\"");
        }
      }
    } catch (CRLException | CertificateException | RuntimeException e) {
      out.add("(a " + pemOrDer.size() + "-byte CRL that does not parse)");
    }
    return out;
  }

  private static CertificateFactory factory() throws CertificateException {
    return CertificateFactory.getInstance("X.509");
  }
}

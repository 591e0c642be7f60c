package io.msp4j.x509.internal.msp;

import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bouncycastle.crypto.params.RSAKeyParameters;

/** Turns linked entries into {@link CertificateNode}s with their marks. */
final class NodeFactory {
  private final Instant now;
  private final Duration window;
  private final List<InspectedCrl> crls;
  private final CrlSignatureVerifier verifier;
  private final Set<InspectedEntry> unused;

  NodeFactory(Instant now, Duration window, List<InspectedCrl> crls, CrlSignatureVerifier verifier,
      Set<InspectedEntry> unused) {
    this.now = now;
    this.window = window;
    this.crls = crls;
    this.verifier = verifier;
    this.unused = unused;
  }

  List<CertificateNode> all(List<InspectedEntry> entries, IssuerLinks links) {
    List<CertificateNode> out = new ArrayList<>(entries.size());
    for (InspectedEntry e : entries) {
      out.add(node(e, links));
    }
    return out;
  }

  private CertificateNode node(InspectedEntry e, IssuerLinks links) {
    ParsedCertificate c = e.cert();
    EnumSet<Mark> marks = timeMarks(now, c.notBefore(), c.notAfter(), window);
    Optional<String> revokedBy = Optional.empty();
    InspectedEntry parent = links.parent(e);
    if (parent != null) {
      for (InspectedCrl crl : crls) {
        if (crl.revokes(c, parent.cert(), verifier)) {
          revokedBy = Optional.of(crl.source());
          marks.add(Mark.REVOKED);
          break;
        }
      }
    }
    if (unused.contains(e)) {
      marks.add(Mark.UNUSED);
    }
    return new CertificateNode(
        e.role(),
        e.source(),
        c.subjectText(),
        c.issuerText(),
        c.serialHex(),
        keyType(c.publicKey()),
        c.notBefore(),
        c.notAfter(),
        daysBetween(now, c.notAfter()),
        marks,
        revokedBy,
        all(links.children(e), links));
  }

  /**
   * EXPIRED when {@code notAfter} is not after {@code now} (SETUP-SIGNER-03's test), EXPIRING
   * when it is within {@code window} of it (edge included), NOT_YET_VALID before notBefore.
   */
  static EnumSet<Mark> timeMarks(
      Instant now, Instant notBefore, Instant notAfter, Duration window) {
    EnumSet<Mark> marks = EnumSet.noneOf(Mark.class);
    if (!notAfter.isAfter(now)) {
      marks.add(Mark.EXPIRED);
    } else if (!notAfter.isAfter(now.plus(window))) {
      marks.add(Mark.EXPIRING);
    }
    if (notBefore.isAfter(now)) {
      marks.add(Mark.NOT_YET_VALID);
    }
    return marks;
  }

  /**
   * Whole days from {@code from} to {@code to}, rounded toward zero: positive before {@code to},
   * negative after it, 0 within a day either side.
   */
  static long daysBetween(Instant from, Instant to) {
    return Duration.between(from, to).toDays();
  }

  static String keyType(CertPublicKey key) {
    return switch (key.algorithm()) {
      case ECDSA -> "ECDSA " + key.curveName().orElse("");
      case ED25519 -> "Ed25519";
      case RSA -> key.parameters()
          .filter(RSAKeyParameters.class::isInstance)
          .map(p -> "RSA " + ((RSAKeyParameters) p).getModulus().bitLength())
          .orElse("RSA");
      case DSA -> "DSA";
      case OTHER -> "unknown key type";
    };
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.core.MspSetupException;
import io.msp4j.x509.inspect.CrlInfo;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.asn1.x509.TBSCertList;

/**
 * One configured CRL being inspected: parsed as setup parses it (SETUP-CRL-01/02) for the
 * revocation test, and read with Bouncy Castle for the fields Fabric ignores but operators want
 * (issuer name, thisUpdate, nextUpdate).
 */
final class InspectedCrl {
  private final String source;
  /** Fabric's view; null when setup would refuse the CRL. */
  private final RevocationList list;
  private final String issuerName;
  private final InspectedEntry issuer;
  private final int entries;
  private final Instant thisUpdate;
  private final Instant nextUpdate;
  private final List<String> problems;

  private InspectedCrl(
      String source, RevocationList list, String issuerName, InspectedEntry issuer, int entries,
      Instant thisUpdate, Instant nextUpdate, List<String> problems) {
    this.source = source;
    this.list = list;
    this.issuerName = issuerName;
    this.issuer = issuer;
    this.entries = entries;
    this.thisUpdate = thisUpdate;
    this.nextUpdate = nextUpdate;
    this.problems = List.copyOf(problems);
  }

  static InspectedCrl load(
      String source, byte[] bytes, List<InspectedEntry> cas, CrlSignatureVerifier verifier) {
    List<String> problems = new ArrayList<>();
    RevocationList list = null;
    try {
      list = CrlLoader.load(source, bytes);
    } catch (MspSetupException e) {
      problems.add("[" + e.rule() + "] " + e.detail());
    }
    String issuerName = "";
    Instant thisUpdate = null;
    Instant nextUpdate = null;
    int entries = list == null ? 0 : list.size();
    try {
      TBSCertList tbs = CertificateList.getInstance(CrlLoader.derOf(bytes)).getTBSCertList();
      issuerName = new X500Principal(tbs.getIssuer().getEncoded(ASN1Encoding.DER))
          .getName(X500Principal.RFC2253);
      thisUpdate = tbs.getThisUpdate().getDate().toInstant();
      nextUpdate = tbs.getNextUpdate() == null ? null : tbs.getNextUpdate().getDate().toInstant();
      if (list == null) {
        entries = tbs.getRevokedCertificates().length;
      }
    } catch (Exception e) {
      // Fields unknown; when Fabric's parser accepted the bytes there is nothing more to say.
    }
    InspectedEntry issuer = null;
    if (list != null) {
      Optional<String> aki = list.akiProblem();
      if (aki.isPresent()) {
        problems.add("[VALIDATE-CRL-02] " + aki.get()
            + ": every revocation check fails, so no identity below an intermediate or root is valid");
      } else {
        issuer = issuer(list, cas, verifier, problems);
      }
    }
    return new InspectedCrl(
        source, list, issuerName, issuer, entries, thisUpdate, nextUpdate, problems);
  }

  private static InspectedEntry issuer(
      RevocationList list, List<InspectedEntry> cas, CrlSignatureVerifier verifier,
      List<String> problems) {
    InspectedEntry keyMatch = null;
    for (InspectedEntry ca : cas) {
      Optional<byte[]> ski = ca.cert().subjectKeyId();
      if (ski.isPresent() && list.issuedBy(ski.get())) {
        if (verifier.verifies(list, ca.cert())) {
          return ca;
        }
        keyMatch = keyMatch == null ? ca : keyMatch;
      }
    }
    if (keyMatch != null) {
      problems.add("[VALIDATE-CRL-02] its authority key identifier names " + keyMatch.source()
          + " but its signature does not verify with that key: its entries are ignored");
    } else {
      problems.add("[VALIDATE-CRL-02] its authority key identifier matches no CA of this MSP:"
          + " it revokes nothing here");
    }
    return null;
  }

  /** Whether this CRL revokes {@code cert}, whose issuer is {@code issuerCert} (VALIDATE-CRL-02). */
  boolean revokes(ParsedCertificate cert, ParsedCertificate issuerCert, CrlSignatureVerifier v) {
    if (list == null || list.akiProblem().isPresent()) {
      return false;
    }
    Optional<byte[]> ski = issuerCert.subjectKeyId();
    return ski.isPresent()
        && list.issuedBy(ski.get())
        && list.lists(cert)
        && v.verifies(list, issuerCert);
  }

  String source() {
    return source;
  }

  Optional<InspectedEntry> issuer() {
    return Optional.ofNullable(issuer);
  }

  CrlInfo info(Instant now, Duration window) {
    EnumSet<Mark> marks = EnumSet.noneOf(Mark.class);
    Long daysLeft = null;
    if (nextUpdate != null) {
      if (!nextUpdate.isAfter(now)) {
        marks.add(Mark.EXPIRED);
      } else if (!nextUpdate.isAfter(now.plus(window))) {
        marks.add(Mark.EXPIRING);
      }
      daysLeft = NodeFactory.daysBetween(now, nextUpdate);
    }
    return new CrlInfo(
        source,
        issuerName,
        issuer().map(InspectedEntry::source),
        entries,
        Optional.ofNullable(thisUpdate),
        Optional.ofNullable(nextUpdate),
        Optional.ofNullable(daysLeft),
        marks,
        problems);
  }
}

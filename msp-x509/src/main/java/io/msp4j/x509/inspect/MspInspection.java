package io.msp4j.x509.inspect;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The shape of one MSP configuration, as {@link MspInspector} found it.
 *
 * @param mspId the configuration's name
 * @param at the instant the marks were computed at
 * @param expiryWindow the window of {@link Mark#EXPIRING}
 * @param identityCas the root CAs, each with the configured certificates below it: intermediates
 *     below their issuers, admins, the signing certificate and OU certificates that are not CAs
 *     (role {@link CertificateRole#OU_CERTIFICATE}) below the CA that issued them
 * @param tlsCas the TLS root CAs, with the TLS intermediates below their issuers
 * @param unplaced configured certificates whose issuer is not among the MSP's CAs (an admin of
 *     another organisation, an intermediate without its parent, a CA caught in a loop of CAs
 *     signing each other), with what they issued below them
 * @param ouIdentifiers the OU identifiers, in configuration order
 * @param nodeOusEnabled whether the configuration turns NodeOU classification on
 * @param nodeOus the NodeOU identifiers present: client, peer, admin, orderer
 * @param crls the CRLs, in configuration order
 * @param problems entries that could not be read as certificates, each with its source and the
 *     spec rule (setup fails on each of them)
 */
public record MspInspection(
    String mspId,
    Instant at,
    Duration expiryWindow,
    List<CertificateNode> identityCas,
    List<CertificateNode> tlsCas,
    List<CertificateNode> unplaced,
    List<OuBinding> ouIdentifiers,
    boolean nodeOusEnabled,
    List<OuBinding> nodeOus,
    List<CrlInfo> crls,
    List<String> problems) {

  public MspInspection {
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(expiryWindow, "expiryWindow");
    identityCas = List.copyOf(identityCas);
    tlsCas = List.copyOf(tlsCas);
    unplaced = List.copyOf(unplaced);
    ouIdentifiers = List.copyOf(ouIdentifiers);
    nodeOus = List.copyOf(nodeOus);
    crls = List.copyOf(crls);
    problems = List.copyOf(problems);
  }

  /** Every certificate node, depth first: identity tree, TLS tree, then the unplaced ones. */
  public List<CertificateNode> allCertificates() {
    List<CertificateNode> out = new ArrayList<>();
    Consumer<List<CertificateNode>> walk = new Consumer<>() {
      @Override
      public void accept(List<CertificateNode> nodes) {
        for (CertificateNode n : nodes) {
          out.add(n);
          accept(n.children());
        }
      }
    };
    walk.accept(identityCas);
    walk.accept(tlsCas);
    walk.accept(unplaced);
    return out;
  }

  /**
   * The certificates that have expired or expire within the window, and the CRLs whose nextUpdate
   * has passed or falls within it, soonest first.
   */
  public List<ExpiryEntry> expiring() {
    List<ExpiryEntry> out = new ArrayList<>();
    for (CertificateNode n : allCertificates()) {
      if (n.has(Mark.EXPIRED) || n.has(Mark.EXPIRING)) {
        out.add(new ExpiryEntry(mspId, "certificate", n.role().label(), n.source(), n.subject(),
            Optional.of(n.serialHex()), n.notAfter(), n.daysLeft(), n.has(Mark.EXPIRED)));
      }
    }
    for (CrlInfo c : crls) {
      if (c.nextUpdate().isPresent() && (c.has(Mark.EXPIRED) || c.has(Mark.EXPIRING))) {
        out.add(new ExpiryEntry(mspId, "crl", "CRL", c.source(), c.issuer(), Optional.empty(),
            c.nextUpdate().get(), c.daysLeft().orElse(0L), c.has(Mark.EXPIRED)));
      }
    }
    out.sort(Comparator.comparing(ExpiryEntry::at).thenComparing(ExpiryEntry::source));
    return List.copyOf(out);
  }
}

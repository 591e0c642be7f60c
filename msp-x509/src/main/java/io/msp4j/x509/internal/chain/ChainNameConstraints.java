package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.GoIp;
import io.msp4j.x509.internal.cert.GoNames;
import io.msp4j.x509.internal.cert.GoUrl;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.NameConstraints;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Name constraints as Go 1.26 checks them (REL-X509-01, REL-X509-04): over a whole candidate
 * chain once it is built, not while building it. Every certificate with a SAN extension is
 * checked against the constraints of every certificate above it in the chain. Unlike Go 1.23
 * ({@link NameConstraintChecker}), a URI whose host is empty or an IP address, or a name that is
 * not a valid domain, fails under a constraint of any type (directoryName included), and there
 * is no bound on the number of comparisons: constraints are sorted and pruned once, then each
 * name is found by binary search.
 */
final class ChainNameConstraints {
  private ChainNameConstraints() {}

  /**
   * The first violation in {@code chain} (leaf first, root last), or empty; each constraining
   * certificate's prepared constraints come from {@code prepared}, so that a CA's lists are
   * sorted and pruned once, not for every identity.
   */
  static Optional<ChainFailure> check(List<ParsedCertificate> chain, GoX509Rules rules,
      Function<ParsedCertificate, ChainConstraintSet> prepared) {
    List<Integer> constraining = new ArrayList<>();
    List<ChainConstraintSet> sets = new ArrayList<>();
    for (int i = 0; i < chain.size(); i++) {
      ParsedCertificate c = chain.get(i);
      if (c.hasNameConstraints()) {
        constraining.add(i);
        sets.add(prepared.apply(c));
      }
    }
    if (constraining.isEmpty()) {
      return Optional.empty();
    }
    for (int i = 0; i < chain.size(); i++) {
      ParsedCertificate named = chain.get(i);
      if (!named.hasSubjectAltName()) {
        continue;
      }
      int first = firstAbove(constraining, i);
      if (first < 0) {
        return Optional.empty();
      }
      ParsedCertificate ca = chain.get(constraining.get(first));
      List<String> uriHosts = new ArrayList<>();
      for (String uri : named.uris()) {
        String problem = uriHost(uri, rules, uriHosts);
        if (problem != null) {
          return fail(ChainFailure.Kind.NAME_UNMATCHABLE, ca, named, problem);
        }
      }
      List<GoNames.Mailbox> mailboxes = new ArrayList<>();
      for (String email : named.emailAddresses()) {
        GoNames.Mailbox m = GoNames.parseMailbox(email);
        if (m == null) {
          return fail(ChainFailure.Kind.NAME_UNMATCHABLE, ca, named,
              "cannot parse rfc822Name \"" + email + "\"");
        }
        mailboxes.add(new GoNames.Mailbox(m.local(), m.domain().toLowerCase(Locale.ROOT)));
      }
      for (int k = first; k < sets.size(); k++) {
        ChainConstraintSet.Problem problem = sets.get(k).check(named, uriHosts, mailboxes, rules);
        if (problem != null) {
          return fail(problem.kind(), chain.get(constraining.get(k)), named, problem.detail());
        }
      }
    }
    return Optional.empty();
  }

  private static final NameConstraints NO_CONSTRAINTS = new NameConstraints(
      List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

  /** {@code ca}'s name constraints, sorted and pruned as Go 1.26 prepares them. */
  static ChainConstraintSet prepare(ParsedCertificate ca) {
    return ChainConstraintSet.of(ca.nameConstraints().orElse(NO_CONSTRAINTS));
  }

  /** The index in {@code constraining} of the first constraining certificate above {@code i}. */
  private static int firstAbove(List<Integer> constraining, int i) {
    for (int k = 0; k < constraining.size(); k++) {
      if (constraining.get(k) > i) {
        return k;
      }
    }
    return -1;
  }

  /**
   * Adds the host a URI SAN is matched by, or returns why it cannot be matched: it has no host,
   * its host and port do not split, or its host is an IP address.
   */
  private static String uriHost(String uri, GoX509Rules rules, List<String> out) {
    GoUrl.Parsed parsed = GoUrl.parse(uri, rules);
    String hostPort = parsed.host().toLowerCase(Locale.ROOT);
    if (hostPort.isEmpty()) {
      return "URI with empty host (\"" + uri + "\") cannot be matched against constraints";
    }
    String host = hostPort;
    if (hostPort.contains(":") && !hostPort.endsWith("]")) {
      host = NameConstraintChecker.splitHost(parsed.host());
      if (host == null) {
        return "cannot parse URI host \"" + parsed.host() + "\"";
      }
    }
    if (GoIp.isNetipAddress(host) || (host.startsWith("[") && host.endsWith("]"))) {
      return "URI with IP (\"" + uri + "\") cannot be matched against constraints";
    }
    out.add(host);
    return null;
  }

  private static Optional<ChainFailure> fail(ChainFailure.Kind kind,
      ParsedCertificate ca, ParsedCertificate named, String detail) {
    return Optional.of(new ChainFailure(kind,
        "CA " + ca.describe() + " is not authorized to sign for this name: " + detail
            + " (in " + named.describe() + ")", ca));
  }
}

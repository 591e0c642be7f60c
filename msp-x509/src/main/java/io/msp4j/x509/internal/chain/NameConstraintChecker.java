package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.GeneralNameEntry;
import io.msp4j.x509.internal.cert.GoIp;
import io.msp4j.x509.internal.cert.GoNames;
import io.msp4j.x509.internal.cert.GoUrl;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.IpRange;
import io.msp4j.x509.internal.cert.NameConstraints;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Applies a CA's name constraints to the SANs of the certificates below it in a candidate path,
 * as Go 1.23 to 1.25's {@code isValid} does while building paths (CHAIN-05): every certificate
 * already in the path that has a SAN extension is checked, DNS/email/URI/IP names only; a SAN
 * that cannot be interpreted fails whatever the constraints. From Go 1.24.11 and 1.25.5 a
 * wildcard name is excluded by a constraint its wildcard could stand for (REL-X509-02). Go 1.26
 * checks the whole chain instead ({@link ChainNameConstraints}).
 */
final class NameConstraintChecker {
  static final int MAX_COMPARISONS = 250_000;

  private NameConstraintChecker() {}

  /** Returns the violation, or empty when {@code ca} allows every name in {@code below}. */
  static Optional<ChainFailure> check(
      ParsedCertificate ca, List<ParsedCertificate> below, GoX509Rules rules) {
    boolean wildcards = rules.wildcardExclusion();
    if (!ca.hasNameConstraints()) {
      return Optional.empty();
    }
    NameConstraints nc = ca.nameConstraints().orElse(null);
    if (nc == null) {
      return Optional.empty();
    }
    int[] count = {0};
    for (ParsedCertificate c : below) {
      if (!c.hasSubjectAltName()) {
        continue;
      }
      for (GeneralNameEntry san : c.subjectAltNames()) {
        String name = san.text();
        String problem;
        switch (san.tag()) {
          case GeneralNameEntry.EMAIL -> {
            GoNames.Mailbox mailbox = GoNames.parseMailbox(name);
            if (mailbox == null) {
              return fail(ca, c, "cannot parse rfc822Name \"" + name + "\"");
            }
            problem = checkList(count, "email address", name, nc.excludedEmails(),
                nc.permittedEmails(), (constraint, excluded) -> matchEmail(mailbox, constraint, excluded && wildcards));
          }
          case GeneralNameEntry.DNS -> {
            if (GoNames.domainToReverseLabels(name) == null) {
              return fail(ca, c, "cannot parse dnsName \"" + name + "\"");
            }
            problem = checkList(count, "DNS name", name, nc.excludedDns(), nc.permittedDns(),
                (constraint, excluded) -> matchDomain(name, constraint, excluded && wildcards));
            if (problem != null && wildcards && name.startsWith("*")
                && checkList(new int[1], "DNS name", name, nc.excludedDns(), nc.permittedDns(),
                    (constraint, excluded) -> matchDomain(name, constraint, false)) == null) {
              // excluded only because its wildcard could stand for an excluded name
              return Optional.of(new ChainFailure(ChainFailure.Kind.WILDCARD_EXCLUDED,
                  "CA " + ca.describe() + " is not authorized to sign for this name: " + problem
                      + ", which its wildcard could stand for (in " + c.describe() + ")", ca));
            }
          }
          case GeneralNameEntry.URI -> {
            GoUrl.Parsed uri = GoUrl.parse(name, rules);
            if (!uri.ok()) {
              return fail(ca, c, "URI SAN \"" + name + "\" failed to parse");
            }
            problem = checkList(count, "URI", name, nc.excludedUris(), nc.permittedUris(),
                (constraint, excluded) -> matchUri(name, uri.host(), constraint,
                    excluded && wildcards));
          }
          case GeneralNameEntry.IP -> {
            byte[] ip = san.data();
            if (ip.length != 4 && ip.length != 16) {
              return fail(ca, c, "IP SAN " + HexFormat.of().formatHex(ip) + " failed to parse");
            }
            problem = checkList(count, "IP address", ipText(ip), nc.excludedIps(),
                nc.permittedIps(), (constraint, excluded) -> Match.of(constraint.contains(ip)));
          }
          default -> problem = null;
        }
        if (problem != null) {
          if (problem.equals(TOO_MANY)) {
            return Optional.of(new ChainFailure(ChainFailure.Kind.TOO_MANY_CONSTRAINTS,
                "too many name constraint comparisons for " + ca.describe(), ca));
          }
          return fail(ca, c, problem);
        }
      }
    }
    return Optional.empty();
  }

  private static final String TOO_MANY = "\u0000too many";

  private static Optional<ChainFailure> fail(ParsedCertificate ca, ParsedCertificate named,
      String detail) {
    return Optional.of(new ChainFailure(ChainFailure.Kind.NAME_CONSTRAINT_VIOLATED,
        "CA " + ca.describe() + " is not authorized to sign for this name: " + detail
            + " (in " + named.describe() + ")", ca));
  }

  /** A match result or an error, as Go's match functions return (bool, error). */
  record Match(boolean matched, String error) {
    static Match of(boolean m) {
      return new Match(m, null);
    }

    static Match error(String e) {
      return new Match(false, e);
    }
  }

  private interface Matcher<T> {
    Match match(T constraint, boolean excluded);
  }

  private static <T> String checkList(int[] count, String type, String name, List<T> excluded,
      List<T> permitted, Matcher<T> matcher) {
    count[0] += excluded.size();
    if (count[0] > MAX_COMPARISONS) {
      return TOO_MANY;
    }
    for (T constraint : excluded) {
      Match m = matcher.match(constraint, true);
      if (m.error() != null) {
        return m.error();
      }
      if (m.matched()) {
        return type + " \"" + name + "\" is excluded by constraint \"" + show(constraint) + "\"";
      }
    }
    count[0] += permitted.size();
    if (count[0] > MAX_COMPARISONS) {
      return TOO_MANY;
    }
    boolean ok = true;
    for (T constraint : permitted) {
      Match m = matcher.match(constraint, false);
      if (m.error() != null) {
        return m.error();
      }
      ok = m.matched();
      if (ok) {
        break;
      }
    }
    if (!ok) {
      return type + " \"" + name + "\" is not permitted by any constraint";
    }
    return null;
  }

  private static String show(Object constraint) {
    if (constraint instanceof IpRange r) {
      return ipText(r.ip()) + "/" + HexFormat.of().formatHex(r.mask());
    }
    return String.valueOf(constraint);
  }

  static Match matchEmail(GoNames.Mailbox mailbox, String constraint, boolean wildcardExcluded) {
    if (constraint.contains("@")) {
      GoNames.Mailbox c = GoNames.parseMailbox(constraint);
      if (c == null) {
        return Match.error("cannot parse constraint \"" + constraint + "\"");
      }
      return Match.of(mailbox.local().equals(c.local())
          && mailbox.domain().equalsIgnoreCase(c.domain()));
    }
    return matchDomain(mailbox.domain(), constraint, wildcardExcluded);
  }

  /**
   * Go's matchDomainConstraint. With {@code wildcardExcluded} (an excluded constraint, Go
   * 1.24.11/1.25.5 on), a wildcard name of as many labels as a constraint of two or more is
   * compared without their first labels: {@code *.example.com} could be {@code a.example.com}.
   */
  static Match matchDomain(String domain, String constraint, boolean wildcardExcluded) {
    if (constraint.isEmpty()) {
      return Match.of(true);
    }
    List<String> domainLabels = GoNames.domainToReverseLabels(domain);
    if (domainLabels == null) {
      return Match.error("cannot parse domain \"" + domain + "\"");
    }
    boolean mustHaveSubdomains = false;
    String c = constraint;
    if (c.charAt(0) == '.') {
      mustHaveSubdomains = true;
      c = c.substring(1);
    }
    List<String> constraintLabels = GoNames.domainToReverseLabels(c);
    if (constraintLabels == null) {
      return Match.error("cannot parse domain \"" + c + "\"");
    }
    if (domainLabels.size() < constraintLabels.size()
        || (mustHaveSubdomains && domainLabels.size() == constraintLabels.size())) {
      return Match.of(false);
    }
    if (wildcardExcluded && domain.startsWith("*") && domainLabels.size() > 1
        && constraintLabels.size() > 1 && domainLabels.size() == constraintLabels.size()) {
      domainLabels = domainLabels.subList(0, domainLabels.size() - 1);
      constraintLabels = constraintLabels.subList(0, constraintLabels.size() - 1);
    }
    for (int i = 0; i < constraintLabels.size(); i++) {
      if (!constraintLabels.get(i).equalsIgnoreCase(domainLabels.get(i))) {
        return Match.of(false);
      }
    }
    return Match.of(true);
  }

  static Match matchUri(
      String uri, String hostPort, String constraint, boolean wildcardExcluded) {
    String host = hostPort;
    if (host.isEmpty()) {
      return Match.error("URI with empty host (\"" + uri + "\") cannot be matched against constraints");
    }
    if (host.contains(":") && !host.endsWith("]")) {
      host = splitHost(hostPort);
      if (host == null) {
        return Match.error("invalid host and port in URI \"" + uri + "\"");
      }
    }
    if ((host.startsWith("[") && host.endsWith("]")) || GoIp.parse(host) != null) {
      return Match.error("URI with IP (\"" + uri + "\") cannot be matched against constraints");
    }
    return matchDomain(host, constraint, wildcardExcluded);
  }

  /** Go's net.SplitHostPort host part, or null on error. */
  static String splitHost(String hostport) {
    int i = hostport.lastIndexOf(':');
    if (i < 0) {
      return null;
    }
    String host;
    int j = 0;
    int k = 0;
    if (hostport.startsWith("[")) {
      int end = hostport.indexOf(']');
      if (end < 0 || end + 1 != i) {
        return null;
      }
      host = hostport.substring(1, end);
      j = 1;
      k = end + 1;
    } else {
      host = hostport.substring(0, i);
      if (host.indexOf(':') >= 0) {
        return null;
      }
    }
    if (hostport.indexOf('[', j) >= 0 || hostport.indexOf(']', k) >= 0) {
      return null;
    }
    return host;
  }

  static String ipText(byte[] ip) {
    if (ip.length == 4) {
      return (ip[0] & 0xff) + "." + (ip[1] & 0xff) + "." + (ip[2] & 0xff) + "." + (ip[3] & 0xff);
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ip.length; i += 2) {
      if (i > 0) {
        sb.append(':');
      }
      sb.append(Integer.toHexString(((ip[i] & 0xff) << 8) | (ip[i + 1] & 0xff)));
    }
    return sb.toString();
  }
}

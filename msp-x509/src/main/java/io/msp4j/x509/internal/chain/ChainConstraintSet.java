package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.DomainNameCheck;
import io.msp4j.x509.internal.cert.GoNames;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.IpRange;
import io.msp4j.x509.internal.cert.NameConstraints;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One CA's name constraints prepared as Go 1.26 prepares them (REL-X509-01/02/04): each list
 * sorted and pruned of entries inside an earlier one, then queried by binary search, permitted
 * lists first. The sort and the single neighbour looked at are Go's, so that the answers are
 * Go's too, including for constraints that overlap in unusual ways.
 */
final class ChainConstraintSet {
  private final SortedConstraints.Ips permittedIps;
  private final SortedConstraints.Ips excludedIps;
  private final SortedConstraints.Domains permittedDns;
  private final SortedConstraints.Domains excludedDns;
  private final SortedConstraints.Domains permittedUris;
  private final SortedConstraints.Domains excludedUris;
  private final Emails permittedEmails;
  private final Emails excludedEmails;

  private ChainConstraintSet(NameConstraints nc) {
    permittedIps = SortedConstraints.Ips.of(nc.permittedIps());
    excludedIps = SortedConstraints.Ips.of(nc.excludedIps());
    permittedDns = SortedConstraints.Domains.of(nc.permittedDns(), true);
    excludedDns = SortedConstraints.Domains.of(nc.excludedDns(), false);
    permittedUris = SortedConstraints.Domains.of(nc.permittedUris(), true);
    excludedUris = SortedConstraints.Domains.of(nc.excludedUris(), false);
    permittedEmails = Emails.of(nc.permittedEmails(), true);
    excludedEmails = Emails.of(nc.excludedEmails(), false);
  }

  static ChainConstraintSet of(NameConstraints nc) {
    return new ChainConstraintSet(nc);
  }

  /**
   * Why {@code named}'s names break these constraints, or null when they do not. {@code uriHosts}
   * and {@code mailboxes} are its URI hosts and mailboxes (domains lower-cased), read once.
   */
  Problem check(ParsedCertificate named, List<String> uriHosts, List<GoNames.Mailbox> mailboxes,
      GoX509Rules rules) {
    for (byte[] ip : named.ipAddresses()) {
      String text = NameConstraintChecker.ipText(ip);
      if (permittedIps != null && permittedIps.find(ip) == null) {
        return Problem.violation("IP address \"" + text + "\" is not permitted by any constraint");
      }
      IpRange excluded = excludedIps == null ? null : excludedIps.find(ip);
      if (excluded != null) {
        return Problem.violation("IP address \"" + text + "\" is excluded by constraint \""
            + NameConstraintChecker.ipText(excluded.ip()) + "\"");
      }
    }
    for (String dns : named.dnsNames()) {
      if (!DomainNameCheck.valid(dns, false, rules)) {
        return Problem.unmatchable("x509: cannot parse dnsName \"" + dns + "\"");
      }
      Problem problem = domains("DNS name", dns, dns, permittedDns, excludedDns);
      if (problem != null) {
        return problem;
      }
    }
    for (int i = 0; i < uriHosts.size(); i++) {
      String host = uriHosts.get(i);
      String uri = named.uris().get(i);
      if (!DomainNameCheck.valid(host, false, rules)) {
        return Problem.unmatchable("x509: internal error: URI SAN \"" + uri + "\" failed to parse");
      }
      Problem problem = domains("URI", uri, host, permittedUris, excludedUris);
      if (problem != null) {
        return problem;
      }
    }
    for (GoNames.Mailbox m : mailboxes) {
      String shown = m.local() + "@" + m.domain();
      if (!DomainNameCheck.valid(m.domain(), false, rules)) {
        return Problem.unmatchable("x509: cannot parse rfc822Name \"" + shown + "\"");
      }
      if (permittedEmails != null && permittedEmails.find(m) == null) {
        return Problem.violation(
            "email address \"" + shown + "\" is not permitted by any constraint");
      }
      String excluded = excludedEmails == null ? null : excludedEmails.find(m);
      if (excluded != null) {
        return excludedEmails.byWildcard(m)
            ? Problem.wildcard("email address \"" + shown + "\" is excluded by constraint \""
                + excluded + "\", which its wildcard could stand for")
            : Problem.violation(
                "email address \"" + shown + "\" is excluded by constraint \"" + excluded + "\"");
      }
    }
    return null;
  }

  private static Problem domains(String type, String shown, String domain,
      SortedConstraints.Domains permitted, SortedConstraints.Domains excluded) {
    if (permitted != null && permitted.find(domain) == null) {
      return Problem.violation(type + " \"" + shown + "\" is not permitted by any constraint");
    }
    String hit = excluded == null ? null : excluded.find(domain);
    if (hit == null) {
      return null;
    }
    String text = type + " \"" + shown + "\" is excluded by constraint \"" + hit + "\"";
    return excluded.byWildcard(domain)
        ? Problem.wildcard(text + ", which its wildcard could stand for")
        : Problem.violation(text);
  }

  /** Why a name breaks a constraint, and the kind of failure that is. */
  record Problem(ChainFailure.Kind kind, String detail) {
    static Problem violation(String detail) {
      return new Problem(ChainFailure.Kind.NAME_CONSTRAINT_VIOLATED, detail);
    }

    static Problem unmatchable(String detail) {
      return new Problem(ChainFailure.Kind.NAME_UNMATCHABLE, detail);
    }

    static Problem wildcard(String detail) {
      return new Problem(ChainFailure.Kind.WILDCARD_EXCLUDED, detail);
    }
  }

  /** Email constraints: whole mailboxes by exact match, domains as DNS constraints. */
  private static final class Emails {
    private final Set<GoNames.Mailbox> mailboxes;
    private final SortedConstraints.Domains domains;

    private Emails(Set<GoNames.Mailbox> mailboxes, SortedConstraints.Domains domains) {
      this.mailboxes = mailboxes;
      this.domains = domains;
    }

    /** Null for an empty list, as Go has no constraint set then. */
    static Emails of(List<String> constraints, boolean permitted) {
      if (constraints.isEmpty()) {
        return null;
      }
      Set<GoNames.Mailbox> exact = new HashSet<>();
      List<String> domains = new java.util.ArrayList<>();
      for (String c : constraints) {
        if (c.indexOf('@') < 0) {
          domains.add(c);
          continue;
        }
        GoNames.Mailbox m = GoNames.parseMailbox(c);
        if (m != null) {
          exact.add(new GoNames.Mailbox(m.local(), m.domain().toLowerCase(Locale.ROOT)));
        }
      }
      return new Emails(exact, SortedConstraints.Domains.of(domains, permitted));
    }

    /** Whether {@code m} is excluded only through its wildcard domain (REL-X509-02). */
    boolean byWildcard(GoNames.Mailbox m) {
      return !mailboxes.contains(m) && domains != null && domains.byWildcard(m.domain());
    }

    /** The constraint that matches {@code m} (domain lower-cased), or null. */
    String find(GoNames.Mailbox m) {
      if (mailboxes.contains(m)) {
        return m.local() + "@" + m.domain();
      }
      return domains == null ? null : domains.find(m.domain());
    }
  }
}

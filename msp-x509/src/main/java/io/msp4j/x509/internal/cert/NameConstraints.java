package io.msp4j.x509.internal.cert;

import java.util.List;

/**
 * The name constraints Go understands (dNSName, rfc822Name, URI, iPAddress subtrees); other
 * subtree types make the extension "unhandled" (see {@link ParsedCertificate#unhandledCriticalExtensions}).
 */
public record NameConstraints(
    List<String> permittedDns, List<String> excludedDns,
    List<String> permittedEmails, List<String> excludedEmails,
    List<String> permittedUris, List<String> excludedUris,
    List<IpRange> permittedIps, List<IpRange> excludedIps) {
  public NameConstraints {
    permittedDns = List.copyOf(permittedDns);
    excludedDns = List.copyOf(excludedDns);
    permittedEmails = List.copyOf(permittedEmails);
    excludedEmails = List.copyOf(excludedEmails);
    permittedUris = List.copyOf(permittedUris);
    excludedUris = List.copyOf(excludedUris);
    permittedIps = List.copyOf(permittedIps);
    excludedIps = List.copyOf(excludedIps);
  }
}

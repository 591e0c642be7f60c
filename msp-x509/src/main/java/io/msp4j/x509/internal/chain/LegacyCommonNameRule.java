package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.List;
import java.util.Optional;

/**
 * CHAIN-07: the check Fabric adds after chain building to keep Go 1.14's verdict for leaves that
 * name a host only in their common name. A path of two or more certificates whose leaf has no
 * SAN extension and a hostname-like CN is rejected when any other certificate of the path
 * carries a nameConstraints extension.
 */
public final class LegacyCommonNameRule {
  private LegacyCommonNameRule() {}

  /** The CHAIN-07 failure for {@code path} (leaf first), if any. */
  public static Optional<ChainFailure> check(List<ParsedCertificate> path) {
    if (path.size() < 2) {
      return Optional.empty();
    }
    // The first constrained issuer is looked for first: it is a field read, and without one
    // (the usual case) the leaf's common name need not be read at all.
    ParsedCertificate constrained = null;
    for (ParsedCertificate c : path.subList(1, path.size())) {
      if (c.hasNameConstraints()) {
        constrained = c;
        break;
      }
    }
    ParsedCertificate leaf = path.get(0);
    if (constrained == null || leaf.hasSubjectAltName()
        || !looksLikeHostname(leaf.subjectCommonName())) {
      return Optional.empty();
    }
    return Optional.of(new ChainFailure(ChainFailure.Kind.LEGACY_COMMON_NAME,
        "issuer " + constrained.describe() + " has name constraints but the leaf "
            + leaf.describe() + " has no SAN extension and a hostname-like common name \""
            + leaf.subjectCommonName() + "\"", leaf));
  }

  /**
   * "Looks like a hostname" (CHAIN-07): after removing one trailing dot the string is non-empty,
   * no label is empty, the first label may be exactly {@code *}, and every other label consists
   * of ASCII letters, digits, '_', ':' and '-' (not first).
   */
  public static boolean looksLikeHostname(String host) {
    String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    if (h.isEmpty()) {
      return false;
    }
    String[] parts = h.split("\\.", -1);
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (part.isEmpty()) {
        return false;
      }
      if (i == 0 && part.equals("*")) {
        continue;
      }
      for (int j = 0; j < part.length(); j++) {
        char c = part.charAt(j);
        boolean ok = ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z')
            || (c == '-' && j != 0) || c == '_' || c == ':';
        if (!ok) {
          return false;
        }
      }
    }
    return true;
  }
}

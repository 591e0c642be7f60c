package io.msp4j.x509.internal.cert;

/**
 * The domain check that Go's certificate parser applies to a URI SAN's host and to dNSName,
 * rfc822Name (domain form) and URI name constraints from Go 1.24.8 and 1.25.2 on (REL-X509-03,
 * {@link GoX509Rules#domainNameCheck()}), in place of the older reverse-label split ({@link
 * GoNames#domainToReverseLabels}). Strings hold one byte per char, as in {@link GoNames}.
 *
 * <p>It accepts what the older check accepted, with one difference: a constraint of {@code .}
 * (which the older parse read as the empty domain, matching every name) is refused. Go 1.24.8 and
 * 1.25.2 alone also limited lengths ({@link GoX509Rules#domainLengthLimits()}): a name of more
 * than 253 bytes (a constraint's leading dot counted), or a label of more than 63, was refused;
 * the next patch releases dropped those limits again.
 */
public final class DomainNameCheck {
  private static final int MAX_NAME = 253;
  private static final int MAX_LABEL = 63;

  private DomainNameCheck() {}

  /**
   * Whether {@code s} is accepted: as a constraint ({@code constraint}, one leading dot allowed)
   * or as a name, under {@code rules} (which must have {@link GoX509Rules#domainNameCheck()}).
   */
  public static boolean valid(String s, boolean constraint, GoX509Rules rules) {
    boolean limits = rules.domainLengthLimits();
    if (s.isEmpty()) {
      return constraint || !limits;
    }
    if (s.charAt(s.length() - 1) == '.') {
      return false; // a trailing dot (fully qualified form) is refused, a lone "." included
    }
    if (limits && ((!constraint && s.charAt(0) == '.') || s.length() > MAX_NAME)) {
      return false;
    }
    String rest = constraint && s.charAt(0) == '.' ? s.substring(1) : s;
    int labelStart = 0;
    for (int i = 0; i <= rest.length(); i++) {
      if (i < rest.length() && (rest.charAt(i) < 33 || rest.charAt(i) > 126)) {
        return false;
      }
      if (i == rest.length() || rest.charAt(i) == '.') {
        int labelLength = i - labelStart;
        if (labelLength == 0 || (limits && labelLength > MAX_LABEL)) {
          return false;
        }
        labelStart = i + 1;
      }
    }
    return true;
  }

  /**
   * Whether a URI host or a constraint's domain is accepted: by Go's newer domain routine where
   * the rules have it ({@code name} whole, REL-X509-03), else by the older reverse-label split of
   * {@code older} (the name with a constraint's leading dot removed).
   */
  static boolean accepts(String name, boolean constraint, String older,
      GoX509Rules rules) {
    return rules.domainNameCheck()
        ? valid(name, constraint, rules)
        : GoNames.domainToReverseLabels(older) != null;
  }

  /**
   * REL-X509-03 when the older check accepts {@code older} (so only the newer routine refuses
   * {@code name}); else null, the refusal being every release's.
   */
  static String newlyRefused(String older) {
    return GoNames.domainToReverseLabels(older) != null ? "REL-X509-03" : null;
  }
}

package io.msp4j.x509.internal.cert;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.GoVersion;
import java.util.Objects;

/**
 * What the {@code crypto/x509} and {@code net/url} of one Go release do, as data (spec Appendix
 * F): each Fabric release judges certificates with the Go its {@code go.mod} names, and each
 * switch below says which Go release brought a change, to the patch release where a security fix
 * arrived in two lines at once.
 *
 * @param go the Go release
 * @param certificatePolicies REL-X509-05/06 (Go 1.24): policy constraints, mappings and inhibit
 *     any-policy are parsed (so no longer unhandled when critical), the chain's policies are
 *     processed, and a repeated policy OID makes the certificate unparsable
 * @param strictStrings REL-X509-07/08 (Go 1.25): a BMPString with a surrogate or a permanent
 *     noncharacter is refused, a T61String is read as Latin-1, and a negative pathLenConstraint
 *     is refused
 * @param domainNameCheck REL-X509-03 (Go 1.24.8, 1.25.2; CVE-2025-58187): domains in URI hosts
 *     and constraints are checked by Go's newer routine, which refuses a constraint of {@code .}
 * @param domainLengthLimits only Go 1.24.8 and 1.25.2 (reverted in 1.24.9 and 1.25.3): that
 *     routine also refused names over 253 characters and labels over 63
 * @param urlBracketedHostsIpv6Only Go 1.24.8, 1.25.2 (CVE-2025-47912): a URI host in brackets
 *     must be an IPv6 address
 * @param wildcardExclusion REL-X509-02 (Go 1.24.11, 1.25.5; CVE-2025-61727): a wildcard DNS name
 *     is excluded when an excluded constraint could match a name it covers
 * @param chainConstraints REL-X509-01/04 (Go 1.26): name constraints are checked over the whole
 *     chain by a rewritten algorithm, URIs under every constraint type, with no comparison bound
 * @param urlStrictColons REL-URL-01 (Go 1.26, {@code urlstrictcolons=1}): a second colon in an
 *     http or https URI's port makes it unparsable
 * @param distrustedKeys REL-X509-09 (Go 1.26): a chain through one of the public-CA keys Go
 *     distrusts is dropped
 * @param rsaMinimum1024 REL-X509-10 (Go 1.24, {@code rsa1024min=1}): an RSA key of fewer than
 *     1024 bits verifies no signature
 */
public record GoX509Rules(
    GoVersion go,
    boolean certificatePolicies,
    boolean strictStrings,
    boolean domainNameCheck,
    boolean domainLengthLimits,
    boolean urlBracketedHostsIpv6Only,
    boolean wildcardExclusion,
    boolean chainConstraints,
    boolean urlStrictColons,
    boolean distrustedKeys,
    boolean rsaMinimum1024) {

  /** The rules of Go 1.23, those msp4j gave before it followed later releases. */
  public static final GoX509Rules GO_1_23 = of(GoVersion.of(23, 5));

  public GoX509Rules {
    Objects.requireNonNull(go, "go");
  }

  /** The rules of Go release {@code go}. */
  public static GoX509Rules of(GoVersion go) {
    return new GoX509Rules(
        go,
        go.minor() >= 24,
        go.minor() >= 25,
        fixed(go, 24, 8, 25, 2),
        (go.minor() == 24 && go.patch() == 8) || (go.minor() == 25 && go.patch() == 2),
        fixed(go, 24, 8, 25, 2),
        fixed(go, 24, 11, 25, 5),
        go.minor() >= 26,
        go.minor() >= 26,
        go.minor() >= 26,
        go.minor() >= 24);
  }

  /** The rules of the Go that built {@code release}. */
  public static GoX509Rules of(FabricRelease release) {
    return of(release.go());
  }

  /**
   * Whether {@code go} has a fix released as {@code 1.olderMinor.olderPatch} and {@code
   * 1.newerMinor.newerPatch} (a security release of the two supported lines), and in every later
   * line from its first release.
   */
  private static boolean fixed(
      GoVersion go, int olderMinor, int olderPatch, int newerMinor, int newerPatch) {
    if (go.minor() == olderMinor) {
      return go.patch() >= olderPatch;
    }
    if (go.minor() == newerMinor) {
      return go.patch() >= newerPatch;
    }
    return go.minor() > newerMinor;
  }
}

package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * msp4j's {@code CRL} entry of an organisation: the identities to revoke, named by common name
 * (a peer, orderer, user, the admin, or an intermediate CA). Each revoked certificate is listed in
 * a CRL signed by the CA that issued it; the CRLs go into the {@code crls} folder of every MSP of
 * the organisation. In YAML: {@code CRL: {Revoke: [User2@org3.example.com], NextUpdate: +30d}}.
 *
 * @param revoke the common names of the certificates to revoke
 * @param thisUpdate the CRLs' thisUpdate, or null for the default notBefore of the spec
 * @param nextUpdate the CRLs' nextUpdate, or null for the default notAfter of the spec
 * @param location where this entry was written
 */
public record CrlSpec(List<String> revoke, TimePoint thisUpdate, TimePoint nextUpdate,
    SpecLocation location) {
  public CrlSpec {
    revoke = List.copyOf(revoke);
    Objects.requireNonNull(location, "location");
  }

  /** A CRL entry revoking the given common names, with default times. */
  public static CrlSpec revoking(String... commonNames) {
    return new CrlSpec(List.of(commonNames), null, null, SpecLocation.NONE);
  }
}

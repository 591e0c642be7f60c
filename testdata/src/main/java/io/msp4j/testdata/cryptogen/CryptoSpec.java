package io.msp4j.testdata.cryptogen;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A whole crypto-config spec: cryptogen's {@code OrdererOrgs} and {@code PeerOrgs}, plus msp4j's
 * top-level {@code Seed}, {@code Now} and {@code Validity}.
 *
 * @param ordererOrgs the orderer organisations
 * @param peerOrgs the peer organisations
 * @param seed the seed that makes the output deterministic, or null for fresh randomness
 * @param now the generation time, or null for the wall clock
 * @param validity the default validity of every certificate, or null for cryptogen's
 * @param location where the spec was read from
 */
public record CryptoSpec(
    List<OrgSpec> ordererOrgs,
    List<OrgSpec> peerOrgs,
    String seed,
    Instant now,
    Validity validity,
    SpecLocation location) {

  public CryptoSpec {
    ordererOrgs = List.copyOf(ordererOrgs);
    peerOrgs = List.copyOf(peerOrgs);
    Objects.requireNonNull(location, "location");
  }

  /** This spec with another seed (null for fresh randomness). */
  public CryptoSpec withSeed(String newSeed) {
    return new CryptoSpec(ordererOrgs, peerOrgs, newSeed, now, validity, location);
  }

  /** This spec with another generation time (null for the wall clock). */
  public CryptoSpec withNow(Instant newNow) {
    return new CryptoSpec(ordererOrgs, peerOrgs, seed, newNow, validity, location);
  }

  /** This spec with another default validity. */
  public CryptoSpec withValidity(Validity newValidity) {
    return new CryptoSpec(ordererOrgs, peerOrgs, seed, now, newValidity, location);
  }
}

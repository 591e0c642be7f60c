package io.msp4j.idemix;

import io.msp4j.testdata.DeterministicRandom;
import java.math.BigInteger;

/** A seeded issuer and users for the issuer-side tests. */
final class IssuerFixtures {
  private IssuerFixtures() {}

  static IdemixIssuer issuer(String seed) {
    return IdemixIssuer.generate(DeterministicRandom.fromSeed(seed));
  }

  static IdemixAttributes attributes(String ou, int role, String enrollmentId) {
    return IdemixAttributes.builder()
        .organizationalUnit(ou)
        .role(role)
        .enrollmentId(enrollmentId)
        .revocationHandle(BigInteger.valueOf(enrollmentId.hashCode() & 0x7fffffff))
        .build();
  }
}

package io.msp4j.x509.internal.cert;

import java.math.BigInteger;
import java.util.List;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.crypto.params.ECNamedDomainParameters;

/**
 * The domain parameters of the four NIST curves Go supports, on Bouncy Castle's fast curve
 * implementations, each looked up once, when first needed: immutable constants, so that parsing
 * a key takes no lock (Bouncy Castle's named-curve tables synchronise on every lookup).
 */
public final class NistCurves {
  private NistCurves() {}

  /** Go's names of the four curves, smallest first. */
  public static final List<String> NAMES = List.of("P-224", "P-256", "P-384", "P-521");

  private static final class P224 {
    static final ECNamedDomainParameters DOMAIN =
        ECNamedDomainParameters.lookup(SECObjectIdentifiers.secp224r1);
  }

  private static final class P256 {
    static final ECNamedDomainParameters DOMAIN =
        ECNamedDomainParameters.lookup(SECObjectIdentifiers.secp256r1);
  }

  private static final class P384 {
    static final ECNamedDomainParameters DOMAIN =
        ECNamedDomainParameters.lookup(SECObjectIdentifiers.secp384r1);
  }

  private static final class P521 {
    static final ECNamedDomainParameters DOMAIN =
        ECNamedDomainParameters.lookup(SECObjectIdentifiers.secp521r1);
  }

  /** Whether {@code name} is one of {@link #NAMES}. */
  public static boolean isNist(String name) {
    return NAMES.contains(name);
  }

  /** The group order n of P-224, P-256, P-384 or P-521; null for any other name. */
  public static BigInteger order(String name) {
    return isNist(name) ? domain(name).getN() : null;
  }

  /** The domain of P-224, P-256, P-384 or P-521. */
  static ECNamedDomainParameters domain(String nistName) {
    return switch (nistName) {
      case "P-224" -> P224.DOMAIN;
      case "P-256" -> P256.DOMAIN;
      case "P-384" -> P384.DOMAIN;
      case "P-521" -> P521.DOMAIN;
      default -> throw new IllegalArgumentException("not a NIST curve: " + nistName);
    };
  }
}

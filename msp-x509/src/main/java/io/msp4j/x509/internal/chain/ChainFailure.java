package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.Objects;
import java.util.Optional;

/**
 * Why no acceptable path was found: a kind, the spec rule, a message for operators, and the
 * certificate at fault when there is one. Like Go, a search reports a single reason.
 */
public final class ChainFailure {

  /** What went wrong. */
  public enum Kind {
    /** No pool member has the issuer's subject bytes (CHAIN-03). */
    NO_ISSUER("CHAIN-03"),
    /** Candidate issuers exist but none signed the certificate (CHAIN-04). */
    SIGNATURE_INVALID("CHAIN-04"),
    /** The signature uses MD5 or SHA-1 (CHAIN-04, ALG-05). */
    INSECURE_SIGNATURE_ALGORITHM("CHAIN-04"),
    /** Signature algorithm or issuer key type not supported (ALG-05). */
    UNSUPPORTED_SIGNATURE_ALGORITHM("ALG-05"),
    /** The issuer is not a CA: v3 without basicConstraints, or cA = false (CHAIN-04). */
    ISSUER_NOT_CA("CHAIN-04"),
    /** The issuer's keyUsage lacks keyCertSign (CHAIN-04). */
    ISSUER_KEY_USAGE("CHAIN-04"),
    /** An intermediate from the pool lacks basicConstraints cA = true (CHAIN-05). */
    INTERMEDIATE_NOT_CA("CHAIN-05"),
    /** A certificate carries a critical extension Go does not handle (CHAIN-05). */
    UNHANDLED_CRITICAL_EXTENSION("CHAIN-05"),
    /** T is before notBefore (CHAIN-05, VALIDATE-TIME-02). */
    NOT_YET_VALID("CHAIN-05"),
    /** T is after notAfter (CHAIN-05, VALIDATE-TIME-02). */
    EXPIRED("CHAIN-05"),
    /** A pathLenConstraint is exceeded (CHAIN-05). */
    PATH_LENGTH_EXCEEDED("CHAIN-05"),
    /** A name violates a CA's name constraints, or cannot be checked (CHAIN-05). */
    NAME_CONSTRAINT_VIOLATED("CHAIN-05"),
    /**
     * Go 1.26: a URI with an empty or IP host, or a name that is not a valid domain, under a
     * name constraint of any type (REL-X509-01).
     */
    NAME_UNMATCHABLE("REL-X509-01"),
    /** A wildcard name whose wildcard could be an excluded name (REL-X509-02). */
    WILDCARD_EXCLUDED("REL-X509-02"),
    /** An RSA issuer key below 1024 bits, which Go 1.24 and later refuse (REL-X509-10). */
    RSA_KEY_TOO_SMALL("REL-X509-10"),
    /** Every path goes through a key Go 1.26 distrusts (REL-X509-09). */
    DISTRUSTED_KEY("REL-X509-09"),
    /** Too many name-constraint comparisons (CHAIN-05). */
    TOO_MANY_CONSTRAINTS("CHAIN-05"),
    /** Every path has a certificate whose EKU lacks serverAuth and anyExtendedKeyUsage (CHAIN-06). */
    INCOMPATIBLE_KEY_USAGE("CHAIN-06"),
    /** Legacy CN hostname under a name-constrained CA (CHAIN-07). */
    LEGACY_COMMON_NAME("CHAIN-07"),
    /** More than 100 signature checks were needed (CHAIN-08). */
    SIGNATURE_CHECK_LIMIT("CHAIN-08"),
    /**
     * Every candidate chain was dropped, some for invalid certificate policies (Go 1.24+,
     * REL-X509-05).
     */
    INVALID_POLICIES("REL-X509-05"),
    /** Several paths where the MSP needs exactly one (CHAIN-09). */
    MULTIPLE_PATHS("CHAIN-09");

    private final String rule;

    Kind(String rule) {
      this.rule = rule;
    }

    /** The spec rule this kind of failure comes from. */
    public String rule() {
      return rule;
    }
  }

  private final Kind kind;
  private final String message;
  private final ParsedCertificate certificate;

  public ChainFailure(Kind kind, String message, ParsedCertificate certificate) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.message = Objects.requireNonNull(message, "message");
    this.certificate = certificate;
  }

  public Kind kind() {
    return kind;
  }

  /** The spec rule ID. */
  public String rule() {
    return kind.rule();
  }

  /** The operator-facing explanation (names the certificate when there is one). */
  public String message() {
    return message;
  }

  /** The certificate the failure is about. */
  public Optional<ParsedCertificate> certificate() {
    return Optional.ofNullable(certificate);
  }

  @Override
  public String toString() {
    return kind + " [" + rule() + "]: " + message;
  }
}

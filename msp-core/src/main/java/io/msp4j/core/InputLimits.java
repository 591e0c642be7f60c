package io.msp4j.core;

/**
 * The bounds msp4j puts on input that strangers choose, beyond Fabric's own checks. Each is far
 * above anything Fabric's tools (cryptogen, fabric-ca, configtxgen, configtxlator, the peer CLI)
 * produce, so it never changes a Fabric verdict on such input; it turns inputs that would cost
 * unbounded memory, stack or time into a failure with reason {@link Reason#LIMIT_EXCEEDED} and
 * the rule named here. docs/security.md explains why each default is safe.
 */
public final class InputLimits {
  private InputLimits() {}

  /**
   * LIMIT-01: the largest serialized identity (SerializedIdentity protobuf) that {@code
   * deserialize} and the well-formedness check read: 1 MiB. A Fabric identity is one certificate
   * of one to a few kilobytes.
   */
  public static final int MAX_SERIALIZED_IDENTITY_BYTES = 1 << 20;

  /**
   * LIMIT-02: the largest certificate (DER, after PEM decoding) read from a configuration or an
   * identity: 1 MiB. Certificates made by cryptogen and fabric-ca are about one kilobyte; one
   * with a thousand DNS names is some tens of kilobytes.
   */
  public static final int MAX_CERTIFICATE_BYTES = 1 << 20;

  /**
   * LIMIT-02: the largest CRL (DER) an MSP configuration may carry: 128 MiB, about three million
   * revoked serials. fabric-ca's CRLs list the identities one CA revoked.
   */
  public static final int MAX_CRL_BYTES = 128 << 20;

  /**
   * LIMIT-07: the most principals (identities) a signature policy may name: 10,000. Channel
   * policies name a few principals per organisation.
   */
  public static final int MAX_POLICY_PRINCIPALS = 10_000;

  /**
   * LIMIT-07: the most rules (gates and SignedBy leaves) a signature policy may hold: 100,000.
   */
  public static final int MAX_POLICY_RULES = 100_000;

  /**
   * LIMIT-08: the most signatures one policy evaluation looks at: 10,000. A transaction carries
   * one endorsement per endorsing peer; a config update one signature per organisation admin.
   */
  public static final int MAX_SIGNATURES_PER_EVALUATION = 10_000;


  /**
   * LIMIT-11: the largest channel configuration (config block, {@code ConfigEnvelope} or {@code
   * Config}) decoded: 100 MiB, the largest message Fabric's gRPC servers accept by default
   * ({@code MaxRecvMsgSize}), so no block larger reaches a peer or orderer with default settings.
   * A configuration with a thousand organisations is a few megabytes.
   */
  public static final int MAX_CONFIG_BLOCK_BYTES = 100 << 20;

  /**
   * Fails unless a serialized identity of {@code length} bytes is within {@link
   * #MAX_SERIALIZED_IDENTITY_BYTES} (LIMIT-01).
   *
   * @throws IdentityException with reason {@link Reason#LIMIT_EXCEEDED}, rule LIMIT-01
   */
  public static void checkSerializedIdentity(long length) {
    if (length > MAX_SERIALIZED_IDENTITY_BYTES) {
      throw new IdentityException(Reason.LIMIT_EXCEEDED, "LIMIT-01",
          describe("the serialized identity's size", length, MAX_SERIALIZED_IDENTITY_BYTES)
              + " bytes; a Fabric identity is one certificate of a few kilobytes", null);
    }
  }

  /** Says that {@code what} of {@code actual} exceeds {@code limit}. */
  public static String describe(String what, long actual, long limit) {
    return what + " is " + actual + ", more than the limit of " + limit;
  }
}

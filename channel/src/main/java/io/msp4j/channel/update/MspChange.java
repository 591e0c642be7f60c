package io.msp4j.channel.update;

import java.util.Objects;

/**
 * One difference between two configurations: in an org's MSP definition, a policy, or the
 * ordering service (its consenters, their quorum, the orderer endpoints).
 *
 * @param org the path of the group it is in, such as {@code /Channel/Application/Org1} (an org),
 *     {@code /Channel/Orderer} (consenters and quorum) or {@code /Channel/Orderer/OrdererOrg}
 *     (its endpoints)
 * @param kind what changed
 * @param detail what exactly: the certificate's subject and serial, the revoked serial and its
 *     issuer, the OU, the NodeOU role, the consenter ({@code host:port (id N, MSPID)} on BFT) and
 *     its new certificates, the quorum before and after ({@code BFT: 3 of 4 consenters -> 2 of
 *     3}), the endpoint
 */
public record MspChange(String org, Kind kind, String detail) {

  /** What part of the MSP definition changed. */
  public enum Kind {
    ORG_ADDED,
    ORG_REMOVED,
    MSP_ID_CHANGED,
    ROOT_ADDED,
    ROOT_REMOVED,
    INTERMEDIATE_ADDED,
    INTERMEDIATE_REMOVED,
    ADMIN_ADDED,
    ADMIN_REMOVED,
    REVOCATION_ADDED,
    REVOCATION_REMOVED,
    OU_ADDED,
    OU_REMOVED,
    NODE_OUS_CHANGED,
    TLS_ROOT_ADDED,
    TLS_ROOT_REMOVED,
    TLS_INTERMEDIATE_ADDED,
    TLS_INTERMEDIATE_REMOVED,
    CRYPTO_CONFIG_CHANGED,
    POLICY_CHANGED,
    POLICY_ADDED,
    POLICY_REMOVED,
    MSP_UNDECODABLE,
    /** The org's MSP changed type (X.509 to idemix or back). */
    MSP_TYPE_CHANGED,
    /** An idemix org's issuer public key changed: its members' credentials no longer hold. */
    IDEMIX_ISSUER_KEY_CHANGED,
    /** An idemix org's revocation public key changed. */
    IDEMIX_REVOCATION_KEY_CHANGED,
    /** A consenter joined the ordering service. */
    CONSENTER_ADDED,
    /** A consenter left the ordering service. */
    CONSENTER_REMOVED,
    /** A consenter's identity, client or server TLS certificate (or MSP ID) changed. */
    CONSENTER_CERTIFICATES_CHANGED,
    /** The number of consenters or the quorum they make changed. */
    QUORUM_CHANGED,
    /** An orderer endpoint is announced that was not. */
    ENDPOINT_ADDED,
    /** An orderer endpoint is no longer announced. */
    ENDPOINT_REMOVED
  }

  /** Checks the parts. */
  public MspChange {
    Objects.requireNonNull(org, "org");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(detail, "detail");
  }

  @Override
  public String toString() {
    return org + ": " + kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " "
        + detail;
  }
}

package io.msp4j.channel.update;

import java.util.Objects;

/**
 * One difference between an org's current and proposed MSP definition.
 *
 * @param org the org group's path, such as {@code /Channel/Application/Org1}
 * @param kind what changed
 * @param detail what exactly: the certificate's subject and serial, the revoked serial and its
 *     issuer, the OU, the NodeOU role
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
    MSP_UNDECODABLE
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

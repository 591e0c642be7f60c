package io.msp4j.core.reload;

import java.util.Objects;

/**
 * One difference between the configuration served before a swap and the one served after: a CA,
 * admin or OU identifier added or removed, serials newly revoked, NodeOUs or the signing identity
 * changed; for a channel, an organisation, a policy or the capabilities. Changes inside one
 * organisation of a channel name its MSP ID first in {@code item}.
 *
 * @param kind what sort of configuration entry changed
 * @param action whether it was added, removed or changed
 * @param item the entry for people: a certificate's subject and serial, a CRL issuer with the
 *     first revoked serials, an OU, a description of what changed
 * @param count how many entries this change stands for: 1 for a certificate, the number of
 *     serials for {@link Kind#REVOKED_SERIALS} (whose {@code item} lists at most ten of them)
 */
public record MspChange(Kind kind, Action action, String item, long count) {

  /** What sort of configuration entry changed. */
  public enum Kind {
    ROOT_CA,
    INTERMEDIATE_CA,
    ADMIN,
    /** Serials revoked by one CA: {@code ADDED} newly revoked, {@code REMOVED} no longer listed. */
    REVOKED_SERIALS,
    /** A CRL re-issued with the same serials, or one whose issuer could not be read. */
    CRL,
    OU_IDENTIFIER,
    NODE_OUS,
    SIGNING_IDENTITY,
    /** The key store of a local MSP (its files changed while the signing certificate did not). */
    KEY_STORE,
    TLS_ROOT_CA,
    TLS_INTERMEDIATE_CA,
    CRYPTO_CONFIG,
    /** An organisation of a channel (its config path and MSP ID). */
    ORGANIZATION,
    /** A policy of a channel, by its path. */
    POLICY,
    /** A channel's capabilities, and with them its MSP version. */
    CAPABILITIES,
    /** Anything else: another provider type, a configuration that cannot be described. */
    OTHER
  }

  /** Whether an entry was added, removed or changed in place. */
  public enum Action {
    ADDED,
    REMOVED,
    CHANGED
  }

  public MspChange {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(item, "item");
    if (count < 1) {
      throw new IllegalArgumentException("count must be positive, got " + count);
    }
  }

  /** A change standing for one entry. */
  public static MspChange of(Kind kind, Action action, String item) {
    return new MspChange(kind, action, item, 1);
  }

  @Override
  public String toString() {
    return kind + " " + action + (count == 1 ? "" : " (" + count + ")") + ": " + item;
  }
}

package io.msp4j.core;

import java.util.Objects;

/**
 * Fabric's identifier of an identity: the MSP ID and the lower-case hex hash of the sanitised
 * certificate (spec IDENT-01).
 */
public record IdentityIdentifier(String mspId, String id) {
  public IdentityIdentifier {
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(id, "id");
  }

  /**
   * The key a policy evaluation de-duplicates signers by (POLICY-SIG-02): the MSP ID immediately
   * followed by the id, with no separator, as Fabric joins them.
   */
  public String signerKey() {
    return mspId + id;
  }
}

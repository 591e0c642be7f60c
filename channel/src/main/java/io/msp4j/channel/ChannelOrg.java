package io.msp4j.channel;

import io.msp4j.core.Msp;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * One organisation group of a channel configuration and the MSP set up from it.
 *
 * @param groupPath the group's config path, such as {@code /Channel/Application/Org1}
 * @param kind application, orderer or consortium org
 * @param name the group's key, such as {@code Org1}
 * @param mspId the MSP ID
 * @param msp the MSP, wrapped in Fabric's caches; org groups that carry the same MSP ID (with
 *     byte-identical configurations) share the MSP of the first of them (CHANNEL-MSP-07); with
 *     {@link SharedMsps}, channels share it too
 * @param mspConfig the group's {@code MSP} value as decoded
 */
public record ChannelOrg(
    String groupPath, OrgKind kind, String name, String mspId, Msp msp, MSPConfig mspConfig) {

  public ChannelOrg {
    Objects.requireNonNull(groupPath, "groupPath");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(msp, "msp");
    Objects.requireNonNull(mspConfig, "mspConfig");
  }
}

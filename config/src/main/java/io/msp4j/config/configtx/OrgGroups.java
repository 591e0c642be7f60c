package io.msp4j.config.configtx;

import io.msp4j.config.internal.configtx.OrgEncoder;
import java.util.Objects;
import java.util.Set;

/**
 * Builds an organisation's channel config group exactly as configtxgen v3.0 does (spec section
 * 9.2, ENCODE-01 to 09): the {@code MSP} value read from {@code MSPDir} with the verifying folder
 * reader, the policies compiled from their rules, {@code AnchorPeers} or {@code Endpoints} when
 * there are any; every element at version 0 with mod_policy {@code Admins}. The protobuf bytes of
 * each value and policy equal configtxgen's.
 *
 * <p>Failures are {@link ConfigtxException}s naming the organisation and, for a policy, its name,
 * rule and line (the DSL error with its offset); folder errors keep the folder reader's reason.
 */
public final class OrgGroups {

  private OrgGroups() {}

  /** The application-org group: MSP, policies and anchor peers (when there are any). */
  public static OrgGroup application(Organization org) {
    return OrgEncoder.application(Objects.requireNonNull(org, "org"), "");
  }

  /**
   * The orderer-org group: MSP, policies and Endpoints (when there are any). With the channel
   * capability {@code V3_0} an organisation without endpoints fails (ENCODE-04).
   *
   * @param channelCapabilities the enabled channel capabilities
   */
  public static OrgGroup orderer(Organization org, Set<String> channelCapabilities) {
    return OrgEncoder.orderer(
        Objects.requireNonNull(org, "org"), Set.copyOf(channelCapabilities), "");
  }

  /** The consortium-org group: MSP and policies only (ENCODE-06). */
  public static OrgGroup consortium(Organization org) {
    return OrgEncoder.consortium(Objects.requireNonNull(org, "org"), "");
  }

  /**
   * What {@code configtxgen -printOrg NAME} prints, as a group (ENCODE-07): the first top-level
   * organisation of that name, as an orderer org when it has {@code OrdererEndpoints} (checked
   * against the top-level {@code Capabilities.Channel}), else as an application org.
   *
   * @throws ConfigtxException CONFIGTX_ORG_NOT_FOUND when no top-level organisation has the name
   */
  public static OrgGroup printOrg(TopLevel top, String name) {
    Objects.requireNonNull(top, "top");
    Objects.requireNonNull(name, "name");
    return OrgEncoder.printOrg(top, name);
  }
}

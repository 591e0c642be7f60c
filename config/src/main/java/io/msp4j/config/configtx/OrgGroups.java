package io.msp4j.config.configtx;

import io.msp4j.config.internal.configtx.OrgEncoder;
import io.msp4j.core.FabricRelease;
import java.util.Objects;
import java.util.Set;

/**
 * Builds an organisation's channel config group exactly as configtxgen v3.0 does (spec section
 * 9.2, ENCODE-01 to 09): the {@code MSP} value read from {@code MSPDir} with the verifying folder
 * reader, the policies compiled from their rules, {@code AnchorPeers} or {@code Endpoints} when
 * there are any; every element at version 0 with mod_policy {@code Admins}. The protobuf bytes of
 * each value and policy equal configtxgen's.
 *
 * <p>Fabric v2.5's configtxgen writes the same groups, with two differences (DELTA25-07): an
 * orderer org without endpoints is never refused, and {@code -printOrg} always prints the
 * orderer-org form. Fabric v3.1.5 compiles Signature rules in another policy language
 * (REL-DSL-01) and v3.1 reads the MSPDir's config.yaml with another YAML library (REL-YAML-01).
 * The methods without a release follow the default release, {@link
 * FabricRelease#defaultRelease()}.
 *
 * <p>Failures are {@link ConfigtxException}s naming the organisation and, for a policy, its name,
 * rule and line (the DSL error with its offset); folder errors keep the folder reader's reason.
 */
public final class OrgGroups {

  private OrgGroups() {}

  /** The application-org group: MSP, policies and anchor peers (when there are any). */
  public static OrgGroup application(Organization org) {
    return application(org, FabricRelease.defaultRelease());
  }

  /**
   * The application-org group as {@code release}'s configtxgen writes it: the MSPDir's
   * config.yaml read with that release's YAML (REL-YAML-01) and Signature rules compiled in its
   * policy language (REL-DSL-01).
   */
  public static OrgGroup application(Organization org, FabricRelease release) {
    return OrgEncoder.application(Objects.requireNonNull(org, "org"),
        Objects.requireNonNull(release, "release"), "");
  }

  /**
   * The orderer-org group: MSP, policies and Endpoints (when there are any). With the channel
   * capability {@code V3_0} an organisation without endpoints fails (ENCODE-04).
   *
   * @param channelCapabilities the enabled channel capabilities
   */
  public static OrgGroup orderer(Organization org, Set<String> channelCapabilities) {
    return orderer(org, channelCapabilities, FabricRelease.defaultRelease());
  }

  /**
   * The orderer-org group as {@code release}'s configtxgen writes it: at v3.0 as {@link
   * #orderer(Organization, Set)}; at v2.5 an organisation without endpoints is never refused
   * (DELTA25-07).
   *
   * @param channelCapabilities the enabled channel capabilities
   */
  public static OrgGroup orderer(
      Organization org, Set<String> channelCapabilities, FabricRelease release) {
    return OrgEncoder.orderer(
        Objects.requireNonNull(org, "org"), Set.copyOf(channelCapabilities),
        Objects.requireNonNull(release, "release"), "");
  }

  /** The consortium-org group: MSP and policies only (ENCODE-06). */
  public static OrgGroup consortium(Organization org) {
    return consortium(org, FabricRelease.defaultRelease());
  }

  /** The consortium-org group as {@code release}'s configtxgen writes it (ENCODE-06). */
  public static OrgGroup consortium(Organization org, FabricRelease release) {
    return OrgEncoder.consortium(Objects.requireNonNull(org, "org"),
        Objects.requireNonNull(release, "release"), "");
  }

  /**
   * What {@code configtxgen -printOrg NAME} prints, as a group (ENCODE-07): the first top-level
   * organisation of that name, as an orderer org when it has {@code OrdererEndpoints} (checked
   * against the top-level {@code Capabilities.Channel}), else as an application org.
   *
   * @throws ConfigtxException CONFIGTX_ORG_NOT_FOUND when no top-level organisation has the name
   */
  public static OrgGroup printOrg(TopLevel top, String name) {
    return printOrg(top, name, FabricRelease.defaultRelease());
  }

  /**
   * What {@code release}'s {@code configtxgen -printOrg NAME} prints: at v3.0 as {@link
   * #printOrg(TopLevel, String)}; at v2.5 always the orderer-org form (no anchor peers, no
   * endpoints check), as v2.5 did (DELTA25-07, ENCODE-07).
   *
   * @throws ConfigtxException CONFIGTX_ORG_NOT_FOUND when no top-level organisation has the name
   */
  public static OrgGroup printOrg(TopLevel top, String name, FabricRelease release) {
    Objects.requireNonNull(top, "top");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(release, "release");
    return OrgEncoder.printOrg(top, name, release);
  }
}

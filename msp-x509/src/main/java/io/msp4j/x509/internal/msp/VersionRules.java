package io.msp4j.x509.internal.msp;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;

/**
 * What each MSP version switches on, as data (spec VER-04), so that no rule has to test version
 * numbers itself; and what the Fabric release changes beside it (DELTA25 rules).
 *
 * @param adminsAfterNodeOus setup order B: admins are read after NodeOUs (v1.4.3+), else order A
 * @param nodeOuStyle how the NodeOU block is read and enforced
 * @param emptyAdminsNeedAdminOu an empty admin list fails unless an admin OU is enforced
 * @param ed25519Leaves Ed25519 leaf certificates pass validation
 * @param combinedAndAnonymity COMBINED and ANONYMITY principals are supported
 * @param principalsRequireX509Identity every flattened principal first checks the identity type
 * @param nodeOuAdminAndOrderer with NodeOUs enforced, the ADMIN role also admits valid identities
 *     carrying the admin OU, and the ORDERER role exists (PRINCIPAL-ROLE-03)
 * @param release the Fabric release whose verdicts the MSP gives
 * @param keyAlgorithmStep validation starts with the key-algorithm step (VALIDATE-01 step 1);
 *     v2.5 has none, so RSA leaves can be valid there (DELTA25-02)
 * @param ed25519Import Ed25519 public keys can be imported; v2.5 cannot, so no Ed25519 CA, admin
 *     or identity exists there (DELTA25-12)
 */
record VersionRules(
    MspVersion version,
    boolean adminsAfterNodeOus,
    NodeOuStyle nodeOuStyle,
    boolean emptyAdminsNeedAdminOu,
    boolean ed25519Leaves,
    boolean combinedAndAnonymity,
    boolean principalsRequireX509Identity,
    boolean nodeOuAdminAndOrderer,
    FabricRelease release,
    boolean keyAlgorithmStep,
    boolean ed25519Import) {

  /** What the Go release that built {@link #release} does in crypto/x509 (Appendix F). */
  io.msp4j.x509.internal.cert.GoX509Rules goX509() {
    return io.msp4j.x509.internal.cert.GoX509Rules.of(release);
  }

  /** How NodeOUs are read (NODEOU-01..03) and counted (NODEOU-04/05). */
  enum NodeOuStyle {
    /** v1.0: the NodeOU block is ignored. */
    NONE,
    /** v1.1, v1.3: client and peer, both mandatory when the block exists. */
    CLIENT_PEER,
    /** v1.4.3+: four optional NodeOUs. */
    FOUR_ROLES
  }

  /**
   * The rules of MSP version {@code v} at Fabric release {@code r}; the caller has checked that
   * the release has the version (DELTA25-01).
   */
  static VersionRules of(MspVersion v, FabricRelease r) {
    boolean v3 = !r.isV2_5();
    return switch (v) {
      case V1_0 -> new VersionRules(
          v, false, NodeOuStyle.NONE, false, false, false, false, false, r, v3, v3);
      case V1_1 -> new VersionRules(
          v, false, NodeOuStyle.CLIENT_PEER, false, false, false, false, false, r, v3, v3);
      case V1_3 -> new VersionRules(
          v, false, NodeOuStyle.CLIENT_PEER, false, false, true, false, false, r, v3, v3);
      case V1_4_3 -> new VersionRules(
          v, true, NodeOuStyle.FOUR_ROLES, true, false, true, true, true, r, v3, v3);
      case V3_0 -> new VersionRules(
          v, true, NodeOuStyle.FOUR_ROLES, true, true, true, true, true, r, v3, v3);
    };
  }
}

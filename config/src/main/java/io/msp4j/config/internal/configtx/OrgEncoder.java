package io.msp4j.config.internal.configtx;

import io.msp4j.config.internal.Quotes;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.config.MspFolders;
import io.msp4j.config.ReadOptions;
import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.configtx.OrgGroup;
import io.msp4j.config.configtx.Organization;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyDsl;
import java.util.Map;
import java.util.Set;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** configtxgen's org encoders (ENCODE-01..07), step for step and in its order. */
public final class OrgEncoder {
  private static final Logger LOG = LoggerFactory.getLogger(OrgEncoder.class);


  private static final String ADMINS = "Admins";

  private OrgEncoder() {}

  public static OrgGroup printOrg(TopLevel top, String name, FabricRelease release) {
    String file = top.file().toString();
    Organization org =
        top.organization(name)
            .orElseThrow(() -> new ConfigtxException(Reason.CONFIGTX_ORG_NOT_FOUND, "ENCODE-07",
                file + ": organization " + quote(name) + " not found among the top-level"
                    + " Organizations" + known(top)));
    String where = file + ":" + org.line() + ": ";
    if (release.isV2_5()) {
      // DELTA25-07: v2.5 always prints the orderer form, without the V3_0 endpoints check.
      return orderer(org, top.enabledCapabilities("Channel"), release, where);
    }
    if (!org.ordererEndpoints().isEmpty()) {
      return orderer(org, top.enabledCapabilities("Channel"), release, where);
    }
    return application(org, release, where);
  }

  public static OrgGroup application(Organization org, FabricRelease release, String where) {
    ConfigGroup.Builder g = ConfigGroup.newBuilder().setModPolicy(ADMINS);
    if (org.skipAsForeign()) {
      return new OrgGroup(OrgGroup.Kind.APPLICATION, g.build());
    }
    MSPConfig msp = msp(org, release, where);
    addPolicies(g, org, release, where);
    addValue(g, "MSP", msp);
    if (!org.anchorPeers().isEmpty()) {
      AnchorPeers.Builder peers = AnchorPeers.newBuilder();
      for (io.msp4j.config.configtx.AnchorPeer p : org.anchorPeers()) {
        // configtxgen converts Go's int to int32, keeping the low 32 bits.
        peers.addAnchorPeers(AnchorPeer.newBuilder().setHost(p.host()).setPort((int) p.port()));
      }
      addValue(g, "AnchorPeers", peers.build());
    }
    return new OrgGroup(OrgGroup.Kind.APPLICATION, g.build());
  }

  public static OrgGroup orderer(
      Organization org, Set<String> channelCapabilities, FabricRelease release, String where) {
    ConfigGroup.Builder g = ConfigGroup.newBuilder().setModPolicy(ADMINS);
    if (org.skipAsForeign()) {
      return new OrgGroup(OrgGroup.Kind.ORDERER, g.build());
    }
    MSPConfig msp = msp(org, release, where);
    addPolicies(g, org, release, where);
    addValue(g, "MSP", msp);
    if (!org.ordererEndpoints().isEmpty()) {
      addValue(g, "Endpoints",
          OrdererAddresses.newBuilder().addAllAddresses(org.ordererEndpoints()).build());
    } else if (!release.isV2_5() && channelCapabilities.contains("V3_0")) {
      throw new ConfigtxException(Reason.CONFIGTX_INVALID, "ENCODE-04",
          where + "orderer endpoints for organization " + org.name()
              + " are missing and must be configured when capability V3_0 is enabled");
    }
    return new OrgGroup(OrgGroup.Kind.ORDERER, g.build());
  }

  public static OrgGroup consortium(Organization org, FabricRelease release, String where) {
    ConfigGroup.Builder g = ConfigGroup.newBuilder().setModPolicy(ADMINS);
    if (org.skipAsForeign()) {
      return new OrgGroup(OrgGroup.Kind.CONSORTIUM, g.build());
    }
    MSPConfig msp = msp(org, release, where);
    addPolicies(g, org, release, where);
    addValue(g, "MSP", msp);
    return new OrgGroup(OrgGroup.Kind.CONSORTIUM, g.build());
  }

  /**
   * ENCODE-02: the verifying folder reader for bccsp, the idemix folder reader for idemix; other
   * types fail. configtxgen copies an idemix folder's user/SignerConfig, the member's secret key
   * included, into the channel config; msp4j leaves it out and says so (IDEMIX-FOLDER-01).
   */
  private static MSPConfig msp(Organization org, FabricRelease release, String where) {
    boolean idemix = switch (org.mspType()) {
      case "bccsp" -> false;
      case "idemix" -> true;
      default -> throw new ConfigtxException(Reason.CONFIGTX_MSP_TYPE_UNSUPPORTED, "ENCODE-02",
          where + "organisation " + org.name() + ": unknown MSPType " + quote(org.mspType())
              + " (configtxgen knows bccsp and idemix)");
    };
    ReadOptions reading = ReadOptions.builder().release(release).build();
    try {
      if (idemix) {
        return withoutSigner(IdemixMspFolders.read(org.mspDir(), org.id(), reading), org, where);
      }
      MspFolderConfig folder = MspFolders.readVerifying(org.mspDir(), org.id(), reading);
      return folder.mspConfig();
    } catch (MspException e) {
      throw new ConfigtxException(e.reason(), "ENCODE-02",
          where + "organisation " + org.name() + ": cannot read MSPDir " + org.mspDir() + ": "
              + e.detail() + " [" + e.rule() + "]", e);
    }
  }

  private static MSPConfig withoutSigner(MSPConfig config, Organization org, String where) {
    IdemixMSPConfig idemix;
    try {
      idemix = IdemixMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("the idemix folder reader wrote an undecodable config", e);
    }
    if (!idemix.hasSigner()) {
      return config;
    }
    LOG.warn("{}organisation {}: MSPDir {} holds user/SignerConfig; it is left out of the channel"
        + " config (configtxgen would copy it, the member's secret key included) [IDEMIX-FOLDER-01]",
        where, org.name(), org.mspDir());
    return config.toBuilder().setConfig(idemix.toBuilder().clearSigner().build().toByteString())
        .build();
  }

  /**
   * ENCODE-03: Admins, Readers and Writers required; Signature and ImplicitMeta rules, the
   * Signature rules in {@code release}'s policy language (REL-DSL-01).
   */
  private static void addPolicies(
      ConfigGroup.Builder g, Organization org, FabricRelease release, String where) {
    String who = where + "organisation " + org.name() + ": ";
    if (org.policies().isEmpty()) {
      throw policyError(who + "no policies defined", null);
    }
    Map<String, io.msp4j.config.configtx.Policy> policies = org.policies().get();
    for (String required : new String[] {ADMINS, "Readers", "Writers"}) {
      if (!policies.containsKey(required)) {
        throw policyError(who + "no " + required + " policy defined", null);
      }
    }
    if (!org.nullPolicies().isEmpty()) {
      throw policyError(who + "policy " + org.nullPolicies().iterator().next()
          + " has no value (configtxgen fails on it)", null);
    }
    for (Map.Entry<String, io.msp4j.config.configtx.Policy> e : policies.entrySet()) {
      io.msp4j.config.configtx.Policy p = e.getValue();
      String at = "policy " + e.getKey() + (p.line() > 0 ? " (line " + p.line() + ")" : "");
      Policy.Builder policy = Policy.newBuilder();
      switch (p.type()) {
        case "ImplicitMeta" -> policy
            .setType(Policy.PolicyType.IMPLICIT_META_VALUE)
            .setValue(implicitMeta(p.rule(), who + at).toByteString());
        case "Signature" -> {
          try {
            policy
                .setType(Policy.PolicyType.SIGNATURE_VALUE)
                .setValue(PolicyDsl.compile(p.rule(), release).toByteString());
          } catch (MspException ex) {
            String message = who + at + ": invalid signature policy rule " + quote(p.rule())
                + ": " + ex.detail();
            if (ex.rule().startsWith("REL-")) {
              throw new ConfigtxException(
                  Reason.CONFIGTX_POLICY_INVALID, ex.rule(), message, ex);
            }
            throw policyError(message, ex);
          }
        }
        default -> throw policyError(who + at + ": unknown policy type: " + quote(p.type())
            + " (Signature or ImplicitMeta)", null);
      }
      g.putPolicies(e.getKey(),
          ConfigPolicy.newBuilder().setModPolicy(ADMINS).setPolicy(policy).build());
    }
  }

  /** Fabric's ImplicitMetaFromString: exactly two tokens split on single spaces. */
  private static ImplicitMetaPolicy implicitMeta(String rule, String where) {
    String[] args = rule.split(" ", -1);
    if (args.length != 2) {
      throw policyError(where + ": invalid implicit meta policy rule " + quote(rule)
          + ": expected two space separated tokens, but got " + args.length, null);
    }
    ImplicitMetaPolicy.Rule r =
        switch (args[0]) {
          case "ANY" -> ImplicitMetaPolicy.Rule.ANY;
          case "ALL" -> ImplicitMetaPolicy.Rule.ALL;
          case "MAJORITY" -> ImplicitMetaPolicy.Rule.MAJORITY;
          default -> throw policyError(where + ": invalid implicit meta policy rule "
              + quote(rule) + ": unknown rule type " + quote(args[0])
              + ", expected ALL, ANY, or MAJORITY", null);
        };
    return ImplicitMetaPolicy.newBuilder().setRule(r).setSubPolicy(args[1]).build();
  }

  private static void addValue(ConfigGroup.Builder g, String key, Message value) {
    g.putValues(key,
        ConfigValue.newBuilder().setModPolicy(ADMINS).setValue(value.toByteString()).build());
  }

  private static ConfigtxException policyError(String message, Throwable cause) {
    return new ConfigtxException(Reason.CONFIGTX_POLICY_INVALID, "ENCODE-03", message, cause);
  }

  private static String known(TopLevel top) {
    if (top.organizations().isEmpty()) {
      return " (there are none)";
    }
    StringBuilder b = new StringBuilder(" (known: ");
    for (int i = 0; i < top.organizations().size(); i++) {
      b.append(i == 0 ? "" : ", ").append(top.organizations().get(i).name());
    }
    return b.append(")").toString();
  }

  private static String quote(String s) {
    return Quotes.of(s);
  }
}

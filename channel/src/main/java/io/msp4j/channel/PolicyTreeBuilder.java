package io.msp4j.channel;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.DeepMessages;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.ImplicitMetaPolicies;
import io.msp4j.core.policy.Policies;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.SignaturePolicies;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * Compiles a channel's policy tree as Fabric's policy manager does (POLICY-MGR-01, -03): a
 * group's child groups first, then its own policies; signature policies through the channel's
 * MSPs, implicit-meta policies over the named sub-policy of each immediate child group (a child
 * without it counts as a policy never satisfied). Any policy that cannot be compiled rejects the
 * configuration, naming the policy's path. Groups and policies are taken in sorted order, so the
 * fault reported first does not depend on map order (Fabric's is random).
 */
final class PolicyTreeBuilder {
  private final IdentityDeserializer deserializer;

  private PolicyTreeBuilder(IdentityDeserializer deserializer) {
    this.deserializer = deserializer;
  }

  static PolicyManager build(ConfigGroup root, IdentityDeserializer deserializer) {
    return new PolicyTreeBuilder(deserializer).group(root, "Channel");
  }

  private PolicyManager group(ConfigGroup group, String path) {
    Map<String, PolicyManager> children = new LinkedHashMap<>();
    for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(group.getGroupsMap()).entrySet()) {
      children.put(e.getKey(), group(e.getValue(), path + "/" + e.getKey()));
    }
    Map<String, Policy> table = new LinkedHashMap<>();
    for (Map.Entry<String, ConfigPolicy> e : new TreeMap<>(group.getPoliciesMap()).entrySet()) {
      table.put(e.getKey(), compile(e.getValue(), "/" + path + "/" + e.getKey(), children));
    }
    children.forEach((child, manager) ->
        manager.policies().forEach((name, policy) -> table.put(child + "/" + name, policy)));
    return new PolicyManager(path, table, children);
  }

  private Policy compile(ConfigPolicy config, String at, Map<String, PolicyManager> children) {
    if (!config.hasPolicy()) {
      throw invalid("POLICY-MGR-03", at, "the config policy has no policy");
    }
    int type = config.getPolicy().getType();
    try {
      return switch (type) {
        case org.hyperledger.fabric.protos.common.Policy.PolicyType.SIGNATURE_VALUE -> signature(config, at);
        case org.hyperledger.fabric.protos.common.Policy.PolicyType.IMPLICIT_META_VALUE -> implicitMeta(config, at, children);
        default -> throw invalid("POLICY-MGR-03", at, "unsupported policy type " + type
            + (type == 0 ? " (UNKNOWN)" : type == 2 ? " (MSP)" : "")
            + ": only SIGNATURE (1) and IMPLICIT_META (3) policies can be used");
      };
    } catch (ChannelConfigException e) {
      throw e;
    } catch (MspException e) {
      throw new ChannelConfigException(e.reason(), e.rule(), at, e.detail(), e);
    }
  }

  private Policy signature(ConfigPolicy config, String at) {
    SignaturePolicyEnvelope envelope;
    try {
      envelope = DeepMessages.parse(SignaturePolicyEnvelope.parser(), config.getPolicy().getValue());
    } catch (InvalidProtocolBufferException e) {
      throw invalid("POLICY-SIG-01", at, "the value does not decode as a SignaturePolicyEnvelope: "
          + e.getMessage());
    }
    return SignaturePolicies.compile(envelope, deserializer);
  }

  private Policy implicitMeta(ConfigPolicy config, String at, Map<String, PolicyManager> children) {
    ImplicitMetaPolicy definition;
    try {
      definition = DeepMessages.parse(ImplicitMetaPolicy.parser(), config.getPolicy().getValue());
    } catch (InvalidProtocolBufferException e) {
      throw invalid("POLICY-MGR-03", at, "the value does not decode as an ImplicitMetaPolicy: "
          + e.getMessage());
    }
    Map<String, Policy> subPolicies = new LinkedHashMap<>();
    children.forEach((name, child) -> {
      PolicyLookup found = child.lookup(definition.getSubPolicy());
      subPolicies.put(name, found.found() ? found.policy()
          : Policies.missing(name + "/" + definition.getSubPolicy()));
    });
    return ImplicitMetaPolicies.compile(definition, subPolicies);
  }

  private static ChannelConfigException invalid(String rule, String at, String message) {
    return new ChannelConfigException(Reason.POLICY_INVALID, rule, at, message);
  }
}

package io.msp4j.channel.update;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;

/**
 * A test policy tree over a {@link TestConfigs} config: names are resolved from group managers as
 * POLICY-MGR-02 says (so mod_policy resolution is tested for real), and a policy is satisfied when
 * one signature's creator bytes equal the policy's value (a stand-in for signature evaluation,
 * which the policy tests cover). A policy whose value is empty needs no signature. Every lookup is
 * recorded.
 */
final class TestPolicies implements ModPolicies {
  private final ConfigGroup root;
  final List<String> lookups = new ArrayList<>();

  TestPolicies(Config config) {
    this.root = config.getChannelGroup();
  }

  @Override
  public Optional<ModPolicyOutcome> evaluate(
      List<String> managerPath, String policyName, List<UpdateSignature> signatures) {
    lookups.add("/" + String.join("/", managerPath) + " " + policyName);
    if (policyName.isEmpty()) {
      return Optional.empty();
    }
    List<String> groups = new ArrayList<>();
    String name;
    if (policyName.startsWith("/")) {
      if (!policyName.startsWith("/Channel/")) {
        return Optional.empty();
      }
      String[] parts = policyName.substring("/Channel/".length()).split("/", -1);
      for (int i = 0; i < parts.length - 1; i++) {
        groups.add(parts[i]);
      }
      name = parts[parts.length - 1];
    } else {
      groups.addAll(managerPath);
      String[] parts = policyName.split("/", -1);
      for (int i = 0; i < parts.length - 1; i++) {
        groups.add(parts[i]);
      }
      name = parts[parts.length - 1];
    }
    ConfigGroup g = root;
    for (String k : groups) {
      Map<String, ConfigGroup> children = g.getGroupsMap();
      if (!children.containsKey(k)) {
        return Optional.empty();
      }
      g = children.get(k);
    }
    ConfigPolicy p = g.getPoliciesMap().get(name);
    if (p == null) {
      return Optional.empty();
    }
    String path = "/Channel/" + (groups.isEmpty() ? "" : String.join("/", groups) + "/") + name;
    byte[] wanted = p.getPolicy().getValue().toByteArray();
    if (wanted.length == 0) {
      return Optional.of(new ModPolicyOutcome(path, true, true, List.of(), List.of()));
    }
    for (UpdateSignature s : signatures) {
      if (java.util.Arrays.equals(s.identity(), wanted)) {
        return Optional.of(new ModPolicyOutcome(path, true, false, List.of(), List.of()));
      }
    }
    return Optional.of(new ModPolicyOutcome(path, false, false,
        List.of(new String(wanted, StandardCharsets.UTF_8)), List.of()));
  }
}

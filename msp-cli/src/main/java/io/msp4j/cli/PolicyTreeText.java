package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.MspException;
import io.msp4j.core.policy.ImplicitMetaPolicies;
import io.msp4j.core.policy.PolicyDsl;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * The policies of a channel configuration, group by group, each in the text an operator writes in
 * configtx.yaml: a signature policy in the policy language ({@link PolicyDsl#print}), an
 * implicit-meta policy as {@code RULE SubPolicy}.
 */
final class PolicyTreeText {
  private PolicyTreeText() {}

  /** One policy, for the text and JSON forms. */
  record Entry(String group, String name, String type, String text, String modPolicy) {}

  /** Every policy of the tree under {@code root} (named {@code /Channel}), groups in name order. */
  static List<Entry> entries(ConfigGroup root) {
    List<Entry> out = new ArrayList<>();
    walk("/Channel", root, out);
    return out;
  }

  private static void walk(String path, ConfigGroup group, List<Entry> out) {
    new TreeMap<>(group.getPoliciesMap()).forEach((name, p) -> out.add(entry(path, name, p)));
    new TreeMap<>(group.getGroupsMap()).forEach((name, child) -> walk(path + "/" + name, child, out));
  }

  private static Entry entry(String group, String name, ConfigPolicy p) {
    Policy policy = p.getPolicy();
    String type;
    String text;
    try {
      switch (policy.getType()) {
        case Policy.PolicyType.SIGNATURE_VALUE -> {
          type = "signature";
          text = PolicyDsl.print(SignaturePolicyEnvelope.parseFrom(policy.getValue()));
        }
        case Policy.PolicyType.IMPLICIT_META_VALUE -> {
          type = "implicit_meta";
          text = ImplicitMetaPolicies.format(ImplicitMetaPolicy.parseFrom(policy.getValue()));
        }
        default -> {
          type = "type " + policy.getType();
          text = "<policy of type " + policy.getType() + ">";
        }
      }
    } catch (InvalidProtocolBufferException | MspException e) {
      type = "undecodable";
      text = "<does not decode: " + e.getMessage() + ">";
    }
    return new Entry(group, name, type, text, p.getModPolicy());
  }

  static String text(List<Entry> entries) {
    StringBuilder sb = new StringBuilder();
    String group = null;
    for (Entry e : entries) {
      if (!e.group().equals(group)) {
        group = e.group();
        sb.append("    ").append(group).append('\n');
      }
      sb.append(String.format("        %-22s %s", e.name(), e.text()));
      if (!e.modPolicy().isEmpty()) {
        sb.append("   (mod_policy ").append(e.modPolicy()).append(')');
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static List<Object> json(List<Entry> entries) {
    List<Object> out = new ArrayList<>();
    for (Entry e : entries) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("path", e.group() + "/" + e.name());
      o.put("type", e.type());
      o.put("text", e.text());
      o.put("mod_policy", e.modPolicy());
      out.add(o);
    }
    return out;
  }
}

package io.msp4j.channel.internal.reload;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelCapabilities;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.MspChange.Action;
import io.msp4j.core.reload.MspChange.Kind;
import io.msp4j.x509.X509MspContents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;

/**
 * What changed between two loaded channel configurations: capabilities (and with them the MSP
 * version), organisations added or removed, each organisation's MSP (as {@link X509MspContents}
 * compares them, items prefixed with the MSP ID and group), and policies by path. Policies of an
 * organisation added or removed are not listed one by one.
 */
final class ChannelChanges {
  private ChannelChanges() {}

  /** The changes from {@code before} (null for the first configuration) to {@code after}. */
  static List<MspChange> between(ChannelCandidate before, ChannelCandidate after) {
    List<MspChange> out = new ArrayList<>();
    Channel now = after.channel();
    Channel was = before == null ? null : before.channel();
    capabilities(was, now, out);
    Map<String, ChannelOrg> wasOrgs = was == null ? Map.of() : byPath(was.orgs());
    Map<String, ChannelOrg> nowOrgs = byPath(now.orgs());
    nowOrgs.forEach((path, org) -> {
      ChannelOrg old = wasOrgs.get(path);
      if (old == null) {
        out.add(MspChange.of(Kind.ORGANIZATION, Action.ADDED, path + " (" + org.mspId() + ")"));
      } else if (!old.mspId().equals(org.mspId())) {
        out.add(MspChange.of(Kind.ORGANIZATION, Action.CHANGED,
            path + ": MSP ID " + old.mspId() + " -> " + org.mspId()));
      } else if (!old.mspConfig().equals(org.mspConfig())) {
        String prefix = org.mspId() + " (" + path + "): ";
        for (MspChange c : after.contents(org).changesSince(before.contents(old))) {
          out.add(new MspChange(c.kind(), c.action(), prefix + c.item(), c.count()));
        }
      }
    });
    wasOrgs.forEach((path, org) -> {
      if (!nowOrgs.containsKey(path)) {
        out.add(MspChange.of(Kind.ORGANIZATION, Action.REMOVED, path + " (" + org.mspId() + ")"));
      }
    });
    policies(was, now, orgGroups(wasOrgs, nowOrgs), out);
    return out;
  }

  private static void capabilities(Channel was, Channel now, List<MspChange> out) {
    ChannelCapabilities b = was == null ? ChannelCapabilities.none() : was.capabilities();
    ChannelCapabilities a = now.capabilities();
    if (was != null && a.equals(b)) {
      return;
    }
    String text = "channel " + a.channel() + ", orderer " + a.orderer() + ", application "
        + a.application() + " (MSP version " + a.mspVersion() + ")";
    if (was != null) {
      text = "channel " + b.channel() + ", orderer " + b.orderer() + ", application "
          + b.application() + " (MSP version " + b.mspVersion() + ") -> " + text;
    }
    out.add(MspChange.of(Kind.CAPABILITIES, was == null ? Action.ADDED : Action.CHANGED, text));
  }

  private static Map<String, ChannelOrg> byPath(List<ChannelOrg> orgs) {
    Map<String, ChannelOrg> m = new LinkedHashMap<>();
    for (ChannelOrg o : orgs) {
      m.put(o.groupPath(), o);
    }
    return m;
  }

  /** The groups of organisations present on one side only: their policies are not listed. */
  private static Set<String> orgGroups(Map<String, ChannelOrg> was, Map<String, ChannelOrg> now) {
    Set<String> s = new java.util.HashSet<>();
    for (String p : was.keySet()) {
      if (!now.containsKey(p)) {
        s.add(p);
      }
    }
    for (String p : now.keySet()) {
      if (!was.containsKey(p)) {
        s.add(p);
      }
    }
    return s;
  }

  private static void policies(Channel was, Channel now, Set<String> skipGroups,
      List<MspChange> out) {
    Map<String, ConfigPolicy> b = new TreeMap<>();
    Map<String, ConfigPolicy> a = new TreeMap<>();
    if (was != null) {
      collect("/Channel", was.config().getChannelGroup(), skipGroups, b);
    }
    collect("/Channel", now.config().getChannelGroup(), skipGroups, a);
    a.forEach((path, policy) -> {
      ConfigPolicy old = b.get(path);
      if (old == null) {
        out.add(MspChange.of(Kind.POLICY, Action.ADDED, path));
      } else if (!old.equals(policy)) {
        out.add(MspChange.of(Kind.POLICY, Action.CHANGED, path));
      }
    });
    b.forEach((path, policy) -> {
      if (!a.containsKey(path)) {
        out.add(MspChange.of(Kind.POLICY, Action.REMOVED, path));
      }
    });
  }

  private static void collect(String path, ConfigGroup group, Set<String> skipGroups,
      Map<String, ConfigPolicy> out) {
    if (skipGroups.contains(path)) {
      return;
    }
    group.getPoliciesMap().forEach((name, policy) -> out.put(path + "/" + name, policy));
    group.getGroupsMap().forEach((name, child) -> collect(path + "/" + name, child, skipGroups, out));
  }
}

package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * Computes the read and write sets that take one config tree to another, with configtxlator's
 * rules: a value or policy that differs (content or mod_policy) is written at its version + 1; a
 * new one at 0; a group whose membership or mod_policy changes is written at version + 1 with its
 * unchanged children listed at their versions (so nothing is dropped); a group whose only change is
 * inside its children keeps its version and lists only the changed children.
 */
public final class UpdateDiff {

  /** The read set, the write set, and whether anything differs. */
  public record Sets(ConfigGroup readSet, ConfigGroup writeSet, boolean changed) {}

  private UpdateDiff() {}

  /** The sets for the group {@code original} becoming {@code updated}. */
  public static Sets group(ConfigGroup original, ConfigGroup updated) {
    Map<String, ConfigPolicy> readPolicies = new TreeMap<>();
    Map<String, ConfigPolicy> writePolicies = new TreeMap<>();
    Map<String, ConfigPolicy> samePolicies = new TreeMap<>();
    boolean membersChanged = false;
    for (Map.Entry<String, ConfigPolicy> e : original.getPoliciesMap().entrySet()) {
      ConfigPolicy u = updated.getPoliciesMap().get(e.getKey());
      if (u == null) {
        membersChanged = true;
        continue;
      }
      ConfigPolicy o = e.getValue();
      if (o.getModPolicy().equals(u.getModPolicy()) && o.getPolicy().equals(u.getPolicy())
          && o.hasPolicy() == u.hasPolicy()) {
        samePolicies.put(e.getKey(), ConfigPolicy.newBuilder().setVersion(o.getVersion()).build());
        continue;
      }
      ConfigPolicy.Builder w = ConfigPolicy.newBuilder()
          .setVersion(o.getVersion() + 1).setModPolicy(u.getModPolicy());
      if (u.hasPolicy()) {
        w.setPolicy(u.getPolicy());
      }
      writePolicies.put(e.getKey(), w.build());
    }
    for (Map.Entry<String, ConfigPolicy> e : updated.getPoliciesMap().entrySet()) {
      if (!original.getPoliciesMap().containsKey(e.getKey())) {
        membersChanged = true;
        ConfigPolicy.Builder w = ConfigPolicy.newBuilder().setModPolicy(e.getValue().getModPolicy());
        if (e.getValue().hasPolicy()) {
          w.setPolicy(e.getValue().getPolicy());
        }
        writePolicies.put(e.getKey(), w.build());
      }
    }

    Map<String, ConfigValue> readValues = new TreeMap<>();
    Map<String, ConfigValue> writeValues = new TreeMap<>();
    Map<String, ConfigValue> sameValues = new TreeMap<>();
    for (Map.Entry<String, ConfigValue> e : original.getValuesMap().entrySet()) {
      ConfigValue u = updated.getValuesMap().get(e.getKey());
      if (u == null) {
        membersChanged = true;
        continue;
      }
      ConfigValue o = e.getValue();
      if (o.getModPolicy().equals(u.getModPolicy()) && o.getValue().equals(u.getValue())) {
        sameValues.put(e.getKey(), ConfigValue.newBuilder().setVersion(o.getVersion()).build());
        continue;
      }
      writeValues.put(e.getKey(), value(o.getVersion() + 1, u.getModPolicy(), u.getValue()));
    }
    for (Map.Entry<String, ConfigValue> e : updated.getValuesMap().entrySet()) {
      if (!original.getValuesMap().containsKey(e.getKey())) {
        membersChanged = true;
        writeValues.put(e.getKey(), value(0, e.getValue().getModPolicy(), e.getValue().getValue()));
      }
    }

    Map<String, ConfigGroup> readGroups = new TreeMap<>();
    Map<String, ConfigGroup> writeGroups = new TreeMap<>();
    Map<String, ConfigGroup> sameGroups = new TreeMap<>();
    for (Map.Entry<String, ConfigGroup> e : original.getGroupsMap().entrySet()) {
      ConfigGroup u = updated.getGroupsMap().get(e.getKey());
      if (u == null) {
        membersChanged = true;
        continue;
      }
      Sets child = group(e.getValue(), u);
      if (!child.changed()) {
        sameGroups.put(e.getKey(), child.readSet());
        continue;
      }
      readGroups.put(e.getKey(), child.readSet());
      writeGroups.put(e.getKey(), child.writeSet());
    }
    for (Map.Entry<String, ConfigGroup> e : updated.getGroupsMap().entrySet()) {
      if (!original.getGroupsMap().containsKey(e.getKey())) {
        membersChanged = true;
        Sets fresh = group(ConfigGroup.getDefaultInstance(), e.getValue());
        writeGroups.put(e.getKey(), fresh.writeSet().toBuilder()
            .setVersion(0).setModPolicy(e.getValue().getModPolicy()).build());
      }
    }

    long version = original.getVersion();
    if (!(membersChanged || !original.getModPolicy().equals(updated.getModPolicy()))) {
      if (readPolicies.isEmpty() && writePolicies.isEmpty() && readValues.isEmpty()
          && writeValues.isEmpty() && readGroups.isEmpty() && writeGroups.isEmpty()) {
        ConfigGroup same = ConfigGroup.newBuilder().setVersion(version).build();
        return new Sets(same, same, false);
      }
      return new Sets(
          build(version, "", readPolicies, readValues, readGroups),
          build(version, "", writePolicies, writeValues, writeGroups),
          true);
    }
    readPolicies.putAll(samePolicies);
    writePolicies.putAll(samePolicies);
    readValues.putAll(sameValues);
    writeValues.putAll(sameValues);
    readGroups.putAll(sameGroups);
    writeGroups.putAll(sameGroups);
    return new Sets(
        build(version, "", readPolicies, readValues, readGroups),
        build(version + 1, updated.getModPolicy(), writePolicies, writeValues, writeGroups),
        true);
  }

  private static ConfigValue value(long version, String modPolicy, ByteString bytes) {
    return ConfigValue.newBuilder()
        .setVersion(version).setModPolicy(modPolicy).setValue(bytes).build();
  }

  private static ConfigGroup build(
      long version, String modPolicy, Map<String, ConfigPolicy> policies,
      Map<String, ConfigValue> values, Map<String, ConfigGroup> groups) {
    return ConfigGroup.newBuilder()
        .setVersion(version)
        .setModPolicy(modPolicy)
        .putAllPolicies(policies)
        .putAllValues(values)
        .putAllGroups(groups)
        .build();
  }
}

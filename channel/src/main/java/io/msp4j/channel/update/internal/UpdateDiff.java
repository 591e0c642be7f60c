package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.update.ConfigElementRef;
import java.util.ArrayList;
import java.util.List;
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
 *
 * <p>Values and policies are compared as messages ({@link ConfigMessages}): one whose bytes differ
 * but that decodes to an equal message is unchanged, and is listed among the {@code reencoded}
 * elements.
 */
public final class UpdateDiff {

  /**
   * The read set, the write set, whether anything differs, and the values and policies left out
   * because they differ only in their encoding.
   */
  public record Sets(ConfigGroup readSet, ConfigGroup writeSet, boolean changed,
      List<ConfigElementRef> reencoded) {
    /** Copies the list. */
    public Sets {
      reencoded = List.copyOf(reencoded);
    }
  }

  private UpdateDiff() {}

  /** The sets for the root group {@code Channel}: {@code original} becoming {@code updated}. */
  public static Sets channel(ConfigGroup original, ConfigGroup updated) {
    List<ConfigElementRef> reencoded = new ArrayList<>();
    Sets s = group(List.of("Channel"), original, updated, reencoded);
    return new Sets(s.readSet(), s.writeSet(), s.changed(), reencoded);
  }

  private static Sets group(List<String> path, ConfigGroup original, ConfigGroup updated,
      List<ConfigElementRef> reencoded) {
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
      if (o.getModPolicy().equals(u.getModPolicy()) && o.hasPolicy() == u.hasPolicy()
          && ConfigMessages.samePolicy(o.getPolicy(), u.getPolicy())) {
        if (!o.getPolicy().equals(u.getPolicy())) {
          reencoded.add(new ConfigElementRef(ConfigElementRef.Kind.POLICY, path, e.getKey()));
        }
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
      if (o.getModPolicy().equals(u.getModPolicy())
          && ConfigMessages.sameValue(e.getKey(), o.getValue(), u.getValue())) {
        if (!o.getValue().equals(u.getValue())) {
          reencoded.add(new ConfigElementRef(ConfigElementRef.Kind.VALUE, path, e.getKey()));
        }
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
      Sets child = group(below(path, e.getKey()), e.getValue(), u, reencoded);
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
        Sets fresh = group(below(path, e.getKey()), ConfigGroup.getDefaultInstance(),
            e.getValue(), new ArrayList<>());
        writeGroups.put(e.getKey(), fresh.writeSet().toBuilder()
            .setVersion(0).setModPolicy(e.getValue().getModPolicy()).build());
      }
    }

    long version = original.getVersion();
    if (!(membersChanged || !original.getModPolicy().equals(updated.getModPolicy()))) {
      if (readPolicies.isEmpty() && writePolicies.isEmpty() && readValues.isEmpty()
          && writeValues.isEmpty() && readGroups.isEmpty() && writeGroups.isEmpty()) {
        ConfigGroup same = ConfigGroup.newBuilder().setVersion(version).build();
        return new Sets(same, same, false, List.of());
      }
      return new Sets(
          build(version, "", readPolicies, readValues, readGroups),
          build(version, "", writePolicies, writeValues, writeGroups),
          true, List.of());
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
        true, List.of());
  }

  private static List<String> below(List<String> path, String key) {
    List<String> out = new ArrayList<>(path);
    out.add(key);
    return List.copyOf(out);
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

package io.msp4j.channel;

import com.google.protobuf.ByteString;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Map;
import java.util.WeakHashMap;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * One instance of each configuration part that channels loaded with the same {@link SharedMsps}
 * have in common: config groups (the channel group, its top-level groups, consortiums and org
 * groups) and, where an org group differs (its anchor peers, say), its {@code MSP} value's bytes.
 * A channel's configuration is rebuilt with the parts already held, so a hundred channels of the
 * same organisations hold their groups and certificates once.
 *
 * <p>Why nothing changes: protobuf messages and byte strings are immutable and compared by
 * content. A group is replaced only by one that is equal and whose maps (groups, values, policies)
 * list their keys in the same order at every level, so the configuration stays equal to the one
 * given and serialises to the same bytes (a message's serialisation depends only on its content
 * and its maps' order). Thread-safe; weakly held, so a part goes when no configuration holds it.
 */
final class ConfigInterner {
  private static final String MSP = "MSP";
  /** Org groups sit at depth 2 (application, orderer orgs) or 3 (consortium orgs). */
  private static final int DEEPEST = 3;

  private final Map<ConfigGroup, WeakReference<ConfigGroup>> groups = new WeakHashMap<>();
  private final Map<ByteString, WeakReference<ByteString>> mspValues = new WeakHashMap<>();

  /** The configuration with its parts replaced by those already held, when equal. */
  DecodedConfig intern(DecodedConfig decoded) {
    Config config = decoded.config();
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup interned = group(root, 0);
    return interned == root ? decoded : new DecodedConfig(decoded.form(), decoded.channelId(),
        decoded.blockNumber(), config.toBuilder().setChannelGroup(interned).build());
  }

  private ConfigGroup group(ConfigGroup group, int depth) {
    ConfigGroup held = held(group);
    if (held != null) {
      return held;
    }
    ConfigGroup.Builder b = null;
    if (depth < DEEPEST) {
      for (Map.Entry<String, ConfigGroup> e : group.getGroupsMap().entrySet()) {
        ConfigGroup in = group(e.getValue(), depth + 1);
        if (in != e.getValue()) {
          b = b == null ? group.toBuilder() : b;
          b.putGroups(e.getKey(), in);   // an existing key keeps its place in the map
        }
      }
    }
    ConfigValue msp = depth >= 2 ? group.getValuesMap().get(MSP) : null;
    if (msp != null) {
      ByteString canonical = mspValue(msp.getValue());
      if (canonical != msp.getValue()) {
        b = b == null ? group.toBuilder() : b;
        b.putValues(MSP, msp.toBuilder().setValue(canonical).build());
      }
    }
    ConfigGroup result = b == null ? group : b.build();
    synchronized (groups) {
      groups.putIfAbsent(result, new WeakReference<>(result));
    }
    return result;
  }

  /** The group held that may stand for {@code group}, or null. */
  private ConfigGroup held(ConfigGroup group) {
    ConfigGroup h;
    synchronized (groups) {
      WeakReference<ConfigGroup> r = groups.get(group);
      h = r == null ? null : r.get();
    }
    return h != null && sameOrder(h, group) ? h : null;
  }

  /** Whether two equal groups list their map keys in the same order, at every level. */
  static boolean sameOrder(ConfigGroup a, ConfigGroup b) {
    if (!new ArrayList<>(a.getValuesMap().keySet()).equals(new ArrayList<>(b.getValuesMap().keySet()))
        || !new ArrayList<>(a.getPoliciesMap().keySet()).equals(new ArrayList<>(b.getPoliciesMap().keySet()))
        || !new ArrayList<>(a.getGroupsMap().keySet()).equals(new ArrayList<>(b.getGroupsMap().keySet()))) {
      return false;
    }
    for (Map.Entry<String, ConfigGroup> e : a.getGroupsMap().entrySet()) {
      if (!sameOrder(e.getValue(), b.getGroupsMap().get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private ByteString mspValue(ByteString bytes) {
    synchronized (mspValues) {
      WeakReference<ByteString> held = mspValues.get(bytes);
      ByteString c = held == null ? null : held.get();
      if (c != null) {
        return c;
      }
      mspValues.put(bytes, new WeakReference<>(bytes));
      return bytes;
    }
  }
}

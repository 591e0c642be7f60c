package io.msp4j.channel.internal.load;

import io.msp4j.channel.ChannelConfigException;
import io.msp4j.core.Reason;
import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.ConfigGroup;

/**
 * The names Fabric's config validator accepts (CONFIGTX-UPDATE-05): every group, value and policy
 * key 1..249 characters of {@code [A-Za-z0-9.-]}, not {@code .} or {@code ..}; a channel ID 1..249
 * characters of {@code [a-z][a-z0-9.-]*}.
 */
final class ConfigKeys {
  private static final String RULE = "CONFIGTX-UPDATE-05";
  private static final int MAX_LENGTH = 249;

  private ConfigKeys() {}

  static void checkChannelId(String id) {
    String why = null;
    if (id.isEmpty()) {
      why = "the channel ID is empty";
    } else if (id.length() > MAX_LENGTH) {
      why = "the channel ID is longer than " + MAX_LENGTH + " characters";
    } else if (!id.matches("[a-z][a-z0-9.-]*")) {
      why = "the channel ID '" + id + "' must be a lower-case letter followed by lower-case "
          + "letters, digits, '.' and '-'";
    }
    if (why != null) {
      throw new ChannelConfigException(Reason.CHANNEL_CONFIG_INVALID, RULE, "channel header", why);
    }
  }

  /** Checks every key of the tree under {@code /Channel}. */
  static void checkTree(ConfigGroup root) {
    walk(root, "/Channel");
  }

  private static void walk(ConfigGroup group, String path) {
    for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(group.getGroupsMap()).entrySet()) {
      check(e.getKey(), path, "group");
      walk(e.getValue(), path + "/" + e.getKey());
    }
    for (String key : new TreeMap<>(group.getValuesMap()).keySet()) {
      check(key, path, "value");
    }
    for (String key : new TreeMap<>(group.getPoliciesMap()).keySet()) {
      check(key, path, "policy");
    }
  }

  private static void check(String key, String parent, String kind) {
    String why = null;
    if (key.isEmpty()) {
      why = "is empty";
    } else if (key.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LENGTH) {
      why = "is longer than " + MAX_LENGTH + " characters";
    } else if (key.equals(".") || key.equals("..")) {
      why = "is not allowed";
    } else if (!key.matches("[A-Za-z0-9.-]+")) {
      why = "has characters other than letters, digits, '.' and '-'";
    }
    if (why != null) {
      throw new ChannelConfigException(Reason.CHANNEL_CONFIG_INVALID, RULE, parent + "/" + key,
          "the " + kind + " name '" + key + "' " + why);
    }
  }
}

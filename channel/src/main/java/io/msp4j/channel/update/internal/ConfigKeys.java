package io.msp4j.channel.update.internal;

import java.util.Optional;

/**
 * The naming rules of config keys and channel IDs (CONFIGTX-UPDATE-05). Each check returns what is
 * wrong, or empty when the name is allowed.
 */
public final class ConfigKeys {
  /** The longest key or channel ID Fabric accepts. */
  public static final int MAX_LENGTH = 249;

  private ConfigKeys() {}

  /** A group, value or policy key: 1..249 of {@code [A-Za-z0-9.-]}, and not {@code .} or {@code ..}. */
  public static Optional<String> keyProblem(String key) {
    if (key.isEmpty()) {
      return Optional.of("the key is empty");
    }
    if (key.length() > MAX_LENGTH) {
      return Optional.of("the key is longer than " + MAX_LENGTH + " characters");
    }
    if (key.equals(".") || key.equals("..")) {
      return Optional.of("the key '" + key + "' is not allowed");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (!(isLetterOrDigit(c) || c == '.' || c == '-')) {
        return Optional.of("the key '" + key + "' has a character outside [A-Za-z0-9.-] at offset "
            + i);
      }
    }
    return Optional.empty();
  }

  /** A channel ID: 1..249 characters, a lower-case letter then {@code [a-z0-9.-]}. */
  public static Optional<String> channelIdProblem(String id) {
    if (id.isEmpty()) {
      return Optional.of("the channel ID is empty");
    }
    if (id.length() > MAX_LENGTH) {
      return Optional.of("the channel ID is longer than " + MAX_LENGTH + " characters");
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean ok = i == 0
          ? c >= 'a' && c <= 'z'
          : (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
      if (!ok) {
        return Optional.of("the channel ID '" + id + "' has an illegal character at offset " + i);
      }
    }
    return Optional.empty();
  }

  /**
   * A mod_policy (CONFIGTX-UPDATE-08 step 1): not empty, and after one leading {@code /} is
   * removed every {@code /}-separated part is a valid key.
   */
  public static Optional<String> modPolicyProblem(String modPolicy) {
    if (modPolicy.isEmpty()) {
      return Optional.of("the mod_policy is not set");
    }
    String trimmed = modPolicy.charAt(0) == '/' ? modPolicy.substring(1) : modPolicy;
    String[] parts = trimmed.split("/", -1);
    for (int i = 0; i < parts.length; i++) {
      Optional<String> p = keyProblem(parts[i]);
      if (p.isPresent()) {
        return Optional.of("part " + i + " of mod_policy '" + modPolicy + "' is invalid: "
            + p.get());
      }
    }
    return Optional.empty();
  }

  private static boolean isLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}

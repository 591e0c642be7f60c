package io.msp4j.channel.update.internal;

import com.google.protobuf.Message;
import io.msp4j.channel.update.ConfigElementRef;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * One element of a flattened config tree: where it is, and the group, value or policy record as
 * it appears in the tree it came from (for a group, its children included).
 */
public record ConfigElement(ConfigElementRef ref, Message record) {

  public ConfigElement {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(record, "record");
  }

  /** The element's version. */
  public long version() {
    return switch (ref.kind()) {
      case GROUP -> ((ConfigGroup) record).getVersion();
      case VALUE -> ((ConfigValue) record).getVersion();
      case POLICY -> ((ConfigPolicy) record).getVersion();
    };
  }

  /** The element's mod_policy. */
  public String modPolicy() {
    return switch (ref.kind()) {
      case GROUP -> ((ConfigGroup) record).getModPolicy();
      case VALUE -> ((ConfigValue) record).getModPolicy();
      case POLICY -> ((ConfigPolicy) record).getModPolicy();
    };
  }

  /** The record as a group; only for group elements. */
  public ConfigGroup group() {
    return (ConfigGroup) record;
  }

  /** A version printed as Go prints a uint64 (versions are unsigned on the wire). */
  public static String versionText(long version) {
    return Long.toUnsignedString(version);
  }
}

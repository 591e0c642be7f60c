package io.msp4j.channel.update;

import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Policy;

/** Small channel config trees for the protobuf-level update tests. */
final class TestConfigs {
  static final String CHANNEL = "mychannel";

  private TestConfigs() {}

  static ByteString bytes(String s) {
    return ByteString.copyFrom(s, StandardCharsets.UTF_8);
  }

  static ConfigValue value(long version, String content) {
    return ConfigValue.newBuilder()
        .setVersion(version).setModPolicy("Admins").setValue(bytes(content)).build();
  }

  /**
   * A policy whose test meaning is "signed by whoever's creator bytes equal {@code signer}" (see
   * {@link TestPolicies}); the bytes are the policy's value.
   */
  static ConfigPolicy policy(String signer) {
    return ConfigPolicy.newBuilder()
        .setModPolicy("Admins")
        .setPolicy(Policy.newBuilder().setType(1).setValue(bytes(signer)))
        .build();
  }

  static ConfigGroup org(String admin) {
    return ConfigGroup.newBuilder()
        .setModPolicy("Admins")
        .putValues("MSP", value(0, admin + "-msp"))
        .putPolicies("Admins", policy(admin))
        .putPolicies("Readers", policy(admin))
        .build();
  }

  /**
   * /Channel {Application {Org1, Org2}, Orderer {OrdererOrg, Capabilities}} with Admins policies
   * at each level: Org1's admin is "org1-admin", Org2's "org2-admin", the Application's "app-admin",
   * the channel's "channel-admin".
   */
  static Config current() {
    ConfigGroup app = ConfigGroup.newBuilder()
        .setVersion(1)
        .setModPolicy("Admins")
        .putGroups("Org1", org("org1-admin"))
        .putGroups("Org2", org("org2-admin"))
        .putPolicies("Admins", policy("app-admin"))
        .putValues("Capabilities", value(0, "app-caps"))
        .build();
    ConfigGroup orderer = ConfigGroup.newBuilder()
        .setModPolicy("Admins")
        .putGroups("OrdererOrg", org("orderer-admin"))
        .putPolicies("Admins", policy("orderer-admin"))
        .putValues("Capabilities", value(0, "orderer-caps"))
        .build();
    ConfigGroup root = ConfigGroup.newBuilder()
        .setModPolicy("Admins")
        .putGroups("Application", app)
        .putGroups("Orderer", orderer)
        .putPolicies("Admins", policy("channel-admin"))
        .putValues("HashingAlgorithm", value(0, "SHA256"))
        .build();
    return Config.newBuilder().setSequence(3).setChannelGroup(root).build();
  }

  /** The current config with {@code mutation} applied to the group at {@code /Channel/Application/Org1}. */
  static Config withOrg1(Config c, java.util.function.UnaryOperator<ConfigGroup> mutation) {
    ConfigGroup root = c.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup org1 = mutation.apply(app.getGroupsOrThrow("Org1"));
    return c.toBuilder()
        .setChannelGroup(root.toBuilder().putGroups("Application",
            app.toBuilder().putGroups("Org1", org1).build()))
        .build();
  }
}

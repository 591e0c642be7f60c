package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configurations rebuilt with parts held for other channels (the shortcut) against the
 * configurations given (the reference): equal, serialising to the same bytes, whatever order
 * their maps list their keys in.
 */
class ConfigInternerTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;

  @BeforeAll
  static void generate() {
    orgs = new TestOrgs(tmp);
  }

  private static DecodedConfig decoded(Config c) {
    return new DecodedConfig(ConfigForm.CONFIG, Optional.empty(), OptionalLong.empty(), c);
  }

  /** The group with the keys of its maps, at every level, in a random order. */
  private static ConfigGroup shuffled(ConfigGroup g, Random random) {
    ConfigGroup.Builder b = ConfigGroup.newBuilder().setVersion(g.getVersion()).setModPolicy(g.getModPolicy());
    List<String> keys = new ArrayList<>(g.getGroupsMap().keySet());
    Collections.shuffle(keys, random);
    for (String k : keys) {
      b.putGroups(k, shuffled(g.getGroupsMap().get(k), random));
    }
    keys = new ArrayList<>(g.getValuesMap().keySet());
    Collections.shuffle(keys, random);
    keys.forEach(k -> b.putValues(k, g.getValuesMap().get(k)));
    keys = new ArrayList<>(g.getPoliciesMap().keySet());
    Collections.shuffle(keys, random);
    keys.forEach(k -> b.putPolicies(k, g.getPoliciesMap().get(k)));
    return b.build();
  }

  @Test
  @Tag("CHANNEL-MSP-03")
  void equalGroupsListingTheirKeysInAnotherOrderAreKeptAsGiven() {
    ConfigInterner interner = new ConfigInterner();
    Random random = new Random(3);
    Config base = orgs.standard().build();
    int shared = 0;
    for (int i = 0; i < 60; i++) {
      Config given = i % 3 == 0 ? base
          : base.toBuilder().setChannelGroup(shuffled(base.getChannelGroup(), random)).build();
      Config out = interner.intern(decoded(given)).config();
      assertThat(out).isEqualTo(given);
      assertThat(out.toByteString()).as("input %d", i).isEqualTo(given.toByteString());
      ConfigGroup org1 = out.getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow("Org1");
      ConfigGroup baseOrg1 = interner.intern(decoded(base)).config().getChannelGroup()
          .getGroupsOrThrow("Application").getGroupsOrThrow("Org1");
      shared += org1 == baseOrg1 ? 1 : 0;
    }
    assertThat(shared).as("inputs in the base's order share its groups").isGreaterThanOrEqualTo(20);
  }

  @Test
  @Tag("CHANNEL-MSP-03")
  void theOrderCheckLooksAtEveryLevel() {
    ConfigGroup app = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application");
    Random random = new Random(5);
    int differing = 0;
    for (int i = 0; i < 40; i++) {
      ConfigGroup s = shuffled(app, random);
      assertThat(s).isEqualTo(app);
      boolean sameBytes = s.toByteString().equals(app.toByteString());
      assertThat(ConfigInterner.sameOrder(app, s)).isEqualTo(sameBytes);
      differing += sameBytes ? 0 : 1;
    }
    assertThat(differing).isGreaterThan(0);
    assertThat(ConfigInterner.sameOrder(app, app)).isTrue();
  }
}

package io.msp4j.channel.update.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.update.ConfigElementRef;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.core.Reason;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ConfigRebuilderTest {

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void flattenedTreeRebuildsToItself() {
    ConfigGroup root = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putGroups("A", ConfigGroup.newBuilder().setVersion(2)
            .putValues("v", ConfigValue.newBuilder().setVersion(1).build()).build())
        .build();
    assertThat(ConfigRebuilder.rebuild(ConfigMap.of(root, "test"))).isEqualTo(root);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void childListedByItsGroupButAbsentFromTheMapIsAnError() {
    ConfigGroup root = ConfigGroup.newBuilder()
        .putValues("v", ConfigValue.getDefaultInstance()).build();
    Map<ConfigElementRef, ConfigElement> m = new HashMap<>(ConfigMap.of(root, "t").elements());
    m.remove(new ConfigElementRef(ConfigElementRef.Kind.VALUE, List.of("Channel"), "v"));
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class,
        () -> ConfigRebuilder.rebuild(ConfigMap.ofElements(m)));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_REBUILD_FAILED);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-10");
    assertThat(e.getMessage()).contains("value /Channel/v");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-05")
  void keysAreCheckedAtEveryDepth() {
    for (String bad : List.of(".", "..", "", "a b", "é", "x".repeat(250))) {
      ConfigGroup root = ConfigGroup.newBuilder().putGroups("A", ConfigGroup.newBuilder()
          .putValues(bad, ConfigValue.getDefaultInstance()).build()).build();
      ConfigUpdateException e =
          assertThrows(ConfigUpdateException.class, () -> ConfigMap.of(root, "the write set"));
      assertThat(e.reason()).as(bad).isEqualTo(Reason.CONFIG_KEY_INVALID);
    }
    assertThat(ConfigKeys.keyProblem("Org1-MSP.x" + "y".repeat(239))).isEmpty();
  }
}

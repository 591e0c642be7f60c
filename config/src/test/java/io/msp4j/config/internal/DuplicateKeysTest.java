package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.FabricRelease;
import java.io.StringReader;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Node;

/** REL-YAML-01: which keys Go's yaml.v3 and yaml/v4 take for the same. */
@Tag("REL-YAML-01")
class DuplicateKeysTest {

  private static java.util.List<DuplicateKeys.Duplicate> duplicates(String yaml) {
    Node root = new Yaml().compose(new StringReader(yaml));
    return DuplicateKeys.everywhere(root);
  }

  @Test
  @DisplayName("REL-YAML-01 a plain, a quoted and a tagged key of the same text are one key")
  void theSameTextInAnyStyleIsTheSameKey() {
    assertThat(duplicates("a: 1\n\"a\": 2\n!!str a: 3\n"))
        .extracting(DuplicateKeys.Duplicate::key, DuplicateKeys.Duplicate::line,
            DuplicateKeys.Duplicate::firstLine)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("a", 2, 1),
            org.assertj.core.groups.Tuple.tuple("a", 3, 1),
            org.assertj.core.groups.Tuple.tuple("a", 3, 2));
  }

  @Test
  @DisplayName("REL-YAML-01 keys that differ in text (1 and 01) or kind (alias *a and scalar a) differ")
  void keysOfOtherTextOrKindDiffer() {
    assertThat(duplicates("1: x\n01: y\n")).isEmpty();
    assertThat(duplicates("v: &a k\nm: {*a : 1, a: 2, k: 3}\n")).isEmpty();
    assertThat(duplicates("v: &a k\nm: {*a : 1, *a : 2}\n"))
        .extracting(DuplicateKeys.Duplicate::key).containsExactly("*a");
  }

  @Test
  @DisplayName("REL-YAML-01 two mappings used as keys always clash, and so do two merge keys")
  void twoComplexKeysOrTwoMergeKeysClash() {
    assertThat(duplicates("? {a: 1}\n: x\n? {b: 2}\n: y\n")).hasSize(1);
    assertThat(duplicates("b: &b {x: 1}\nm:\n  <<: *b\n  <<: *b\n")).hasSize(1);
  }

  @Test
  @DisplayName("REL-YAML-01 every v3.1 release refuses duplicates; v2.5.x and v3.0.0 do not")
  void everyV3_1ReleaseRefusesDuplicates() {
    for (FabricRelease r : FabricRelease.all()) {
      assertThat(DuplicateKeys.refusedBy(r)).as(r.label())
          .isEqualTo(r.line() == FabricRelease.Line.V3_1);
    }
    assertThat(DuplicateKeys.library(FabricRelease.V3_1_4)).isEqualTo("gopkg.in/yaml.v3");
    assertThat(DuplicateKeys.library(FabricRelease.V3_1_5)).isEqualTo("go.yaml.in/yaml/v4");
    assertThat(DuplicateKeys.library(FabricRelease.V2_5_16)).isEqualTo("gopkg.in/yaml.v2");
  }
}

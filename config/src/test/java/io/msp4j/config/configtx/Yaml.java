package io.msp4j.config.configtx;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Test helpers: a configtx.yaml from text, read as if it lived in a folder, as Fabric v3.0.0's
 * configtxgen reads it (the release these tests' verdicts were measured with; what v3.1 reads
 * otherwise is in ConfigtxDuplicateKeyTest, REL-YAML-01).
 */
final class Yaml {

  static final Path FILE = Path.of("/cfg/configtx.yaml");

  private Yaml() {}

  static TopLevel read(String text) {
    return read(text, Map.of());
  }

  static TopLevel read(String text, Map<String, String> env) {
    return ConfigtxYaml.parse(text.getBytes(StandardCharsets.UTF_8), FILE, env,
        FabricRelease.V3_0_0);
  }

  static ConfigtxException fails(String text) {
    return assertThrows(ConfigtxException.class, () -> read(text));
  }

  /** An organisation entry with the three required policies. */
  static String org(String name, String extra) {
    return """
          - Name: %s
            ID: %sMSP
            MSPDir: msp
            Policies:
              Readers: {Type: Signature, Rule: "OR('%sMSP.member')"}
              Writers: {Type: Signature, Rule: "OR('%sMSP.member')"}
              Admins: {Type: Signature, Rule: "OR('%sMSP.admin')"}
        """.formatted(name, name, name, name, name) + extra;
  }
}

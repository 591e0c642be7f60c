package io.msp4j.config.configtx;

import io.msp4j.config.internal.configtx.ConfigtxReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Reads a configtx.yaml as Fabric v3.0's configtxgen does (spec section 9.1, CONFIGTX-YAML-01 to
 * 08): YAML with anchors, aliases and shallow merge keys; keys matched to the schema ignoring
 * case; unknown keys and keys repeated in another case refused; Go's weak typing ({@code Port:
 * "7051"} is a number, {@code ID: 1} the string {@code "1"}); durations and byte sizes;
 * environment overrides {@code CONFIGTX_<PATH>}.
 *
 * <p>Every failure is a {@link ConfigtxException} whose message names the file and line.
 */
public final class ConfigtxYaml {

  private ConfigtxYaml() {}

  /**
   * Reads a configtx.yaml.
   *
   * @param path the file, or a folder holding {@code configtx.yaml} (else {@code configtx.yml})
   * @param env the environment to take {@code CONFIGTX_*} overrides from (pass {@code
   *     System.getenv()} to behave like configtxgen, or an empty map for none)
   * @throws ConfigtxException when the file is missing or cannot be read as a configtx.yaml
   */
  public static TopLevel read(Path path, Map<String, String> env) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(env, "env");
    return ConfigtxReader.read(path, env);
  }

  /** Reads a configtx.yaml's content as if it were the file {@code file} (for its folder). */
  public static TopLevel parse(byte[] content, Path file, Map<String, String> env) {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(env, "env");
    return ConfigtxReader.parse(content.clone(), file, env);
  }
}

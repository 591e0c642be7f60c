package io.msp4j.config.configtx;

import io.msp4j.config.internal.configtx.ConfigtxReader;
import io.msp4j.core.FabricRelease;
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
 * <p>The methods without a release read as v3.0. Read as Fabric v2.5 (DELTA25-07), the orderer
 * section has {@code Kafka} (with {@code Brokers}) instead of {@code ConsenterMapping} and {@code
 * SmartBFT}, and the top-level orderer may be of type {@code kafka} but not {@code BFT}.
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
    return read(path, env, FabricRelease.defaultRelease());
  }

  /**
   * Reads a configtx.yaml as {@code release}'s configtxgen does.
   *
   * @param path the file, or a folder holding {@code configtx.yaml} (else {@code configtx.yml})
   * @param env the environment to take {@code CONFIGTX_*} overrides from
   * @param release the Fabric release whose configtxgen to follow
   * @throws ConfigtxException when the file is missing or cannot be read as a configtx.yaml by
   *     that release (rule DELTA25-07 when v2.5 refuses BFT)
   */
  public static TopLevel read(Path path, Map<String, String> env, FabricRelease release) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(env, "env");
    Objects.requireNonNull(release, "release");
    return ConfigtxReader.read(path, env, release);
  }

  /** Reads a configtx.yaml's content as if it were the file {@code file} (for its folder). */
  public static TopLevel parse(byte[] content, Path file, Map<String, String> env) {
    return parse(content, file, env, FabricRelease.defaultRelease());
  }

  /** Reads a configtx.yaml's content as {@code release}'s configtxgen reads the file {@code file}. */
  public static TopLevel parse(
      byte[] content, Path file, Map<String, String> env, FabricRelease release) {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(env, "env");
    Objects.requireNonNull(release, "release");
    return ConfigtxReader.parse(content.clone(), file, env, release);
  }
}

package io.msp4j.config.internal.configtx;

import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.config.internal.YamlLimits;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.util.Locale;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The reading pipeline: find the file, YAML to Go values, key walk, struct decoding, completion. */
public final class ConfigtxReader {

  private static final long MAX_SIZE = YamlLimits.MAX_CONFIGTX_BYTES;

  private ConfigtxReader() {}

  public static TopLevel read(Path path, Map<String, String> env, FabricRelease release) {
    Path file = locate(path);
    byte[] content;
    try {
      if (Files.size(file) > MAX_SIZE) {
        throw new ConfigtxException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE,
            file + ": larger than " + MAX_SIZE + " bytes, the most msp4j reads of a configtx.yaml");
      }
      content = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new ConfigtxException(Reason.CONFIGTX_NOT_FOUND, "CONFIGTX-YAML-01",
          file + ": cannot be read: " + e.getMessage(), e);
    }
    return parse(content, file, env, release);
  }

  public static TopLevel parse(
      byte[] content, Path file, Map<String, String> env, FabricRelease release) {
    String fileName = file.toString();
    if (content.length > MAX_SIZE) {
      throw new ConfigtxException(Reason.LIMIT_EXCEEDED, YamlLimits.RULE,
          fileName + ": larger than " + MAX_SIZE + " bytes, the most msp4j reads of a configtx.yaml");
    }
    GoValue.GoMap top = GoYamlTree.decode(content, fileName, release);
    GoValue.GoMap walked = new KeyWalk(env, fileName).walkTop(top);
    WeakDecoder decoder = new WeakDecoder();
    Decoded decoded = decoder.decodeTop(walked, Schema.topLevel(release));
    if (!decoder.errors().isEmpty()) {
      List<WeakDecoder.Error> errors = new ArrayList<>(decoder.errors());
      errors.sort(Comparator.comparingInt(WeakDecoder.Error::line)
          .thenComparing(WeakDecoder.Error::message));
      List<String> messages = new ArrayList<>();
      for (WeakDecoder.Error e : errors) {
        messages.add(fileName + ":" + e.line() + ": " + e.message());
      }
      throw new ConfigtxException(Reason.CONFIGTX_INVALID,
          release.isV2_5() && namesBftKeys(messages) ? "DELTA25-07"
              : "CONFIGTX-YAML-01",
          String.join("; ", messages));
    }
    return new TopLevelBuilder(file, fileName, release).build(decoded);
  }

  /** Whether an invalid-keys error names a BFT key, which v2.5's orderer struct lacks. */
  private static boolean namesBftKeys(List<String> messages) {
    for (String m : messages) {
      int at = m.indexOf(" has invalid keys: ");
      if (at >= 0) {
        int end = m.indexOf(" (", at);
        String keys = m.substring(at, end < 0 ? m.length() : end).toLowerCase(Locale.ROOT);
        if (keys.contains("consentermapping") || keys.contains("smartbft")) {
          return true;
        }
      }
    }
    return false;
  }

  /** configtxgen's search: the file itself, or configtx.yaml then configtx.yml in a folder. */
  private static Path locate(Path path) {
    if (Files.isDirectory(path)) {
      for (String name : List.of("configtx.yaml", "configtx.yml")) {
        Path f = path.resolve(name);
        if (Files.exists(f)) {
          return f;
        }
      }
      throw new ConfigtxException(Reason.CONFIGTX_NOT_FOUND, "CONFIGTX-YAML-01",
          path + ": no configtx.yaml or configtx.yml in this folder");
    }
    if (!Files.exists(path)) {
      throw new ConfigtxException(Reason.CONFIGTX_NOT_FOUND, "CONFIGTX-YAML-01",
          path + ": no such file");
    }
    return path;
  }
}

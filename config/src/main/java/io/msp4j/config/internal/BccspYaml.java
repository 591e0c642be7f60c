package io.msp4j.config.internal;

import io.msp4j.config.bccsp.BccspConfig;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.pkcs11.KeyIdMapping;
import io.msp4j.pkcs11.Pkcs11Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads the BCCSP section of core.yaml, orderer.yaml or a file with a top-level {@code BCCSP} key,
 * with viper's case-insensitive keys and Fabric's environment overrides (P11-01).
 */
public final class BccspYaml {
  private BccspYaml() {}

  private static final String RULE = "P11-01";

  /** Where the section was found and the prefix of its environment overrides. */
  private record Section(Map<?, ?> bccsp, String where, String envPrefix) {}

  /** Reads the file; see {@link io.msp4j.config.bccsp.BccspConfigs}. */
  public static BccspConfig read(Path file, Map<String, String> env) {
    Object root = load(file);
    Section section = section(file, root);
    String def = text(section, env, "Default", "DEFAULT");
    if (def == null || def.isEmpty() || def.equalsIgnoreCase("SW")) {
      return new BccspConfig.Software();
    }
    if (!def.equalsIgnoreCase("PKCS11")) {
      throw invalid(file, section.where + ".Default is '" + def + "'; msp4j knows SW and PKCS11");
    }
    Object p11 = get(section.bccsp, "PKCS11");
    Map<?, ?> pkcs11 = p11 instanceof Map<?, ?> m ? m : Map.of();
    if (p11 != null && !(p11 instanceof Map)) {
      throw invalid(file, section.where + ".PKCS11 must be a mapping");
    }
    Section s = new Section(pkcs11, section.where + ".PKCS11", section.envPrefix == null ? null : section.envPrefix + "PKCS11_");
    Pkcs11Settings.Builder b = Pkcs11Settings.builder();
    try {
      b.library(orEmpty(text(s, env, "Library", "LIBRARY")));
      b.label(orEmpty(text(s, env, "Label", "LABEL")));
      b.pin(orEmpty(text(s, env, "Pin", "PIN")));
      String hash = text(s, env, "Hash", "HASH");
      if (hash != null && !hash.isEmpty()) {
        b.hash(hash);
      }
      String security = text(s, env, "Security", "SECURITY");
      if (security != null && !security.isEmpty()) {
        try {
          b.security(Integer.parseInt(security.trim()));
        } catch (NumberFormatException e) {
          throw invalid(file, s.where + ".Security must be 256 or 384, got '" + security + "'");
        }
      }
      b.softwareVerify(bool(file, s, env, "SoftwareVerify", "SOFTWAREVERIFY"));
      b.immutable(bool(file, s, env, "Immutable", "IMMUTABLE"));
      b.altId(orEmpty(text(s, env, "AltID", "ALTID")));
      b.keyIds(keyIds(file, s));
      return new BccspConfig.Pkcs11(b.build());
    } catch (IllegalArgumentException e) {
      throw invalid(file, s.where + ": " + e.getMessage());
    }
  }

  private static Object load(Path file) {
    String text;
    try {
      if (Files.size(file) > YamlLimits.MAX_CONFIG_YAML_BYTES) {
        throw invalid(file, "larger than " + YamlLimits.MAX_CONFIG_YAML_BYTES + " bytes");
      }
      text = Files.readString(file);
    } catch (IOException e) {
      throw new MspSetupException(Reason.FILE_UNREADABLE, RULE, file + ": cannot be read (" + e.getMessage() + ")");
    }
    LoaderOptions options = new LoaderOptions();
    options.setNestingDepthLimit(YamlLimits.MAX_NESTING);
    options.setMaxAliasesForCollections(50);
    try {
      return new Yaml(new SafeConstructor(options)).load(text);
    } catch (YAMLException e) {
      throw invalid(file, "not YAML: " + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  private static Section section(Path file, Object root) {
    if (!(root instanceof Map<?, ?> top)) {
      throw invalid(file, "expected a mapping with peer.BCCSP, General.BCCSP or BCCSP");
    }
    if (get(top, "peer") instanceof Map<?, ?> peer && get(peer, "BCCSP") instanceof Map<?, ?> b) {
      return new Section(b, "peer.BCCSP", "CORE_PEER_BCCSP_");
    }
    if (get(top, "General") instanceof Map<?, ?> general && get(general, "BCCSP") instanceof Map<?, ?> b) {
      return new Section(b, "General.BCCSP", "ORDERER_GENERAL_BCCSP_");
    }
    if (get(top, "BCCSP") instanceof Map<?, ?> b) {
      return new Section(b, "BCCSP", null);
    }
    throw invalid(file, "no BCCSP section: expected peer.BCCSP (core.yaml), General.BCCSP (orderer.yaml) or a top-level BCCSP");
  }

  /** The value of a key, matched without regard to case as viper matches it. */
  private static Object get(Map<?, ?> map, String key) {
    Object found = null;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (e.getKey() != null && e.getKey().toString().toLowerCase(Locale.ROOT).equals(key.toLowerCase(Locale.ROOT))) {
        found = e.getValue();
      }
    }
    return found;
  }

  /** A scalar setting as text: the environment override if set, else the file's value. */
  private static String text(Section s, Map<String, String> env, String key, String envKey) {
    if (s.envPrefix != null) {
      String v = env.get(s.envPrefix + envKey);
      if (v != null) {
        return v;
      }
    }
    Object v = get(s.bccsp, key);
    if (v == null || v instanceof Map || v instanceof List) {
      return null;
    }
    return v.toString();
  }

  private static boolean bool(Path file, Section s, Map<String, String> env, String key, String envKey) {
    String v = text(s, env, key, envKey);
    if (v == null || v.isEmpty()) {
      return false;
    }
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true", "t", "1" -> true;
      case "false", "f", "0" -> false;
      default -> throw invalid(file, s.where + "." + key + " must be true or false, got '" + v + "'");
    };
  }

  /** KeyIds: a list of {SKI, ID} mappings, or of "SKI ID" strings (Fabric's decode hook). */
  private static List<KeyIdMapping> keyIds(Path file, Section s) {
    Object v = get(s.bccsp, "KeyIds");
    List<KeyIdMapping> out = new ArrayList<>();
    if (v == null) {
      return out;
    }
    if (!(v instanceof List<?> list)) {
      throw invalid(file, s.where + ".KeyIds must be a list of {SKI, ID}");
    }
    for (Object item : list) {
      if (item instanceof Map<?, ?> m) {
        Object ski = get(m, "SKI");
        Object id = get(m, "ID");
        out.add(new KeyIdMapping(ski == null ? "" : ski.toString(), id == null ? "" : id.toString()));
      } else if (item instanceof String str) {
        String[] fields = str.trim().split("\\s+");
        if (fields.length == 2) {
          out.add(new KeyIdMapping(fields[0], fields[1]));
        }
      } else {
        throw invalid(file, s.where + ".KeyIds entries must be {SKI, ID} mappings or \"SKI ID\" strings");
      }
    }
    return out;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  private static MspSetupException invalid(Path file, String detail) {
    return new MspSetupException(Reason.BCCSP_CONFIG_INVALID, RULE, file + ": " + detail);
  }
}

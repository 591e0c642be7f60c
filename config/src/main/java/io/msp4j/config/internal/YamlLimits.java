package io.msp4j.config.internal;

/**
 * The bounds msp4j puts on YAML documents (rule LIMIT-05 in docs/security.md), beyond what Go's
 * YAML library checks: nesting, size, and SnakeYAML's own guards, recognised in its messages so
 * that they are reported as limits rather than as malformed YAML.
 */
public final class YamlLimits {
  private YamlLimits() {}

  /** Deepest nesting of mappings and sequences; real files nest a handful of levels. */
  public static final int MAX_NESTING = 1000;

  /** Largest config.yaml read: 1 MiB (cryptogen and fabric-ca write a few hundred bytes). */
  public static final int MAX_CONFIG_YAML_BYTES = 1 << 20;

  /** Largest configtx.yaml read: 16 MiB (Fabric's samples are tens of kilobytes). */
  public static final long MAX_CONFIGTX_BYTES = 16L * 1024 * 1024;

  /** The rule of these limits. */
  public static final String RULE = "LIMIT-05";

  /** Whether SnakeYAML refused the document for one of the limits it was given. */
  public static boolean isLimit(Throwable e) {
    if (e instanceof StackOverflowError) {
      return true;
    }
    String m = String.valueOf(e.getMessage());
    return m.contains("Nesting Depth exceeded") || m.contains("exceeds the limit")
        || m.contains("Number of aliases for non-scalar nodes exceeds");
  }
}

package io.msp4j.testdata.cryptogen.internal;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The names a spec may use for key algorithms, key usages and extended key usages. */
public final class SpecNames {
  private static final Map<String, String> KEY_ALGORITHMS = new LinkedHashMap<>();
  private static final Map<String, String> KEY_USAGES = new LinkedHashMap<>();
  private static final Map<String, String> EXT_KEY_USAGES = new LinkedHashMap<>();
  private static final Pattern OID = Pattern.compile("[0-2](\\.(0|[1-9][0-9]*))+");

  /** Canonical key algorithm names. */
  public static final String ECDSA_P256 = "ecdsa-p256";
  public static final String ECDSA_P384 = "ecdsa-p384";
  public static final String ED25519 = "ed25519";
  public static final String RSA_2048 = "rsa-2048";
  public static final String RSA_3072 = "rsa-3072";
  public static final String RSA_4096 = "rsa-4096";

  static {
    KEY_ALGORITHMS.put("ecdsa", ECDSA_P256);
    KEY_ALGORITHMS.put(ECDSA_P256, ECDSA_P256);
    KEY_ALGORITHMS.put(ECDSA_P384, ECDSA_P384);
    KEY_ALGORITHMS.put(ED25519, ED25519);
    KEY_ALGORITHMS.put("rsa", RSA_2048);
    KEY_ALGORITHMS.put(RSA_2048, RSA_2048);
    KEY_ALGORITHMS.put(RSA_3072, RSA_3072);
    KEY_ALGORITHMS.put(RSA_4096, RSA_4096);

    for (String usage : new String[] {"digitalSignature", "nonRepudiation", "keyEncipherment",
        "dataEncipherment", "keyAgreement", "keyCertSign", "cRLSign", "encipherOnly",
        "decipherOnly"}) {
      KEY_USAGES.put(usage.toLowerCase(Locale.ROOT), usage);
    }
    KEY_USAGES.put("contentcommitment", "nonRepudiation");

    for (String usage : new String[] {"serverAuth", "clientAuth", "codeSigning",
        "emailProtection", "timeStamping", "OCSPSigning", "any"}) {
      EXT_KEY_USAGES.put(usage.toLowerCase(Locale.ROOT), usage);
    }
    EXT_KEY_USAGES.put("anyextendedkeyusage", "any");
  }

  private SpecNames() {}

  /** The canonical name of a key algorithm (case-insensitive), or empty if unknown. */
  public static Optional<String> keyAlgorithm(String name) {
    return Optional.ofNullable(KEY_ALGORITHMS.get(name.toLowerCase(Locale.ROOT)));
  }

  /** The key algorithm names a spec may use, for error messages. */
  public static String knownKeyAlgorithms() {
    return String.join(", ", KEY_ALGORITHMS.keySet());
  }

  /** The canonical name of a key usage bit (case-insensitive), or empty if unknown. */
  public static Optional<String> keyUsage(String name) {
    return Optional.ofNullable(KEY_USAGES.get(name.toLowerCase(Locale.ROOT)));
  }

  /** The key usage names a spec may use, for error messages. */
  public static String knownKeyUsages() {
    return String.join(", ", KEY_USAGES.values().stream().distinct().toList());
  }

  /**
   * The canonical name of an extended key usage (case-insensitive), a dotted OID as given, or
   * empty if neither.
   */
  public static Optional<String> extKeyUsage(String name) {
    if (OID.matcher(name).matches()) {
      return Optional.of(name);
    }
    return Optional.ofNullable(EXT_KEY_USAGES.get(name.toLowerCase(Locale.ROOT)));
  }

  /** The extended key usage names a spec may use, for error messages. */
  public static String knownExtKeyUsages() {
    return String.join(", ", EXT_KEY_USAGES.values().stream().distinct().toList())
        + ", or a dotted OID";
  }
}

package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The crypto providers every equivalence test runs: Bouncy Castle, and Conscrypt when here. */
final class Providers {
  private Providers() {}

  /** True where Conscrypt ships a native library: these tests must then run it. */
  static boolean nativeExpected() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "");
    return os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"));
  }

  static List<CryptoProvider> all() {
    List<CryptoProvider> out = new ArrayList<>();
    out.add(new BouncyCastleCryptoProvider());
    CryptoProviders.nativeProvider().ifPresent(out::add);
    if (nativeExpected()) {
      assertThat(out).as("Conscrypt loads on linux-x86_64").hasSize(2);
    }
    return out;
  }
}

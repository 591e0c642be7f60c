package io.msp4j.channel.rotation;

/** Where a CA certificate sits in an MSP definition, and so what it vouches for. */
public enum CaRole {
  /** {@code root_certs}: identities chain to it (SETUP-CA-01). */
  ROOT("root CA", "--new-root", false),
  /** {@code intermediate_certs}: chains to a root in force (SETUP-CA-03). */
  INTERMEDIATE("intermediate CA", "--new-intermediate", false),
  /** {@code tls_root_certs}: nodes' TLS certificates chain to it (SETUP-TLS-01). */
  TLS_ROOT("TLS root CA", "--new-tls-root", true),
  /** {@code tls_intermediate_certs}: chains to a TLS root in force (SETUP-TLS-02). */
  TLS_INTERMEDIATE("TLS intermediate CA", "--new-tls-intermediate", true);

  private final String word;
  private final String option;
  private final boolean tls;

  CaRole(String word, String option, boolean tls) {
    this.word = word;
    this.option = option;
    this.tls = tls;
  }

  /** How messages name it: {@code root CA}, {@code TLS intermediate CA}. */
  public String word() {
    return word;
  }

  /** The {@code msp configtx rotate-ca} option that adds a CA of this role. */
  public String option() {
    return option;
  }

  /** Whether it is a TLS CA. */
  public boolean tls() {
    return tls;
  }

  /** Whether it is a root (identity or TLS). */
  public boolean root() {
    return this == ROOT || this == TLS_ROOT;
  }
}

package io.msp4j.testdata.cryptogen;

/** What a generated identity is, which decides its NodeOU, its folder and its TLS file names. */
public enum Role {
  /** A peer node: OU {@code peer}, TLS files {@code server.*}. */
  PEER("peer", "server"),
  /** An orderer node: OU {@code orderer}, TLS files {@code server.*}. */
  ORDERER("orderer", "server"),
  /** A user: OU {@code client}, TLS files {@code client.*}. */
  CLIENT("client", "client"),
  /** The organisation's admin: OU {@code admin} (with NodeOUs), TLS files {@code client.*}. */
  ADMIN("admin", "client");

  private final String nodeOu;
  private final String tlsPrefix;

  Role(String nodeOu, String tlsPrefix) {
    this.nodeOu = nodeOu;
    this.tlsPrefix = tlsPrefix;
  }

  /** The OU this role carries when NodeOUs are enabled. */
  public String nodeOu() {
    return nodeOu;
  }

  /** The base name of the TLS certificate and key files: {@code server} or {@code client}. */
  public String tlsPrefix() {
    return tlsPrefix;
  }
}

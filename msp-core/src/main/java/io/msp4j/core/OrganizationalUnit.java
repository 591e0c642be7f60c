package io.msp4j.core;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One organisational unit of an identity: the OU string of its certificate's subject and the
 * certifiers identifier, the hash of the certificate chain that issued it (spec IDENT-03).
 */
public final class OrganizationalUnit {
  private final String ou;
  private final byte[] certifiersId;

  public OrganizationalUnit(String ou, byte[] certifiersId) {
    this.ou = Objects.requireNonNull(ou, "ou");
    this.certifiersId = Objects.requireNonNull(certifiersId, "certifiersId").clone();
  }

  /** The OU string, as it appears in the subject. */
  public String ou() {
    return ou;
  }

  /** The certifiers identifier (a copy). */
  public byte[] certifiersId() {
    return certifiersId.clone();
  }

  /** The certifiers identifier as lower-case hex. */
  public String certifiersIdHex() {
    return HexFormat.of().formatHex(certifiersId);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrganizationalUnit other
        && ou.equals(other.ou)
        && Arrays.equals(certifiersId, other.certifiersId);
  }

  @Override
  public int hashCode() {
    return 31 * ou.hashCode() + Arrays.hashCode(certifiersId);
  }

  @Override
  public String toString() {
    return ou + "@" + certifiersIdHex();
  }
}

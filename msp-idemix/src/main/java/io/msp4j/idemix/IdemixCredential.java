package io.msp4j.idemix;

import java.util.Arrays;
import java.util.Objects;

/**
 * An idemix credential issued by {@link IdemixIssuer#issue}: the serialized {@code Credential}
 * (the BBS+ signature a, b, e, s over the user secret and the attribute values, and the values
 * themselves) together with the {@linkplain #attributes() attributes} it certifies. Useless
 * without the user secret it was issued for. Immutable; bytes are copied out.
 */
public final class IdemixCredential {
  private final byte[] encoded;
  private final IdemixAttributes attributes;

  IdemixCredential(byte[] encoded, IdemixAttributes attributes) {
    this.encoded = encoded.clone();
    this.attributes = Objects.requireNonNull(attributes, "attributes");
  }

  /** The serialized {@code Credential}, as the {@code cred} field of a signer configuration holds it. */
  public byte[] encoded() {
    return encoded.clone();
  }

  /** The attribute values the credential certifies. */
  public IdemixAttributes attributes() {
    return attributes;
  }

  byte[] encodedBytes() {
    return encoded;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixCredential c && Arrays.equals(encoded, c.encoded);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(encoded);
  }

  @Override
  public String toString() {
    return "IdemixCredential[" + attributes + "]";
  }
}

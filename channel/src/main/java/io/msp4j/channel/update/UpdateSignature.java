package io.msp4j.channel.update;

import java.util.Arrays;
import java.util.Objects;

/**
 * One signature of a config update as the policies see it (CONFIGTX-UPDATE-03): the signed data
 * is the {@code ConfigSignature.signature_header} bytes followed by the raw {@code config_update}
 * bytes, the identity is the header's {@code creator} (a serialized identity), and the signature
 * is {@code ConfigSignature.signature}. Immutable; byte arrays are copied in and out.
 */
public final class UpdateSignature {
  private final int index;
  private final byte[] data;
  private final byte[] identity;
  private final byte[] signature;

  /**
   * @param index the position of the {@code ConfigSignature} in the envelope, from 0
   * @param data the signed bytes
   * @param identity the creator's serialized identity
   * @param signature the signature over {@code data}
   */
  public UpdateSignature(int index, byte[] data, byte[] identity, byte[] signature) {
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative: " + index);
    }
    this.index = index;
    this.data = Objects.requireNonNull(data, "data").clone();
    this.identity = Objects.requireNonNull(identity, "identity").clone();
    this.signature = Objects.requireNonNull(signature, "signature").clone();
  }

  /** The position of the signature in the envelope, from 0. */
  public int index() {
    return index;
  }

  /** The signed bytes: signature header followed by the config update. */
  public byte[] data() {
    return data.clone();
  }

  /** The creator's serialized identity. */
  public byte[] identity() {
    return identity.clone();
  }

  /** The signature over {@link #data()}. */
  public byte[] signature() {
    return signature.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UpdateSignature s
        && s.index == index
        && Arrays.equals(s.data, data)
        && Arrays.equals(s.identity, identity)
        && Arrays.equals(s.signature, signature);
  }

  @Override
  public int hashCode() {
    return Objects.hash(index, Arrays.hashCode(data), Arrays.hashCode(identity),
        Arrays.hashCode(signature));
  }

  @Override
  public String toString() {
    return "UpdateSignature[" + index + ", " + identity.length + "-byte creator]";
  }
}

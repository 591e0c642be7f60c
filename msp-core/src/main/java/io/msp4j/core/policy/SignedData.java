package io.msp4j.core.policy;

import java.util.Arrays;
import java.util.Objects;

/**
 * One signature to evaluate a policy over: the signed bytes, the signer's serialized identity (a
 * {@code SerializedIdentity} protobuf) and the signature, as Fabric's {@code protoutil.SignedData}.
 * An immutable value; arrays are copied in and out.
 */
public final class SignedData {
  private final byte[] data;
  private final byte[] identity;
  private final byte[] signature;

  private SignedData(byte[] data, byte[] identity, byte[] signature) {
    this.data = Objects.requireNonNull(data, "data").clone();
    this.identity = Objects.requireNonNull(identity, "identity").clone();
    this.signature = Objects.requireNonNull(signature, "signature").clone();
  }

  /**
   * A signature by the identity serialized as {@code identity} over {@code data}.
   *
   * @throws NullPointerException naming a null argument
   */
  public static SignedData of(byte[] data, byte[] identity, byte[] signature) {
    return new SignedData(data, identity, signature);
  }

  /** The signed bytes (a copy). */
  public byte[] data() {
    return data.clone();
  }

  /** The signer's serialized identity (a copy). */
  public byte[] identity() {
    return identity.clone();
  }

  /** The signature (a copy). */
  public byte[] signature() {
    return signature.clone();
  }

  // Read without copying by the evaluators, which never hand these arrays out.
  byte[] dataRef() {
    return data;
  }

  byte[] identityRef() {
    return identity;
  }

  byte[] signatureRef() {
    return signature;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SignedData other
        && Arrays.equals(data, other.data)
        && Arrays.equals(identity, other.identity)
        && Arrays.equals(signature, other.signature);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(data) + Arrays.hashCode(identity)) + Arrays.hashCode(signature);
  }

  @Override
  public String toString() {
    return "SignedData[data " + data.length + " bytes, identity " + identity.length + " bytes, signature "
        + signature.length + " bytes]";
  }
}

package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The issuer of an idemix organisation: its secret key isk and its public key (the
 * {@code msp/IssuerPublicKey} file of Fabric's folder), with the attribute names Fabric's idemix
 * MSP requires. It issues credentials directly: it is given the user secret, so there is no
 * credential request. All randomness comes from the caller's generator, so a seeded generator
 * gives the same keys and credentials every time. The secret never appears in
 * {@link #toString()}. Immutable and safe to share between threads.
 *
 * <pre>{@code
 * IdemixIssuer issuer = IdemixIssuer.generate(random);
 * IdemixUserSecret secret = IdemixUserSecret.generate(random);
 * IdemixCredential credential = issuer.issue(secret, attributes, random);
 * }</pre>
 */
public final class IdemixIssuer {
  private final BigInteger isk;
  private final IdemixIssuerKey key;

  private IdemixIssuer(BigInteger isk, IdemixIssuerKey key) {
    this.isk = isk;
    this.key = key;
  }

  /** A new issuer: a random secret and its public key, drawn from {@code random}. */
  public static IdemixIssuer generate(SecureRandom random) {
    Objects.requireNonNull(random, "random");
    BigInteger isk = IssuerScalars.randomNonZero(random);
    byte[] publicKey = IssuerKeyGeneration.publicKey(isk, random).toByteArray();
    return new IdemixIssuer(isk, IdemixIssuerKey.parse(publicKey));
  }

  /**
   * The issuer whose keys {@link #secretKey()} and {@link #publicKey()} gave.
   *
   * @throws IdemixException (IDEMIX-IPK-01, IDEMIX-POINT-01) if Fabric would refuse the public key
   * @throws IllegalArgumentException if the secret is not 32 bytes holding a scalar in [1, q-1],
   *     or is not the secret of this public key (w ≠ isk·g2)
   */
  public static IdemixIssuer fromKeys(byte[] secretKey, byte[] publicKey) {
    Objects.requireNonNull(publicKey, "publicKey");
    BigInteger isk = IssuerScalars.fromBytes(secretKey, "the issuer secret key");
    IdemixIssuerKey key = IdemixIssuerKey.parse(publicKey);
    byte[] w = Fp256bn.bytes(key.w());
    if (!MessageDigest.isEqual(w, Fp256bn.bytes(Fp256bn.mul(Fp256bn.generatorG2(), isk)))) {
      throw new IllegalArgumentException("the issuer secret key is not the secret of the issuer public key "
          + HexFormat.of().formatHex(key.hash()) + " (w is not isk·g2)");
    }
    return new IdemixIssuer(isk, key);
  }

  /** The secret key isk: 32 big-endian bytes (a new array on every call). Keep it secret. */
  public byte[] secretKey() {
    return Fp256bn.scalarBytes(isk);
  }

  /** The serialized {@code IssuerPublicKey}, the content of {@code msp/IssuerPublicKey}. */
  public byte[] publicKey() {
    return key.encoded();
  }

  /** The public key, as {@link IdemixIssuerKey#parse} imports it. */
  public IdemixIssuerKey issuerKey() {
    return key;
  }

  /**
   * Issues a credential on the user secret and the attribute values: a BBS+ signature with e and
   * s drawn from {@code random}.
   */
  public IdemixCredential issue(IdemixUserSecret userSecret, IdemixAttributes attributes, SecureRandom random) {
    Objects.requireNonNull(userSecret, "userSecret");
    Objects.requireNonNull(attributes, "attributes");
    Objects.requireNonNull(random, "random");
    byte[] encoded = CredentialIssuance.issue(isk, key, userSecret.value(), attributes.scalars(), random)
        .toByteArray();
    return new IdemixCredential(encoded, attributes);
  }

  /** Equal when both the secret and the public key are equal (the secret compared in constant time). */
  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixIssuer other
        && key.equals(other.key)
        && MessageDigest.isEqual(secretKey(), other.secretKey());
  }

  @Override
  public int hashCode() {
    return key.hashCode();
  }

  /** The hash of the public key; never the secret. */
  @Override
  public String toString() {
    return "IdemixIssuer[publicKeyHash=" + HexFormat.of().formatHex(key.hash()) + "]";
  }
}

package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.HexFormat;
import java.util.Objects;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemWriter;

/**
 * The long-term revocation key of an idemix issuer: an ECDSA key on P-384, as IBM idemix makes
 * it. Its public key is the {@code msp/RevocationPublicKey} file of Fabric's folder; the private
 * key signs each epoch's credential revocation information (CRI), which a signer puts in its proofs.
 * Only "no revocation" (algorithm 0) exists in Fabric. Randomness comes from the caller's
 * generator. The private key never appears in {@link #toString()}. Immutable.
 */
public final class IdemixRevocationKey {
  /** The CRI revocation algorithm "no revocation", the only one Fabric implements. */
  public static final int ALG_NO_REVOCATION = 0;

  private final ECPrivateKey privateKey;
  private final ECPublicKey publicKey;

  private IdemixRevocationKey(ECPrivateKey privateKey) {
    this.privateKey = privateKey;
    this.publicKey = P384.publicKeyOf(privateKey);
  }

  /** A new key: a random scalar of P-384 drawn from {@code random}. */
  public static IdemixRevocationKey generate(SecureRandom random) {
    Objects.requireNonNull(random, "random");
    return new IdemixRevocationKey(P384.privateKey(P384.randomScalar(random)));
  }

  /**
   * The key that {@link #privateKeyPkcs8()} wrote.
   *
   * @throws IllegalArgumentException if the bytes are not a PKCS#8 EC private key on P-384
   */
  public static IdemixRevocationKey fromPkcs8(byte[] pkcs8) {
    Objects.requireNonNull(pkcs8, "pkcs8");
    return new IdemixRevocationKey(P384.privateKeyFromPkcs8(pkcs8));
  }

  /** The private key as PKCS#8 DER (a new array on every call). Keep it secret. */
  public byte[] privateKeyPkcs8() {
    return privateKey.getEncoded();
  }

  /** The public key. */
  public ECPublicKey publicKey() {
    return publicKey;
  }

  /**
   * The public key as a PEM {@code PUBLIC KEY} block (SubjectPublicKeyInfo, {@code \n} line ends),
   * the content of {@code msp/RevocationPublicKey}.
   */
  public byte[] publicKeyPem() {
    StringWriter out = new StringWriter();
    try (PemWriter pem = new UnixPemWriter(out)) {
      pem.writeObject(new PemObject("PUBLIC KEY", publicKey.getEncoded()));
    } catch (IOException e) {
      throw new UncheckedIOException("writing to a string cannot fail", e);
    }
    return out.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The serialized {@code CredentialRevocationInformation} saying that nothing is revoked in the
   * epoch: algorithm {@link #ALG_NO_REVOCATION}, the G2 generator as the epoch key, and an ECDSA
   * signature (SHA-256, ASN.1 DER, k drawn from {@code random}) over the information serialized
   * without the signature. This is the {@code credential_revocation_information} of a signer
   * configuration; Fabric's signers use epoch 0.
   *
   * @throws IllegalArgumentException if the epoch is negative
   */
  public byte[] noRevocationInformation(long epoch, SecureRandom random) {
    Objects.requireNonNull(random, "random");
    if (epoch < 0) {
      throw new IllegalArgumentException("epoch " + epoch + " is negative");
    }
    CredentialRevocationInformation unsigned = CredentialRevocationInformation.newBuilder()
        .setEpoch(epoch)
        .setEpochPk(PointWire.g2(Fp256bn.generatorG2()))
        .setRevocationAlg(ALG_NO_REVOCATION)
        .build();
    byte[] signature;
    try {
      Signature ecdsa = Signature.getInstance("SHA256withECDSA");
      ecdsa.initSign(privateKey, random);
      ecdsa.update(unsigned.toByteArray());
      signature = ecdsa.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA256withECDSA on P-384 is required of the Java platform", e);
    }
    return unsigned.toBuilder().setEpochPkSig(ByteString.copyFrom(signature)).build().toByteArray();
  }

  /** Equal when the private keys are equal (compared in constant time). */
  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixRevocationKey other
        && MessageDigest.isEqual(privateKeyPkcs8(), other.privateKeyPkcs8());
  }

  @Override
  public int hashCode() {
    return publicKey.getW().hashCode();
  }

  /** The curve and the start of the public key's SHA-256; never the private key. */
  @Override
  public String toString() {
    byte[] digest = Fp256bn.sha256(publicKey.getEncoded());
    return "IdemixRevocationKey[P-384, publicKeySha256=" + HexFormat.of().formatHex(digest, 0, 8) + "...]";
  }

  /** A PEM writer that ends lines with {@code \n} on every platform, as Go's encoder does. */
  private static final class UnixPemWriter extends PemWriter {
    UnixPemWriter(StringWriter out) {
      super(out);
    }

    @Override
    public void newLine() throws IOException {
      write('\n');
    }
  }
}

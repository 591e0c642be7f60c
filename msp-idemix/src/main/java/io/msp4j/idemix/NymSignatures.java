package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.NymSignature;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * Verification of an idemix identity's signatures (IDEMIX-VERIFY-01): a {@code NymSignature}, a
 * proof of knowledge of the secret and randomness behind the identity's own pseudonym, over the
 * message as given. Like Fabric's, this does not validate the identity.
 */
public final class NymSignatures {
  private static final byte[] SIGN_LABEL = "sign".getBytes(StandardCharsets.US_ASCII);

  private NymSignatures() {}

  /**
   * Signs {@code message} with the pseudonym nym = sk·h_sk + rNym·h_rand: a proof of knowledge
   * of sk and rNym bound to the message, randomised by {@code rng} (Fabric verifies it; two
   * signatures of the same message differ).
   */
  static byte[] sign(IdemixIssuerKey key, BIG sk, ECP nym, BIG rNym, byte[] message, SecureRandom rng) {
    BIG nonce = Scalars.random(rng);
    BIG rSk = Scalars.random(rng);
    BIG rRNym = Scalars.random(rng);
    ECP t = Fp256bn.add(Fp256bn.mul(key.hSk(), rSk), Fp256bn.mul(key.hRand(), rRNym));
    BIG c = Scalars.of(Challenges.finalChallenge(challengeData(key, t, nym, message),
        Scalars.toBigInteger(nonce)));
    return NymSignature.newBuilder()
        .setProofC(ByteString.copyFrom(Scalars.bytes(c)))
        .setProofSSk(ByteString.copyFrom(Scalars.bytes(Scalars.add(rSk, Scalars.mul(c, sk)))))
        .setProofSRNym(ByteString.copyFrom(Scalars.bytes(Scalars.add(rRNym, Scalars.mul(c, rNym)))))
        .setNonce(ByteString.copyFrom(Scalars.bytes(nonce)))
        .build()
        .toByteArray();
  }

  private static byte[] challengeData(IdemixIssuerKey key, ECP t, ECP nym, byte[] message) {
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.writeBytes(SIGN_LABEL);
    data.writeBytes(Fp256bn.bytes(t));
    data.writeBytes(Fp256bn.bytes(nym));
    data.writeBytes(key.hashBytes());
    data.writeBytes(message);
    return data.toByteArray();
  }

  /**
   * Verifies {@code signature} over {@code message} by {@code identity} under the issuer key.
   *
   * @throws IdemixException (IDEMIX-VERIFY-01) when the signature is malformed or does not verify
   */
  public static void verify(IdemixIssuerKey key, IdemixIdentity identity, byte[] message, byte[] signature) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(signature, "signature");
    if (signature.length == 0) {
      throw new IdemixException(Reason.SIGNATURE_MALFORMED, Rules.VERIFY, "idemix signature: empty");
    }
    NymSignature sig;
    try {
      sig = NymSignature.parseFrom(signature);
    } catch (InvalidProtocolBufferException e) {
      throw new IdemixException(Reason.SIGNATURE_MALFORMED, Rules.VERIFY,
          "idemix signature: not a NymSignature protobuf: " + e.getMessage(), e);
    }
    BigInteger c = Fp256bn.scalar(sig.getProofC().toByteArray());
    BigInteger sSk = Fp256bn.scalar(sig.getProofSSk().toByteArray());
    BigInteger sRNym = Fp256bn.scalar(sig.getProofSRNym().toByteArray());
    BigInteger nonce = Fp256bn.scalar(sig.getNonce().toByteArray());
    ECP nym = identity.nym();
    ECP t = Fp256bn.mul(nym, c);
    t.neg();
    VerifierBases bases = key.bases();
    VerifierBases.plus(t, bases.hSk, sSk);
    VerifierBases.plus(t, bases.hRand, sRNym);
    if (!c.equals(Challenges.finalChallenge(challengeData(key, t, nym, message), nonce))) {
      throw new IdemixException(Reason.SIGNATURE_INVALID, Rules.VERIFY,
          "idemix signature: the pseudonym signature does not verify over this message");
    }
  }
}

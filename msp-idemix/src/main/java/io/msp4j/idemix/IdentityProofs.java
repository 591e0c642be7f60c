package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import io.msp4j.idemix.internal.wire.IdemixWire.NonRevocationProof;
import io.msp4j.idemix.internal.wire.IdemixWire.Signature;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * Makes the association proof of a signing identity, the proof {@link IdemixIdentityProof}
 * checks: the credential randomised (A' = r1·A, Ā = r1·B − e·A', B' = r1·B − r2·h_rand), a
 * signature of knowledge over an empty message of the user secret, the credential's e and s,
 * the pseudonym's randomness and the two hidden attributes (enrollment ID, revocation handle),
 * with the OU and role disclosed and "no revocation" as the non-revocation part.
 */
final class IdentityProofs {
  private static final byte[] SIGN_LABEL = "sign".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DISCLOSURE = {1, 1, 0, 0};
  private static final int[] HIDDEN = {2, 3};

  private IdentityProofs() {}

  static byte[] make(IdemixIssuerKey key, Credentials.Verified cred, BIG sk, ECP nym, BIG rNym,
      CredentialRevocationInformation cri, SecureRandom rng) {
    BIG r1 = Scalars.random(rng);
    BIG r2 = Scalars.random(rng);
    BIG r3 = Scalars.inverse(r1);
    BIG nonce = Scalars.random(rng);
    BIG e = Scalars.of(cred.e());
    BIG s = Scalars.of(cred.s());

    ECP aPrime = Fp256bn.mul(cred.a(), r1);
    ECP bR1 = Fp256bn.mul(cred.b(), r1);
    ECP aBar = Fp256bn.sub(bR1, Fp256bn.mul(aPrime, e));
    ECP bPrime = Fp256bn.sub(bR1, Fp256bn.mul(key.hRand(), r2));
    BIG sPrime = Scalars.sub(s, Scalars.mul(r2, r3));

    BIG rSk = Scalars.random(rng);
    BIG rE = Scalars.random(rng);
    BIG rR2 = Scalars.random(rng);
    BIG rR3 = Scalars.random(rng);
    BIG rSPrime = Scalars.random(rng);
    BIG rRNym = Scalars.random(rng);
    BIG[] rAttrs = {Scalars.random(rng), Scalars.random(rng)};

    ECP t1 = Fp256bn.add(Fp256bn.mul(aPrime, rE), Fp256bn.mul(key.hRand(), rR2));
    ECP t2 = Fp256bn.mul(key.hRand(), rSPrime);
    t2 = Fp256bn.add(t2, Fp256bn.add(Fp256bn.mul(bPrime, rR3), Fp256bn.mul(key.hSk(), rSk)));
    for (int i = 0; i < HIDDEN.length; i++) {
      t2 = Fp256bn.add(t2, Fp256bn.mul(key.hAttr(HIDDEN[i]), rAttrs[i]));
    }
    ECP t3 = Fp256bn.add(Fp256bn.mul(key.hSk(), rSk), Fp256bn.mul(key.hRand(), rRNym));

    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.writeBytes(SIGN_LABEL);
    for (ECP p : new ECP[] {t1, t2, t3, aPrime, aBar, bPrime, nym}) {
      data.writeBytes(Fp256bn.bytes(p));
    }
    data.writeBytes(key.hashBytes());
    data.writeBytes(DISCLOSURE);
    BIG c = Scalars.of(Challenges.finalChallenge(data.toByteArray(), Scalars.toBigInteger(nonce)));

    Signature.Builder sig = Signature.newBuilder()
        .setAPrime(PointWire.g1(aPrime))
        .setABar(PointWire.g1(aBar))
        .setBPrime(PointWire.g1(bPrime))
        .setProofC(bytes(c))
        .setProofSSk(bytes(Scalars.add(rSk, Scalars.mul(c, sk))))
        .setProofSE(bytes(Scalars.sub(rE, Scalars.mul(c, e))))
        .setProofSR2(bytes(Scalars.add(rR2, Scalars.mul(c, r2))))
        .setProofSR3(bytes(Scalars.sub(rR3, Scalars.mul(c, r3))))
        .setProofSSPrime(bytes(Scalars.add(rSPrime, Scalars.mul(c, sPrime))))
        .setNonce(bytes(nonce))
        .setNym(PointWire.g1(nym))
        .setProofSRNym(bytes(Scalars.add(rRNym, Scalars.mul(c, rNym))));
    for (int i = 0; i < HIDDEN.length; i++) {
      BIG attr = Scalars.of(cred.attrs()[HIDDEN[i]]);
      sig.addProofSAttrs(bytes(Scalars.add(rAttrs[i], Scalars.mul(c, attr))));
    }
    if (cri.hasEpochPk()) {
      sig.setRevocationEpochPk(cri.getEpochPk());
    }
    sig.setRevocationPkSig(cri.getEpochPkSig())
        .setEpoch(cri.getEpoch())
        .setNonRevocationProof(NonRevocationProof.newBuilder().setRevocationAlg(cri.getRevocationAlg()));
    return sig.build().toByteArray();
  }

  private static ByteString bytes(BIG v) {
    return ByteString.copyFrom(Scalars.bytes(v));
  }
}

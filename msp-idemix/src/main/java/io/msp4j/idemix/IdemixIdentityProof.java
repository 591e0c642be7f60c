package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.Signature;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * The check of an identity's association proof (IDEMIX-VALIDATE-01): a signature of knowledge of
 * a credential of the issuer, over an empty message, with the OU (hashed) and the role value
 * disclosed and the enrollment ID and revocation handle hidden. As in Fabric, the revocation part
 * must name algorithm 0 and its epoch key must decode; the epoch and its signature are not
 * checked. The proof is checked against the pseudonym inside it; that this is the identity's own
 * pseudonym is {@link IdemixIdentity#deserialize}'s business (MSP4J-IDEMIX-STRICT-01).
 */
public final class IdemixIdentityProof {
  private static final byte[] SIGN_LABEL = "sign".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DISCLOSURE = {1, 1, 0, 0};
  private static final int ENROLLMENT_ID = 2;
  private static final int REVOCATION_HANDLE = 3;

  private IdemixIdentityProof() {}

  /**
   * Verifies the identity's association proof under the issuer key.
   *
   * @throws IdemixException (IDEMIX-VALIDATE-01) when Fabric would find the identity invalid
   */
  public static void verify(IdemixIssuerKey key, IdemixIdentity identity) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(identity, "identity");
    byte[] proof = identity.proofBytes();
    if (proof.length == 0) {
      throw invalid("the identity has no association proof", null);
    }
    Signature sig;
    try {
      sig = Signature.parseFrom(proof);
    } catch (InvalidProtocolBufferException e) {
      throw invalid("the association proof is not an idemix Signature protobuf: " + e.getMessage(), e);
    }
    if (!sig.hasNonRevocationProof()) {
      throw invalid("the association proof has no non-revocation part", null);
    }
    if (sig.getProofSAttrsCount() != 2) {
      throw invalid("the association proof has " + sig.getProofSAttrsCount()
          + " s-values for hidden attributes; two are hidden (enrollment ID, revocation handle)", null);
    }
    ECP aPrime;
    ECP aBar;
    ECP bPrime;
    ECP nym;
    try {
      aPrime = Points.g1(sig.getAPrime(), sig.hasAPrime(), "a_prime");
      aBar = Points.g1(sig.getABar(), sig.hasABar(), "a_bar");
      bPrime = Points.g1(sig.getBPrime(), sig.hasBPrime(), "b_prime");
      nym = Points.g1(sig.getNym(), sig.hasNym(), "nym");
    } catch (Points.MalformedPointException e) {
      throw invalid("the association proof's " + e.getMessage(), e);
    }
    BigInteger c = s(sig.getProofC());
    BigInteger sSk = s(sig.getProofSSk());
    BigInteger sE = s(sig.getProofSE());
    BigInteger sR2 = s(sig.getProofSR2());
    BigInteger sR3 = s(sig.getProofSR3());
    BigInteger sSPrime = s(sig.getProofSSPrime());
    BigInteger sRNym = s(sig.getProofSRNym());
    BigInteger sEid = s(sig.getProofSAttrs(0));
    BigInteger sRh = s(sig.getProofSAttrs(1));
    BigInteger nonce = s(sig.getNonce());

    if (aPrime.is_infinity()) {
      throw invalid("a_prime is the point at infinity", null);
    }
    if (!Fp256bn.pairingsEqual(key.w(), aPrime, Fp256bn.generatorG2(), aBar)) {
      throw invalid("a_prime and a_bar are not a randomised credential of this issuer", null);
    }

    // The t-values recomputed; every multiple of a fixed base comes from the key's tables.
    VerifierBases bases = key.bases();
    BigInteger ouValue = Fp256bn.hashToScalar(identity.organizationalUnit()
        .getOrganizationalUnitIdentifier().getBytes(StandardCharsets.UTF_8));
    BigInteger roleValue = BigInteger.valueOf(identity.disclosedRoleValue());
    ECP t1 = Fp256bn.sub(Fp256bn.mul(aPrime, sE), Fp256bn.mul(Fp256bn.sub(aBar, bPrime), c));
    VerifierBases.plus(t1, bases.hRand, sR2);
    // (g1 + ou·h_attrs[0] + role·h_attrs[1])·c, the disclosed attributes, as three fixed multiples.
    ECP t2 = Fp256bn.mul(bPrime, sR3);
    VerifierBases.plus(t2, bases.hRand, sSPrime);
    VerifierBases.plus(t2, bases.hSk, sSk);
    VerifierBases.plus(t2, bases.hAttr(ENROLLMENT_ID), sEid);
    VerifierBases.plus(t2, bases.hAttr(REVOCATION_HANDLE), sRh);
    VerifierBases.plus(t2, bases.g1, c);
    VerifierBases.plus(t2, bases.hAttr(0), reduced(c).multiply(ouValue));
    VerifierBases.plus(t2, bases.hAttr(1), reduced(c).multiply(roleValue));
    ECP t3 = Fp256bn.mul(nym, c);
    t3.neg();
    VerifierBases.plus(t3, bases.hSk, sSk);
    VerifierBases.plus(t3, bases.hRand, sRNym);

    int alg = sig.getNonRevocationProof().getRevocationAlg();
    if (alg != 0) {
      throw invalid("the association proof names revocation algorithm " + alg
          + "; only 0 (no revocation) is known", null);
    }
    try {
      Points.g2(sig.getRevocationEpochPk(), sig.hasRevocationEpochPk(), "revocation_epoch_pk");
    } catch (Points.MalformedPointException e) {
      throw invalid("the association proof's " + e.getMessage(), e);
    }

    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.writeBytes(SIGN_LABEL);
    for (ECP p : new ECP[] {t1, t2, t3, aPrime, aBar, bPrime, nym}) {
      data.writeBytes(Fp256bn.bytes(p));
    }
    data.writeBytes(key.hashBytes());
    data.writeBytes(DISCLOSURE);
    if (!c.equals(Challenges.finalChallenge(data.toByteArray(), nonce))) {
      throw invalid("the association proof does not verify for OU '"
          + identity.organizationalUnit().getOrganizationalUnitIdentifier() + "' and role value "
          + identity.disclosedRoleValue(), null);
    }
  }

  /** c as mathlib uses it in a product (reduced modulo q). */
  private static BigInteger reduced(BigInteger c) {
    return c.mod(Fp256bn.ORDER);
  }

  private static BigInteger s(ByteString b) {
    return Fp256bn.scalar(b.toByteArray());
  }

  private static IdemixException invalid(String message, Throwable cause) {
    return new IdemixException(
        Reason.IDEMIX_PROOF_INVALID, Rules.VALIDATE, "idemix identity: " + message, cause);
  }
}

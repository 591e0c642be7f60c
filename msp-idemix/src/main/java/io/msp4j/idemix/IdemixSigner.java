package io.msp4j.idemix;

import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.Identity;
import io.msp4j.core.SigningIdentity;
import java.security.SecureRandom;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * The signing identity of an idemix MSP set up with a signer: the pseudonym drawn at setup, the
 * user secret and the pseudonym's randomness. Signatures are pseudonym signatures
 * (IDEMIX-VERIFY-01), randomised; everything else is its plain identity's answer (as Fabric's,
 * the idemix MSP validates its signer's identity, unlike the X.509 MSP). The secrets never appear
 * in {@link #toString()} and are not logged.
 */
final class IdemixSigner extends ForwardingIdentity<IdemixMspIdentity> implements SigningIdentity {
  private final BIG sk;
  private final ECP nym;
  private final BIG rNym;
  private final SecureRandom rng;

  IdemixSigner(IdemixMspIdentity identity, BIG sk, ECP nym, BIG rNym, SecureRandom rng) {
    super(identity);
    this.sk = new BIG(sk);
    this.nym = nym;
    this.rNym = new BIG(rNym);
    this.rng = rng;
  }

  @Override
  public byte[] sign(byte[] message) {
    Objects.requireNonNull(message, "message");
    return NymSignatures.sign(delegate().msp().issuerKey(), sk, nym, rNym, message, rng);
  }

  @Override
  public Identity publicVersion() {
    return delegate();
  }

  @Override
  public String toString() {
    return "IdemixSigner[" + delegate() + "]";
  }
}

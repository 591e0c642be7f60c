package io.msp4j.idemix;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.SigningIdentity;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * The signing identity of an idemix MSP set up with a signer: the pseudonym drawn at setup, the
 * user secret and the pseudonym's randomness. Signatures are pseudonym signatures
 * (IDEMIX-VERIFY-01), randomised. The secrets never appear in {@link #toString()} and are not
 * logged.
 */
final class IdemixSigner implements SigningIdentity {
  private final IdemixMspIdentity identity;
  private final BIG sk;
  private final ECP nym;
  private final BIG rNym;
  private final SecureRandom rng;

  IdemixSigner(IdemixMspIdentity identity, BIG sk, ECP nym, BIG rNym, SecureRandom rng) {
    this.identity = identity;
    this.sk = new BIG(sk);
    this.nym = nym;
    this.rNym = new BIG(rNym);
    this.rng = rng;
  }

  @Override
  public byte[] sign(byte[] message) {
    Objects.requireNonNull(message, "message");
    return NymSignatures.sign(identity.msp().issuerKey(), sk, nym, rNym, message, rng);
  }

  @Override
  public Identity publicVersion() {
    return identity;
  }

  @Override
  public String mspId() {
    return identity.mspId();
  }

  @Override
  public IdentityIdentifier identifier() {
    return identity.identifier();
  }

  @Override
  public Object verdictKey() {
    return identity.verdictKey();
  }

  /** As Fabric, the idemix MSP validates its signer's identity (unlike the X.509 MSP). */
  @Override
  public void validate() {
    identity.validate();
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    identity.satisfies(principal);
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return identity.organizationalUnits();
  }

  @Override
  public Instant expiresAt() {
    return identity.expiresAt();
  }

  @Override
  public boolean anonymous() {
    return true;
  }

  @Override
  public byte[] serialize() {
    return identity.serialize();
  }

  @Override
  public CertificateRef certificate() {
    return identity.certificate();
  }

  @Override
  public byte[] certificateDer() {
    return identity.certificateDer();
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    identity.verify(message, signature);
  }

  @Override
  public String toString() {
    return "IdemixSigner[" + identity + "]";
  }
}

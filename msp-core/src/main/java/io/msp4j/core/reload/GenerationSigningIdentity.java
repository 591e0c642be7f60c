package io.msp4j.core.reload;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.Msp;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.SigningIdentity;
import java.time.Instant;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * The signing identity of one generation of a {@link ReloadingMsp}. It keeps its certificate and
 * key whatever is swapped in later, so a signature started with it finishes with the key it
 * started with. Like any signing identity it is not itself an identity an MSP validates
 * (VALIDATE-03); its {@link #publicVersion()} is an identity of its generation.
 */
final class GenerationSigningIdentity implements SigningIdentity {
  private final ReloadingMsp owner;
  private final Generation<Msp> generation;
  private final SigningIdentity inner;

  GenerationSigningIdentity(ReloadingMsp owner, Generation<Msp> generation, SigningIdentity inner) {
    this.owner = owner;
    this.generation = generation;
    this.inner = inner;
  }

  ReloadingMsp owner() {
    return owner;
  }

  Generation<Msp> generation() {
    return generation;
  }

  @Override
  public byte[] sign(byte[] message) {
    return inner.sign(message);
  }

  @Override
  public Identity publicVersion() {
    return new GenerationIdentity(owner, generation, inner.publicVersion());
  }

  @Override
  public String mspId() {
    return inner.mspId();
  }

  @Override
  public IdentityIdentifier identifier() {
    return inner.identifier();
  }

  @Override
  public void validate() {
    inner.validate();
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    inner.satisfies(principal);
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return inner.organizationalUnits();
  }

  @Override
  public Instant expiresAt() {
    return inner.expiresAt();
  }

  @Override
  public boolean anonymous() {
    return inner.anonymous();
  }

  @Override
  public byte[] serialize() {
    return inner.serialize();
  }

  @Override
  public CertificateRef certificate() {
    return inner.certificate();
  }

  @Override
  public byte[] certificateDer() {
    return inner.certificateDer();
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    inner.verify(message, signature);
  }

  @Override
  public String toString() {
    return "Generation" + generation.number() + "{" + inner + "}";
  }
}

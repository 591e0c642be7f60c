package io.msp4j.core.reload;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.Msp;
import io.msp4j.core.OrganizationalUnit;
import java.time.Instant;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity handed out by a {@link ReloadingMsp}: the identity made by one generation's MSP,
 * tied to that generation. Its own {@code validate} and {@code satisfies} go to the MSP that made
 * it (CORE-03), so a swap never changes what it answers; the reloading MSP, asked about it after
 * a swap, makes a fresh identity with the generation it serves.
 */
final class GenerationIdentity implements Identity {
  private final ReloadingMsp owner;
  private final Generation<Msp> generation;
  private final Identity inner;

  GenerationIdentity(ReloadingMsp owner, Generation<Msp> generation, Identity inner) {
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

  /** The identity of the generation's MSP. */
  Identity inner() {
    return inner;
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
    generation.value().validate(inner);
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    generation.value().satisfies(inner, principal);
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

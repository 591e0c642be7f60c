package io.msp4j.core.reload;

import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.Identity;
import io.msp4j.core.Msp;
import io.msp4j.core.SigningIdentity;

/**
 * The signing identity of one generation of a {@link ReloadingMsp}. It keeps its certificate and
 * key whatever is swapped in later, so a signature started with it finishes with the key it
 * started with. Like any signing identity it is not itself an identity an MSP validates
 * (VALIDATE-03); its {@link #publicVersion()} is an identity of its generation.
 */
final class GenerationSigningIdentity extends ForwardingIdentity<SigningIdentity>
    implements SigningIdentity {
  private final ReloadingMsp owner;
  private final Generation<Msp> generation;

  GenerationSigningIdentity(ReloadingMsp owner, Generation<Msp> generation, SigningIdentity inner) {
    super(inner);
    this.owner = owner;
    this.generation = generation;
  }

  ReloadingMsp owner() {
    return owner;
  }

  Generation<Msp> generation() {
    return generation;
  }

  @Override
  public byte[] sign(byte[] message) {
    return delegate().sign(message);
  }

  @Override
  public Identity publicVersion() {
    return new GenerationIdentity(owner, generation, delegate().publicVersion());
  }

  @Override
  public String toString() {
    return "Generation" + generation.number() + "{" + delegate() + "}";
  }
}

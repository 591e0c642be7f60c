package io.msp4j.core.reload;

import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.Identity;
import io.msp4j.core.Msp;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * An identity handed out by a {@link ReloadingMsp}: the identity made by one generation's MSP,
 * tied to that generation. Its own {@code validate} and {@code satisfies} go to the MSP that made
 * it (CORE-03), so a swap never changes what it answers; the reloading MSP, asked about it after
 * a swap, makes a fresh identity with the generation it serves.
 */
final class GenerationIdentity extends ForwardingIdentity<Identity> {
  private final ReloadingMsp owner;
  private final Generation<Msp> generation;

  GenerationIdentity(ReloadingMsp owner, Generation<Msp> generation, Identity inner) {
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

  /** The identity of the generation's MSP. */
  Identity inner() {
    return delegate();
  }

  @Override
  public void validate() {
    generation.value().validate(delegate());
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    generation.value().satisfies(delegate(), principal);
  }

  @Override
  public String toString() {
    return "Generation" + generation.number() + "{" + delegate() + "}";
  }
}

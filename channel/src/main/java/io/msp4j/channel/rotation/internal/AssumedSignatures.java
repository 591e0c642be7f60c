package io.msp4j.channel.rotation.internal;

import io.msp4j.channel.update.ChannelView;
import io.msp4j.channel.update.IdentityPolicies;
import io.msp4j.channel.update.ModPolicies;
import io.msp4j.channel.update.ModPolicyOutcome;
import io.msp4j.channel.update.UpdateSignature;
import io.msp4j.core.MspManager;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;

/**
 * A channel view whose mod_policies count as satisfied by the signatures they ask for: a plan's
 * steps are unsigned, and the checker must get past authorisation to load and judge the proposed
 * config. Each outcome keeps, as {@code missing}, what the unsigned update lacks (the signers it
 * needs), as the real policy evaluation reports it. Everything else is the real view's.
 */
public final class AssumedSignatures implements ChannelView, ModPolicies {
  private final ChannelView real;

  private AssumedSignatures(ChannelView real) {
    this.real = real;
  }

  /** The view over {@code real} with signatures taken as given. */
  public static AssumedSignatures of(ChannelView real) {
    return new AssumedSignatures(real);
  }

  @Override
  public Config config() {
    return real.config();
  }

  @Override
  public MspManager mspManager() {
    return real.mspManager();
  }

  @Override
  public ModPolicies modPolicies() {
    return this;
  }

  @Override
  public IdentityPolicies identityPolicies() {
    return real.identityPolicies();
  }

  @Override
  public Optional<ModPolicyOutcome> evaluate(
      List<String> managerPath, String policyName, List<UpdateSignature> signatures) {
    return real.modPolicies().evaluate(managerPath, policyName, signatures)
        .map(o -> new ModPolicyOutcome(o.policyPath(), true, o.needsNoSignature(), o.missing(),
            List.of()));
  }

  @Override
  public boolean exists(List<String> managerPath, String policyName) {
    return real.modPolicies().exists(managerPath, policyName);
  }
}

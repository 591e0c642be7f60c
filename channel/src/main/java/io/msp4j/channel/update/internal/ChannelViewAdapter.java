package io.msp4j.channel.update.internal;

import io.msp4j.channel.Channel;
import io.msp4j.channel.PolicyLookup;
import io.msp4j.channel.PolicyManager;
import io.msp4j.channel.update.ChannelView;
import io.msp4j.channel.update.IdentityPolicies;
import io.msp4j.channel.update.ModPolicies;
import io.msp4j.channel.update.ModPolicyOutcome;
import io.msp4j.channel.update.UpdateSignature;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.MspManager;
import io.msp4j.core.policy.Explanation;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignedData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;

/** A loaded {@link Channel} seen as the update checker needs it. */
public final class ChannelViewAdapter implements ChannelView, ModPolicies, IdentityPolicies {
  private final Channel channel;

  private ChannelViewAdapter(Channel channel) {
    this.channel = channel;
  }

  /** The view of a loaded channel. */
  public static ChannelViewAdapter of(Channel channel) {
    return new ChannelViewAdapter(channel);
  }

  @Override
  public Config config() {
    return channel.config();
  }

  @Override
  public MspManager mspManager() {
    return channel.mspManager();
  }

  @Override
  public ModPolicies modPolicies() {
    return this;
  }

  @Override
  public IdentityPolicies identityPolicies() {
    return this;
  }

  @Override
  public Optional<ModPolicyOutcome> evaluate(
      List<String> managerPath, String policyName, List<UpdateSignature> signatures) {
    Optional<PolicyLookup> found = lookup(managerPath, policyName);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    PolicyLookup l = found.get();
    List<SignedData> signed = new ArrayList<>(signatures.size());
    for (UpdateSignature s : signatures) {
      signed.add(SignedData.of(s.data(), s.identity(), s.signature()));
    }
    PolicyResult r = l.policy().evaluate(signed);
    boolean nobody = r.satisfied() && l.policy().evaluate(List.of()).satisfied();
    List<String> missing = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    if (!r.satisfied()) {
      collect(r.explanation(), missing, dropped);
    } else {
      collectDropped(r.explanation(), dropped);
    }
    return Optional.of(new ModPolicyOutcome(l.path(), r.satisfied(), nobody, missing, dropped));
  }

  @Override
  public boolean exists(List<String> managerPath, String policyName) {
    return lookup(managerPath, policyName).isPresent();
  }

  private Optional<PolicyLookup> lookup(List<String> managerPath, String policyName) {
    Optional<PolicyManager> m = channel.policies().manager(managerPath);
    return m.map(pm -> pm.lookup(policyName)).filter(PolicyLookup::found);
  }

  /** Unmet principals ("signed-by" leaves not satisfied) and signatures that did not count. */
  private static void collect(Explanation e, List<String> missing, List<String> dropped) {
    if (e.kind().equals("signed-by") && !e.satisfied()) {
      Object p = e.details().get("principal");
      String s = String.valueOf(p == null ? e.summary() : p);
      if (!missing.contains(s)) {
        missing.add(s);
      }
    }
    if (e.kind().equals("signature") && !e.satisfied() && !dropped.contains(e.summary())) {
      dropped.add(e.summary());
    }
    for (Explanation c : e.children()) {
      collect(c, missing, dropped);
    }
  }

  private static void collectDropped(Explanation e, List<String> dropped) {
    if (e.kind().equals("signature") && !e.satisfied() && !dropped.contains(e.summary())) {
      dropped.add(e.summary());
    }
    for (Explanation c : e.children()) {
      collectDropped(c, dropped);
    }
  }

  @Override
  public Optional<Boolean> satisfiedBy(String policyPath, byte[] serializedIdentity) {
    PolicyLookup l = channel.policies().lookup(policyPath);
    if (!l.found()) {
      return Optional.empty();
    }
    Identity id;
    try {
      id = channel.mspManager().deserialize(serializedIdentity);
    } catch (MspException e) {
      return Optional.of(false);
    }
    return Optional.of(l.policy().evaluateIdentities(List.of(id)).satisfied());
  }
}

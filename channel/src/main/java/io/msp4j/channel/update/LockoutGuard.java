package io.msp4j.channel.update;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;

/**
 * Finds the orgs an update would lock out: for every org group the update changes and keeps, the
 * known identities that satisfy its {@code Admins} policy today are asked again under the
 * proposed config; if there were some and none is left, the org is locked out. Fabric accepts such
 * updates (Appendix B.16); this guard is msp4j's addition and never changes the ordering
 * service's verdict.
 */
public final class LockoutGuard {
  private static final String ADMINS = "Admins";

  private LockoutGuard() {}

  /** The orgs locked out, in path order; empty when nobody is. */
  public static List<Lockout> check(
      Config current, Config next, List<KnownIdentity> known, IdentityPolicies before,
      IdentityPolicies after) {
    Objects.requireNonNull(known, "known");
    Map<String, ConfigGroup> was = OrgGroups.of(current);
    Map<String, ConfigGroup> will = OrgGroups.of(next);
    List<Lockout> out = new ArrayList<>();
    for (Map.Entry<String, ConfigGroup> e : was.entrySet()) {
      ConfigGroup proposed = will.get(e.getKey());
      if (proposed == null || proposed.equals(e.getValue())) {
        continue;
      }
      String policy = e.getKey() + "/" + ADMINS;
      List<String> today = new ArrayList<>();
      boolean anyAfter = false;
      for (KnownIdentity k : known) {
        byte[] id = k.serialized();
        if (before.satisfiedBy(policy, id).orElse(false)) {
          today.add(k.label());
          anyAfter |= after.satisfiedBy(policy, id).orElse(false);
        }
      }
      if (!today.isEmpty() && !anyAfter) {
        out.add(new Lockout(e.getKey(), policy, today));
      }
    }
    return List.copyOf(out);
  }
}

package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;

/**
 * An org that an update would leave without a known administrator: some known identities satisfy
 * its {@code Admins} policy today and none does after the update.
 *
 * @param org the org group's path
 * @param policyPath the policy checked, {@code <org>/Admins}
 * @param adminsToday the labels of the known identities that satisfy it today
 */
public record Lockout(String org, String policyPath, List<String> adminsToday) {

  /** Checks and copies. */
  public Lockout {
    Objects.requireNonNull(org, "org");
    Objects.requireNonNull(policyPath, "policyPath");
    adminsToday = List.copyOf(adminsToday);
  }

  @Override
  public String toString() {
    return org + ": no known identity satisfies " + policyPath + " after the update; today "
        + String.join(", ", adminsToday) + " do";
  }
}

package io.msp4j.channel.update;

import java.util.Objects;
import java.util.Set;

/**
 * What a channel's MSPs make of one identity: whether it is valid, why not, and which roles of its
 * MSP it satisfies.
 *
 * @param valid whether the identity deserialises and validates
 * @param problem the rule and reason when it does not, empty when valid
 * @param roles the roles it satisfies, among {@code member, admin, client, peer, orderer}
 */
public record IdentityStanding(boolean valid, String problem, Set<String> roles) {

  /** Checks and copies. */
  public IdentityStanding {
    Objects.requireNonNull(problem, "problem");
    roles = Set.copyOf(roles);
  }

  @Override
  public String toString() {
    return valid ? "valid, roles " + new java.util.TreeSet<>(roles) : "invalid (" + problem + ")";
  }
}

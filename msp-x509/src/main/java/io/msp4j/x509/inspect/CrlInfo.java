package io.msp4j.x509.inspect;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One configured CRL.
 *
 * @param source the file it was read from, or {@code revocation_list[i]}
 * @param issuer RFC 4514 text of the CRL's issuer name; empty when the CRL does not decode
 * @param issuerSource the configured CA that signed it: its SKI equals the CRL's authority key
 *     identifier and the CRL's signature verifies with its key (the CA whose certificates this CRL
 *     can revoke, VALIDATE-CRL-02); empty when no configured CA qualifies
 * @param entries the number of revoked serial numbers it lists
 * @param thisUpdate its thisUpdate; empty when it does not decode
 * @param nextUpdate its nextUpdate; empty when absent (Fabric ignores it either way,
 *     VALIDATE-CRL-03)
 * @param daysLeft whole days from the inspection instant to nextUpdate (rounded toward zero,
 *     negative once passed), when there is one
 * @param marks {@link Mark#EXPIRED} when nextUpdate has passed, {@link Mark#EXPIRING} when it
 *     falls within the window
 * @param problems what makes it unusable or harmful, with the spec rule: a CRL that Fabric cannot
 *     parse fails setup (SETUP-CRL-01/02); one without an authority key identifier makes every
 *     revocation check fail (VALIDATE-CRL-02)
 */
public record CrlInfo(
    String source,
    String issuer,
    Optional<String> issuerSource,
    int entries,
    Optional<Instant> thisUpdate,
    Optional<Instant> nextUpdate,
    Optional<Long> daysLeft,
    Set<Mark> marks,
    List<String> problems) {

  public CrlInfo {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(issuer, "issuer");
    Objects.requireNonNull(issuerSource, "issuerSource");
    Objects.requireNonNull(thisUpdate, "thisUpdate");
    Objects.requireNonNull(nextUpdate, "nextUpdate");
    Objects.requireNonNull(daysLeft, "daysLeft");
    marks = marks.isEmpty()
        ? Collections.emptySet()
        : Collections.unmodifiableSet(EnumSet.copyOf(marks));
    problems = List.copyOf(problems);
  }

  /** Whether this CRL carries {@code mark}. */
  public boolean has(Mark mark) {
    return marks.contains(mark);
  }
}

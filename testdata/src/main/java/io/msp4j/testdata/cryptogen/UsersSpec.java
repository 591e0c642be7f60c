package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * cryptogen's {@code Users}: {@code count} users {@code User1@<domain>} ... in addition to {@code
 * Admin@<domain>}, plus msp4j's named users ({@code Specs}).
 *
 * @param count how many numbered users (not negative)
 * @param options certificate options of the numbered users
 * @param specs further users with their own names and options
 * @param location where this entry was written
 */
public record UsersSpec(int count, CertOptions options, List<UserSpec> specs,
    SpecLocation location) {
  /** No users besides the admin. */
  public static final UsersSpec NONE = new UsersSpec(0, CertOptions.NONE, List.of(), SpecLocation.NONE);

  public UsersSpec {
    if (count < 0) {
      throw new IllegalArgumentException("Count must not be negative: " + count);
    }
    Objects.requireNonNull(options, "options");
    specs = List.copyOf(specs);
    Objects.requireNonNull(location, "location");
  }

  /** {@code count} numbered users with default options. */
  public static UsersSpec count(int count) {
    return new UsersSpec(count, CertOptions.NONE, List.of(), SpecLocation.NONE);
  }
}

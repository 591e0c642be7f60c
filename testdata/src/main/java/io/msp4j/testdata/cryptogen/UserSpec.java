package io.msp4j.testdata.cryptogen;

import java.util.Objects;

/**
 * One named user (msp4j's {@code Users.Specs} entry), with common name {@code <Name>@<domain>}.
 *
 * @param name the user name before the {@code @}
 * @param options the user's certificate options
 * @param location where this entry was written
 */
public record UserSpec(String name, CertOptions options, SpecLocation location) {
  public UserSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(location, "location");
  }

  /** A user with the given name and default options. */
  public static UserSpec named(String name) {
    return new UserSpec(name, CertOptions.NONE, SpecLocation.NONE);
  }
}

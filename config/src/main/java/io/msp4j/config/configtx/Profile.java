package io.msp4j.config.configtx;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** A profile (or the top-level {@code Channel} section): what a channel is generated from. */
public record Profile(
    String consortium,
    Optional<Application> application,
    Optional<Orderer> orderer,
    Map<String, Consortium> consortiums,
    Map<String, Boolean> capabilities,
    Map<String, Policy> policies) {
  public Profile {
    Objects.requireNonNull(consortium, "consortium");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(orderer, "orderer");
    consortiums = Collections.unmodifiableMap(new LinkedHashMap<>(consortiums));
    capabilities = Collections.unmodifiableMap(new LinkedHashMap<>(capabilities));
    policies = Collections.unmodifiableMap(new LinkedHashMap<>(policies));
  }
}

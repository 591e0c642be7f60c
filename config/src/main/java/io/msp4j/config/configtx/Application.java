package io.msp4j.config.configtx;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code Application} section (top level or in a profile).
 *
 * @param organizations the application organisations
 * @param capabilities capability names and their flags as written (only {@code true} ones are
 *     encoded, CONFIGTX-YAML-06)
 * @param policies the application policies
 * @param acls resource name to policy path
 */
public record Application(
    List<Organization> organizations,
    Map<String, Boolean> capabilities,
    Map<String, Policy> policies,
    Map<String, String> acls) {
  public Application {
    organizations = List.copyOf(organizations);
    capabilities = Collections.unmodifiableMap(new LinkedHashMap<>(capabilities));
    policies = Collections.unmodifiableMap(new LinkedHashMap<>(policies));
    acls = Collections.unmodifiableMap(new LinkedHashMap<>(acls));
  }
}

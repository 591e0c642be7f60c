package io.msp4j.config.configtx;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A whole configtx.yaml as configtxgen's {@code LoadTopLevel} reads it (CONFIGTX-YAML-02): the
 * top-level organisations completed (CONFIGTX-YAML-03/04/08) and the top-level orderer checked
 * and given its defaults; profiles are kept as written.
 *
 * @param file the configtx.yaml read
 * @param profiles profiles by name
 * @param organizations the top-level organisations, in file order
 * @param channel the top-level {@code Channel} section
 * @param application the top-level {@code Application} section
 * @param orderer the top-level {@code Orderer} section
 * @param capabilities capability groups ({@code Channel}, {@code Orderer}, {@code Application})
 */
public record TopLevel(
    Path file,
    Map<String, Profile> profiles,
    List<Organization> organizations,
    Optional<Profile> channel,
    Optional<Application> application,
    Optional<Orderer> orderer,
    Map<String, Map<String, Boolean>> capabilities) {

  public TopLevel {
    Objects.requireNonNull(file, "file");
    profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    organizations = List.copyOf(organizations);
    Objects.requireNonNull(channel, "channel");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(orderer, "orderer");
    Map<String, Map<String, Boolean>> caps = new LinkedHashMap<>();
    capabilities.forEach(
        (k, v) -> caps.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
    capabilities = Collections.unmodifiableMap(caps);
  }

  /** The first top-level organisation with this {@code Name} (as configtxgen's -printOrg looks). */
  public Optional<Organization> organization(String name) {
    return organizations.stream().filter(o -> o.name().equals(name)).findFirst();
  }

  /** The names of the capabilities of a group that are {@code true} (CONFIGTX-YAML-06). */
  public Set<String> enabledCapabilities(String group) {
    Set<String> out = new TreeSet<>();
    capabilities.getOrDefault(group, Map.of()).forEach((k, v) -> {
      if (v) {
        out.add(k);
      }
    });
    return Collections.unmodifiableSet(out);
  }
}

package io.msp4j.config.configtx;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An organisation of configtx.yaml (CONFIGTX-YAML-03), after configtxgen's completion: {@code
 * MSPType} defaults to {@code bccsp}, {@code AdminPrincipal} to {@code Role.ADMIN}, and {@code
 * MSPDir} is resolved against the folder holding configtx.yaml (CONFIGTX-YAML-04/08).
 *
 * @param name the group key in the channel config
 * @param id the MSP ID
 * @param mspDir the MSP folder, absolute or relative to the working directory as the file said
 * @param mspType {@code bccsp} or {@code idemix} (other values fail when encoded)
 * @param policies the policies; empty when the file has no {@code Policies} key (which fails when
 *     encoded); entries written as null are left out and named in {@code nullPolicies}
 * @param nullPolicies names of policies written with no value
 * @param anchorPeers anchor peers (application organisations)
 * @param ordererEndpoints {@code host:port} endpoints (orderer organisations)
 * @param adminPrincipal deprecated, unused
 * @param skipAsForeign whether the organisation is only named (ENCODE-01)
 * @param line the line of the organisation in configtx.yaml
 */
public record Organization(
    String name,
    String id,
    Path mspDir,
    String mspType,
    Optional<Map<String, Policy>> policies,
    Set<String> nullPolicies,
    List<AnchorPeer> anchorPeers,
    List<String> ordererEndpoints,
    String adminPrincipal,
    boolean skipAsForeign,
    int line) {

  public Organization {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(mspDir, "mspDir");
    Objects.requireNonNull(mspType, "mspType");
    policies = policies.map(p -> Collections.unmodifiableMap(new LinkedHashMap<>(p)));
    nullPolicies = Set.copyOf(nullPolicies);
    anchorPeers = List.copyOf(anchorPeers);
    ordererEndpoints = List.copyOf(ordererEndpoints);
    Objects.requireNonNull(adminPrincipal, "adminPrincipal");
  }
}

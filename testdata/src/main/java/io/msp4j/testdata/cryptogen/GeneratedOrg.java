package io.msp4j.testdata.cryptogen;

import io.msp4j.testdata.IssuedCrl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An organisation written by the generator, in {@code peerOrganizations/<domain>} or {@code
 * ordererOrganizations/<domain>}.
 *
 * @param name the organisation's name from the spec
 * @param domain its domain
 * @param ordererOrg whether it is an orderer organisation
 * @param dir its folder
 * @param cas the identity CA chain, root first
 * @param tlsCas the TLS CA chain, root first
 * @param nodes its peers or orderers, in spec order (Specs entries, then Template)
 * @param users its users, the admin last
 * @param crls the CRLs written to every MSP's {@code crls} folder
 */
public record GeneratedOrg(String name, String domain, boolean ordererOrg, Path dir,
    List<GeneratedCa> cas, List<GeneratedCa> tlsCas, List<GeneratedIdentity> nodes,
    List<GeneratedIdentity> users, List<IssuedCrl> crls) {
  public GeneratedOrg {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(dir, "dir");
    cas = List.copyOf(cas);
    tlsCas = List.copyOf(tlsCas);
    nodes = List.copyOf(nodes);
    users = List.copyOf(users);
    crls = List.copyOf(crls);
  }

  /** The organisation's (verifying) MSP folder, {@code <dir>/msp}. */
  public Path mspDir() {
    return dir.resolve("msp");
  }

  /** The root CA. */
  public GeneratedCa rootCa() {
    return cas.get(0);
  }

  /** The CA that signs identities by default: the lowest intermediate, or the root. */
  public GeneratedCa issuingCa() {
    return cas.get(cas.size() - 1);
  }

  /** The TLS root CA. */
  public GeneratedCa tlsRootCa() {
    return tlsCas.get(0);
  }

  /** The admin, {@code Admin@<domain>}. */
  public GeneratedIdentity admin() {
    return users.get(users.size() - 1);
  }

  /**
   * A node or user by common name ({@code peer0.org1.example.com}, {@code User1@org1.example.com}),
   * by host name ({@code peer0}) or by user name ({@code User1}).
   *
   * @throws IllegalArgumentException if there is none, naming the identities there are
   */
  public GeneratedIdentity identity(String name) {
    List<String> known = new ArrayList<>();
    for (GeneratedIdentity id : all()) {
      String cn = id.commonName();
      if (cn.equals(name) || cn.equals(name + "." + domain) || cn.equals(name + "@" + domain)) {
        return id;
      }
      known.add(cn);
    }
    throw new IllegalArgumentException("organisation " + domain + " has no identity '" + name
        + "' (it has " + String.join(", ", known) + ")");
  }

  private List<GeneratedIdentity> all() {
    List<GeneratedIdentity> all = new ArrayList<>(nodes);
    all.addAll(users);
    return all;
  }
}

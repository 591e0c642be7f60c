package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * One organisation of the spec (an entry of {@code OrdererOrgs} or {@code PeerOrgs}).
 *
 * @param name the organisation's name (cryptogen does not use it in the tree)
 * @param domain the domain; names the organisation's folder (required)
 * @param enableNodeOUs whether identities carry NodeOU OUs and MSPs get a NodeOUs config.yaml
 * @param ca the organisation's CA (the TLS CA mirrors it)
 * @param template templated nodes
 * @param specs explicitly named nodes
 * @param users users besides the admin (peer organisations only, as in cryptogen)
 * @param admin certificate options for {@code Admin@<domain>} (msp4j's {@code Admin} entry)
 * @param ouIdentifiers OU strings written to config.yaml's OrganizationalUnitIdentifiers, bound to
 *     the issuing CA (msp4j's {@code OUIdentifiers})
 * @param crl the revocations, or null for no CRLs
 * @param location where this entry was written
 */
public record OrgSpec(
    String name,
    String domain,
    boolean enableNodeOUs,
    CaSpec ca,
    NodeTemplate template,
    List<NodeSpec> specs,
    UsersSpec users,
    CertOptions admin,
    List<String> ouIdentifiers,
    CrlSpec crl,
    SpecLocation location) {

  public OrgSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(ca, "ca");
    Objects.requireNonNull(template, "template");
    specs = List.copyOf(specs);
    Objects.requireNonNull(users, "users");
    Objects.requireNonNull(admin, "admin");
    ouIdentifiers = List.copyOf(ouIdentifiers);
    Objects.requireNonNull(location, "location");
  }

  /** An organisation with defaults: no nodes, no users besides the admin, NodeOUs off. */
  public static OrgSpec of(String name, String domain) {
    return new OrgSpec(name, domain, false, CaSpec.DEFAULT, NodeTemplate.NONE, List.of(),
        UsersSpec.NONE, CertOptions.NONE, List.of(), null, SpecLocation.NONE);
  }

  /** This organisation with NodeOUs on or off. */
  public OrgSpec withNodeOUs(boolean on) {
    return new OrgSpec(name, domain, on, ca, template, specs, users, admin, ouIdentifiers, crl,
        location);
  }

  /** This organisation with another CA. */
  public OrgSpec withCa(CaSpec newCa) {
    return new OrgSpec(name, domain, enableNodeOUs, newCa, template, specs, users, admin,
        ouIdentifiers, crl, location);
  }

  /** This organisation with another node template. */
  public OrgSpec withTemplate(NodeTemplate newTemplate) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, newTemplate, specs, users, admin,
        ouIdentifiers, crl, location);
  }

  /** This organisation with other explicitly named nodes. */
  public OrgSpec withSpecs(List<NodeSpec> newSpecs) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, template, newSpecs, users, admin,
        ouIdentifiers, crl, location);
  }

  /** This organisation with other users. */
  public OrgSpec withUsers(UsersSpec newUsers) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, template, specs, newUsers, admin,
        ouIdentifiers, crl, location);
  }

  /** This organisation with other admin certificate options. */
  public OrgSpec withAdmin(CertOptions newAdmin) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, template, specs, users, newAdmin,
        ouIdentifiers, crl, location);
  }

  /** This organisation with OU identifiers in config.yaml. */
  public OrgSpec withOuIdentifiers(List<String> ous) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, template, specs, users, admin, ous, crl,
        location);
  }

  /** This organisation with revocations. */
  public OrgSpec withCrl(CrlSpec newCrl) {
    return new OrgSpec(name, domain, enableNodeOUs, ca, template, specs, users, admin,
        ouIdentifiers, newCrl, location);
  }
}

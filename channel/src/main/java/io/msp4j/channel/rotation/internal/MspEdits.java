package io.msp4j.channel.rotation.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.rotation.CaRole;
import io.msp4j.channel.rotation.NewCa;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;

/**
 * The edits of an MSP definition that a CA rotation makes, each a pure function from one
 * definition to the next with a line per change. Which identities the result accepts is decided by
 * setting it up (the planner checks every step with the update checker); these functions only
 * move entries.
 */
public final class MspEdits {
  /** The NodeOU roles in Fabric's order. */
  public static final List<String> NODE_OU_ROLES = List.of("client", "peer", "admin", "orderer");

  private MspEdits() {}

  /** An edited definition and what changed. */
  public record Edited(FabricMSPConfig msp, List<String> changes) {
    /** Checks and copies. */
    public Edited {
      changes = List.copyOf(changes);
    }
  }

  /** The certificates of one list of the definition, unparsable entries left out. */
  public static List<X509Certificate> certs(FabricMSPConfig f, CaRole role) {
    return parsed(entries(f, role));
  }

  /** The admin certificates. */
  public static List<X509Certificate> admins(FabricMSPConfig f) {
    return parsed(f.getAdminsList());
  }

  private static List<X509Certificate> parsed(List<ByteString> list) {
    List<X509Certificate> out = new ArrayList<>();
    for (ByteString b : list) {
      Certs.parse(b).ifPresent(out::add);
    }
    return out;
  }

  private static List<ByteString> entries(FabricMSPConfig f, CaRole role) {
    return switch (role) {
      case ROOT -> f.getRootCertsList();
      case INTERMEDIATE -> f.getIntermediateCertsList();
      case TLS_ROOT -> f.getTlsRootCertsList();
      case TLS_INTERMEDIATE -> f.getTlsIntermediateCertsList();
    };
  }

  /** Where a certificate sits in the definition, if it does. */
  public static Optional<CaRole> roleOf(FabricMSPConfig f, X509Certificate c) {
    for (CaRole r : CaRole.values()) {
      if (Certs.contains(certs(f, r), c)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** The NodeOU identifiers pinned to a certificate, by role. */
  public static Map<String, X509Certificate> nodeOuPins(FabricMSPConfig f) {
    Map<String, X509Certificate> out = new LinkedHashMap<>();
    if (!f.hasFabricNodeOus()) {
      return out;
    }
    FabricNodeOUs n = f.getFabricNodeOus();
    for (String role : NODE_OU_ROLES) {
      nodeOu(n, role).filter(id -> !id.getCertificate().isEmpty())
          .flatMap(id -> Certs.parse(id.getCertificate())).ifPresent(c -> out.put(role, c));
    }
    return out;
  }

  private static Optional<FabricOUIdentifier> nodeOu(FabricNodeOUs n, String role) {
    return switch (role) {
      case "client" -> n.hasClientOuIdentifier() ? Optional.of(n.getClientOuIdentifier())
          : Optional.empty();
      case "peer" -> n.hasPeerOuIdentifier() ? Optional.of(n.getPeerOuIdentifier())
          : Optional.empty();
      case "admin" -> n.hasAdminOuIdentifier() ? Optional.of(n.getAdminOuIdentifier())
          : Optional.empty();
      default -> n.hasOrdererOuIdentifier() ? Optional.of(n.getOrdererOuIdentifier())
          : Optional.empty();
    };
  }

  private static FabricNodeOUs withNodeOu(FabricNodeOUs n, String role, FabricOUIdentifier id) {
    return switch (role) {
      case "client" -> n.toBuilder().setClientOuIdentifier(id).build();
      case "peer" -> n.toBuilder().setPeerOuIdentifier(id).build();
      case "admin" -> n.toBuilder().setAdminOuIdentifier(id).build();
      default -> n.toBuilder().setOrdererOuIdentifier(id).build();
    };
  }

  /**
   * The add step: the new CAs appended to their lists; when identity CAs are added, every pinned
   * NodeOU identifier unpinned (a pin admits only identities whose issuer chain is the pinned
   * CA's, NODEOU-05 and CERT-ID-01, so no pin can admit both CAs' identities and Fabric allows one
   * identifier per role), every OU identifier given a twin bound to {@code issuing}
   * (VALIDATE-OU-01), and the re-issued admin certificates among {@code candidates} (same subject
   * as a configured admin, issued under a new CA) added beside the old ones (SETUP-ADMIN-01).
   */
  public static Edited add(FabricMSPConfig f, List<NewCa> cas, Optional<X509Certificate> issuing,
      List<X509Certificate> candidates, Function<X509Certificate, ByteString> pemOf) {
    FabricMSPConfig.Builder b = f.toBuilder();
    List<String> changes = new ArrayList<>();
    for (NewCa ca : cas) {
      X509Certificate c = Certs.parse(ca.certificate()).orElseThrow();
      switch (ca.role()) {
        case ROOT -> b.addRootCerts(ca.certificate());
        case INTERMEDIATE -> b.addIntermediateCerts(ca.certificate());
        case TLS_ROOT -> b.addTlsRootCerts(ca.certificate());
        case TLS_INTERMEDIATE -> b.addTlsIntermediateCerts(ca.certificate());
      }
      changes.add(ca.role().word() + " added: " + Certs.describe(c));
    }
    if (issuing.isEmpty()) {
      return new Edited(b.build(), changes);
    }
    X509Certificate to = issuing.get();
    if (b.hasFabricNodeOus()) {
      FabricNodeOUs n = b.getFabricNodeOus();
      for (String role : NODE_OU_ROLES) {
        Optional<FabricOUIdentifier> id = nodeOu(n, role);
        if (id.isPresent() && !id.get().getCertificate().isEmpty()) {
          n = withNodeOu(n, role, id.get().toBuilder().setCertificate(ByteString.EMPTY).build());
          changes.add("NodeOU " + role + " (OU \"" + id.get().getOrganizationalUnitIdentifier()
              + "\") unpinned: any CA of the MSP certifies it while both CAs are in force");
        }
      }
      b.setFabricNodeOus(n);
    }
    List<FabricOUIdentifier> ous = new ArrayList<>(b.getOrganizationalUnitIdentifiersList());
    for (FabricOUIdentifier ou : f.getOrganizationalUnitIdentifiersList()) {
      boolean twin = ous.stream().anyMatch(x -> x.getOrganizationalUnitIdentifier()
          .equals(ou.getOrganizationalUnitIdentifier())
          && Certs.parse(x.getCertificate()).map(c -> Certs.same(c, to)).orElse(false));
      if (!twin && !ou.getCertificate().isEmpty()) {
        FabricOUIdentifier nu = ou.toBuilder().setCertificate(pemOf.apply(to)).build();
        ous.add(nu);
        b.addOrganizationalUnitIdentifiers(nu);
        changes.add("OU identifier \"" + ou.getOrganizationalUnitIdentifier()
            + "\" also bound to " + Certs.describe(to));
      }
    }
    List<X509Certificate> admins = admins(f);
    for (X509Certificate cand : candidates) {
      boolean reissuedAdmin = admins.stream().anyMatch(a -> a.getSubjectX500Principal()
          .equals(cand.getSubjectX500Principal()) && !Certs.same(a, cand));
      if (reissuedAdmin && !Certs.contains(admins(b.build()), cand)) {
        b.addAdmins(pemOf.apply(cand));
        changes.add("admin certificate added (re-issued): " + Certs.describe(cand));
      }
    }
    return new Edited(b.build(), changes);
  }

  /**
   * The retire step: the retired CAs taken out of their lists with the CRLs they issued; OU
   * identifiers bound to them dropped; NodeOU identifiers pinned to them (or in {@code repin})
   * pinned to {@code issuing}; admin certificates issued under them dropped.
   */
  public static Edited retire(FabricMSPConfig f, List<X509Certificate> retired,
      Optional<X509Certificate> issuing, java.util.Set<String> repin,
      Function<X509Certificate, ByteString> pemOf) {
    FabricMSPConfig.Builder b = f.toBuilder();
    List<String> changes = new ArrayList<>();
    List<X509Certificate> roots = certs(f, CaRole.ROOT);
    List<X509Certificate> inters = certs(f, CaRole.INTERMEDIATE);
    for (CaRole role : CaRole.values()) {
      List<ByteString> kept = new ArrayList<>();
      for (ByteString e : entries(f, role)) {
        Optional<X509Certificate> c = Certs.parse(e);
        if (c.isPresent() && Certs.contains(retired, c.get())) {
          changes.add(role.word() + " retired: " + Certs.describe(c.get()));
        } else {
          kept.add(e);
        }
      }
      switch (role) {
        case ROOT -> b.clearRootCerts().addAllRootCerts(kept);
        case INTERMEDIATE -> b.clearIntermediateCerts().addAllIntermediateCerts(kept);
        case TLS_ROOT -> b.clearTlsRootCerts().addAllTlsRootCerts(kept);
        case TLS_INTERMEDIATE -> b.clearTlsIntermediateCerts().addAllTlsIntermediateCerts(kept);
      }
    }
    List<ByteString> crls = new ArrayList<>();
    for (ByteString e : f.getRevocationListList()) {
      Optional<X509CRL> crl = Certs.crl(e);
      Optional<X509Certificate> by = crl.flatMap(x -> retired.stream()
          .filter(r -> x.getIssuerX500Principal().equals(r.getSubjectX500Principal()))
          .filter(r -> verifies(x, r)).findFirst());
      if (by.isPresent()) {
        changes.add("CRL dropped (issued by the retired " + Certs.describe(by.get()) + ")");
      } else {
        crls.add(e);
      }
    }
    b.clearRevocationList().addAllRevocationList(crls);
    List<FabricOUIdentifier> ous = new ArrayList<>();
    for (FabricOUIdentifier ou : f.getOrganizationalUnitIdentifiersList()) {
      Optional<X509Certificate> c = Certs.parse(ou.getCertificate());
      if (c.isPresent() && Certs.contains(retired, c.get())) {
        changes.add("OU identifier \"" + ou.getOrganizationalUnitIdentifier()
            + "\" bound to the retired " + Certs.describe(c.get()) + " dropped");
      } else {
        ous.add(ou);
      }
    }
    b.clearOrganizationalUnitIdentifiers().addAllOrganizationalUnitIdentifiers(ous);
    if (b.hasFabricNodeOus() && issuing.isPresent()) {
      FabricNodeOUs n = b.getFabricNodeOus();
      for (String role : NODE_OU_ROLES) {
        Optional<FabricOUIdentifier> id = nodeOu(n, role);
        if (id.isEmpty()) {
          continue;
        }
        Optional<X509Certificate> pin = Certs.parse(id.get().getCertificate());
        boolean onRetired = pin.isPresent() && Certs.contains(retired, pin.get());
        boolean wanted = id.get().getCertificate().isEmpty() && repin.contains(role);
        if (onRetired || wanted) {
          n = withNodeOu(n, role,
              id.get().toBuilder().setCertificate(pemOf.apply(issuing.get())).build());
          changes.add("NodeOU " + role + " (OU \"" + id.get().getOrganizationalUnitIdentifier()
              + "\") pinned to " + Certs.describe(issuing.get()));
        }
      }
      b.setFabricNodeOus(n);
    }
    List<ByteString> admins = new ArrayList<>();
    for (ByteString e : f.getAdminsList()) {
      Optional<X509Certificate> c = Certs.parse(e);
      boolean underRetired = c.isPresent() && retired.stream().anyMatch(r ->
          Certs.under(c.get(), r, roots, inters));
      if (underRetired) {
        changes.add("admin certificate removed (issued under a retired CA): "
            + Certs.describe(c.get()));
      } else {
        admins.add(e);
      }
    }
    b.clearAdmins().addAllAdmins(admins);
    return new Edited(b.build(), changes);
  }

  private static boolean verifies(X509CRL crl, X509Certificate issuer) {
    try {
      crl.verify(issuer.getPublicKey());
      return true;
    } catch (java.security.GeneralSecurityException | RuntimeException e) {
      return false;
    }
  }
}

package io.msp4j.channel.update;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.update.MspChange.Kind;
import io.msp4j.channel.update.internal.CertificateText;
import io.msp4j.channel.update.internal.ConfigMessages;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * What an update changes in the organisations' MSP definitions and policies: roots,
 * intermediates, admins, revoked serials, OUs, NodeOUs, TLS CAs, crypto config, org policies;
 * org groups added or removed. Compares the org groups under {@code Application}, {@code Orderer}
 * and every consortium of two configs; and the ordering service: consenters added, removed or
 * with new certificates, their quorum, orderer endpoints added or removed.
 */
public final class MspChanges {
  private static final String MSP_KEY = "MSP";
  /** {@code MSPConfig.type} of an idemix MSP (Fabric's {@code msp.IDEMIX}). */
  private static final int IDEMIX_TYPE = 1;

  private MspChanges() {}

  /**
   * The changes from {@code current} to {@code next} in path order: each org's MSP and policies,
   * the policies of the groups above the orgs ({@code /Channel}, {@code /Channel/Application},
   * {@code /Channel/Orderer}, the consortiums), and the ordering service's consenters, quorum
   * (under {@code /Channel/Orderer}, after its policies) and endpoints (under the group that
   * announces them).
   */
  public static List<MspChange> between(Config current, Config next) {
    Map<String, ConfigGroup> before = OrgGroups.of(current);
    Map<String, ConfigGroup> after = OrgGroups.of(next);
    Map<String, ConfigGroup> sectionsBefore = sections(current, before.keySet());
    Map<String, ConfigGroup> sectionsAfter = sections(next, after.keySet());
    Set<String> paths = new TreeSet<>(before.keySet());
    paths.addAll(after.keySet());
    paths.addAll(sectionsBefore.keySet());
    paths.addAll(sectionsAfter.keySet());
    List<MspChange> out = new ArrayList<>();
    for (String path : paths) {
      if (!before.containsKey(path) && !after.containsKey(path)) {
        policies(path, sectionsBefore.getOrDefault(path, ConfigGroup.getDefaultInstance()),
            sectionsAfter.getOrDefault(path, ConfigGroup.getDefaultInstance()), out);
        continue;
      }
      ConfigGroup b = before.get(path);
      ConfigGroup a = after.get(path);
      if (b == null) {
        out.add(new MspChange(path, Kind.ORG_ADDED, "MSP " + mspName(a)));
      } else if (a == null) {
        out.add(new MspChange(path, Kind.ORG_REMOVED, "MSP " + mspName(b)));
      } else {
        org(path, b, a, out);
      }
    }
    out.addAll(OrderingChanges.between(current, next));
    out.sort(Comparator.comparing(MspChange::org));
    return List.copyOf(out);
  }

  /** The groups of a config that are not orgs (nor below orgs), by path. */
  private static Map<String, ConfigGroup> sections(Config config, Set<String> orgPaths) {
    Map<String, ConfigGroup> out = new TreeMap<>();
    walk("/Channel", config.getChannelGroup(), orgPaths, out);
    return out;
  }

  private static void walk(String path, ConfigGroup g, Set<String> orgPaths,
      Map<String, ConfigGroup> out) {
    if (orgPaths.contains(path)) {
      return;
    }
    out.put(path, g);
    g.getGroupsMap().forEach((k, child) -> walk(path + "/" + k, child, orgPaths, out));
  }

  private static void org(String path, ConfigGroup b, ConfigGroup a, List<MspChange> out) {
    policies(path, b, a, out);
    ConfigValue bv = b.getValuesMap().get(MSP_KEY);
    ConfigValue av = a.getValuesMap().get(MSP_KEY);
    ByteString bb = bv == null ? ByteString.EMPTY : bv.getValue();
    ByteString ab = av == null ? ByteString.EMPTY : av.getValue();
    if (bb.equals(ab)) {
      return;
    }
    Optional<FabricMSPConfig> bf = fabric(bb);
    Optional<FabricMSPConfig> af = fabric(ab);
    Optional<IdemixMSPConfig> bi = idemix(bb);
    Optional<IdemixMSPConfig> ai = idemix(ab);
    if (bi.isPresent() && ai.isPresent()) {
      idemixOrg(path, bi.get(), ai.get(), out);
      return;
    }
    if (bi.isPresent() && af.isPresent() || bf.isPresent() && ai.isPresent()) {
      out.add(new MspChange(path, Kind.MSP_TYPE_CHANGED, bi.isPresent()
          ? "idemix -> X.509" : "X.509 -> idemix"));
      return;
    }
    if (bf.isEmpty() || af.isEmpty()) {
      out.add(new MspChange(path, Kind.MSP_UNDECODABLE,
          (bf.isEmpty() ? "the current" : "the proposed")
              + " MSP value is not an X.509 MSPConfig"));
      return;
    }
    FabricMSPConfig o = bf.get();
    FabricMSPConfig n = af.get();
    if (!o.getName().equals(n.getName())) {
      out.add(new MspChange(path, Kind.MSP_ID_CHANGED, "'" + o.getName() + "' -> '" + n.getName()
          + "'"));
    }
    certs(path, o.getRootCertsList(), n.getRootCertsList(), Kind.ROOT_ADDED, Kind.ROOT_REMOVED,
        out);
    certs(path, o.getIntermediateCertsList(), n.getIntermediateCertsList(),
        Kind.INTERMEDIATE_ADDED, Kind.INTERMEDIATE_REMOVED, out);
    certs(path, o.getAdminsList(), n.getAdminsList(), Kind.ADMIN_ADDED, Kind.ADMIN_REMOVED, out);
    certs(path, o.getTlsRootCertsList(), n.getTlsRootCertsList(), Kind.TLS_ROOT_ADDED,
        Kind.TLS_ROOT_REMOVED, out);
    certs(path, o.getTlsIntermediateCertsList(), n.getTlsIntermediateCertsList(),
        Kind.TLS_INTERMEDIATE_ADDED, Kind.TLS_INTERMEDIATE_REMOVED, out);
    revocations(path, o.getRevocationListList(), n.getRevocationListList(), out);
    Set<String> ob = ous(o.getOrganizationalUnitIdentifiersList());
    Set<String> nb = ous(n.getOrganizationalUnitIdentifiersList());
    diff(path, ob, nb, Kind.OU_ADDED, Kind.OU_REMOVED, out);
    if (!o.getFabricNodeOus().equals(n.getFabricNodeOus())
        || o.hasFabricNodeOus() != n.hasFabricNodeOus()) {
      out.add(new MspChange(path, Kind.NODE_OUS_CHANGED, nodeOus(o) + " -> " + nodeOus(n)));
    }
    if (!o.getCryptoConfig().equals(n.getCryptoConfig())) {
      out.add(new MspChange(path, Kind.CRYPTO_CONFIG_CHANGED,
          o.getCryptoConfig().getSignatureHashFamily() + "/"
              + o.getCryptoConfig().getIdentityIdentifierHashFunction() + " -> "
              + n.getCryptoConfig().getSignatureHashFamily() + "/"
              + n.getCryptoConfig().getIdentityIdentifierHashFunction()));
    }
  }

  private static void policies(String path, ConfigGroup b, ConfigGroup a, List<MspChange> out) {
    Set<String> names = new TreeSet<>(b.getPoliciesMap().keySet());
    names.addAll(a.getPoliciesMap().keySet());
    for (String name : names) {
      ConfigPolicy bp = b.getPoliciesMap().get(name);
      ConfigPolicy ap = a.getPoliciesMap().get(name);
      if (bp == null) {
        out.add(new MspChange(path, Kind.POLICY_ADDED, name));
      } else if (ap == null) {
        out.add(new MspChange(path, Kind.POLICY_REMOVED, name));
      } else if (!ConfigMessages.samePolicy(bp.getPolicy(), ap.getPolicy())
          || !bp.getModPolicy().equals(ap.getModPolicy())) {
        out.add(new MspChange(path, Kind.POLICY_CHANGED, name));
      }
    }
  }

  private static void certs(String path, List<ByteString> before, List<ByteString> after,
      Kind added, Kind removed, List<MspChange> out) {
    Set<ByteString> b = new LinkedHashSet<>(before);
    Set<ByteString> a = new LinkedHashSet<>(after);
    for (ByteString c : a) {
      if (!b.contains(c)) {
        out.add(new MspChange(path, added, CertificateText.describe(c)));
      }
    }
    for (ByteString c : b) {
      if (!a.contains(c)) {
        out.add(new MspChange(path, removed, CertificateText.describe(c)));
      }
    }
  }

  private static void revocations(
      String path, List<ByteString> before, List<ByteString> after, List<MspChange> out) {
    Set<String> b = new LinkedHashSet<>();
    before.forEach(c -> b.addAll(CertificateText.revocations(c)));
    Set<String> a = new LinkedHashSet<>();
    after.forEach(c -> a.addAll(CertificateText.revocations(c)));
    diff(path, b, a, Kind.REVOCATION_ADDED, Kind.REVOCATION_REMOVED, out);
  }

  private static void diff(String path, Set<String> before, Set<String> after, Kind added,
      Kind removed, List<MspChange> out) {
    for (String s : after) {
      if (!before.contains(s)) {
        out.add(new MspChange(path, added, s));
      }
    }
    for (String s : before) {
      if (!after.contains(s)) {
        out.add(new MspChange(path, removed, s));
      }
    }
  }

  private static Set<String> ous(List<FabricOUIdentifier> ids) {
    Set<String> out = new LinkedHashSet<>();
    for (FabricOUIdentifier id : ids) {
      out.add("'" + id.getOrganizationalUnitIdentifier() + "' certified by "
          + (id.getCertificate().isEmpty() ? "any CA" : CertificateText.describe(id.getCertificate())));
    }
    return out;
  }

  private static String nodeOus(FabricMSPConfig c) {
    if (!c.hasFabricNodeOus()) {
      return "none";
    }
    var n = c.getFabricNodeOus();
    return (n.getEnable() ? "enabled" : "disabled") + " {client '"
        + n.getClientOuIdentifier().getOrganizationalUnitIdentifier() + "', peer '"
        + n.getPeerOuIdentifier().getOrganizationalUnitIdentifier() + "', admin '"
        + n.getAdminOuIdentifier().getOrganizationalUnitIdentifier() + "', orderer '"
        + n.getOrdererOuIdentifier().getOrganizationalUnitIdentifier() + "'}";
  }

  /** What changed between two idemix MSP values: the MSP ID, the issuer key, the revocation key. */
  private static void idemixOrg(String path, IdemixMSPConfig o, IdemixMSPConfig n, List<MspChange> out) {
    if (!o.getName().equals(n.getName())) {
      out.add(new MspChange(path, Kind.MSP_ID_CHANGED, "'" + o.getName() + "' -> '" + n.getName()
          + "'"));
    }
    if (!o.getIpk().equals(n.getIpk())) {
      out.add(new MspChange(path, Kind.IDEMIX_ISSUER_KEY_CHANGED,
          "every credential of the old issuer stops being valid"));
    }
    if (!o.getRevocationPk().equals(n.getRevocationPk())) {
      out.add(new MspChange(path, Kind.IDEMIX_REVOCATION_KEY_CHANGED,
          "(Fabric does not use it after setup)"));
    }
  }

  /**
   * The MSP ID an org group's MSP value names, followed by {@code (idemix)} for an idemix MSP;
   * {@code (none)} when the group has no MSP value or it does not decode.
   */
  static String mspName(ConfigGroup org) {
    ConfigValue v = org.getValuesMap().get(MSP_KEY);
    if (v == null) {
      return "(none)";
    }
    Optional<String> x509 = fabric(v.getValue()).map(FabricMSPConfig::getName);
    if (x509.isPresent()) {
      return x509.get();
    }
    return idemix(v.getValue()).map(c -> c.getName() + " (idemix)").orElse("(none)");
  }

  private static Optional<IdemixMSPConfig> idemix(ByteString mspValue) {
    try {
      MSPConfig m = MSPConfig.parseFrom(mspValue);
      if (m.getType() != IDEMIX_TYPE) {
        return Optional.empty();
      }
      return Optional.of(IdemixMSPConfig.parseFrom(m.getConfig()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }

  private static Optional<FabricMSPConfig> fabric(ByteString mspValue) {
    try {
      MSPConfig m = MSPConfig.parseFrom(mspValue);
      if (m.getType() != 0) {
        return Optional.empty();
      }
      return Optional.of(FabricMSPConfig.parseFrom(m.getConfig()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }
}

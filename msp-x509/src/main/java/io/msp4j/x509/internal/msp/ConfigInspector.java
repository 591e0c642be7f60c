package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.CertificateRole;
import io.msp4j.x509.inspect.CrlInfo;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.Mark;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.OuBinding;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.chain.PathBuilder;
import io.msp4j.x509.internal.chain.SignatureCrypto;
import io.msp4j.x509.internal.crypto.CryptoProviders;
import io.msp4j.x509.internal.crypto.ProviderSignatureCrypto;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Builds an {@link MspInspection} from a configuration without setting it up: parses every
 * entry as setup would (SETUP-PARSE-01, SETUP-CRL-01), links each certificate to the configured
 * CA that signed it, and computes the marks.
 */
public final class ConfigInspector {
  private final FabricMSPConfig conf;
  private final InspectOptions options;
  private final Instant now;
  private final PathBuilder paths;
  private final CrlSignatureVerifier crlVerifier;
  private final List<String> problems = new ArrayList<>();

  private ConfigInspector(FabricMSPConfig conf, InspectOptions options) {
    this.conf = conf;
    this.options = options;
    this.now = options.clock().instant();
    SignatureCrypto crypto = new ProviderSignatureCrypto(CryptoProviders.defaultProvider());
    // Issuer links only need signature checks, which no Go release changed; certificates are
    // parsed as the default release's Go parses them.
    this.paths = new PathBuilder(crypto, GoX509Rules.of(FabricRelease.defaultRelease()));
    this.crlVerifier =
        new CrlSignatureVerifier(crypto, GoX509Rules.of(FabricRelease.defaultRelease()));
  }

  /** See {@link io.msp4j.x509.inspect.MspInspector#inspect}. */
  public static MspInspection inspect(MSPConfig config, InspectOptions options) {
    FabricMSPConfig conf;
    try {
      conf = FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new MspSetupException(
          Reason.CONFIG_UNDECODABLE, "SETUP-CONF-01",
          "MSPConfig.config is not a FabricMSPConfig: " + e.getMessage());
    }
    return new ConfigInspector(conf, options).run();
  }

  private MspInspection run() {
    List<InspectedEntry> roots = parse(conf.getRootCertsList(), "root_certs", CertificateRole.ROOT_CA);
    List<InspectedEntry> intermediates =
        parse(conf.getIntermediateCertsList(), "intermediate_certs", CertificateRole.INTERMEDIATE_CA);
    List<InspectedEntry> admins = parse(conf.getAdminsList(), "admins", CertificateRole.ADMIN);
    List<InspectedEntry> signer = conf.hasSigningIdentity()
        ? parse(List.of(conf.getSigningIdentity().getPublicSigner()),
            "signing_identity.public_signer", CertificateRole.SIGNER)
        : List.of();
    List<InspectedEntry> tlsRoots =
        parse(conf.getTlsRootCertsList(), "tls_root_certs", CertificateRole.TLS_ROOT_CA);
    List<InspectedEntry> tlsIntermediates = parse(
        conf.getTlsIntermediateCertsList(), "tls_intermediate_certs",
        CertificateRole.TLS_INTERMEDIATE_CA);

    List<InspectedEntry> identityCas = concat(roots, intermediates);
    List<InspectedEntry> tlsCas = concat(tlsRoots, tlsIntermediates);
    List<InspectedCrl> crls = loadCrls(concat(identityCas, tlsCas));

    List<InspectedEntry> ouCertificates = new ArrayList<>();
    List<OuBinding> ouIdentifiers = new ArrayList<>();
    for (int i = 0; i < conf.getOrganizationalUnitIdentifiersCount(); i++) {
      FabricOUIdentifier id = conf.getOrganizationalUnitIdentifiers(i);
      ouIdentifiers.add(bind("ou", id, source("organizational_unit_identifiers", i),
          identityCas, ouCertificates));
    }
    List<OuBinding> nodeOus = new ArrayList<>();
    FabricNodeOUs n = conf.getFabricNodeOus();
    if (n.hasClientOuIdentifier()) {
      nodeOus.add(bindNodeOu("client", n.getClientOuIdentifier(), identityCas, ouCertificates));
    }
    if (n.hasPeerOuIdentifier()) {
      nodeOus.add(bindNodeOu("peer", n.getPeerOuIdentifier(), identityCas, ouCertificates));
    }
    if (n.hasAdminOuIdentifier()) {
      nodeOus.add(bindNodeOu("admin", n.getAdminOuIdentifier(), identityCas, ouCertificates));
    }
    if (n.hasOrdererOuIdentifier()) {
      nodeOus.add(bindNodeOu("orderer", n.getOrdererOuIdentifier(), identityCas, ouCertificates));
    }

    IssuerLinks identity = IssuerLinks.build(
        roots, concat(intermediates, concat(admins, concat(signer, ouCertificates))), identityCas,
        paths);
    IssuerLinks tls = IssuerLinks.build(tlsRoots, tlsIntermediates, tlsCas, paths);

    Set<InspectedEntry> unused =
        unusedIdentityCas(identity, ouIdentifiers, nodeOus, crls, identityCas);
    NodeFactory nodes = new NodeFactory(now, options.expiryWindow(), crls, crlVerifier, unused);
    List<CertificateNode> unplaced = new ArrayList<>(nodes.all(identity.unplaced(), identity));
    unplaced.addAll(nodes.all(tls.unplaced(), tls));
    return new MspInspection(
        conf.getName(),
        now,
        options.expiryWindow(),
        nodes.all(identity.tops(), identity),
        nodes.all(tls.tops(), tls),
        unplaced,
        ouIdentifiers,
        conf.hasFabricNodeOus() && n.getEnable(),
        nodeOus,
        crls.stream().map(c -> c.info(now, options.expiryWindow())).toList(),
        problems);
  }

  private List<InspectedEntry> parse(List<ByteString> list, String field, CertificateRole role) {
    List<InspectedEntry> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String source = source(field, i);
      try {
        out.add(new InspectedEntry(role, source,
            CertificateLoader.firstPemCertificate(list.get(i).toByteArray(), paths.rules())));
      } catch (Failure f) {
        problems.add(source + ": [" + f.rule() + "] " + f.getMessage());
      }
    }
    return out;
  }

  private List<InspectedCrl> loadCrls(List<InspectedEntry> cas) {
    List<InspectedCrl> out = new ArrayList<>();
    for (int i = 0; i < conf.getRevocationListCount(); i++) {
      out.add(InspectedCrl.load(
          source("revocation_list", i), conf.getRevocationList(i).toByteArray(), cas, crlVerifier));
    }
    return out;
  }

  private OuBinding bindNodeOu(
      String role, FabricOUIdentifier id, List<InspectedEntry> cas, List<InspectedEntry> extra) {
    return bind(role, id, source("fabric_node_ous." + role + "_ou_identifier", 0), cas, extra);
  }

  /**
   * The CA an OU binding's certificate names: the configured CA with the same DER, as CERT-ID-01
   * looks it up. A certificate that is not one of them is added to {@code extra} to be shown.
   */
  private OuBinding bind(
      String kind, FabricOUIdentifier id, String source, List<InspectedEntry> cas,
      List<InspectedEntry> extra) {
    String ou = id.getOrganizationalUnitIdentifier();
    if (id.getCertificate().isEmpty()) {
      return new OuBinding(kind, ou, source, Optional.empty(), Optional.empty());
    }
    ParsedCertificate cert;
    try {
      cert = CertificateLoader.firstPemCertificate(id.getCertificate().toByteArray(), paths.rules());
    } catch (Failure f) {
      return new OuBinding(kind, ou, source, Optional.empty(),
          Optional.of("[CERT-ID-01] the certificate does not parse: " + f.getMessage()));
    }
    for (InspectedEntry ca : cas) {
      if (ca.cert().equals(cert)) {
        return new OuBinding(kind, ou, source, Optional.of(ca.source()), Optional.empty());
      }
    }
    extra.add(new InspectedEntry(CertificateRole.OU_CERTIFICATE, source, cert));
    return new OuBinding(kind, ou, source, Optional.empty(),
        Optional.of("[CERT-ID-01] the certificate " + cert.subjectText()
            + " is not a root or intermediate CA of this MSP"));
  }

  /**
   * The identity CAs nothing depends on (see {@link Mark#UNUSED}): no configured certificate
   * below them and no OU, NodeOU or CRL naming them, while another identity CA is depended on.
   */
  private static Set<InspectedEntry> unusedIdentityCas(
      IssuerLinks links, List<OuBinding> ous, List<OuBinding> nodeOus, List<InspectedCrl> crls,
      List<InspectedEntry> identityCas) {
    Set<String> referenced = new HashSet<>();
    ous.forEach(b -> b.certifierSource().ifPresent(referenced::add));
    nodeOus.forEach(b -> b.certifierSource().ifPresent(referenced::add));
    crls.forEach(c -> c.issuer().ifPresent(ca -> referenced.add(ca.source())));
    Set<InspectedEntry> unused = Collections.newSetFromMap(new IdentityHashMap<>());
    for (InspectedEntry ca : identityCas) {
      if (links.children(ca).isEmpty() && !referenced.contains(ca.source())) {
        unused.add(ca);
      }
    }
    return unused.size() == identityCas.size() ? Set.of() : unused;
  }

  private String source(String field, int index) {
    String name = field.contains(".") ? field : field + "[" + index + "]";
    return options.sources().source(field, index).orElse(name);
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}

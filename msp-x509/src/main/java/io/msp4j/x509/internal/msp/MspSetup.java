package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.SubjectKeyIds;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.chain.PathBuilder;
import io.msp4j.x509.internal.chain.SignatureCrypto;
import io.msp4j.x509.internal.crypto.CryptoProvider;
import io.msp4j.x509.internal.crypto.CryptoProviders;
import io.msp4j.x509.internal.crypto.ProviderSignatureCrypto;
import java.nio.ByteBuffer;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/**
 * Sets up an X.509 MSP: the steps of spec section 3 in the order of SETUP-ORDER-01, stopping at
 * the first error as Fabric does. Each step is a method; the fields are the state built so far.
 */
public final class MspSetup {
  private final FabricMSPConfig conf;
  private final VersionRules rules;
  private final SetupOptions options;
  /** One provider for certificate, CRL and message signatures (DESIGN principle 4). */
  private final CryptoProvider provider;
  private final SignatureCrypto crypto;
  private final PathBuilder paths;
  private final Chains chains;
  private final IdentityFactory identities;

  private Pools pools;
  private List<ParsedCertificate> roots = List.of();
  private List<ParsedCertificate> intermediates = List.of();
  private List<IdentityFactory.Prepared> admins = List.of();
  private Revocation revocation;
  private InternalNodes internal = InternalNodes.none();
  private SignerMaterial signer;
  private final OuIdentifiers.Builder ouIdentifiers = OuIdentifiers.builder();
  private NodeOus nodeOus = NodeOus.off();
  /**
   * Certifiers identifiers already computed, by certificate bytes: cryptogen and fabric-ca name
   * the same CA in every NodeOU and OU identifier, so it is parsed, sanitised and hashed once.
   * Only successes are kept; a failure is computed again and comes out the same.
   */
  private final Map<ByteString, byte[]> certifiersIds = new HashMap<>();
  /**
   * Certificates already parsed, by their configured bytes: the root CA usually comes again in
   * every NodeOU identifier. Only successes are kept.
   */
  private final Map<ByteString, ParsedCertificate> parsed = new HashMap<>();

  private MspSetup(
      FabricMSPConfig conf, MspVersion version, SetupOptions options, CryptoProvider provider) {
    this.conf = conf;
    this.rules = VersionRules.of(version, options.release());
    this.options = options;
    this.provider = provider;
    this.crypto = new ProviderSignatureCrypto(provider);
    this.paths = new PathBuilder(crypto, GoX509Rules.of(options.release()));
    this.chains = new Chains(paths);
    this.identities = new IdentityFactory(CryptoSettings.of(conf), new Sanitizer(paths), rules);
  }

  /** Runs setup; see {@link io.msp4j.x509.X509Msps#setup}. */
  public static X509Msp run(MSPConfig config, MspVersion version, SetupOptions options) {
    return run(config, version, options, CryptoProviders.forBackend(options.crypto()));
  }

  /** Runs setup with the given crypto provider (tests count or swap the crypto with this). */
  static X509Msp run(
      MSPConfig config, MspVersion version, SetupOptions options, CryptoProvider provider) {
    if (!options.release().supports(version)) {
      throw new MspSetupException(
          Reason.RELEASE_UNSUPPORTED,
          "DELTA25-01",
          "MSP version " + version + " does not exist in Fabric v" + options.release()
              + " (its newest is " + options.release().newestMspVersion() + ")");
    }
    FabricMSPConfig conf;
    try {
      conf = FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new MspSetupException(
          Reason.CONFIG_UNDECODABLE,
          "SETUP-CONF-01",
          "MSPConfig.config is not a FabricMSPConfig: " + e.getMessage());
    }
    return new MspSetup(conf, version, options, provider).run();
  }

  private X509Msp run() {
    setupCas();
    if (!rules.adminsAfterNodeOus()) {
      setupAdmins();
    }
    setupCrls();
    finishCas();
    setupSigner();
    TlsCas tls = setupTls();
    setupOuIdentifiers();
    setupNodeOus();
    if (rules.adminsAfterNodeOus()) {
      setupAdmins();
      requireAdminsOrAdminOu();
    }
    List<ParsedCertificate> cas = new ArrayList<>(roots);
    cas.addAll(intermediates);
    revocation = revocation.sealed(cas);
    Set<ByteBuffer> adminDers = new LinkedHashSet<>();
    for (IdentityFactory.Prepared a : admins) {
      adminDers.add(ByteBuffer.wrap(a.cert().der()));
    }
    X509MspImpl msp =
        new X509MspImpl(
            conf.getName(),
            rules,
            identities,
            chains,
            pools,
            internal,
            revocation,
            ouIdentifiers.build(),
            nodeOus,
            adminDers,
            signer,
            tls.roots(),
            tls.intermediates(),
            new MessageSignatures(provider, CryptoSettings.of(conf).signatureHashFamily()));
    new AdminPostCheck(msp).check(admins);
    return msp;
  }

  // SETUP-CA-01..04
  private void setupCas() {
    if (conf.getRootCertsCount() == 0) {
      throw new MspSetupException(
          Reason.NO_ROOT_CA, "SETUP-CA-01", "root_certs: at least one root CA certificate is required");
    }
    List<ParsedCertificate> rawRoots = parseAll(conf.getRootCertsList(), "root_certs", "SETUP-CA-02");
    List<ParsedCertificate> rawIntermediates =
        parseAll(conf.getIntermediateCertsList(), "intermediate_certs", "SETUP-CA-02");
    Pools provisional = Pools.of(rawRoots, rawIntermediates);
    roots = prepareAll(rawRoots, provisional, "root_certs", "SETUP-CA-03");
    intermediates = prepareAll(rawIntermediates, provisional, "intermediate_certs", "SETUP-CA-03");
    pools = Pools.of(roots, intermediates);
  }

  // SETUP-ADMIN-01/02
  private void setupAdmins() {
    List<ParsedCertificate> parsed = parseAll(conf.getAdminsList(), "admins", "SETUP-ADMIN-01");
    List<IdentityFactory.Prepared> out = new ArrayList<>();
    for (int i = 0; i < parsed.size(); i++) {
      try {
        out.add(identities.prepare(parsed.get(i), pools));
      } catch (Failure f) {
        throw withRule(f, "SETUP-ADMIN-01").toSetupException(entry("admins", i), parsed.get(i));
      }
    }
    admins = List.copyOf(out);
  }

  // SETUP-ADMIN-03
  private void requireAdminsOrAdminOu() {
    if (admins.isEmpty() && (!nodeOus.enforced() || nodeOus.admin() == null)) {
      throw new MspSetupException(
          Reason.NO_ADMINS,
          "SETUP-ADMIN-03",
          "admins: no administrators are configured and no NodeOU admin OU is enforced");
    }
  }

  // SETUP-CRL-01..03
  private void setupCrls() {
    List<RevocationList> crls = new ArrayList<>();
    for (int i = 0; i < conf.getRevocationListCount(); i++) {
      crls.add(CrlLoader.load(entry("revocation_list", i), conf.getRevocationList(i).toByteArray()));
    }
    revocation = new Revocation(
        crls, new CrlSignatureVerifier(crypto, GoX509Rules.of(options.release())));
  }

  // SETUP-CAFIN-01/02
  private void finishCas() {
    List<ParsedCertificate> all = new ArrayList<>(roots);
    all.addAll(intermediates);
    for (int i = 0; i < all.size(); i++) {
      ParsedCertificate ca = all.get(i);
      String entry = i < roots.size() ? entry("root_certs", i) : entry("intermediate_certs", i - roots.size());
      try {
        requireCa(ca, "SETUP-CAFIN-01");
        List<ParsedCertificate> chain = chains.unique(ca, pools);
        if (chain.size() > 1) {
          Optional<Failure> revoked = revocation.check(ca, chain);
          if (revoked.isPresent()) {
            Failure r = revoked.get();
            throw r.reason() == Reason.REVOKED
                ? new Failure(Reason.CA_REVOKED, "VALIDATE-CRL-04", r.getMessage())
                : r;
          }
        }
      } catch (Failure f) {
        throw withRule(f, "SETUP-CAFIN-01").toSetupException(entry, ca);
      }
    }
    List<ParsedCertificate> internalNodes = new ArrayList<>();
    for (int i = 0; i < intermediates.size(); i++) {
      ParsedCertificate ica = intermediates.get(i);
      try {
        List<ParsedCertificate> chain = chains.unique(ica, pools);
        internalNodes.addAll(chain.subList(1, chain.size()));
      } catch (Failure f) {
        throw withRule(f, "SETUP-CAFIN-02").toSetupException(entry("intermediate_certs", i), ica);
      }
    }
    internal = InternalNodes.of(internalNodes);
  }

  /** CA flag and a decodable SKI extension (SETUP-CAFIN-01, SETUP-TLS-02). */
  private static void requireCa(ParsedCertificate ca, String rule) throws Failure {
    if (!ca.isCa()) {
      throw new Failure(Reason.CA_NOT_A_CA, rule, "not a CA certificate (basicConstraints cA is not true)");
    }
    if (ca.subjectKeyId().isEmpty()) {
      throw new Failure(Reason.CA_MISSING_SKI, rule, "has no subject key identifier extension");
    }
  }

  // SETUP-SIGNER-01..05
  private void setupSigner() {
    if (!conf.hasSigningIdentity()) {
      return;
    }
    SigningIdentityInfo info = conf.getSigningIdentity();
    ParsedCertificate cert;
    IdentityFactory.Prepared prepared;
    try {
      cert = CertificateLoader.firstPemCertificate(
          info.getPublicSigner().toByteArray(), paths.rules());
      prepared = identities.prepare(cert, pools);
    } catch (Failure f) {
      throw withRule(f, "SETUP-SIGNER-01").toSetupException(entry("signing_identity.public_signer", 0), null);
    }
    SignerKey key = SignerKeys.find(prepared.cert(), info, options.keyStore());
    if (!prepared.cert().notAfter().isAfter(options.clock().instant())) {
      throw new MspSetupException(
          Reason.SIGNER_EXPIRED,
          "SETUP-SIGNER-03",
          entry("signing_identity.public_signer", 0) + " (" + prepared.cert().describe() + ") expired at "
              + prepared.cert().notAfter());
    }
    signer = new SignerMaterial(prepared.cert(), prepared.id(), key);
  }

  /** The TLS CA certificates as configured. */
  record TlsCas(List<byte[]> roots, List<byte[]> intermediates) {}

  // SETUP-TLS-01..03
  private TlsCas setupTls() {
    List<byte[]> rootBytes = bytes(conf.getTlsRootCertsList());
    List<byte[]> intermediateBytes = bytes(conf.getTlsIntermediateCertsList());
    List<ParsedCertificate> tlsRoots = parseAll(conf.getTlsRootCertsList(), "tls_root_certs", "SETUP-TLS-01");
    List<ParsedCertificate> tlsIntermediates =
        parseAll(conf.getTlsIntermediateCertsList(), "tls_intermediate_certs", "SETUP-TLS-01");
    Pools tlsPools = Pools.of(tlsRoots, tlsIntermediates);
    List<ParsedCertificate> all = new ArrayList<>(tlsRoots);
    all.addAll(tlsIntermediates);
    for (int i = 0; i < all.size(); i++) {
      ParsedCertificate ca = all.get(i);
      String entry =
          i < tlsRoots.size() ? entry("tls_root_certs", i) : entry("tls_intermediate_certs", i - tlsRoots.size());
      try {
        requireCa(ca, "SETUP-TLS-02");
        List<ParsedCertificate> chain = chains.unique(ca, tlsPools);
        if (chain.size() > 1) {
          Optional<Failure> revoked = revocation.check(ca, chain);
          if (revoked.isPresent()) {
            throw revoked.get();
          }
        }
      } catch (Failure f) {
        throw new MspSetupException(
            f.reason() == Reason.REVOKED ? Reason.CA_REVOKED : Reason.TLS_CA_INVALID,
            f.rule(),
            entry + " (" + ca.describe() + "): " + f.getMessage() + " (setup step SETUP-TLS-02)");
      }
    }
    return new TlsCas(rootBytes, intermediateBytes);
  }

  // SETUP-OU-01/02, CERT-ID-01
  private void setupOuIdentifiers() {
    for (int i = 0; i < conf.getOrganizationalUnitIdentifiersCount(); i++) {
      FabricOUIdentifier ou = conf.getOrganizationalUnitIdentifiers(i);
      try {
        ouIdentifiers.add(
            ou.getOrganizationalUnitIdentifier(), certifiersId(ou.getCertificate().toByteArray()));
      } catch (Failure f) {
        throw withRule(f, "SETUP-OU-01")
            .toSetupException(entry("organizational_unit_identifiers", i) + " (OU '" + ou.getOrganizationalUnitIdentifier() + "')", null);
      }
    }
  }

  /** The certifiers identifier of a configured CA certificate (CERT-ID-01). */
  private byte[] certifiersId(byte[] certBytes) throws Failure {
    ByteString key = ByteString.copyFrom(certBytes);
    byte[] known = certifiersIds.get(key);
    if (known != null) {
      return known.clone();
    }
    byte[] id = computeCertifiersId(certBytes);
    certifiersIds.put(key, id.clone());
    return id;
  }

  private byte[] computeCertifiersId(byte[] certBytes) throws Failure {
    ParsedCertificate cert = identities.sanitizer().sanitize(parse(ByteString.copyFrom(certBytes)), pools);
    if (roots.contains(cert)) {
      return identities.hash(cert.der());
    }
    if (!intermediates.contains(cert)) {
      throw new Failure(
          Reason.OU_CERTIFICATE_INVALID,
          "CERT-ID-01",
          cert.describe() + " is not one of the MSP's root or intermediate CA certificates");
    }
    List<ParsedCertificate> chain = chains.validation(cert, pools, internal, 0);
    return identities.chainId(chain);
  }

  // NODEOU-01..03
  private void setupNodeOus() {
    if (rules.nodeOuStyle() == VersionRules.NodeOuStyle.NONE || !conf.hasFabricNodeOus()) {
      nodeOus = NodeOus.off();
      return;
    }
    FabricNodeOUs n = conf.getFabricNodeOus();
    if (rules.nodeOuStyle() == VersionRules.NodeOuStyle.CLIENT_PEER) {
      if (!n.hasClientOuIdentifier() || n.getClientOuIdentifier().getOrganizationalUnitIdentifier().isEmpty()) {
        throw new MspSetupException(
            Reason.NODEOU_MISSING, "NODEOU-02", "fabric_node_ous: the client OU identifier is required at version " + rules.version());
      }
      if (!n.hasPeerOuIdentifier() || n.getPeerOuIdentifier().getOrganizationalUnitIdentifier().isEmpty()) {
        throw new MspSetupException(
            Reason.NODEOU_MISSING, "NODEOU-02", "fabric_node_ous: the peer OU identifier is required at version " + rules.version());
      }
      nodeOus =
          new NodeOus(
              n.getEnable(),
              nodeOu(n.getClientOuIdentifier(), "client", "NODEOU-02"),
              nodeOu(n.getPeerOuIdentifier(), "peer", "NODEOU-02"),
              null,
              null);
      return;
    }
    NodeOu client = n.hasClientOuIdentifier() ? nodeOu(n.getClientOuIdentifier(), "client", "NODEOU-03") : null;
    NodeOu peer = n.hasPeerOuIdentifier() ? nodeOu(n.getPeerOuIdentifier(), "peer", "NODEOU-03") : null;
    NodeOu admin = n.hasAdminOuIdentifier() ? nodeOu(n.getAdminOuIdentifier(), "admin", "NODEOU-03") : null;
    NodeOu orderer = n.hasOrdererOuIdentifier() ? nodeOu(n.getOrdererOuIdentifier(), "orderer", "NODEOU-03") : null;
    boolean any = client != null || peer != null || admin != null || orderer != null;
    nodeOus = new NodeOus(n.getEnable() && any, client, peer, admin, orderer);
  }

  private NodeOu nodeOu(FabricOUIdentifier id, String role, String rule) {
    byte[] certifiers = null;
    if (!id.getCertificate().isEmpty()) {
      try {
        certifiers = certifiersId(id.getCertificate().toByteArray());
      } catch (Failure f) {
        throw withRule(f, rule).toSetupException(entry("fabric_node_ous." + role + "_ou_identifier", 0), null);
      }
    }
    return new NodeOu(id.getOrganizationalUnitIdentifier(), certifiers);
  }

  private List<ParsedCertificate> parseAll(List<ByteString> entries, String field, String rule) {
    List<ParsedCertificate> out = new ArrayList<>(entries.size());
    for (int i = 0; i < entries.size(); i++) {
      try {
        out.add(parse(entries.get(i)));
      } catch (Failure f) {
        throw withRule(f, rule).toSetupException(entry(field, i), null);
      }
    }
    return List.copyOf(out);
  }

  /** The first PEM certificate of {@code bytes}, parsed once per setup. */
  private ParsedCertificate parse(ByteString bytes) throws Failure {
    ParsedCertificate known = parsed.get(bytes);
    if (known == null) {
      known = CertificateLoader.firstPemCertificate(bytes.toByteArray(), paths.rules());
      parsed.put(bytes, known);
    }
    return known;
  }

  private List<ParsedCertificate> prepareAll(
      List<ParsedCertificate> certs, Pools with, String field, String rule) {
    List<ParsedCertificate> out = new ArrayList<>(certs.size());
    for (int i = 0; i < certs.size(); i++) {
      try {
        out.add(identities.prepare(certs.get(i), with).cert());
      } catch (Failure f) {
        throw withRule(f, rule).toSetupException(entry(field, i), certs.get(i));
      }
    }
    return List.copyOf(out);
  }

  /** Names entry {@code index} of {@code field}: its file when known, and the field. */
  private String entry(String field, int index) {
    String name = field.contains(".") ? field : field + "[" + index + "]";
    return options.sources().source(field, index).map(f -> f + " (" + name + ")").orElse(name);
  }

  private static List<byte[]> bytes(List<ByteString> list) {
    List<byte[]> out = new ArrayList<>(list.size());
    for (ByteString b : list) {
      out.add(b.toByteArray());
    }
    return out;
  }

  /**
   * Keeps the specific rule of a failure (a chain or sanitisation rule, say) and names the setup
   * step it happened in.
   */
  private static Failure withRule(Failure f, String step) {
    return f.rule().equals(step) ? f : new Failure(f.reason(), f.rule(), f.getMessage() + " (setup step " + step + ")");
  }
}

package io.msp4j.x509.internal.msp;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.MspException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A set-up X.509 MSP. Every field is fixed at construction by {@link MspSetup}; validation is a
 * pure function of this object and the identity (spec section 4).
 */
final class X509MspImpl implements X509Msp {
  private final String id;
  private final VersionRules rules;
  private final IdentityFactory identities;
  private final Chains chains;
  private final Pools pools;
  private final InternalNodes internal;
  private final Revocation revocation;
  private final OuIdentifiers ouIdentifiers;
  private final NodeOus nodeOus;
  private final Set<ByteBuffer> adminDers;
  private final SignerMaterial signer;
  private final List<byte[]> tlsRoots;
  private final List<byte[]> tlsIntermediates;
  private final PrincipalEvaluator principals;
  private final MessageSignatures signatures;
  private final Object signingIdentityLock = new Object();
  private volatile X509SigningIdentity signingIdentity;

  X509MspImpl(
      String id,
      VersionRules rules,
      IdentityFactory identities,
      Chains chains,
      Pools pools,
      InternalNodes internal,
      Revocation revocation,
      OuIdentifiers ouIdentifiers,
      NodeOus nodeOus,
      Set<ByteBuffer> adminDers,
      SignerMaterial signer,
      List<byte[]> tlsRoots,
      List<byte[]> tlsIntermediates,
      MessageSignatures signatures) {
    this.id = id;
    this.rules = rules;
    this.identities = identities;
    this.chains = chains;
    this.pools = pools;
    this.internal = internal;
    this.revocation = revocation;
    this.ouIdentifiers = ouIdentifiers;
    this.nodeOus = nodeOus;
    this.adminDers = Set.copyOf(adminDers);
    this.signer = signer;
    this.tlsRoots = copies(tlsRoots);
    this.tlsIntermediates = copies(tlsIntermediates);
    this.principals = new PrincipalEvaluator(this, rules);
    this.signatures = signatures;
  }

  /** The CRLs as set up (for comparing configurations without parsing them again). */
  List<RevocationList> revocationLists() {
    return revocation.lists();
  }

  @Override
  public String id() {
    return id;
  }

  /** The identifier of one of this MSP's sanitised certificates (IDENT-01). */
  String identifierOf(ParsedCertificate sanitised) {
    return identities.identifier(sanitised);
  }

  @Override
  public MspVersion version() {
    return rules.version();
  }

  @Override
  public FabricRelease release() {
    return rules.release();
  }

  @Override
  public X509Identity deserialize(byte[] serializedIdentity) {
    InputLimits.checkSerializedIdentity(serializedIdentity.length);
    SerializedIdentity si;
    try {
      si = SerializedIdentity.parseFrom(serializedIdentity);
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(
          Reason.MALFORMED_IDENTITY,
          "DESER-01",
          "not a SerializedIdentity protobuf: " + e.getMessage(),
          null);
    }
    if (!si.getMspid().equals(id)) {
      throw new IdentityException(
          Reason.MSP_ID_MISMATCH,
          "DESER-01",
          "identity names MSP '" + si.getMspid() + "', expected '" + id + "'",
          null);
    }
    return deserializeCertificate(si.getIdBytes().toByteArray());
  }

  /** Makes an identity from PEM bytes (DESER-01 after the MSP ID check). */
  X509Identity deserializeCertificate(byte[] pem) {
    ParsedCertificate cert;
    try {
      cert = CertificateLoader.firstPemCertificate(pem, rules.goX509());
    } catch (Failure f) {
      throw f.toIdentityException(null);
    }
    return identities.make(this, cert, pools);
  }

  @Override
  public void validate(Identity identity) {
    X509Identity.require(identity, "VALIDATE-03").validateMemoised(this);
  }

  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    Objects.requireNonNull(identity, "identity");
    Objects.requireNonNull(principal, "principal");
    principals.satisfies(identity, principal);
  }

  /** Runs VALIDATE-01's steps; returns the failure, or null when the identity is valid. */
  IdentityException computeValidation(X509Identity identity) {
    ParsedCertificate cert = identity.cert();
    KeyAlgorithm key = cert.publicKey().algorithm();
    // Fabric v2.5 has no key-algorithm step: an RSA leaf goes on to the chain (DELTA25-02).
    if (rules.keyAlgorithmStep()
        && !(key == KeyAlgorithm.ECDSA || (key == KeyAlgorithm.ED25519 && rules.ed25519Leaves()))) {
      return fail(
          Reason.KEY_ALGORITHM_NOT_ACCEPTED,
          "VALIDATE-01",
          key + " keys are not accepted for identities at MSP version " + rules.version(),
          cert);
    }
    if (cert.isCa()) {
      return fail(
          Reason.IDENTITY_IS_CA, "VALIDATE-02", "a CA certificate cannot be an identity", cert);
    }
    List<ParsedCertificate> chain;
    try {
      // The chain and revocation come from the validating MSP; the identity's OUs (below) are
      // always those its own MSP computes, as in Fabric.
      chain = identity.msp() == this ? identity.validationChain() : chainOf(cert);
    } catch (Failure f) {
      return f.toIdentityException(cert);
    }
    Optional<Failure> revoked = revocation.check(cert, chain);
    if (revoked.isPresent()) {
      return revoked.get().toIdentityException(cert);
    }
    return checkOus(identity);
  }

  private IdentityException checkOus(X509Identity identity) {
    List<OrganizationalUnit> ous = identity.organizationalUnits();
    ParsedCertificate cert = identity.cert();
    if (!ouIdentifiers.isEmpty() && !ouIdentifiers.admits(ous)) {
      return ous.isEmpty()
          ? fail(Reason.NO_OU, "VALIDATE-OU-01", "the certificate has no OU", cert)
          : fail(
              Reason.OU_NOT_CONFIGURED,
              "VALIDATE-OU-01",
              "none of the OUs " + ous + " is an OU identifier of MSP " + id,
              cert);
    }
    if (!nodeOus.enforced() || rules.nodeOuStyle() == VersionRules.NodeOuStyle.NONE) {
      return null;
    }
    boolean four = rules.nodeOuStyle() == VersionRules.NodeOuStyle.FOUR_ROLES;
    String rule = four ? "NODEOU-05" : "NODEOU-04";
    String roles = four ? "client, peer, admin or orderer" : "client or peer";
    return switch (nodeOus.count(ous, four)) {
      case EXACTLY_ONE -> null;
      case NONE -> fail(
          Reason.NODEOU_NONE, rule, "the identity carries no " + roles + " OU (OUs " + ous + ")", cert);
      case SEVERAL -> fail(
          Reason.NODEOU_MULTIPLE,
          rule,
          "the identity must carry exactly one " + roles + " OU, not a combination (OUs " + ous + ")",
          cert);
      case CERTIFIERS_MISMATCH -> fail(
          Reason.NODEOU_CERTIFIERS_MISMATCH,
          rule,
          "a NodeOU of the identity was certified by another CA chain than configured (OUs "
              + ous + ")",
          cert);
    };
  }

  /** The unique chain of a leaf whose issuer is a leaf CA (VALIDATE-01 steps 3-4). */
  List<ParsedCertificate> chainOf(ParsedCertificate cert) throws Failure {
    return chainOf(cert, null);
  }

  /**
   * {@link #chainOf(ParsedCertificate)} given, when not null, the certificate's unique chain in
   * this MSP's pools at its check time, as sanitisation found it.
   */
  List<ParsedCertificate> chainOf(ParsedCertificate cert, List<ParsedCertificate> uniqueChain)
      throws Failure {
    return chains.validation(cert, pools, internal, 1, uniqueChain);
  }

  /** The identity's OUs with the hash of its issuing chain, or none without a chain (IDENT-03). */
  List<OrganizationalUnit> organizationalUnitsOf(X509Identity identity) {
    ParsedCertificate cert = identity.cert();
    if (cert.isCa()) {
      return List.of();
    }
    List<ParsedCertificate> chain;
    try {
      chain = identity.validationChain();
    } catch (Failure f) {
      return List.of();
    }
    // OrganizationalUnit copies the identifier, so the remembered one is never handed out.
    byte[] certifiers = identities.certifiersId(chain.subList(1, chain.size()));
    List<OrganizationalUnit> ous = new ArrayList<>();
    for (String ou : cert.subjectOrganizationalUnits()) {
      ous.add(new OrganizationalUnit(ou, certifiers));
    }
    return List.copyOf(ous);
  }

  /** Whether the sanitised certificate is one of the configured admins (SETUP-ADMIN-02). */
  boolean isConfiguredAdmin(X509Identity identity) {
    return adminDers.contains(ByteBuffer.wrap(identity.cert().der()));
  }

  @Override
  public SigningIdentity defaultSigningIdentity() {
    if (signer == null) {
      throw new MspException(
          Reason.NO_SIGNING_IDENTITY,
          "SETUP-SIGNER-05",
          "MSP " + id + " has no signing identity (it was set up without signing_identity, as a channel MSP is)");
    }
    X509SigningIdentity s = signingIdentity;
    if (s == null) {
      synchronized (signingIdentityLock) {
        s = signingIdentity;
        if (s == null) {
          s = new X509SigningIdentity(new X509Identity(this, signer.cert(), signer.id()), signatures, signer.key());
          signingIdentity = s;
        }
      }
    }
    return s;
  }

  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    InputLimits.checkSerializedIdentity(Objects.requireNonNull(identity, "identity").getSerializedSize());
    WellFormedness.check(identity, rules.goX509());
  }

  /** Fabric's message signature rules with this MSP's crypto provider and hash family. */
  MessageSignatures signatures() {
    return signatures;
  }

  /** The signing identity's material, when this is a local MSP. */
  Optional<SignerMaterial> signer() {
    return Optional.ofNullable(signer);
  }

  NodeOus nodeOus() {
    return nodeOus;
  }

  VersionRules rules() {
    return rules;
  }

  @Override
  public List<byte[]> tlsRootCerts() {
    return copies(tlsRoots);
  }

  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return copies(tlsIntermediates);
  }

  private static IdentityException fail(
      Reason reason, String rule, String message, ParsedCertificate cert) {
    return new IdentityException(reason, rule, message, cert.ref());
  }

  private static List<byte[]> copies(List<byte[]> list) {
    List<byte[]> out = new ArrayList<>(list.size());
    for (byte[] b : list) {
      out.add(b.clone());
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return "X509Msp{" + id + ", v" + rules.version() + "}";
  }
}

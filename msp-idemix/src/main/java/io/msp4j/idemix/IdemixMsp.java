package io.msp4j.idemix;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.ForwardingIdentity;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An idemix MSP, set up by {@link IdemixMsps#setup}: the issuer key its members' credentials come
 * from, and optionally a signer. Its identities are anonymous: a pseudonym with a claimed OU and
 * role and a proof binding them to a credential of the issuer. Immutable and thread safe.
 *
 * <p>Verdicts are Fabric v2.5/v3's (spec Appendix G) except for the two forgeries Fabric accepts,
 * which this MSP refuses at deserialization (MSP4J-IDEMIX-STRICT-01/02). An identity's proof is
 * checked once however many principals are asked; wrap the MSP in a {@link
 * io.msp4j.core.CachingMsp} to remember verdicts across deserializations, as for X.509.
 */
public final class IdemixMsp implements Msp {
  private final String id;
  private final MspVersion version;
  private final FabricRelease release;
  private final IdemixIssuerKey issuerKey;
  private final IdemixSigner signer;

  /**
   * @param signerOf makes the signer of this MSP (its identity refers to the MSP), or returns
   *     null for a verifying MSP; called once, before the constructor returns
   */
  IdemixMsp(String id, MspVersion version, FabricRelease release, IdemixIssuerKey issuerKey,
      java.util.function.Function<IdemixMsp, IdemixSigner> signerOf) {
    this.id = id;
    this.version = version;
    this.release = release;
    this.issuerKey = issuerKey;
    this.signer = signerOf.apply(this);
  }

  /** Whether the MSP was set up with a signer. */
  public boolean hasSigner() {
    return signer != null;
  }

  /** The issuer public key. */
  public IdemixIssuerKey issuerKey() {
    return issuerKey;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public MspVersion version() {
    return version;
  }

  /** The Fabric release whose verdicts this MSP gives. */
  public FabricRelease release() {
    return release;
  }

  @Override
  public int providerType() {
    return IDEMIX_PROVIDER;
  }

  @Override
  public IdemixMspIdentity deserialize(byte[] serializedIdentity) {
    Objects.requireNonNull(serializedIdentity, "serializedIdentity");
    InputLimits.checkSerializedIdentity(serializedIdentity.length);
    SerializedIdentity si;
    try {
      si = SerializedIdentity.parseFrom(serializedIdentity);
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(Reason.MALFORMED_IDENTITY, "DESER-01",
          "not a SerializedIdentity protobuf: " + e.getMessage(), null);
    }
    if (!si.getMspid().equals(id)) {
      throw new IdentityException(Reason.MSP_ID_MISMATCH, "DESER-01",
          "identity names MSP '" + si.getMspid() + "', expected '" + id + "'", null);
    }
    try {
      return new IdemixMspIdentity(this, IdemixIdentity.deserialize(si.getIdBytes().toByteArray(), release));
    } catch (IdemixException e) {
      throw IdemixErrors.identity(e);
    }
  }

  /** Validates the identity's proof (IDEMIX-VALIDATE-01); computed once per identity. */
  @Override
  public void validate(Identity identity) {
    own(identity).checkProof();
  }

  /**
   * As Fabric: the identity is validated first, then the principal is checked
   * (IDEMIX-ROLE-01); the proof is not checked again for further principals.
   */
  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    Objects.requireNonNull(principal, "principal");
    IdemixMspIdentity id = own(identity);
    id.checkProof();
    IdemixPrincipals.check(this, id, principal);
  }

  private IdemixMspIdentity own(Identity identity) {
    Objects.requireNonNull(identity, "identity");
    Identity plain = identity instanceof IdemixSigner s ? s.publicVersion() : identity;
    if (!(plain instanceof IdemixMspIdentity id)) {
      throw new IdentityException(Reason.MALFORMED_IDENTITY, "IDEMIX-VALIDATE-01",
          "an idemix MSP can judge only idemix identities; this is a "
              + plain.getClass().getSimpleName() + (plain instanceof ForwardingIdentity<?>
                  ? " (pass the identity this MSP deserialized)" : ""), null);
    }
    if (!id.mspId().equals(this.id)) {
      throw new IdentityException(Reason.MSP_ID_MISMATCH, "IDEMIX-VALIDATE-01",
          "the identity belongs to MSP '" + id.mspId() + "', not '" + this.id + "'", null);
    }
    return id;
  }

  @Override
  public SigningIdentity defaultSigningIdentity() {
    IdemixSigner s = signer;
    if (s == null) {
      throw new MspException(Reason.NO_SIGNING_IDENTITY, "IDEMIX-FOLDER-01",
          "idemix MSP " + id + " has no signer (it was set up without user/SignerConfig)");
    }
    return s;
  }

  /**
   * As Fabric's idemix MSP: well formed when {@code id_bytes} is a {@code SerializedIdemixIdentity}
   * protobuf; nothing else is looked at.
   */
  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    Objects.requireNonNull(identity, "identity");
    try {
      SerializedIdemixIdentity.parseFrom(identity.getIdBytes());
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(Reason.NOT_WELL_FORMED, "MGR-04",
          "not an idemix identity: " + e.getMessage(), null);
    }
  }

  /** Idemix MSPs have no TLS certificates. */
  @Override
  public List<byte[]> tlsRootCerts() {
    return List.of();
  }

  /** Idemix MSPs have no TLS certificates. */
  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return List.of();
  }

  @Override
  public String toString() {
    return "IdemixMsp[" + id + ", " + version + ", " + issuerKey + (signer != null ? ", signer" : "") + "]";
  }
}

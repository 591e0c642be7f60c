package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.OrganizationalUnit;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An identity of an {@link IdemixMsp}: a pseudonym, the OU and role it claims, and the proof that
 * a credential of the MSP's issuer stands behind them. It shows nothing else: no certificate, no
 * expiry, no enrollment ID. Immutable; its proof is checked at most once, on first need.
 */
public final class IdemixMspIdentity implements Identity {
  private final IdemixMsp msp;
  private final IdemixIdentity identity;
  private final IdentityIdentifier identifier;
  private final byte[] serialized;
  private final ProofVerdictKey verdictKey;
  /** The proof's verdict once computed: null before, NONE after success, else the failure. */
  private volatile Object proofVerdict;

  private static final Object NONE = new Object();

  /** Verdicts are remembered per whole identity: the pseudonym alone binds neither OU nor role. */
  private record ProofVerdictKey(ByteString serialized) {}

  IdemixMspIdentity(IdemixMsp msp, IdemixIdentity identity) {
    this.msp = msp;
    this.identity = identity;
    this.identifier =
        new IdentityIdentifier(msp.id(), HexFormat.of().formatHex(identity.pseudonym()));
    this.serialized = reserialize(msp.id(), identity);
    this.verdictKey = new ProofVerdictKey(ByteString.copyFrom(serialized));
  }

  /** Fabric's Serialize: the pseudonym as 32 + 32 bytes, OU and role re-encoded, the proof. */
  private static byte[] reserialize(String mspId, IdemixIdentity id) {
    byte[] nym = id.pseudonym();
    int half = nym.length / 2;
    SerializedIdemixIdentity inner = SerializedIdemixIdentity.newBuilder()
        .setNymX(ByteString.copyFrom(nym, 0, half))
        .setNymY(ByteString.copyFrom(nym, half, nym.length - half))
        .setOu(id.organizationalUnit().toByteString())
        .setRole(id.role().toByteString())
        .setProof(ByteString.copyFrom(id.proofBytes()))
        .build();
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(inner.toByteString()).build()
        .toByteArray();
  }

  IdemixIdentity parsed() {
    return identity;
  }

  IdemixMsp msp() {
    return msp;
  }

  /** Checks the proof once; later calls answer from the remembered verdict. */
  void checkProof() {
    Object v = proofVerdict;
    if (v == null) {
      try {
        IdemixIdentityProof.verify(msp.issuerKey(), identity);
        v = NONE;
      } catch (IdemixException e) {
        v = IdemixErrors.identity(e, this);
      }
      proofVerdict = v;
    }
    if (v != NONE) {
      throw (IdentityException) v;
    }
  }

  /** The pseudonym, NymX followed by NymY. */
  public byte[] pseudonym() {
    return identity.pseudonym();
  }

  /** The organisational unit the identity claims (its OU string is proved, the rest is not). */
  public String organizationalUnitIdentifier() {
    return identity.organizationalUnit().getOrganizationalUnitIdentifier();
  }

  /** The role the identity claims: its admin-or-not value is proved (IDEMIX-ROLE-01). */
  public MSPRole.MSPRoleType role() {
    MSPRole.MSPRoleType t = identity.role().getRole();
    return t == null ? MSPRole.MSPRoleType.UNRECOGNIZED : t;
  }

  @Override
  public String mspId() {
    return msp.id();
  }

  @Override
  public IdentityIdentifier identifier() {
    return identifier;
  }

  @Override
  public Object verdictKey() {
    return verdictKey;
  }

  @Override
  public void validate() {
    msp.validate(this);
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    msp.satisfies(this, principal);
  }

  /**
   * One unit: the claimed OU string, with the issuer key re-encoded as its certifiers identifier,
   * as Fabric reports it (IDEMIX-ID-01).
   */
  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    return List.of(new OrganizationalUnit(organizationalUnitIdentifier(), msp.issuerKey().reencoded()));
  }

  /** Idemix identities do not expire (Fabric reports the zero time): {@link Instant#MAX}. */
  @Override
  public Instant expiresAt() {
    return Instant.MAX;
  }

  @Override
  public boolean anonymous() {
    return true;
  }

  /** Fabric's re-serialization (the IDENTITY principal compares with it, IDEMIX-ROLE-01). */
  @Override
  public byte[] serialize() {
    return serialized.clone();
  }

  /**
   * No certificate: for messages, the subject names the claimed OU and role and the start of the
   * pseudonym, the serial is empty and the issuer is the issuer key's hash.
   */
  @Override
  public CertificateRef certificate() {
    String nym = HexFormat.of().formatHex(identity.pseudonym());
    return new CertificateRef(
        "idemix OU=" + organizationalUnitIdentifier() + ", role=" + role() + ", pseudonym="
            + nym.substring(0, Math.min(16, nym.length())) + "…",
        "",
        "idemix issuer " + HexFormat.of().formatHex(msp.issuerKey().hash()));
  }

  /** Idemix identities have no certificate: an empty array. */
  @Override
  public byte[] certificateDer() {
    return new byte[0];
  }

  /**
   * Verifies a pseudonym signature (IDEMIX-VERIFY-01). As in Fabric, the identity is not
   * validated.
   */
  @Override
  public void verify(byte[] message, byte[] signature) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(signature, "signature");
    try {
      NymSignatures.verify(msp.issuerKey(), identity, message, signature);
    } catch (IdemixException e) {
      throw IdemixErrors.identity(e, this);
    }
  }

  @Override
  public String toString() {
    return "IdemixMspIdentity[" + mspId() + ", " + identity + "]";
  }
}

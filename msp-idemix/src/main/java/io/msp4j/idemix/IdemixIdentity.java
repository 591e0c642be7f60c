package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.Signature;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;

/**
 * An idemix identity as carried in a {@code SerializedIdentity}'s {@code id_bytes}: a pseudonym
 * (NymX, NymY), the claimed OU and role, and the association proof. Deserializing does what
 * Fabric does (the pseudonym decoded, OU and role parsed) and then refuses the two forgeries
 * Fabric lets through (MSP4J-IDEMIX-STRICT-01 and -02). The proof itself is checked by
 * {@link IdemixIdentityProof#verify}. Immutable.
 */
public final class IdemixIdentity {
  /** The pseudonym length Fabric v3 decodes again with a 0x04 in front (IDEMIX-V3-01). */
  private static final int V3_RETRY_LENGTH = 2 * Fp256bn.FIELD_BYTES - 1;

  private final byte[] pseudonym;
  private final ECP nym;
  private final OrganizationUnit ou;
  private final MSPRole role;
  private final byte[] proof;

  private IdemixIdentity(byte[] pseudonym, ECP nym, OrganizationUnit ou, MSPRole role, byte[] proof) {
    this.pseudonym = pseudonym;
    this.nym = nym;
    this.ou = ou;
    this.role = role;
    this.proof = proof;
  }

  /**
   * Deserializes a {@code SerializedIdemixIdentity}.
   *
   * @throws IdemixException when Fabric would refuse it (IDEMIX-POINT-01, IDEMIX-VALIDATE-01), or
   *     when its pseudonym is not a point of the curve (MSP4J-IDEMIX-STRICT-02) or not the
   *     pseudonym its proof is about (MSP4J-IDEMIX-STRICT-01), which Fabric accepts
   */
  public static IdemixIdentity deserialize(byte[] idBytes) {
    return deserialize(idBytes, FabricRelease.defaultRelease());
  }

  /**
   * {@link #deserialize(byte[])} as Fabric {@code release} decodes the pseudonym: from v3.0, a
   * 63-byte NymX‖NymY is decoded again with 0x04 in front (IDEMIX-V3-01); v2.5 refuses it.
   */
  public static IdemixIdentity deserialize(byte[] idBytes, FabricRelease release) {
    IdemixIdentity id = deserializeAsFabric(idBytes, release);
    id.requirePseudonymIsAPoint();
    id.requirePseudonymIsTheProofs();
    return id;
  }

  /** A signer's own identity, made at setup from its pseudonym and proof. */
  static IdemixIdentity fromParts(ECP nym, OrganizationUnit ou, MSPRole role, byte[] proof) {
    byte[] raw = Fp256bn.bytes(nym);
    return new IdemixIdentity(Arrays.copyOfRange(raw, 1, raw.length), Fp256bn.copy(nym), ou, role,
        proof.clone());
  }

  /** What Fabric's DeserializeIdentityInternal accepts, without msp4j's stricter rules. */
  static IdemixIdentity deserializeAsFabric(byte[] idBytes) {
    return deserializeAsFabric(idBytes, FabricRelease.defaultRelease());
  }

  static IdemixIdentity deserializeAsFabric(byte[] idBytes, FabricRelease release) {
    Objects.requireNonNull(idBytes, "idBytes");
    Objects.requireNonNull(release, "release");
    SerializedIdemixIdentity s;
    try {
      s = SerializedIdemixIdentity.parseFrom(idBytes);
    } catch (InvalidProtocolBufferException e) {
      throw malformed(Rules.VALIDATE, "not a SerializedIdemixIdentity protobuf: " + e.getMessage(), e);
    }
    if (s.getNymX().isEmpty() || s.getNymY().isEmpty()) {
      throw malformed(Rules.POINT, "the pseudonym (nym_x, nym_y) is missing", null);
    }
    // Fabric concatenates the two fields and splits the result in the middle.
    ByteString all = s.getNymX().concat(s.getNymY());
    if (all.size() == V3_RETRY_LENGTH && !release.isV2_5()) {
      // IDEMIX-V3-01: v3's idemix decodes a failed pseudonym again with the 0x04 of an
      // uncompressed point in front; 63 bytes become 64, split 32 + 32.
      all = ByteString.copyFrom(new byte[] {0x04}).concat(all);
    }
    ECP nym;
    try {
      nym = Points.g1(all.substring(0, all.size() / 2), all.substring(all.size() / 2), "the pseudonym");
    } catch (Points.MalformedPointException e) {
      throw malformed(Rules.POINT, e.getMessage(), e);
    }
    OrganizationUnit ou;
    MSPRole role;
    try {
      ou = OrganizationUnit.parseFrom(s.getOu());
    } catch (InvalidProtocolBufferException e) {
      throw malformed(Rules.VALIDATE, "the OU is not an OrganizationUnit protobuf: " + e.getMessage(), e);
    }
    try {
      role = MSPRole.parseFrom(s.getRole());
    } catch (InvalidProtocolBufferException e) {
      throw malformed(Rules.ROLE, "the role is not an MSPRole protobuf: " + e.getMessage(), e);
    }
    return new IdemixIdentity(all.toByteArray(), nym, ou, role, s.getProof().toByteArray());
  }

  /** MSP4J-IDEMIX-STRICT-02: Fabric turns an undecodable pseudonym into the point at infinity. */
  void requirePseudonymIsAPoint() {
    if (nym.is_infinity()) {
      throw new IdemixException(
          Reason.IDEMIX_PSEUDONYM_FORGED,
          Rules.STRICT_PSEUDONYM_NOT_A_POINT,
          "the pseudonym " + HexFormat.of().formatHex(pseudonym)
              + " is not a point of FP256BN (off the curve, a coordinate not below p, or the point"
              + " at infinity). Fabric v2.5/v3 would accept this identity: it decodes the pseudonym"
              + " as the point at infinity, for which anyone can sign with the secret 0");
    }
  }

  /** MSP4J-IDEMIX-STRICT-01: Fabric checks the proof against the pseudonym inside the proof. */
  void requirePseudonymIsTheProofs() {
    Signature sig;
    ECP proofNym;
    try {
      sig = Signature.parseFrom(proof);
      proofNym = Points.g1(sig.getNym(), sig.hasNym(), "the proof's pseudonym");
    } catch (InvalidProtocolBufferException | Points.MalformedPointException e) {
      return; // the proof does not verify either way (IDEMIX-VALIDATE-01)
    }
    if (!proofNym.equals(nym)) {
      throw new IdemixException(
          Reason.IDEMIX_PSEUDONYM_FORGED,
          Rules.STRICT_PSEUDONYM_MISMATCH,
          "the identity's pseudonym " + HexFormat.of().formatHex(pseudonym)
              + " is not the pseudonym its association proof is about. Fabric v2.5/v3 would"
              + " deserialize this identity and check the proof against the proof's own pseudonym,"
              + " so whoever holds any valid identity of the organisation could pass with its OU"
              + " and role and sign with a pseudonym of their own");
    }
  }

  /** The pseudonym as NymX followed by NymY. */
  public byte[] pseudonym() {
    return pseudonym.clone();
  }

  /** The claimed organisational unit (its MSP ID and certifiers are not bound by the proof). */
  public OrganizationUnit organizationalUnit() {
    return ou;
  }

  /** The claimed role (its MSP ID is not bound by the proof). */
  public MSPRole role() {
    return role;
  }

  /**
   * The role value the proof discloses for the claimed role (IDEMIX-ROLE-01): MEMBER 1, ADMIN 2,
   * CLIENT 4, PEER 8, anything else 1.
   */
  public int disclosedRoleValue() {
    return switch (role.getRoleValue()) {
      case MSPRole.MSPRoleType.ADMIN_VALUE -> 2;
      case MSPRole.MSPRoleType.CLIENT_VALUE -> 4;
      case MSPRole.MSPRoleType.PEER_VALUE -> 8;
      default -> 1;
    };
  }

  /** The association proof (a serialized idemix {@code Signature}). */
  public byte[] proof() {
    return proof.clone();
  }

  ECP nym() {
    return nym;
  }

  byte[] proofBytes() {
    return proof;
  }

  private static IdemixException malformed(String rule, String message, Throwable cause) {
    return new IdemixException(
        Reason.MALFORMED_IDENTITY, rule, "idemix identity: " + message, cause);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixIdentity i
        && Arrays.equals(pseudonym, i.pseudonym)
        && ou.equals(i.ou)
        && role.equals(i.role)
        && Arrays.equals(proof, i.proof);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(pseudonym), ou, role, Arrays.hashCode(proof));
  }

  @Override
  public String toString() {
    return "IdemixIdentity[ou=" + ou.getOrganizationalUnitIdentifier() + ", role="
        + role.getRoleValue() + ", pseudonym=" + HexFormat.of().formatHex(pseudonym) + "]";
  }
}

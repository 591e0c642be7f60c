package io.msp4j.core;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * A principal an identity can satisfy (spec section 6), as an immutable value: a role of an MSP,
 * an organisational unit, one identity, anonymity, or a combination that needs all of its members.
 * {@link #toProto()} gives Fabric's {@code MSPPrincipal}, byte for byte what Fabric's own code
 * builds; {@link #fromProto} reads one back.
 *
 * <pre>{@code
 * msp.satisfies(identity, Principal.Role.admin("Org1MSP"));
 * Principal both = Principal.Combined.of(Principal.Role.peer("Org1MSP"), Principal.Anonymity.NOMINAL);
 * }</pre>
 */
public sealed interface Principal
    permits Principal.Role,
        Principal.OrganizationUnit,
        Principal.IdentityPrincipal,
        Principal.Anonymity,
        Principal.Combined {

  /** Fabric's protobuf form of this principal (PROTO-05). */
  MSPPrincipal toProto();

  /**
   * Reads a principal. Combinations may nest up to {@value PrincipalCodec#MAX_DEPTH} levels here;
   * {@link Msp#satisfies(Identity, MSPPrincipal)} takes any depth.
   *
   * @throws MspException with reason {@link Reason#PRINCIPAL_MALFORMED} when the classification is
   *     unknown, a payload does not decode, a role or anonymity value is unknown, or a combination
   *     is empty or nested too deeply
   */
  static Principal fromProto(MSPPrincipal principal) {
    return PrincipalCodec.decode(Objects.requireNonNull(principal, "principal"));
  }

  /** The roles of {@code MSPRole} (PROTO-05), with their protobuf numbers. */
  enum RoleType {
    MEMBER(0),
    ADMIN(1),
    CLIENT(2),
    PEER(3),
    ORDERER(4);

    private final int number;

    RoleType(int number) {
      this.number = number;
    }

    /** The protobuf enum number. */
    public int number() {
      return number;
    }
  }

  /**
   * A role of the MSP named by {@code mspId} (PRINCIPAL-ROLE-*).
   *
   * @param mspId the MSP ID the principal names
   * @param role the role
   */
  record Role(String mspId, RoleType role) implements Principal {
    public Role {
      Objects.requireNonNull(mspId, "mspId");
      Objects.requireNonNull(role, "role");
    }

    /** Any valid identity of the MSP. */
    public static Role member(String mspId) {
      return new Role(mspId, RoleType.MEMBER);
    }

    /** An administrator of the MSP. */
    public static Role admin(String mspId) {
      return new Role(mspId, RoleType.ADMIN);
    }

    /** A client of the MSP (needs NodeOUs). */
    public static Role client(String mspId) {
      return new Role(mspId, RoleType.CLIENT);
    }

    /** A peer of the MSP (needs NodeOUs). */
    public static Role peer(String mspId) {
      return new Role(mspId, RoleType.PEER);
    }

    /** An orderer of the MSP (needs NodeOUs, MSP version 1.4.3 or later). */
    public static Role orderer(String mspId) {
      return new Role(mspId, RoleType.ORDERER);
    }

    @Override
    public MSPPrincipal toProto() {
      return PrincipalCodec.encode(this);
    }
  }

  /**
   * An organisational unit of an MSP: the OU string and the certifiers identifier, the hash of the
   * CA chain that must have issued the identity (PRINCIPAL-OU-01, IDENT-03).
   */
  final class OrganizationUnit implements Principal {
    private final String mspId;
    private final String ou;
    private final byte[] certifiersId;

    private OrganizationUnit(String mspId, String ou, byte[] certifiersId) {
      this.mspId = Objects.requireNonNull(mspId, "mspId");
      this.ou = Objects.requireNonNull(ou, "ou");
      this.certifiersId = Objects.requireNonNull(certifiersId, "certifiersId").clone();
    }

    /** The unit {@code ou} of MSP {@code mspId}, certified by the chain hashed as {@code certifiersId}. */
    public static OrganizationUnit of(String mspId, String ou, byte[] certifiersId) {
      return new OrganizationUnit(mspId, ou, certifiersId);
    }

    /** The unit an identity carries, as {@link Identity#organizationalUnits()} reports it. */
    public static OrganizationUnit of(String mspId, OrganizationalUnit unit) {
      Objects.requireNonNull(unit, "unit");
      return new OrganizationUnit(mspId, unit.ou(), unit.certifiersId());
    }

    /** The MSP ID the principal names. */
    public String mspId() {
      return mspId;
    }

    /** The OU string. */
    public String ou() {
      return ou;
    }

    /** The certifiers identifier (a copy). */
    public byte[] certifiersId() {
      return certifiersId.clone();
    }

    @Override
    public MSPPrincipal toProto() {
      return PrincipalCodec.encode(this);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof OrganizationUnit other
          && mspId.equals(other.mspId)
          && ou.equals(other.ou)
          && Arrays.equals(certifiersId, other.certifiersId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(mspId, ou, Arrays.hashCode(certifiersId));
    }

    @Override
    public String toString() {
      return "OrganizationUnit[" + mspId + ", " + ou + "@" + HexFormat.of().formatHex(certifiersId) + "]";
    }
  }

  /**
   * Exactly one identity, given as its serialized form (a {@code SerializedIdentity} protobuf).
   * It is satisfied by the same certificate, when valid (PRINCIPAL-ID-01).
   */
  final class IdentityPrincipal implements Principal {
    private final byte[] serializedIdentity;

    private IdentityPrincipal(byte[] serializedIdentity) {
      this.serializedIdentity = Objects.requireNonNull(serializedIdentity, "serializedIdentity").clone();
    }

    /** The principal of this identity, from {@link Identity#serialize()}. */
    public static IdentityPrincipal of(Identity identity) {
      return new IdentityPrincipal(Objects.requireNonNull(identity, "identity").serialize());
    }

    /** The principal of the identity serialized as these {@code SerializedIdentity} bytes. */
    public static IdentityPrincipal ofSerialized(byte[] serializedIdentity) {
      return new IdentityPrincipal(serializedIdentity);
    }

    /** The serialized identity (a copy). */
    public byte[] serializedIdentity() {
      return serializedIdentity.clone();
    }

    @Override
    public MSPPrincipal toProto() {
      return PrincipalCodec.encode(this);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof IdentityPrincipal other
          && Arrays.equals(serializedIdentity, other.serializedIdentity);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(serializedIdentity);
    }

    @Override
    public String toString() {
      return "IdentityPrincipal[" + serializedIdentity.length + " bytes]";
    }
  }

  /**
   * Anonymity (PRINCIPAL-ANON-*): every X.509 identity is {@link #NOMINAL}, none is
   * {@link #ANONYMOUS}. Needs MSP version 1.3 or later.
   */
  enum Anonymity implements Principal {
    NOMINAL(0),
    ANONYMOUS(1);

    private final int number;

    Anonymity(int number) {
      this.number = number;
    }

    /** The protobuf enum number. */
    public int number() {
      return number;
    }

    @Override
    public MSPPrincipal toProto() {
      return PrincipalCodec.encode(this);
    }
  }

  /**
   * A combination satisfied when every member is (PRINCIPAL-COMB-*); never empty. Needs MSP
   * version 1.3 or later.
   *
   * @param principals the members, in order
   */
  record Combined(List<Principal> principals) implements Principal {
    public Combined {
      principals = List.copyOf(Objects.requireNonNull(principals, "principals"));
      if (principals.isEmpty()) {
        throw new IllegalArgumentException(
            "a combined principal needs at least one member [PRINCIPAL-COMB-02]");
      }
    }

    /** The combination of these principals, in this order. */
    public static Combined of(Principal... principals) {
      return new Combined(List.of(principals));
    }

    @Override
    public MSPPrincipal toProto() {
      return PrincipalCodec.encode(this);
    }
  }
}

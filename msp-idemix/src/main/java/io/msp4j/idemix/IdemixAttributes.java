package io.msp4j.idemix;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The four attribute values an idemix credential certifies, in the order of
 * {@link IdemixIssuerKey#ATTRIBUTE_NAMES}: the organisational unit, the role, the enrollment ID
 * and the revocation handle. In the credential each is a scalar written as 32 big-endian bytes:
 * SHA-256 modulo q of the UTF-8 text for the OU and the enrollment ID, the integer itself for the
 * role and the revocation handle (as Fabric's idemix MSP compares them, byte for byte).
 * Immutable; built by {@link #builder()}.
 *
 * <pre>{@code
 * IdemixAttributes attributes = IdemixAttributes.builder()
 *     .organizationalUnit("org1.department1")
 *     .role(IdemixRoles.ADMIN)
 *     .enrollmentId("admin1")
 *     .revocationHandle(BigInteger.valueOf(42))
 *     .build();
 * }</pre>
 */
public final class IdemixAttributes {
  private final String organizationalUnit;
  private final int role;
  private final String enrollmentId;
  private final BigInteger revocationHandle;

  private IdemixAttributes(Builder b) {
    this.organizationalUnit = b.organizationalUnit;
    this.role = b.role;
    this.enrollmentId = b.enrollmentId;
    this.revocationHandle = b.revocationHandle;
  }

  /** A new builder; every value must be set. */
  public static Builder builder() {
    return new Builder();
  }

  /** The organisational unit, disclosed in every identity of the user. */
  public String organizationalUnit() {
    return organizationalUnit;
  }

  /** The role value ({@link IdemixRoles}), disclosed in every identity of the user. */
  public int role() {
    return role;
  }

  /** The enrollment ID, hidden in identities. */
  public String enrollmentId() {
    return enrollmentId;
  }

  /** The revocation handle, a scalar in [0, q-1], hidden in identities. */
  public BigInteger revocationHandle() {
    return revocationHandle;
  }

  /** The four scalars, in attribute order. */
  List<BigInteger> scalars() {
    return List.of(
        Fp256bn.hashToScalar(organizationalUnit.getBytes(StandardCharsets.UTF_8)),
        BigInteger.valueOf(role),
        Fp256bn.hashToScalar(enrollmentId.getBytes(StandardCharsets.UTF_8)),
        revocationHandle);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixAttributes a
        && organizationalUnit.equals(a.organizationalUnit)
        && role == a.role
        && enrollmentId.equals(a.enrollmentId)
        && revocationHandle.equals(a.revocationHandle);
  }

  @Override
  public int hashCode() {
    return Objects.hash(organizationalUnit, role, enrollmentId, revocationHandle);
  }

  /** The OU, role and enrollment ID; the revocation handle is left out. */
  @Override
  public String toString() {
    return "IdemixAttributes[ou=" + organizationalUnit + ", role=" + role + ", enrollmentId="
        + enrollmentId + "]";
  }

  /** Collects the four values; {@link #build()} checks them. */
  public static final class Builder {
    private String organizationalUnit;
    private int role = -1;
    private String enrollmentId;
    private BigInteger revocationHandle;

    private Builder() {}

    /** The organisational unit (any text, the empty one included). */
    public Builder organizationalUnit(String organizationalUnit) {
      this.organizationalUnit = Objects.requireNonNull(organizationalUnit, "organizationalUnit");
      return this;
    }

    /** The role value, not negative; see {@link IdemixRoles#credentialRole(int)}. */
    public Builder role(int role) {
      if (role < 0) {
        throw new IllegalArgumentException("role " + role + " is negative");
      }
      this.role = role;
      return this;
    }

    /** The enrollment ID (any text). */
    public Builder enrollmentId(String enrollmentId) {
      this.enrollmentId = Objects.requireNonNull(enrollmentId, "enrollmentId");
      return this;
    }

    /** The revocation handle, in [0, q-1] of the FP256BN group order q. */
    public Builder revocationHandle(BigInteger revocationHandle) {
      Objects.requireNonNull(revocationHandle, "revocationHandle");
      if (revocationHandle.signum() < 0 || revocationHandle.compareTo(Fp256bn.ORDER) >= 0) {
        throw new IllegalArgumentException(
            "revocation handle " + revocationHandle + " is not in [0, q-1] of the FP256BN group order q");
      }
      this.revocationHandle = revocationHandle;
      return this;
    }

    /**
     * The attributes.
     *
     * @throws IllegalStateException naming the first value that was not set
     */
    public IdemixAttributes build() {
      if (organizationalUnit == null) {
        throw new IllegalStateException("the organizational unit is not set");
      }
      if (role < 0) {
        throw new IllegalStateException("the role is not set");
      }
      if (enrollmentId == null) {
        throw new IllegalStateException("the enrollment ID is not set");
      }
      if (revocationHandle == null) {
        throw new IllegalStateException("the revocation handle is not set");
      }
      return new IdemixAttributes(this);
    }
  }
}

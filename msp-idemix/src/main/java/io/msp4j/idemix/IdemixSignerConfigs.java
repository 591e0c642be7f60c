package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;

/**
 * Builds the {@code IdemixMSPSignerConfig} of an idemix user (the {@code user/SignerConfig} file of
 * Fabric's folder, once serialized): credential, user secret, OU, role mask, enrollment ID and
 * revocation information. {@link Builder#build()} refuses what Fabric's idemix MSP would refuse
 * when it sets up the signer: a credential that does not verify for the user secret under the
 * issuer key, a credential role that the mask does not give (IDEMIX-ROLE-01), revocation
 * information that is not "no revocation". Fabric v2.5's {@code revocation_handle} field (7) is
 * not in the fabric-protos Java class and is not written; Fabric's setup does not read it.
 *
 * <pre>{@code
 * byte[] signerConfig = IdemixSignerConfigs.builder(issuer.issuerKey())
 *     .userSecret(secret)
 *     .credential(credential)
 *     .roleMask(IdemixRoles.ADMIN)
 *     .revocationInformation(revocationKey.noRevocationInformation(0, random))
 *     .build()
 *     .toByteArray();
 * }</pre>
 */
public final class IdemixSignerConfigs {
  private IdemixSignerConfigs() {}

  /** A builder for a signer of the issuer with this public key. */
  public static Builder builder(IdemixIssuerKey issuerKey) {
    return new Builder(Objects.requireNonNull(issuerKey, "issuerKey"));
  }

  /** Collects the parts of a signer configuration; every part but the role mask must be set. */
  public static final class Builder {
    private final IdemixIssuerKey issuerKey;
    private IdemixUserSecret userSecret;
    private IdemixCredential credential;
    private Integer roleMask;
    private byte[] revocationInformation;

    private Builder(IdemixIssuerKey issuerKey) {
      this.issuerKey = issuerKey;
    }

    /** The user secret the credential was issued for. */
    public Builder userSecret(IdemixUserSecret userSecret) {
      this.userSecret = Objects.requireNonNull(userSecret, "userSecret");
      return this;
    }

    /** The credential; its OU and enrollment ID become the signer's. */
    public Builder credential(IdemixCredential credential) {
      this.credential = Objects.requireNonNull(credential, "credential");
      return this;
    }

    /**
     * The role mask of {@link IdemixRoles} bits; by default the credential's role value. Fabric
     * reads only the admin bit, so the credential's role must be
     * {@link IdemixRoles#credentialRole(int) credentialRole(mask)}.
     */
    public Builder roleMask(int roleMask) {
      if (roleMask < 0) {
        throw new IllegalArgumentException("role mask " + roleMask + " is negative");
      }
      this.roleMask = roleMask;
      return this;
    }

    /** The serialized credential revocation information (copied), as from {@link IdemixRevocationKey}. */
    public Builder revocationInformation(byte[] revocationInformation) {
      this.revocationInformation = Objects.requireNonNull(revocationInformation, "revocationInformation").clone();
      return this;
    }

    /**
     * The signer configuration; serialize it with {@code toByteArray()}.
     *
     * @throws IllegalStateException naming the first part that was not set
     * @throws IllegalArgumentException saying why Fabric's idemix MSP would refuse the signer
     */
    public IdemixMSPSignerConfig build() {
      if (userSecret == null) {
        throw new IllegalStateException("the user secret is not set");
      }
      if (credential == null) {
        throw new IllegalStateException("the credential is not set");
      }
      if (revocationInformation == null) {
        throw new IllegalStateException("the credential revocation information is not set");
      }
      IdemixAttributes attributes = credential.attributes();
      int mask = roleMask == null ? attributes.role() : roleMask;
      int expectedRole = IdemixRoles.credentialRole(mask);
      if (attributes.role() != expectedRole) {
        throw new IllegalArgumentException("[IDEMIX-ROLE-01] Fabric sets up a signer with role mask " + mask
            + " as " + (expectedRole == IdemixRoles.ADMIN ? "ADMIN" : "MEMBER") + " and checks its credential for role "
            + expectedRole + ", but the credential carries role " + attributes.role());
      }
      Optional<String> problem = Credentials.problem(issuerKey, userSecret.value(), credential.encodedBytes());
      if (problem.isPresent()) {
        throw new IllegalArgumentException("the credential does not verify for the user secret: " + problem.get());
      }
      checkRevocationInformation();
      return IdemixMSPSignerConfig.newBuilder()
          .setCred(ByteString.copyFrom(credential.encodedBytes()))
          .setSk(ByteString.copyFrom(userSecret.bytes()))
          .setOrganizationalUnitIdentifier(attributes.organizationalUnit())
          .setRole(mask)
          .setEnrollmentId(attributes.enrollmentId())
          .setCredentialRevocationInformation(ByteString.copyFrom(revocationInformation))
          .build();
    }

    private void checkRevocationInformation() {
      CredentialRevocationInformation cri;
      try {
        cri = CredentialRevocationInformation.parseFrom(revocationInformation);
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalArgumentException(
            "the credential revocation information is not a CredentialRevocationInformation protobuf: "
                + e.getMessage(), e);
      }
      if (cri.getRevocationAlg() != IdemixRevocationKey.ALG_NO_REVOCATION) {
        throw new IllegalArgumentException("the credential revocation information names revocation algorithm "
            + cri.getRevocationAlg() + "; Fabric implements only " + IdemixRevocationKey.ALG_NO_REVOCATION
            + " (no revocation)");
      }
    }
  }
}

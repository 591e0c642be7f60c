package io.msp4j.idemix;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import java.security.SecureRandom;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * The setup steps of an idemix MSP, in Fabric's order, each failure naming its part: the version
 * (IDEMIX-VER-01), the configuration, the issuer key (IDEMIX-IPK-01), the revocation key
 * (IDEMIX-FOLDER-01) and, when present, the signer: its secret key, the credential checked for
 * its OU, role and enrollment ID (IDEMIX-ROLE-01: only the admin bit of the role mask counts),
 * a fresh pseudonym, and the proof of identity made.
 */
final class IdemixSetup {
  private static final int IDEMIX_TYPE = 1;
  /**
   * IBM idemix's IDEMIX_ARIES: its Setup takes it as it takes IDEMIX, and an MSP built for
   * FP256BN (Fabric's) then reads the same material the same way.
   */
  private static final int IDEMIX_ARIES_TYPE = 2;
  private static final String FOLDER = "IDEMIX-FOLDER-01";

  private IdemixSetup() {}

  static IdemixMsp run(MSPConfig config, MspVersion version, FabricRelease release, SecureRandom rng) {
    if (version == MspVersion.V1_0 || version == MspVersion.V3_0) {
      throw new MspSetupException(Reason.MSP_TYPE_UNSUPPORTED, "IDEMIX-VER-01",
          "an idemix MSP cannot be set up at MSP version " + version
              + "; Fabric has idemix only at 1.1, 1.3 and 1.4.3");
    }
    IdemixMSPConfig conf;
    try {
      conf = IdemixMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new MspSetupException(Reason.CONFIG_UNDECODABLE, FOLDER,
          "the MSP config is not an IdemixMSPConfig protobuf: " + e.getMessage(), e);
    }
    if (config.getType() != IDEMIX_TYPE && config.getType() != IDEMIX_ARIES_TYPE) {
      throw new MspSetupException(Reason.MSP_TYPE_UNSUPPORTED, FOLDER,
          "the MSP config is of type " + config.getType()
              + ", not idemix (1, or 2 as Fabric's idemix MSP also takes)");
    }
    IdemixIssuerKey key;
    try {
      key = IdemixIssuerKey.parse(conf.getIpk().toByteArray());
    } catch (IdemixException e) {
      throw new MspSetupException(e.reason(), e.rule(), "idemix MSP " + conf.getName() + ": "
          + e.detail(), e);
    }
    try {
      RevocationPublicKeys.check(conf.getRevocationPk().toByteArray());
    } catch (RevocationPublicKeys.InvalidKeyException e) {
      throw new MspSetupException(Reason.IDEMIX_REVOCATION_KEY_INVALID, FOLDER,
          "idemix MSP " + conf.getName() + ": " + e.getMessage(), e);
    }
    return new IdemixMsp(conf.getName(), version, release, key,
        msp -> conf.hasSigner() ? signer(msp, conf.getSigner(), rng) : null);
  }

  private static IdemixSigner signer(IdemixMsp msp, IdemixMSPSignerConfig conf, SecureRandom rng) {
    byte[] skBytes = conf.getSk().toByteArray();
    if (skBytes.length != Fp256bn.FIELD_BYTES) {
      throw signerInvalid(msp, "its secret key (sk) has " + skBytes.length + " bytes; it must have "
          + Fp256bn.FIELD_BYTES, null);
    }
    BIG sk = BIG.fromBytes(skBytes);
    java.util.Arrays.fill(skBytes, (byte) 0);
    IdemixIssuerKey key = msp.issuerKey();
    BIG rNym = Scalars.random(rng);
    ECP nym = Fp256bn.add(Fp256bn.mul(key.hSk(), sk), Fp256bn.mul(key.hRand(), rNym));
    // Fabric's checkRole(int(role), ADMIN): the admin bit of the int32, a negative mask included.
    boolean admin = (conf.getRole() & IdemixRoles.ADMIN) == IdemixRoles.ADMIN;
    int credentialRole = admin ? IdemixRoles.ADMIN : IdemixRoles.MEMBER;
    MSPRole role = MSPRole.newBuilder().setMspIdentifier(msp.id())
        .setRole(admin ? MSPRole.MSPRoleType.ADMIN : MSPRole.MSPRoleType.MEMBER).build();
    OrganizationUnit ou = OrganizationUnit.newBuilder().setMspIdentifier(msp.id())
        .setOrganizationalUnitIdentifier(conf.getOrganizationalUnitIdentifier())
        .setCertifiersIdentifier(com.google.protobuf.ByteString.copyFrom(key.hash())).build();
    Credentials.Verified cred;
    try {
      cred = Credentials.verify(conf.getCred().toByteArray(), Scalars.toBigInteger(sk), key,
          conf.getOrganizationalUnitIdentifier(), credentialRole,
          conf.getEnrollmentId());
    } catch (Credentials.InvalidCredentialException e) {
      throw signerInvalid(msp, "its credential is not valid for its secret key, OU '"
          + conf.getOrganizationalUnitIdentifier() + "', role " + (admin ? "admin" : "member")
          + " and enrollment ID under the issuer key [IDEMIX-ROLE-01]: " + e.getMessage(), e);
    }
    CredentialRevocationInformation cri;
    try {
      cri = CredentialRevocationInformation.parseFrom(conf.getCredentialRevocationInformation());
    } catch (InvalidProtocolBufferException e) {
      throw signerInvalid(msp, "its credential revocation information is not a protobuf: "
          + e.getMessage(), e);
    }
    if (cri.getRevocationAlg() != 0) {
      throw signerInvalid(msp, "its credential revocation information names algorithm "
          + cri.getRevocationAlg() + "; only 0 (no revocation) is known", null);
    }
    if (cred.attrs().length < IdemixIssuerKey.ATTRIBUTE_NAMES.size()) {
      throw signerInvalid(msp, "its credential has " + cred.attrs().length
          + " attributes; the proof of identity needs all four", null);
    }
    byte[] proof = IdentityProofs.make(key, cred, sk, nym, rNym, cri, rng);
    IdemixIdentity parsed = IdemixIdentity.fromParts(nym, ou, role, proof);
    return new IdemixSigner(new IdemixMspIdentity(msp, parsed), sk, nym, rNym, rng);
  }

  private static MspSetupException signerInvalid(IdemixMsp msp, String message, Throwable cause) {
    return new MspSetupException(Reason.IDEMIX_SIGNER_INVALID, FOLDER,
        "idemix MSP " + msp.id() + ": the signer (user/SignerConfig) cannot be used: " + message, cause);
  }
}

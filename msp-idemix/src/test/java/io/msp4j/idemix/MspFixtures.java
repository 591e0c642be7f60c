package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.testdata.DeterministicRandom;
import java.security.SecureRandom;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** One seeded idemix organisation and the MSP configurations of its members, for the MSP tests. */
final class MspFixtures {
  static final String MSP_ID = "IdemixOrgMSP";
  static final IdemixIssuer ISSUER = IssuerFixtures.issuer("idemix-org");
  static final IdemixIssuer OTHER_ISSUER = IssuerFixtures.issuer("another-org");
  static final IdemixRevocationKey REVOCATION =
      IdemixRevocationKey.generate(DeterministicRandom.fromSeed("idemix-org revocation"));

  private MspFixtures() {}

  static SecureRandom random(String seed) {
    return DeterministicRandom.fromSeed(seed);
  }

  /** A member's signer configuration: role mask, OU and enrollment ID as given. */
  static IdemixMSPSignerConfig signer(IdemixIssuer issuer, String ou, int mask, String enrollmentId) {
    IdemixUserSecret secret = IdemixUserSecret.generate(random("secret " + enrollmentId));
    IdemixCredential credential = issuer.issue(secret,
        IssuerFixtures.attributes(ou, IdemixRoles.credentialRole(mask), enrollmentId),
        random("credential " + enrollmentId));
    return IdemixSignerConfigs.builder(issuer.issuerKey())
        .userSecret(secret)
        .credential(credential)
        .roleMask(mask)
        .revocationInformation(REVOCATION.noRevocationInformation(0, random("cri " + enrollmentId)))
        .build();
  }

  static IdemixMSPConfig.Builder verifying() {
    return IdemixMSPConfig.newBuilder()
        .setName(MSP_ID)
        .setIpk(ByteString.copyFrom(ISSUER.publicKey()))
        .setRevocationPk(ByteString.copyFrom(REVOCATION.publicKeyPem()));
  }

  static MSPConfig config(IdemixMSPConfig.Builder idemix) {
    return MSPConfig.newBuilder().setType(1).setConfig(idemix.build().toByteString()).build();
  }

  static MSPConfig verifyingConfig() {
    return config(verifying());
  }

  static MSPConfig signingConfig(IdemixMSPSignerConfig signer) {
    return config(verifying().setSigner(signer));
  }

  static MSPConfig admin() {
    return signingConfig(signer(ISSUER, "org.dept1", IdemixRoles.ADMIN, "admin1"));
  }

  static MSPConfig member() {
    return signingConfig(signer(ISSUER, "org.dept1", IdemixRoles.MEMBER, "user1"));
  }
}

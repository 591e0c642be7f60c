package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * IDEMIX-V3-01: a genuine member whose pseudonym's x starts with 0x04, sent as 31 + 32 bytes.
 * Fabric v3 decodes a 63-byte pseudonym again with 0x04 in front, so it is that member; v2.5
 * refuses the length. Any other 63 bytes decode (in v3) to a point msp4j refuses as forged.
 */
class PseudonymLengthTest {
  private static final byte[] MESSAGE = "m".getBytes(StandardCharsets.UTF_8);
  private static final FabricRelease V2_5 = FabricRelease.parse("2.5.16");
  private static final FabricRelease V3_0 = FabricRelease.parse("3.0.0");
  private static final FabricRelease V3_1 = FabricRelease.parse("3.1.5");
  private static byte[] shortened;
  private static byte[] signature;

  @BeforeAll
  static void makeAMemberWhosePseudonymStartsWith04() throws Exception {
    IdemixMSPSignerConfig conf =
        MspFixtures.signer(MspFixtures.ISSUER, "org.dept1", IdemixRoles.MEMBER, "user1");
    IdemixIssuerKey key = MspFixtures.ISSUER.issuerKey();
    BIG sk = BIG.fromBytes(conf.getSk().toByteArray());
    Credentials.Verified cred = Credentials.verify(conf.getCred().toByteArray(),
        Scalars.toBigInteger(sk), key, "org.dept1", 1, "user1");
    SecureRandom rng = MspFixtures.random("x starts with 04");
    BIG rNym;
    ECP nym;
    byte[] raw;
    do {
      rNym = Scalars.random(rng);
      nym = Fp256bn.add(Fp256bn.mul(key.hSk(), sk), Fp256bn.mul(key.hRand(), rNym));
      raw = Fp256bn.bytes(nym);
    } while (raw[1] != 0x04);
    byte[] proof = IdentityProofs.make(key, cred, sk, nym, rNym,
        CredentialRevocationInformation.parseFrom(conf.getCredentialRevocationInformation()), rng);
    SerializedIdemixIdentity inner = SerializedIdemixIdentity.newBuilder()
        .setNymX(ByteString.copyFrom(raw, 2, 31))
        .setNymY(ByteString.copyFrom(raw, 33, 32))
        .setOu(OrganizationUnit.newBuilder().setMspIdentifier(MspFixtures.MSP_ID)
            .setOrganizationalUnitIdentifier("org.dept1").build().toByteString())
        .setRole(MSPRole.newBuilder().setMspIdentifier(MspFixtures.MSP_ID)
            .setRole(MSPRole.MSPRoleType.MEMBER).build().toByteString())
        .setProof(ByteString.copyFrom(proof))
        .build();
    shortened = SerializedIdentity.newBuilder().setMspid(MspFixtures.MSP_ID)
        .setIdBytes(inner.toByteString()).build().toByteArray();
    signature = NymSignatures.sign(key, sk, nym, rNym, MESSAGE, rng);
  }

  private static IdemixMsp verifier(FabricRelease release) {
    return IdemixMsps.setup(MspFixtures.verifyingConfig(), MspVersion.V1_4_3, release);
  }

  @Test
  @Tag("IDEMIX-V3-01")
  void v3DecodesA63BytePseudonymWith04InFrontAndV2_5RefusesIt() {
    for (FabricRelease v3 : new FabricRelease[] {V3_0, V3_1}) {
      IdemixMsp msp = verifier(v3);
      Identity id = msp.deserialize(shortened);
      msp.validate(id);
      id.verify(MESSAGE, signature);
      assertThat(msp.isSatisfied(id, Principal.Role.member(MspFixtures.MSP_ID))).isTrue();
      // Fabric's re-serialization has 64 bytes, so the IDENTITY principal of the input fails.
      assertThat(msp.isSatisfied(id, Principal.IdentityPrincipal.ofSerialized(shortened))).isFalse();
      assertThat(id.serialize()).isNotEqualTo(shortened);
    }
    IdentityException e = catchThrowableOfType(() -> verifier(V2_5).deserialize(shortened),
        IdentityException.class);
    assertThat(e.rule()).isEqualTo("IDEMIX-POINT-01");
    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_IDENTITY);
  }

  @Test
  @Tag("IDEMIX-V3-01")
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void anyOther63BytesDecodeInV3ToAPointMsp4jRefusesAsForged() {
    IdentityException e = catchThrowableOfType(() -> verifier(V3_1).deserialize(
        Identities.edit(shortened, b -> b.setNymX(ByteString.copyFrom(new byte[31]))
            .setNymY(ByteString.copyFrom(new byte[32])))), IdentityException.class);
    assertThat(e.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-02");
    byte[] wrongLength = Identities.edit(shortened, b -> b.setNymX(ByteString.copyFrom(new byte[30])));
    for (FabricRelease r : new FabricRelease[] {V2_5, V3_0, V3_1}) {
      assertThat(catchThrowableOfType(() -> verifier(r).deserialize(wrongLength),
          IdentityException.class).rule()).isEqualTo("IDEMIX-POINT-01");
    }
  }
}

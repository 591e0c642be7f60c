package io.msp4j.idemix;

import static io.msp4j.idemix.MspFixtures.ISSUER;
import static io.msp4j.idemix.MspFixtures.OTHER_ISSUER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.util.Base64;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Setup of idemix MSPs: what Fabric sets up, and each refusal with its part and rule. */
class IdemixMspSetupTest {

  private static MspSetupException refused(MSPConfig config, MspVersion version) {
    return catchThrowableOfType(() -> IdemixMsps.setup(config, version, MspFixtures.random("setup")),
        MspSetupException.class);
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_1", "V1_3", "V1_4_3"})
  @Tag("IDEMIX-VER-01")
  void idemixSetsUpAt1_1And1_3And1_4_3(MspVersion version) {
    IdemixMsp msp = IdemixMsps.setup(MspFixtures.admin(), version, MspFixtures.random("v"));
    assertThat(msp.id()).isEqualTo(MspFixtures.MSP_ID);
    assertThat(msp.version()).isEqualTo(version);
    assertThat(msp.providerType()).isEqualTo(1);
    assertThat(msp.hasSigner()).isTrue();
    assertThat(msp.tlsRootCerts()).isEmpty();
    assertThat(msp.tlsIntermediateCerts()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V3_0"})
  @Tag("IDEMIX-VER-01")
  void idemixDoesNotExistAt1_0Or3_0(MspVersion version) {
    MspSetupException e = refused(MspFixtures.verifyingConfig(), version);
    assertThat(e.rule()).isEqualTo("IDEMIX-VER-01");
    assertThat(e.reason()).isEqualTo(Reason.MSP_TYPE_UNSUPPORTED);
    assertThat(e.detail()).contains("only at 1.1, 1.3 and 1.4.3");
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void aVerifyingMspHasNoSigningIdentity() {
    IdemixMsp msp = IdemixMsps.setup(MspFixtures.verifyingConfig(), MspVersion.V1_4_3);
    assertThat(msp.hasSigner()).isFalse();
    MspException e = catchThrowableOfType(msp::defaultSigningIdentity, MspException.class);
    assertThat(e.reason()).isEqualTo(Reason.NO_SIGNING_IDENTITY);
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void aConfigOfAnotherTypeOrUndecodableIsRefused() {
    MspSetupException type0 = refused(MspFixtures.verifyingConfig().toBuilder().setType(0).build(),
        MspVersion.V1_4_3);
    assertThat(type0.reason()).isEqualTo(Reason.MSP_TYPE_UNSUPPORTED);
    MspSetupException garbage = refused(MSPConfig.newBuilder().setType(1)
        .setConfig(ByteString.copyFrom(new byte[] {(byte) 0xff, 0x01})).build(), MspVersion.V1_4_3);
    assertThat(garbage.reason()).isEqualTo(Reason.CONFIG_UNDECODABLE);
    assertThat(garbage.rule()).isEqualTo("IDEMIX-FOLDER-01");
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void aConfigOfType2IsSetUpAsType1AsFabricsIdemixMspDoes() {
    // IBM idemix's Setup takes IDEMIX (1) and IDEMIX_ARIES (2) alike; a channel never hands it a
    // type 2 (channels refuse it, CHANNEL-MSP-04). Found by the idemix differential corpus
    // (config-type-2), which every release sets up at 1.1, 1.3 and 1.4.3.
    IdemixMsp verifier = IdemixMsps.setup(MspFixtures.verifyingConfig().toBuilder().setType(2).build(),
        MspVersion.V1_3);
    assertThat(verifier.hasSigner()).isFalse();
    IdemixMsp signer = IdemixMsps.setup(MspFixtures.admin().toBuilder().setType(2).build(), MspVersion.V1_4_3);
    signer.validate(signer.deserialize(signer.defaultSigningIdentity().serialize()));
    assertThat(refused(MspFixtures.verifyingConfig().toBuilder().setType(3).build(), MspVersion.V1_3).reason())
        .isEqualTo(Reason.MSP_TYPE_UNSUPPORTED);
  }

  @Test
  @Tag("IDEMIX-IPK-01")
  void aBrokenIssuerKeyIsRefusedNamingTheKey() {
    byte[] ipk = ISSUER.publicKey();
    ipk[ipk.length - 40] ^= 0x01;
    MspSetupException e = refused(MspFixtures.config(MspFixtures.verifying()
        .setIpk(ByteString.copyFrom(ipk))), MspVersion.V1_4_3);
    assertThat(e.reason()).isIn(Reason.IDEMIX_ISSUER_KEY_INVALID, Reason.CONFIG_UNDECODABLE);
    assertThat(e.rule()).startsWith("IDEMIX-");
    assertThat(refused(MspFixtures.config(MspFixtures.verifying().clearIpk()), MspVersion.V1_4_3).rule())
        .isEqualTo("IDEMIX-IPK-01");
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void theRevocationKeyMustBeAPemEcdsaKeyOnAGoCurve() throws Exception {
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(1024);
    String rsaPem = "-----BEGIN PUBLIC KEY-----\n"
        + Base64.getMimeEncoder().encodeToString(rsa.generateKeyPair().getPublic().getEncoded())
        + "\n-----END PUBLIC KEY-----\n";
    for (String bad : new String[] {"", "not pem at all", rsaPem,
        "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"}) {
      MspSetupException e = refused(MspFixtures.config(MspFixtures.verifying()
          .setRevocationPk(ByteString.copyFrom(bad, StandardCharsets.US_ASCII))), MspVersion.V1_4_3);
      assertThat(e.reason()).as(bad).isEqualTo(Reason.IDEMIX_REVOCATION_KEY_INVALID);
      assertThat(e.rule()).isEqualTo("IDEMIX-FOLDER-01");
    }
    // Text around the block and any label are accepted, as Go's pem.Decode accepts them.
    String labelled = "leading text\n" + new String(MspFixtures.REVOCATION.publicKeyPem(),
        StandardCharsets.US_ASCII).replace("PUBLIC KEY", "ANYTHING");
    IdemixMsps.setup(MspFixtures.config(MspFixtures.verifying()
        .setRevocationPk(ByteString.copyFrom(labelled, StandardCharsets.US_ASCII))), MspVersion.V1_4_3);
  }

  private static MSPConfig withSigner(IdemixMSPSignerConfig signer) {
    return MspFixtures.signingConfig(signer);
  }

  private static IdemixMSPSignerConfig admin() {
    return MspFixtures.signer(ISSUER, "org.dept1", IdemixRoles.ADMIN, "admin1");
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void anEmptySignerConfigIsAnEmptySignerNotNoSigner() {
    MspSetupException e = refused(withSigner(IdemixMSPSignerConfig.getDefaultInstance()), MspVersion.V1_4_3);
    assertThat(e.reason()).isEqualTo(Reason.IDEMIX_SIGNER_INVALID);
    assertThat(e.detail()).contains("secret key (sk) has 0 bytes");
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  void theSignersCredentialMustMatchItsOuRoleEnrollmentIdSecretAndIssuer() {
    IdemixMSPSignerConfig good = admin();
    IdemixMSPSignerConfig member = MspFixtures.signer(ISSUER, "org.dept1", IdemixRoles.MEMBER, "user1");
    IdemixMSPSignerConfig foreign = MspFixtures.signer(OTHER_ISSUER, "org.dept1", IdemixRoles.ADMIN, "x");
    for (IdemixMSPSignerConfig bad : new IdemixMSPSignerConfig[] {
        good.toBuilder().setOrganizationalUnitIdentifier("org.dept2").build(),
        good.toBuilder().setEnrollmentId("admin2").build(),
        good.toBuilder().setRole(IdemixRoles.MEMBER).build(),
        member.toBuilder().setRole(IdemixRoles.ADMIN | IdemixRoles.MEMBER).build(),
        good.toBuilder().setSk(member.getSk()).build(),
        foreign}) {
      MspSetupException e = refused(withSigner(bad), MspVersion.V1_4_3);
      assertThat(e.reason()).isEqualTo(Reason.IDEMIX_SIGNER_INVALID);
      assertThat(e.detail()).contains("[IDEMIX-ROLE-01]");
    }
    // Only the admin bit counts: a client or peer mask needs a member credential.
    IdemixMsps.setup(withSigner(member.toBuilder().setRole(IdemixRoles.CLIENT | IdemixRoles.PEER).build()),
        MspVersion.V1_4_3);
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  void aNegativeRoleMaskIsReadBitByBitAsFabricReadsIt() {
    // Fabric's checkRole(int(role), ADMIN): the admin bit of the int32, whatever its sign. Found by
    // the idemix differential corpus (signer-member-credential-mask-minus1), where msp4j threw an
    // IllegalArgumentException instead of refusing the signer.
    IdemixMSPSignerConfig member = MspFixtures.signer(ISSUER, "org.dept1", IdemixRoles.MEMBER, "user1");
    MspSetupException e = refused(withSigner(member.toBuilder().setRole(-1).build()), MspVersion.V1_4_3);
    assertThat(e.reason()).isEqualTo(Reason.IDEMIX_SIGNER_INVALID);
    assertThat(e.detail()).contains("role admin").contains("[IDEMIX-ROLE-01]");
    IdemixMsp admin = IdemixMsps.setup(withSigner(admin().toBuilder().setRole(-1).build()), MspVersion.V1_4_3);
    assertThat(((IdemixMspIdentity) admin.defaultSigningIdentity().publicVersion()).role())
        .isEqualTo(org.hyperledger.fabric.protos.common.MSPRole.MSPRoleType.ADMIN);
    IdemixMsp plain = IdemixMsps.setup(withSigner(member.toBuilder().setRole(-3).build()), MspVersion.V1_4_3);
    assertThat(((IdemixMspIdentity) plain.defaultSigningIdentity().publicVersion()).role())
        .isEqualTo(org.hyperledger.fabric.protos.common.MSPRole.MSPRoleType.MEMBER);
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void theSignersSecretMustBe32BytesAndItsRevocationInformationAlgorithm0() throws Exception {
    IdemixMSPSignerConfig good = admin();
    assertThat(refused(withSigner(good.toBuilder()
        .setSk(ByteString.copyFrom(new byte[31])).build()), MspVersion.V1_4_3).detail())
        .contains("has 31 bytes");
    byte[] cri = CredentialRevocationInformation.parseFrom(good.getCredentialRevocationInformation())
        .toBuilder().setRevocationAlg(1).build().toByteArray();
    assertThat(refused(withSigner(good.toBuilder()
        .setCredentialRevocationInformation(ByteString.copyFrom(cri)).build()), MspVersion.V1_4_3).detail())
        .contains("algorithm 1");
    assertThat(refused(withSigner(good.toBuilder()
        .setCredentialRevocationInformation(ByteString.copyFrom(new byte[] {(byte) 0xff})).build()),
        MspVersion.V1_4_3).detail()).contains("not a protobuf");
  }

  @Test
  @Tag("IDEMIX-ID-01")
  void eachSetupOfASignerDrawsAFreshPseudonym() {
    MSPConfig config = MspFixtures.admin();
    IdemixMspIdentity a = (IdemixMspIdentity) IdemixMsps.setup(config, MspVersion.V1_4_3)
        .defaultSigningIdentity().publicVersion();
    IdemixMspIdentity b = (IdemixMspIdentity) IdemixMsps.setup(config, MspVersion.V1_4_3)
        .defaultSigningIdentity().publicVersion();
    assertThat(a.pseudonym()).isNotEqualTo(b.pseudonym());
    assertThat(a.organizationalUnitIdentifier()).isEqualTo(b.organizationalUnitIdentifier());
  }

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void setupNeverPutsTheSecretInMessagesOrStrings() {
    IdemixMSPSignerConfig good = admin();
    String skHex = java.util.HexFormat.of().formatHex(good.getSk().toByteArray());
    IdemixMsp msp = IdemixMsps.setup(withSigner(good), MspVersion.V1_4_3);
    assertThat(msp.toString() + msp.defaultSigningIdentity()).doesNotContain(skHex);
    MspSetupException e = refused(withSigner(good.toBuilder().setEnrollmentId("x").build()), MspVersion.V1_4_3);
    assertThat(e.getMessage()).doesNotContain(skHex);
  }

  static IdemixMSPConfig parse(MSPConfig c) throws Exception {
    return IdemixMSPConfig.parseFrom(c.getConfig());
  }
}

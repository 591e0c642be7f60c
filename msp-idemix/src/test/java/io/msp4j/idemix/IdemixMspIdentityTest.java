package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Identities, signatures and tampering, on identities made by msp4j's own signer. */
class IdemixMspIdentityTest {
  private static final byte[] MESSAGE = "a proposal".getBytes(StandardCharsets.UTF_8);
  private static final IdemixMsp VERIFIER = IdemixMsps.setup(MspFixtures.verifyingConfig(), MspVersion.V1_4_3);
  private static final SigningIdentity ADMIN =
      IdemixMsps.setup(MspFixtures.admin(), MspVersion.V1_4_3, MspFixtures.random("admin")).defaultSigningIdentity();
  private static final SigningIdentity MEMBER =
      IdemixMsps.setup(MspFixtures.member(), MspVersion.V1_4_3, MspFixtures.random("member")).defaultSigningIdentity();

  private static IdentityException refusedDeserialize(Msp msp, byte[] serialized) {
    return catchThrowableOfType(() -> msp.deserialize(serialized), IdentityException.class);
  }

  private static IdentityException invalid(Msp msp, byte[] serialized) {
    Identity id = msp.deserialize(serialized);
    return catchThrowableOfType(() -> msp.validate(id), IdentityException.class);
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  @Tag("IDEMIX-VERIFY-01")
  void aSignersIdentityValidatesAndItsSignaturesVerifyInAVerifyingMsp() {
    byte[] sig = ADMIN.sign(MESSAGE);
    Identity id = VERIFIER.deserialize(ADMIN.serialize());
    VERIFIER.validate(id);
    id.verify(MESSAGE, sig);
    assertThat(ADMIN.sign(MESSAGE)).as("randomised").isNotEqualTo(sig);
    assertThat(id.anonymous()).isTrue();
    assertThat(id.expiresAt()).isEqualTo(Instant.MAX);
    assertThat(id.certificateDer()).isEmpty();
    assertThat(id.serialize()).isEqualTo(ADMIN.serialize());
    assertThat(id.mspId()).isEqualTo(MspFixtures.MSP_ID);
    assertThat(id.certificate().subject()).contains("OU=org.dept1").contains("role=ADMIN");
  }

  @Test
  @Tag("IDEMIX-VERIFY-01")
  void aSignatureFailsOnAnotherMessageAnotherSignerOrOneFlippedByte() {
    Identity admin = VERIFIER.deserialize(ADMIN.serialize());
    byte[] sig = ADMIN.sign(MESSAGE);
    assertThat(catchThrowableOfType(() -> admin.verify("another".getBytes(StandardCharsets.UTF_8), sig),
        IdentityException.class).reason()).isEqualTo(Reason.SIGNATURE_INVALID);
    assertThat(catchThrowableOfType(() -> admin.verify(MESSAGE, MEMBER.sign(MESSAGE)),
        IdentityException.class).rule()).isEqualTo("IDEMIX-VERIFY-01");
    for (int i = 0; i < sig.length; i += 7) {
      byte[] flipped = sig.clone();
      flipped[i] ^= 0x01;
      IdentityException e = catchThrowableOfType(() -> admin.verify(MESSAGE, flipped),
          IdentityException.class);
      assertThat(e).as("a flipped byte at " + i + " still verifies").isNotNull();
      assertThat(e.rule()).isEqualTo("IDEMIX-VERIFY-01");
    }
    assertThat(catchThrowableOfType(() -> admin.verify(MESSAGE, new byte[0]), IdentityException.class)
        .reason()).isEqualTo(Reason.SIGNATURE_MALFORMED);
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  void principalsAt1_4_3() {
    Identity admin = VERIFIER.deserialize(ADMIN.serialize());
    Identity member = VERIFIER.deserialize(MEMBER.serialize());
    String id = MspFixtures.MSP_ID;
    for (Identity i : new Identity[] {admin, member}) {
      assertThat(VERIFIER.isSatisfied(i, Principal.Role.member(id))).isTrue();
      assertThat(VERIFIER.isSatisfied(i, Principal.Role.client(id))).isTrue();
      assertThat(VERIFIER.isSatisfied(i, Principal.Role.peer(id))).isFalse();
      assertThat(VERIFIER.isSatisfied(i, Principal.Role.orderer(id))).isFalse();
      assertThat(VERIFIER.isSatisfied(i, Principal.OrganizationUnit.of(id, "org.dept1", new byte[0]))).isTrue();
      assertThat(VERIFIER.isSatisfied(i, Principal.OrganizationUnit.of(id, "org.dept2", new byte[0]))).isFalse();
      assertThat(VERIFIER.isSatisfied(i, Principal.Anonymity.ANONYMOUS)).isTrue();
      assertThat(VERIFIER.isSatisfied(i, Principal.Anonymity.NOMINAL)).isFalse();
      assertThat(VERIFIER.isSatisfied(i, Principal.IdentityPrincipal.ofSerialized(i.serialize()))).isTrue();
      assertThat(VERIFIER.isSatisfied(i, Principal.Role.member("OtherMSP"))).isFalse();
    }
    assertThat(VERIFIER.isSatisfied(admin, Principal.Role.admin(id))).isTrue();
    assertThat(VERIFIER.isSatisfied(member, Principal.Role.admin(id))).isFalse();
    assertThat(VERIFIER.isSatisfied(member, Principal.IdentityPrincipal.ofSerialized(admin.serialize()))).isFalse();
    assertThat(VERIFIER.isSatisfied(admin, Principal.Combined.of(
        Principal.Role.admin(id), Principal.Anonymity.ANONYMOUS))).isTrue();
    assertThat(VERIFIER.isSatisfied(member, Principal.Combined.of(
        Principal.Role.member(id), Principal.Anonymity.NOMINAL))).isFalse();
    IdentityException mismatch = catchThrowableOfType(() -> VERIFIER.satisfies(member,
        Principal.Role.member("OtherMSP")), IdentityException.class);
    assertThat(mismatch.reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
  }

  @Test
  @Tag("IDEMIX-VER-01")
  void at1_1ClientPeerAnonymityAndCombinedPrincipalsAreUnsupported() {
    IdemixMsp v11 = IdemixMsps.setup(MspFixtures.verifyingConfig(), MspVersion.V1_1);
    Identity admin = v11.deserialize(ADMIN.serialize());
    String id = MspFixtures.MSP_ID;
    assertThat(v11.isSatisfied(admin, Principal.Role.admin(id))).isTrue();
    for (Principal p : new Principal[] {Principal.Role.client(id),
        Principal.Role.peer(id), Principal.Anonymity.ANONYMOUS,
        Principal.Combined.of(Principal.Role.member(id))}) {
      IdentityException e = catchThrowableOfType(() -> v11.satisfies(admin, p), IdentityException.class);
      assertThat(e.reason()).as(p.toString()).isEqualTo(Reason.PRINCIPAL_UNSUPPORTED);
      assertThat(e.rule()).isEqualTo("IDEMIX-VER-01");
    }
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void aClaimedRoleOuOrProofThatIsNotTheCredentialsIsInvalid() {
    byte[] member = MEMBER.serialize();
    for (byte[] tampered : new byte[][] {
        Identities.withRole(member, MSPRole.MSPRoleType.ADMIN),
        Identities.withOu(member, "org.dept2"),
        Identities.withProofByteFlipped(member, 300),
        Identities.withProofByteFlipped(member, 40)}) {
      IdentityException e;
      try {
        e = invalid(VERIFIER, tampered);
      } catch (IdentityException notEvenDeserialized) {
        e = notEvenDeserialized;
      }
      assertThat(e).isNotNull();
      assertThat(e.rule()).isIn("IDEMIX-VALIDATE-01", "MSP4J-IDEMIX-STRICT-01");
      assertThat(VERIFIER.isSatisfied(VERIFIER.deserialize(member),
          Principal.Role.member(MspFixtures.MSP_ID))).isTrue();
    }
    // A role the proof does not bind (CLIENT discloses 4) fails too, and so satisfies nothing.
    Identity client = VERIFIER.deserialize(Identities.withRole(member, MSPRole.MSPRoleType.CLIENT));
    assertThat(VERIFIER.isSatisfied(client, Principal.Role.member(MspFixtures.MSP_ID)))
        .isFalse();
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void anotherIssuersMemberIsInvalid() {
    IdemixMsp foreignOrg = IdemixMsps.setup(MspFixtures.signingConfig(
        MspFixtures.signer(MspFixtures.OTHER_ISSUER, "org.dept1", IdemixRoles.ADMIN, "admin1"))
        .toBuilder().setConfig(MspFixtures.config(MspFixtures.verifying()
            .setIpk(com.google.protobuf.ByteString.copyFrom(MspFixtures.OTHER_ISSUER.publicKey()))
            .setSigner(MspFixtures.signer(MspFixtures.OTHER_ISSUER, "org.dept1", IdemixRoles.ADMIN, "admin1")))
            .getConfig()).build(), MspVersion.V1_4_3);
    IdentityException e = invalid(VERIFIER, foreignOrg.defaultSigningIdentity().serialize());
    assertThat(e.reason()).isEqualTo(Reason.IDEMIX_PROOF_INVALID);
  }

  @Test
  @Tag("IDEMIX-ID-01")
  void theMspIdIsNotBoundSoTheSameIssuerUnderAnotherIdAcceptsRelabelledIdentities() {
    IdemixMsp relabelled = IdemixMsps.setup(MspFixtures.config(MspFixtures.verifying().setName("Twin")),
        MspVersion.V1_4_3);
    assertThat(refusedDeserialize(relabelled, ADMIN.serialize()).reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
    Identity twin = relabelled.deserialize(Identities.withMspId(ADMIN.serialize(), "Twin"));
    relabelled.validate(twin);
  }

  @Test
  @Tag("IDEMIX-ID-01")
  void identifierIsThePseudonymAndOusCarryTheReencodedIssuerKey() {
    IdemixMspIdentity admin = VERIFIER.deserialize(ADMIN.serialize());
    assertThat(admin.identifier().id()).isEqualTo(java.util.HexFormat.of().formatHex(admin.pseudonym()));
    assertThat(admin.pseudonym()).hasSize(64);
    assertThat(admin.organizationalUnits()).singleElement().satisfies(ou -> {
      assertThat(ou.ou()).isEqualTo("org.dept1");
      assertThat(ou.certifiersId()).isEqualTo(VERIFIER.issuerKey().reencoded());
    });
  }

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void aStolenIdentityWithTheThiefsPseudonymDoesNotDeserialize() {
    // The thief's pseudonym, made with a secret and randomness of their own.
    IdemixIssuerKey key = VERIFIER.issuerKey();
    org.apache.milagro.amcl.FP256BN.BIG sk = Scalars.random(MspFixtures.random("thief sk"));
    org.apache.milagro.amcl.FP256BN.BIG r = Scalars.random(MspFixtures.random("thief r"));
    org.apache.milagro.amcl.FP256BN.ECP nym =
        Fp256bn.add(Fp256bn.mul(key.hSk(), sk), Fp256bn.mul(key.hRand(), r));
    byte[] raw = Fp256bn.bytes(nym);
    byte[] forged = Identities.withPseudonym(ADMIN.serialize(), java.util.Arrays.copyOfRange(raw, 1, 65));
    // The thief can sign for that pseudonym; Fabric would then accept the forged admin.
    byte[] sig = NymSignatures.sign(key, sk, nym, r, MESSAGE, MspFixtures.random("thief sig"));
    IdemixIdentity asFabric = IdemixIdentity.deserializeAsFabric(innerBytes(forged));
    IdemixIdentityProof.verify(key, asFabric);
    NymSignatures.verify(key, asFabric, MESSAGE, sig);

    IdentityException e = refusedDeserialize(VERIFIER, forged);
    assertThat(e.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-01");
    assertThat(e.reason()).isEqualTo(Reason.IDEMIX_PSEUDONYM_FORGED);
    assertThat(e.detail()).contains("Fabric v2.5/v3 would");
  }

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-02")
  void aPseudonymOffTheCurveDoesNotDeserialize() {
    byte[] offCurve = new byte[64];
    offCurve[31] = 1;
    offCurve[63] = 1;
    IdentityException e = refusedDeserialize(VERIFIER, Identities.withPseudonym(ADMIN.serialize(), offCurve));
    assertThat(e.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-02");
    assertThat(e.reason()).isEqualTo(Reason.IDEMIX_PSEUDONYM_FORGED);
  }

  @Test
  @Tag("CACHE-02")
  void aCachingMspKeepsTheVerdictsOfTwoIdentitiesWithOnePseudonymApart() {
    CachingMsp cached = CachingMsp.wrap(VERIFIER);
    byte[] member = MEMBER.serialize();
    Identity good = cached.deserialize(member);
    cached.validate(good);
    assertThat(cached.isSatisfied(good, Principal.Role.member(MspFixtures.MSP_ID))).isTrue();
    Identity claimsAdmin = cached.deserialize(Identities.withRole(member, MSPRole.MSPRoleType.ADMIN));
    assertThat(claimsAdmin.identifier()).isEqualTo(good.identifier());
    assertThat(catchThrowableOfType(() -> cached.validate(claimsAdmin), IdentityException.class).rule())
        .isEqualTo("IDEMIX-VALIDATE-01");
    assertThat(cached.isSatisfied(claimsAdmin, Principal.Role.admin(MspFixtures.MSP_ID)))
        .isFalse();
  }

  @Test
  @Tag("MGR-04")
  void wellFormedMeansIdBytesParseAsAnIdemixIdentity() {
    assertThat(VERIFIER.isWellFormed(SerializedIdentity.newBuilder().setMspid("X")
        .setIdBytes(com.google.protobuf.ByteString.copyFrom(new byte[] {(byte) 0xff})).build())).isFalse();
    assertThat(VERIFIER.isWellFormed(SerializedIdentity.newBuilder().setMspid("X").build())).isTrue();
  }

  private static byte[] innerBytes(byte[] serialized) {
    try {
      return SerializedIdentity.parseFrom(serialized).getIdBytes().toByteArray();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}

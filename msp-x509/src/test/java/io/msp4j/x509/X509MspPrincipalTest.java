package io.msp4j.x509;

import static io.msp4j.x509.PrincipalVerdicts.combined;
import static io.msp4j.x509.PrincipalVerdicts.fails;
import static io.msp4j.x509.PrincipalVerdicts.identity;
import static io.msp4j.x509.PrincipalVerdicts.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** IDENTITY, ORGANIZATION_UNIT, ANONYMITY and COMBINED principals, and what all share (spec 6). */
class X509MspPrincipalTest {
  private final Org org = new Org("principals");
  private final IssuedCertificate admin = org.leaf("CN=admin,OU=COP");
  private final IssuedCertificate user = org.leaf("CN=user,OU=COP");
  private final IssuedCertificate revoked = org.leaf("CN=revoked,OU=COP");

  private X509Msp msp(MspVersion v) {
    return X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).ou("COP", org.root)
            .crl(org.pki.crl(org.root).revoke(revoked).build()).build(), v);
  }

  private static byte[] chainId(Identity id) {
    return id.organizationalUnits().get(0).certifiersId();
  }

  // ---- PRINCIPAL-ID-01

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ID-01")
  void identityPrincipalIsSatisfiedBySameValidCertificateOnly(MspVersion v) {
    X509Msp msp = msp(v);
    Identity u = identity(msp, user);
    assertThat(msp.isSatisfied(u, Principal.IdentityPrincipal.of(u))).isTrue();
    assertThat(msp.isSatisfied(u, Principal.IdentityPrincipal.ofSerialized(MspConfigs.serialized(user)))).isTrue();
    IdentityException e = fails(msp, identity(msp, admin), Principal.IdentityPrincipal.of(u),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ID-01");
    assertThat(e.getMessage()).contains("CN=admin").contains("CN=user");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ID-01")
  @Tag("FIX-29")
  void revokedCertificateDoesNotSatisfyItsOwnIdentityPrincipal(MspVersion v) {
    X509Msp msp = msp(v);
    Identity r = identity(msp, revoked);
    fails(msp, r, Principal.IdentityPrincipal.of(r), Reason.REVOKED, "VALIDATE-CRL-02");
  }

  @Test
  @Tag("PRINCIPAL-ID-01")
  @Tag("IDENT-02")
  void highAndLowSCopiesOfACertificateAreTheSameIdentity() {
    X509Msp msp = msp(MspVersion.V1_4_3);
    IssuedCertificate high = org.custom().subject("CN=high,OU=COP").leaf().mangleSignature(SignatureMangling.highS()).build();
    IssuedCertificate low = Org.lowS(high, org.root);
    assertThat(high.der()).isNotEqualTo(low.der());
    Identity fromLow = identity(msp, low);
    assertThat(msp.isSatisfied(fromLow, Principal.IdentityPrincipal.ofSerialized(MspConfigs.serialized(high)))).isTrue();
    assertThat(msp.isSatisfied(identity(msp, high), Principal.IdentityPrincipal.of(fromLow))).isTrue();
  }

  @Test
  @Tag("PRINCIPAL-ID-01")
  void identityPrincipalOfAnotherMspFails() {
    X509Msp msp = msp(MspVersion.V1_3);
    Identity u = identity(msp, user);
    byte[] other = MspConfigs.serialized("OtherMSP", user);
    fails(msp, u, Principal.IdentityPrincipal.ofSerialized(other), Reason.MSP_ID_MISMATCH, "PRINCIPAL-ID-01");
  }

  @Test
  @Tag("PRINCIPAL-ID-01")
  @Tag("DESER-02")
  void identityPrincipalThisMspCannotDeserialiseFails() {
    X509Msp msp = msp(MspVersion.V3_0);
    IssuedCertificate foreign = org.leaf(org.ca("CN=foreign"), "CN=user,OU=COP");
    IdentityException e = fails(msp, identity(msp, user), Principal.IdentityPrincipal.ofSerialized(MspConfigs.serialized(foreign)),
        Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-ID-01");
    assertThat(e.getCause()).isInstanceOf(IdentityException.class);
    fails(msp, identity(msp, user), Principal.IdentityPrincipal.ofSerialized(new byte[] {(byte) 0xff}),
        Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-ID-01");
  }

  // ---- PRINCIPAL-OU-01

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-OU-01")
  void ouPrincipalNeedsTheOuStringAndTheCertifiers(MspVersion v) {
    X509Msp msp = msp(v);
    Identity u = identity(msp, user);
    byte[] chain = chainId(u);
    assertThat(msp.isSatisfied(u, Principal.OrganizationUnit.of(msp.id(), "COP", chain))).isTrue();
    assertThat(msp.isSatisfied(u, Principal.OrganizationUnit.of(msp.id(), u.organizationalUnits().get(0)))).isTrue();
    fails(msp, u, Principal.OrganizationUnit.of(msp.id(), "COP", new byte[0]), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-OU-01");
    fails(msp, u, Principal.OrganizationUnit.of(msp.id(), "COP", new byte[] {1, 2, 3}), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-OU-01");
    fails(msp, u, Principal.OrganizationUnit.of(msp.id(), "COP2", chain), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-OU-01");
    fails(msp, u, Principal.OrganizationUnit.of("OtherMSP", "COP", chain), Reason.MSP_ID_MISMATCH, "PRINCIPAL-OU-01");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-OU-01")
  void ouPrincipalNeedsAValidIdentity(MspVersion v) {
    X509Msp msp = msp(v);
    Identity r = identity(msp, revoked);
    fails(msp, r, Principal.OrganizationUnit.of(msp.id(), r.organizationalUnits().get(0)), Reason.REVOKED, "VALIDATE-CRL-02");
  }

  @Test
  @Tag("PRINCIPAL-OU-01")
  void ouOfAnIntermediateIsNotTheOuOfTheRoot() {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    IssuedCertificate low = org.leaf(ica, "CN=u,OU=COP");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).intermediate(ica).admin(org.leaf(ica, "CN=a")).build(), MspVersion.V1_4_3);
    Identity u = identity(msp, low);
    Identity rootIssued = identity(X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), MspVersion.V1_4_3), user);
    OrganizationalUnit viaIca = u.organizationalUnits().get(0);
    assertThat(viaIca.certifiersId()).isNotEqualTo(chainId(rootIssued));
    assertThat(msp.isSatisfied(u, Principal.OrganizationUnit.of(msp.id(), viaIca))).isTrue();
    assertThat(msp.isSatisfied(u, Principal.OrganizationUnit.of(msp.id(), "COP", chainId(rootIssued)))).isFalse();
  }

  // ---- PRINCIPAL-ANON-01/02

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V1_1"})
  @Tag("PRINCIPAL-ANON-01")
  void anonymityIsUnsupportedBeforeV13(MspVersion v) {
    X509Msp msp = msp(v);
    fails(msp, identity(msp, user), Principal.Anonymity.NOMINAL, Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ANON-01");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_3", "V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ANON-02")
  void everyX509IdentityIsNominalWithoutValidation(MspVersion v) {
    X509Msp msp = msp(v);
    assertThat(msp.isSatisfied(identity(msp, user), Principal.Anonymity.NOMINAL)).isTrue();
    assertThat(msp.isSatisfied(identity(msp, revoked), Principal.Anonymity.NOMINAL)).isTrue();
    // Not even the MSP is looked at: an identity of another MSP is nominal too.
    X509Msp other = X509Msps.setup(MspConfigs.of(org.root).name("OtherMSP").admin(admin).build(), v);
    assertThat(msp.isSatisfied(identityAs(other, user, "OtherMSP"), Principal.Anonymity.NOMINAL)).isTrue();
    fails(msp, identity(msp, user), Principal.Anonymity.ANONYMOUS, Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ANON-02");
  }

  @Test
  @Tag("PRINCIPAL-ANON-02")
  void unknownAnonymityTypeFails() {
    X509Msp msp = msp(MspVersion.V1_3);
    MSPPrincipal p = raw(3, MSPIdentityAnonymity.newBuilder().setAnonymityTypeValue(7).build().toByteString());
    fails(msp, identity(msp, user), p, Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-ANON-02");
  }

  private static Identity identityAs(X509Msp msp, IssuedCertificate c, String mspId) {
    return msp.deserialize(MspConfigs.serialized(mspId, c));
  }

  // ---- PRINCIPAL-01, PRINCIPAL-COMB-01/02

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V1_1"})
  @Tag("PRINCIPAL-COMB-01")
  void combinedIsUnsupportedBeforeV13(MspVersion v) {
    X509Msp msp = msp(v);
    Principal both = Principal.Combined.of(Principal.Role.member(msp.id()), Principal.Role.admin(msp.id()));
    fails(msp, identity(msp, admin), both, Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-COMB-01");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_3", "V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-01")
  @Tag("PRINCIPAL-COMB-02")
  void combinedNeedsEveryMember(MspVersion v) {
    X509Msp msp = msp(v);
    Principal both = Principal.Combined.of(Principal.Role.member(msp.id()), Principal.Role.admin(msp.id()));
    assertThat(msp.isSatisfied(identity(msp, admin), both)).isTrue();
    fails(msp, identity(msp, user), both, Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02");
    Principal nested = Principal.Combined.of(Principal.Anonymity.NOMINAL, Principal.Combined.of(both, Principal.Anonymity.NOMINAL));
    assertThat(msp.isSatisfied(identity(msp, admin), nested)).isTrue();
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_3", "V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-COMB-02")
  void emptyCombinationFailsAlsoWhenNested(MspVersion v) {
    X509Msp msp = msp(v);
    Identity a = identity(msp, admin);
    MSPPrincipal member = Principal.Role.member(msp.id()).toProto();
    fails(msp, a, combined(), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-COMB-02");
    fails(msp, a, combined(member, combined(member, combined())), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-COMB-02");
  }

  @Test
  @Tag("PRINCIPAL-01")
  @Tag("PRINCIPAL-COMB-02")
  void flatteningIsDepthFirstAndTheFirstFailureDecides() {
    X509Msp msp = msp(MspVersion.V1_4_3);
    Identity u = identity(msp, user);
    MSPPrincipal otherMspRole = Principal.Role.member("OtherMSP").toProto();
    MSPPrincipal notAdmin = Principal.Role.admin(msp.id()).toProto();
    MSPPrincipal anonymous = Principal.Anonymity.ANONYMOUS.toProto();
    // Depth first: [[NOMINAL, [ANONYMOUS]], other-MSP role, admin]: ANONYMOUS comes first.
    MSPPrincipal p = combined(combined(Principal.Anonymity.NOMINAL.toProto(), combined(anonymous)), otherMspRole, notAdmin);
    fails(msp, u, p, Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ANON-02");
    fails(msp, u, combined(otherMspRole, notAdmin), Reason.MSP_ID_MISMATCH, "PRINCIPAL-ROLE-01");
    fails(msp, u, combined(notAdmin, otherMspRole), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02");
  }

  @Test
  @Tag("PRINCIPAL-COMB-02")
  void deepNestingNeitherOverflowsNorSlowsDown() throws Exception {
    X509Msp msp = msp(MspVersion.V3_0);
    Identity a = identity(msp, admin);
    MSPPrincipal p = nested(Principal.Role.admin(msp.id()).toProto(), 20_000);
    assertThat(p.getSerializedSize()).isGreaterThan(200_000);
    assertThat(msp.isSatisfied(a, p)).isTrue();
    assertThat(msp.isSatisfied(identity(msp, user), p)).isFalse();
  }

  /**
   * {@code levels} times COMBINED[previous, NOMINAL], written in one pass: every level is a prefix
   * (classification 4, the lengths) before the previous level and a NOMINAL member after it.
   */
  private static MSPPrincipal nested(MSPPrincipal innermost, int levels) throws Exception {
    byte[] nominal = lengthDelimited(1, Principal.Anonymity.NOMINAL.toProto().toByteArray(), 0);
    byte[][] prefixes = new byte[levels][];
    int size = innermost.getSerializedSize();
    for (int i = 0; i < levels; i++) {
      byte[] member = lengthDelimited(1, null, size);
      int members = member.length + size + nominal.length;
      byte[] principal = lengthDelimited(2, null, members);
      prefixes[i] = concat(new byte[] {0x08, 0x04}, principal, member);
      size = prefixes[i].length + size + nominal.length;
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(size);
    for (int i = levels - 1; i >= 0; i--) {
      out.write(prefixes[i]);
    }
    out.write(innermost.toByteArray());
    for (int i = 0; i < levels; i++) {
      out.write(nominal);
    }
    return MSPPrincipal.parseFrom(out.toByteArray());
  }

  /** Tag and length of a length-delimited field, followed by {@code value} when given. */
  private static byte[] lengthDelimited(int field, byte[] value, int length) throws Exception {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(b);
    out.writeTag(field, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
    out.writeUInt32NoTag(value == null ? length : value.length);
    if (value != null) {
      out.writeRawBytes(value);
    }
    out.flush();
    return b.toByteArray();
  }

  private static byte[] concat(byte[]... parts) throws Exception {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.write(p);
    }
    return b.toByteArray();
  }

  // ---- PRINCIPAL-02, PRINCIPAL-03, CORE-03

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-02")
  void unknownClassificationOrUndecodablePayloadFails(MspVersion v) {
    X509Msp msp = msp(v);
    Identity a = identity(msp, admin);
    fails(msp, a, raw(5, ByteString.EMPTY), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
    fails(msp, a, raw(-3, ByteString.EMPTY), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
    ByteString junk = ByteString.copyFrom(new byte[] {(byte) 0x0a, (byte) 0x7f});
    fails(msp, a, raw(0, junk), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
    fails(msp, a, raw(1, junk), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
    if (v.atLeast(MspVersion.V1_3)) {
      fails(msp, a, raw(3, junk), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
      fails(msp, a, raw(4, junk), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
    }
  }

  @Test
  @Tag("PRINCIPAL-02")
  void invalidUtf8InAStringFieldIsMalformed() {
    X509Msp msp = msp(MspVersion.V1_4_3);
    // MSPRole{msp_identifier = 0xC3 0x28}: not UTF-8, which proto3 decoding refuses.
    ByteString role = ByteString.copyFrom(new byte[] {0x0a, 0x02, (byte) 0xc3, 0x28});
    fails(msp, identity(msp, admin), raw(0, role), Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02");
  }

  @Test
  @Tag("PRINCIPAL-02")
  void unknownFieldsInAPayloadAreIgnored() {
    X509Msp msp = msp(MspVersion.V1_4_3);
    ByteString role = MSPRole.newBuilder().setMspIdentifier(msp.id()).setRole(MSPRole.MSPRoleType.ADMIN).build().toByteString()
        .concat(ByteString.copyFrom(new byte[] {(byte) 0x78, 0x01}));
    assertThat(msp.isSatisfied(identity(msp, admin), raw(0, role))).isTrue();
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-03")
  void fromV143AnIdentityOfAnotherImplementationFailsEveryPrincipal(MspVersion v) {
    X509Msp msp = msp(v);
    // What a caching MSP hands out is not the X.509 MSP's own identity object.
    Identity wrapped = CachingMsp.wrap(msp).deserialize(MspConfigs.serialized(admin));
    fails(msp, wrapped, Principal.Anonymity.NOMINAL, Reason.NOT_AN_X509_IDENTITY, "PRINCIPAL-03");
    fails(msp, wrapped, Principal.Role.admin(msp.id()), Reason.NOT_AN_X509_IDENTITY, "PRINCIPAL-03");
  }

  @Test
  @Tag("PRINCIPAL-03")
  @Tag("PRINCIPAL-ANON-02")
  void beforeV143AnonymityAcceptsAnyIdentityObject() {
    X509Msp msp = msp(MspVersion.V1_3);
    Identity wrapped = CachingMsp.wrap(msp).deserialize(MspConfigs.serialized(admin));
    assertThat(msp.isSatisfied(wrapped, Principal.Anonymity.NOMINAL)).isTrue();
    fails(msp, wrapped, Principal.Role.admin(msp.id()), Reason.NOT_AN_X509_IDENTITY, "VALIDATE-03");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("CORE-03")
  void identitiesAnswerThroughTheirOwnMsp(MspVersion v) {
    X509Msp org1 = msp(v);
    X509Msp org2 = X509Msps.setup(MspConfigs.of(org.root).name("Org2MSP").admin(admin).build(), v);
    Identity a1 = identity(org1, admin);
    Identity a2 = identityAs(org2, admin, "Org2MSP");
    a1.satisfies(Principal.Role.admin(org1.id()));
    a2.satisfies(Principal.Role.admin("Org2MSP"));
    IdentityException e = assertThrows(IdentityException.class, () -> a2.satisfies(Principal.Role.admin(org1.id())));
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("CORE-03")
  @Tag("PRINCIPAL-ID-01")
  void anMspAskedAboutAnotherMspsIdentityAppliesItsOwnRules(MspVersion v) {
    // As in Fabric: the admin certificate is an admin of Org1 whichever MSP made the identity
    // object, and the IDENTITY principal is deserialised and validated by Org1.
    X509Msp org1 = msp(v);
    X509Msp org2 = X509Msps.setup(MspConfigs.of(org.root).name("Org2MSP").admin(admin).build(), v);
    Identity a1 = identity(org1, admin);
    Identity a2 = identityAs(org2, admin, "Org2MSP");
    assertThat(org1.isSatisfied(a2, Principal.Role.admin(org1.id()))).isTrue();
    assertThat(org1.isSatisfied(a2, Principal.IdentityPrincipal.of(a1))).isTrue();

    // An identity of an unrelated organisation does not chain to Org1's root.
    Org other = new Org("principals-other");
    IssuedCertificate stranger = other.leaf("CN=stranger,OU=COP");
    X509Msp otherMsp = X509Msps.setup(MspConfigs.of(other.root).name("OtherMSP").admin(other.leaf("CN=a")).build(), v);
    Identity s = identityAs(otherMsp, stranger, "OtherMSP");
    fails(org1, s, Principal.Role.member(org1.id()), Reason.NO_CHAIN, "CHAIN-04");
    fails(org1, s, Principal.Role.admin(org1.id()), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ID-01")
  @Tag("CORE-07")
  void identityPrincipalIsValidatedByThisMspEvenWhenAnotherMspJudgedTheIdentityFirst(MspVersion v) {
    X509Msp org1 = msp(v);
    Org other = new Org("principals-first-judge");
    X509Msp otherMsp = X509Msps.setup(MspConfigs.of(other.root).name("OtherMSP").admin(other.leaf("CN=a")).build(), v);
    Identity u = identity(org1, user);
    // The identity remembers the first verdict, from an MSP it does not chain to (as in Fabric).
    IdentityException first = assertThrows(IdentityException.class, () -> otherMsp.validate(u));
    assertThat(first.reason()).isEqualTo(Reason.NO_CHAIN);
    fails(org1, u, Principal.Role.member(org1.id()), Reason.NO_CHAIN, "CHAIN-04");
    // The IDENTITY principal's own identity is fresh and validated by Org1, so it is satisfied.
    assertThat(org1.isSatisfied(u, Principal.IdentityPrincipal.of(u))).isTrue();
  }
}

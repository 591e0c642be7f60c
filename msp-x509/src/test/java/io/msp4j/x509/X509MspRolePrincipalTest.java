package io.msp4j.x509;

import static io.msp4j.x509.PrincipalVerdicts.fails;
import static io.msp4j.x509.PrincipalVerdicts.identity;
import static io.msp4j.x509.PrincipalVerdicts.raw;
import static io.msp4j.x509.PrincipalVerdicts.roles;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** ROLE principals per version and NodeOU setting (spec 6.2 and the summary table 6.6). */
class X509MspRolePrincipalTest {
  private final Org org = new Org("roles");
  private final IssuedCertificate admin = org.leaf("CN=admin,OU=client");
  private final Map<String, IssuedCertificate> people = new LinkedHashMap<>();

  X509MspRolePrincipalTest() {
    people.put("admincert", admin);
    people.put("plain", org.leaf("CN=user"));
    people.put("client", org.leaf("CN=c,OU=client"));
    people.put("peer", org.leaf("CN=p,OU=peer"));
    people.put("adminOu", org.leaf("CN=a,OU=admin"));
    people.put("orderer", org.leaf("CN=o,OU=orderer"));
  }

  private X509Msp nodeOusOn(MspVersion v) {
    return X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).nodeOus(true, "client", "peer", "admin", "orderer").build(), v);
  }

  private X509Msp nodeOusOff(MspVersion v) {
    return X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), v);
  }

  private Map<String, String> table(X509Msp msp) {
    Map<String, String> t = new LinkedHashMap<>();
    people.forEach((name, cert) -> t.put(name, roles(msp, identity(msp, cert))));
    return t;
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  void atV10NodeOusAreIgnoredAndOnlyMemberAndAdminExist() {
    assertThat(table(nodeOusOn(MspVersion.V1_0)))
        .containsEntry("admincert", "MA---")
        .containsEntry("plain", "M----")
        .containsEntry("client", "M----")
        .containsEntry("peer", "M----")
        .containsEntry("adminOu", "M----")
        .containsEntry("orderer", "M----");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_1", "V1_3"})
  @Tag("PRINCIPAL-ROLE-02")
  @Tag("NODEOU-04")
  void atV11AndV13ClientAndPeerNeedEnforcementAndTheirOu(MspVersion v) {
    assertThat(table(nodeOusOn(v)))
        .containsEntry("admincert", "MAC--")
        .containsEntry("plain", "-----")
        .containsEntry("client", "M-C--")
        .containsEntry("peer", "M--P-")
        .containsEntry("adminOu", "-----")
        .containsEntry("orderer", "-----");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-03")
  @Tag("NODEOU-05")
  void fromV143TheAdminOuMakesAnAdminAndOrderersExist(MspVersion v) {
    assertThat(table(nodeOusOn(v)))
        .containsEntry("admincert", "MAC--")
        .containsEntry("plain", "-----")
        .containsEntry("client", "M-C--")
        .containsEntry("peer", "M--P-")
        .containsEntry("adminOu", "MA---")
        .containsEntry("orderer", "M---O");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ROLE-02")
  void withoutNodeOusOnlyMemberAndConfiguredAdminsExist(MspVersion v) {
    assertThat(table(nodeOusOff(v)))
        .containsEntry("admincert", "MA---")
        .containsEntry("plain", "M----")
        .containsEntry("client", "M----")
        .containsEntry("adminOu", "M----")
        .containsEntry("orderer", "M----");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ROLE-02")
  void clientAndPeerWithoutEnforcementAreUnsupported(MspVersion v) {
    X509Msp msp = nodeOusOff(v);
    Identity c = identity(msp, people.get("client"));
    fails(msp, c, Principal.Role.client(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
    fails(msp, c, Principal.Role.peer(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V1_1", "V1_3"})
  @Tag("PRINCIPAL-ROLE-02")
  void ordererRoleFailsBeforeV143(MspVersion v) {
    X509Msp msp = nodeOusOn(v);
    fails(msp, identity(msp, admin), Principal.Role.orderer(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ROLE-01")
  void rolesOfAnotherMspFail(MspVersion v) {
    X509Msp msp = nodeOusOn(v);
    Identity a = identity(msp, admin);
    for (Principal.RoleType t : Principal.RoleType.values()) {
      fails(msp, a, new Principal.Role("OtherMSP", t), Reason.MSP_ID_MISMATCH, "PRINCIPAL-ROLE-01");
    }
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ROLE-02")
  void unknownRoleValueFails(MspVersion v) {
    X509Msp msp = nodeOusOn(v);
    ByteString role = MSPRole.newBuilder().setMspIdentifier(msp.id()).setRoleValue(5).build().toByteString();
    fails(msp, identity(msp, admin), raw(0, role), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("PRINCIPAL-ROLE-02")
  void memberFailureIsTheValidationFailure(MspVersion v) {
    IssuedCertificate revoked = org.leaf("CN=revoked");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).crl(org.pki.crl(org.root).revoke(revoked).build()).build(), v);
    Identity r = identity(msp, revoked);
    fails(msp, r, Principal.Role.member(msp.id()), Reason.REVOKED, "VALIDATE-CRL-02");
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  void adminByAdmincertsIsNotValidatedAgainBeforeV143() {
    // The admin was valid at setup; it is recognised by its certificate alone.
    X509Msp msp = nodeOusOff(MspVersion.V1_0);
    Identity a = identity(msp, admin);
    assertThat(msp.isSatisfied(a, Principal.Role.admin(msp.id()))).isTrue();
    fails(msp, identity(msp, people.get("plain")), Principal.Role.admin(msp.id()),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-03")
  @Tag("SETUP-POST-03")
  void configuredAdminThatDoesNotValidateIsStillAnAdmin(MspVersion v) {
    // Client and peer OU: two NodeOUs, so the certificate is invalid, yet it passed setup.
    IssuedCertificate both = org.leaf("CN=admin2,OU=client,OU=peer");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(both).nodeOus(true, "client", "peer", "admin", "orderer").build(), v);
    Identity a = identity(msp, both);
    assertThat(roles(msp, a)).isEqualTo("-A---");
    fails(msp, a, Principal.Role.member(msp.id()), Reason.NODEOU_MULTIPLE, "NODEOU-05");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-03")
  void adminOuNeedsAValidIdentity(MspVersion v) {
    IssuedCertificate revoked = org.leaf("CN=a2,OU=admin");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).crl(org.pki.crl(org.root).revoke(revoked).build())
            .nodeOus(true, "client", "peer", "admin", "orderer").build(), v);
    fails(msp, identity(msp, revoked), Principal.Role.admin(msp.id()), Reason.REVOKED, "VALIDATE-CRL-02");
    fails(msp, identity(msp, people.get("peer")), Principal.Role.admin(msp.id()),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-03");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-03")
  void undefinedAdminOrOrdererOuSatisfiesNobody(MspVersion v) {
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).nodeOus(true, "client", "peer", null, null).build(), v);
    Identity p = identity(msp, people.get("peer"));
    fails(msp, p, Principal.Role.admin(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-03");
    fails(msp, p, Principal.Role.orderer(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-03");
    assertThat(roles(msp, p)).isEqualTo("M--P-");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-04")
  void roleOusAreComparedByStringOnly(MspVersion v) {
    // Client and peer share the OU string "node"; the client NodeOU is bound to another root.
    // Validation looks up "node" as the peer NodeOU (the later wins, no certifiers), and the
    // CLIENT role compares the string alone, so the client NodeOU's certifiers never matter.
    IssuedCertificate other = org.ca("CN=other root");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root, other).admin(org.leaf("CN=admin,OU=node")).nodeOus(true, "node", "node", null, null)
            .clientOuCertifiedBy(other).build(), v);
    Identity n = identity(msp, org.leaf("CN=n,OU=node"));
    assertThat(roles(msp, n)).isEqualTo("M-CP-");
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  void clientAndPeerFailAtV10EvenForAConfiguredAdmin() {
    X509Msp msp = nodeOusOn(MspVersion.V1_0);
    fails(msp, identity(msp, admin), Principal.Role.client(msp.id()), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_1", "V1_3", "V1_4_3", "V3_0"})
  @Tag("PRINCIPAL-ROLE-02")
  void missingRoleOuIsNotSatisfied(MspVersion v) {
    X509Msp msp = nodeOusOn(v);
    IdentityException e = fails(msp, identity(msp, people.get("client")), Principal.Role.peer(msp.id()),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02");
    assertThat(e.getMessage()).contains("CN=c").contains("'peer'");
  }
}

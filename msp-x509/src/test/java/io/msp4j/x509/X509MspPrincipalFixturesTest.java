package io.msp4j.x509;

import static io.msp4j.x509.PrincipalVerdicts.fails;
import static io.msp4j.x509.PrincipalVerdicts.identity;
import static io.msp4j.x509.PrincipalVerdicts.roles;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The principal outcomes of the fixtures of spec section 12, rebuilt with the test PKI: same
 * shape (OUs, NodeOUs, admins, signer), fresh keys.
 */
class X509MspPrincipalFixturesTest {
  private final Org org = new Org("principal-fixtures");

  /** All four NodeOUs; client, peer and admin bound to the root, orderer to nothing (FIX-11). */
  private MSPConfig fourNodeOusBoundToRoot(MspConfigs c) {
    FabricMSPConfig.Builder b = c.nodeOus(true, "client", "peer", "admin", "orderer").fabricConfig().toBuilder();
    ByteString root = ByteString.copyFrom(org.root.pem(), StandardCharsets.US_ASCII);
    b.getFabricNodeOusBuilder().getClientOuIdentifierBuilder().setCertificate(root);
    b.getFabricNodeOusBuilder().getPeerOuIdentifierBuilder().setCertificate(root);
    b.getFabricNodeOusBuilder().getAdminOuIdentifierBuilder().setCertificate(root);
    return MSPConfig.newBuilder().setType(0).setConfig(b.build().toByteString()).build();
  }

  // FIX-01: OU COP bound to the root, no NodeOUs, TLS CAs, the signer is the admin.

  private X509Msp sampleConfig(MspVersion v, IssuedCertificate signer) {
    IssuedCertificate tlsRoot = org.ca("CN=tlsca.org1.example.com");
    IssuedCertificate tlsIca = org.intermediate(tlsRoot, "CN=tlsica.org1.example.com");
    return X509Msps.setup(
        MspConfigs.of(org.root).ou("COP", org.root).admin(signer).tlsRoot(tlsRoot).tlsIntermediate(tlsIca)
            .signer(signer, signer.pkcs8Pem()).build(), v);
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V1_1", "V1_3"})
  @Tag("FIX-01")
  @Tag("PRINCIPAL-ROLE-02")
  @Tag("PRINCIPAL-OU-01")
  void sampleConfigSignerIsMemberAdminAndOfItsOu(MspVersion v) {
    IssuedCertificate signer = org.leaf("C=US,OU=COP,CN=peer");
    X509Msp msp = sampleConfig(v, signer);
    Identity s = identity(msp, signer);
    msp.validate(s);
    assertThat(roles(msp, s)).isEqualTo("MA---");
    byte[] chain = s.organizationalUnits().get(0).certifiersId();
    assertThat(msp.isSatisfied(s, Principal.OrganizationUnit.of("SampleOrg", "COP", chain))).isTrue();
    fails(msp, s, Principal.OrganizationUnit.of("SampleOrg2", "COP", chain), Reason.MSP_ID_MISMATCH, "PRINCIPAL-OU-01");
    fails(msp, s, Principal.OrganizationUnit.of("SampleOrg", "COP", new byte[0]), Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-OU-01");
    fails(msp, s, Principal.OrganizationUnit.of("SampleOrg", "COP", "bogus".getBytes(StandardCharsets.US_ASCII)),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-OU-01");
    fails(msp, identity(msp, org.root), Principal.Role.member("SampleOrg"), Reason.IDENTITY_IS_CA, "VALIDATE-02");
  }

  @Test
  @Tag("FIX-01")
  @Tag("PRINCIPAL-COMB-01")
  @Tag("PRINCIPAL-ANON-01")
  void sampleConfigCombinedAndAnonymityFailAtV11() {
    IssuedCertificate signer = org.leaf("C=US,OU=COP,CN=peer");
    X509Msp msp = sampleConfig(MspVersion.V1_1, signer);
    Identity s = identity(msp, signer);
    fails(msp, s, Principal.Combined.of(Principal.Role.member("SampleOrg")), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-COMB-01");
    fails(msp, s, Principal.Anonymity.NOMINAL, Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ANON-01");
  }

  @Test
  @Tag("FIX-01")
  @Tag("PRINCIPAL-COMB-02")
  @Tag("PRINCIPAL-ANON-02")
  void sampleConfigCombinedAndAnonymityWorkAtV13() {
    IssuedCertificate signer = org.leaf("C=US,OU=COP,CN=peer");
    X509Msp msp = sampleConfig(MspVersion.V1_3, signer);
    Identity s = identity(msp, signer);
    byte[] chain = s.organizationalUnits().get(0).certifiersId();
    Principal all = Principal.Combined.of(
        Principal.Role.member("SampleOrg"),
        Principal.Combined.of(Principal.Role.admin("SampleOrg"), Principal.OrganizationUnit.of("SampleOrg", "COP", chain)),
        Principal.Anonymity.NOMINAL);
    assertThat(msp.isSatisfied(s, all)).isTrue();
    fails(msp, s, Principal.Combined.of(Principal.Role.member("SampleOrg"), Principal.Anonymity.ANONYMOUS),
        Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ANON-02");
  }

  @Test
  @Tag("FIX-01")
  @Tag("CORE-04")
  @Tag("PRINCIPAL-03")
  void signingIdentityAnswersThroughItsPlainIdentity() {
    IssuedCertificate signer = org.leaf("C=US,OU=COP,CN=peer");
    X509Msp msp = sampleConfig(MspVersion.V1_3, signer);
    msp.defaultSigningIdentity().validate();
    msp.defaultSigningIdentity().satisfies(Principal.Role.admin("SampleOrg"));
    assertThat(msp.isSatisfied(msp.defaultSigningIdentity().publicVersion(), Principal.Role.admin("SampleOrg"))).isTrue();
    // Given to the MSP itself, the signing identity object is not an identity of the MSP.
    fails(msp, msp.defaultSigningIdentity(), Principal.Role.admin("SampleOrg"), Reason.NOT_AN_X509_IDENTITY, "VALIDATE-03");
  }

  // FIX-11: four NodeOUs, no admin certificates; an identity with the admin OU is an admin.

  @Test
  @Tag("FIX-11")
  @Tag("PRINCIPAL-ROLE-03")
  void nodeOuAdminIsAnAdminWithoutAdmincerts() {
    IssuedCertificate signer = org.leaf("CN=peer,OU=peer");
    IssuedCertificate admin = org.leaf("CN=testadmin,OU=admin");
    X509Msp msp = X509Msps.setup(fourNodeOusBoundToRoot(MspConfigs.of(org.root).signer(signer, signer.pkcs8Pem())), MspVersion.V1_4_3);
    assertThat(roles(msp, identity(msp, admin))).isEqualTo("MA---");
    assertThat(roles(msp, identity(msp, signer))).isEqualTo("M--P-");
  }

  // FIX-14 / FIX-15: the admin certificate carries only the client OU; the signer the orderer OU.

  @Test
  @Tag("FIX-14")
  @Tag("PRINCIPAL-ROLE-03")
  void adminCertWithClientOuIsAnAdminByAdmincerts() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=client");
    IssuedCertificate signer = org.leaf("CN=orderer,OU=orderer");
    X509Msp msp = X509Msps.setup(
        fourNodeOusBoundToRoot(MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem())), MspVersion.V1_4_3);
    assertThat(roles(msp, identity(msp, admin))).isEqualTo("MAC--");
    assertThat(roles(msp, identity(msp, signer))).isEqualTo("M---O");
  }

  @Test
  @Tag("FIX-15")
  @Tag("PRINCIPAL-ROLE-03")
  void withOnlyClientAndPeerNodeOusTheOrdererSignerSatisfiesNothing() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=client");
    IssuedCertificate signer = org.leaf("CN=orderer,OU=orderer");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem()).nodeOus(true, "client", "peer", null, null).build(),
        MspVersion.V1_4_3);
    assertThat(roles(msp, identity(msp, admin))).isEqualTo("MAC--");
    Identity s = identity(msp, signer);
    assertThat(roles(msp, s)).isEqualTo("-----");
    fails(msp, s, Principal.Role.orderer("SampleOrg"), Reason.NODEOU_NONE, "NODEOU-05");
  }

  // FIX-16..18: the ORDERER role.

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("FIX-16")
  @Tag("PRINCIPAL-ROLE-03")
  void ordererSignerSatisfiesOrderer(MspVersion v) {
    IssuedCertificate signer = org.leaf("CN=orderer,OU=orderer");
    X509Msp msp = X509Msps.setup(
        fourNodeOusBoundToRoot(MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client")).signer(signer, signer.pkcs8Pem())), v);
    assertThat(msp.isSatisfied(identity(msp, signer), Principal.Role.orderer("SampleOrg"))).isTrue();
  }

  @Test
  @Tag("FIX-17")
  @Tag("FIX-18")
  @Tag("PRINCIPAL-ROLE-03")
  void withoutAnOrdererOuNobodyIsAnOrderer() {
    // FIX-17's empty orderer OU string is dropped by the folder reader; both fixtures reach the
    // MSP without an orderer NodeOU.
    IssuedCertificate signer = org.leaf("CN=peer,OU=peer");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client")).signer(signer, signer.pkcs8Pem())
            .nodeOus(true, "client", "peer", "admin", null).build(), MspVersion.V1_4_3);
    Identity s = identity(msp, signer);
    msp.validate(s);
    fails(msp, s, Principal.Role.orderer("SampleOrg"), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-03");
    assertThat(roles(msp, s)).isEqualTo("M--P-");
  }

  // FIX-21: client and peer NodeOUs named OU_client and OU_peer.

  private X509Msp nodeous3(MspVersion v, IssuedCertificate admin, IssuedCertificate signer) {
    return X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem()).nodeOus(true, "OU_client", "OU_peer", null, null).build(), v);
  }

  @Test
  @Tag("FIX-21")
  @Tag("PRINCIPAL-ROLE-02")
  void nodeous3SignerIsAPeerAndAdminIsAClientAtV11() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=OU_client");
    IssuedCertificate signer = org.leaf("CN=peer,OU=OU_peer");
    X509Msp msp = nodeous3(MspVersion.V1_1, admin, signer);
    assertThat(roles(msp, identity(msp, signer))).isEqualTo("M--P-");
    assertThat(roles(msp, identity(msp, admin))).isEqualTo("MAC--");
  }

  @Test
  @Tag("FIX-21")
  @Tag("PRINCIPAL-ROLE-02")
  void nodeous3AtV10HasNeitherClientsNorPeers() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=OU_client");
    IssuedCertificate signer = org.leaf("CN=peer,OU=OU_peer");
    X509Msp msp = nodeous3(MspVersion.V1_0, admin, signer);
    Identity s = identity(msp, signer);
    msp.validate(s);
    assertThat(roles(msp, s)).isEqualTo("M----");
    fails(msp, s, Principal.Role.peer("SampleOrg"), Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-ROLE-02");
  }
}

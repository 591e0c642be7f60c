package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import java.util.List;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PrincipalTest {
  private static final byte[] CHAIN_ID = {1, 2, 3};

  private static MSPPrincipal raw(int classification, ByteString payload) {
    return MSPPrincipal.newBuilder()
        .setPrincipalClassificationValue(classification)
        .setPrincipal(payload)
        .build();
  }

  private static MspException malformed(MSPPrincipal p) {
    MspException e = assertThrows(MspException.class, () -> Principal.fromProto(p));
    assertThat(e.reason()).isEqualTo(Reason.PRINCIPAL_MALFORMED);
    return e;
  }

  @ParameterizedTest
  @EnumSource(Principal.RoleType.class)
  @Tag("PROTO-05")
  void roleIsEncodedAsFabricBuildsIt(Principal.RoleType type) {
    MSPPrincipal p = new Principal.Role("Org1MSP", type).toProto();
    MSPPrincipal expected =
        raw(0, MSPRole.newBuilder().setMspIdentifier("Org1MSP").setRoleValue(type.number()).build().toByteString());
    assertThat(p.toByteArray()).isEqualTo(expected.toByteArray());
    assertThat(Principal.fromProto(p)).isEqualTo(new Principal.Role("Org1MSP", type));
  }

  @Test
  @Tag("PROTO-05")
  void roleNumbersAreFabrics() {
    assertThat(Principal.Role.member("m").toProto().getPrincipal())
        .isEqualTo(MSPRole.newBuilder().setMspIdentifier("m").setRole(MSPRole.MSPRoleType.MEMBER).build().toByteString());
    assertThat(Principal.Role.admin("m").role().number()).isEqualTo(MSPRole.MSPRoleType.ADMIN_VALUE);
    assertThat(Principal.Role.client("m").role().number()).isEqualTo(MSPRole.MSPRoleType.CLIENT_VALUE);
    assertThat(Principal.Role.peer("m").role().number()).isEqualTo(MSPRole.MSPRoleType.PEER_VALUE);
    assertThat(Principal.Role.orderer("m").role().number()).isEqualTo(MSPRole.MSPRoleType.ORDERER_VALUE);
  }

  @Test
  @Tag("PROTO-05")
  void organizationUnitRoundTripsAndCopiesItsBytes() {
    byte[] id = CHAIN_ID.clone();
    Principal.OrganizationUnit ou = Principal.OrganizationUnit.of("Org1MSP", "COP", id);
    id[0] = 9;
    MSPPrincipal p = ou.toProto();
    assertThat(p.getPrincipalClassification()).isEqualTo(MSPPrincipal.Classification.ORGANIZATION_UNIT);
    assertThat(p.getPrincipal())
        .isEqualTo(OrganizationUnit.newBuilder().setMspIdentifier("Org1MSP").setOrganizationalUnitIdentifier("COP")
            .setCertifiersIdentifier(ByteString.copyFrom(CHAIN_ID)).build().toByteString());
    assertThat(Principal.fromProto(p)).isEqualTo(ou).hasSameHashCodeAs(ou);
    assertThat(ou.certifiersId()).containsExactly(CHAIN_ID);
    assertThat(ou.toString()).contains("COP@010203");
    assertThat(Principal.OrganizationUnit.of("Org1MSP", new OrganizationalUnit("COP", CHAIN_ID))).isEqualTo(ou);
  }

  @Test
  @Tag("PROTO-05")
  void identityPrincipalCarriesTheSerializedIdentityAsIs() {
    byte[] si = {10, 3, 'a', 'b', 'c'};
    Principal.IdentityPrincipal ip = Principal.IdentityPrincipal.ofSerialized(si);
    MSPPrincipal p = ip.toProto();
    assertThat(p.getPrincipalClassification()).isEqualTo(MSPPrincipal.Classification.IDENTITY);
    assertThat(p.getPrincipal().toByteArray()).isEqualTo(si);
    assertThat(Principal.fromProto(p)).isEqualTo(ip);
    assertThat(ip.serializedIdentity()).isEqualTo(si);
  }

  @ParameterizedTest
  @EnumSource(Principal.Anonymity.class)
  @Tag("PROTO-05")
  void anonymityRoundTrips(Principal.Anonymity a) {
    MSPPrincipal p = a.toProto();
    assertThat(p.getPrincipalClassification()).isEqualTo(MSPPrincipal.Classification.ANONYMITY);
    assertThat(p.getPrincipal())
        .isEqualTo(MSPIdentityAnonymity.newBuilder().setAnonymityTypeValue(a.number()).build().toByteString());
    assertThat(Principal.fromProto(p)).isSameAs(a);
  }

  @Test
  @Tag("PROTO-05")
  @Tag("PRINCIPAL-COMB-02")
  void combinedKeepsOrderAndNesting() {
    Principal.Combined inner = Principal.Combined.of(Principal.Anonymity.NOMINAL, Principal.Role.peer("B"));
    Principal.Combined c = Principal.Combined.of(Principal.Role.admin("A"), inner);
    MSPPrincipal p = c.toProto();
    CombinedPrincipal decoded = assertDoesParse(p);
    assertThat(decoded.getPrincipalsList())
        .containsExactly(Principal.Role.admin("A").toProto(), inner.toProto());
    assertThat(Principal.fromProto(p)).isEqualTo(c);
  }

  private static CombinedPrincipal assertDoesParse(MSPPrincipal p) {
    assertThat(p.getPrincipalClassification()).isEqualTo(MSPPrincipal.Classification.COMBINED);
    try {
      return CombinedPrincipal.parseFrom(p.getPrincipal());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  @Tag("PRINCIPAL-COMB-02")
  void emptyCombinationCannotBeBuiltOrRead() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Principal.Combined(List.of()));
    assertThat(e.getMessage()).contains("PRINCIPAL-COMB-02");
    MspException m = malformed(raw(4, ByteString.EMPTY));
    assertThat(m.rule()).isEqualTo("PRINCIPAL-COMB-02");
  }

  @Test
  @Tag("PRINCIPAL-02")
  void unknownClassificationIsMalformed() {
    assertThat(malformed(raw(5, ByteString.EMPTY)).rule()).isEqualTo("PRINCIPAL-02");
    assertThat(malformed(raw(-1, ByteString.EMPTY)).getMessage()).contains("-1");
  }

  @Test
  @Tag("PRINCIPAL-02")
  void undecodablePayloadIsMalformed() {
    ByteString junk = ByteString.copyFrom(new byte[] {(byte) 0xff, (byte) 0xff});
    for (int c = 0; c <= 4; c++) {
      if (c == 2) {
        continue; // identity bytes are not decoded by the value API
      }
      MspException e = malformed(raw(c, junk));
      assertThat(e.rule()).isEqualTo("PRINCIPAL-02");
    }
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  @Tag("PRINCIPAL-ANON-02")
  void unknownRoleOrAnonymityValueIsMalformed() {
    malformed(raw(0, MSPRole.newBuilder().setMspIdentifier("A").setRoleValue(7).build().toByteString()));
    malformed(raw(3, MSPIdentityAnonymity.newBuilder().setAnonymityTypeValue(2).build().toByteString()));
  }

  @Test
  @Tag("PRINCIPAL-COMB-02")
  void deepNestingIsRefusedByTheValueApi() {
    MSPPrincipal p = Principal.Anonymity.NOMINAL.toProto();
    for (int i = 0; i < 150; i++) {
      p = raw(4, CombinedPrincipal.newBuilder().addPrincipals(p).build().toByteString());
    }
    assertThat(malformed(p).getMessage()).contains("nest deeper");
  }

  @Test
  void valuesRejectNulls() {
    assertThrows(NullPointerException.class, () -> Principal.Role.member(null));
    assertThrows(NullPointerException.class, () -> Principal.OrganizationUnit.of("A", "ou", null));
    assertThrows(NullPointerException.class, () -> Principal.fromProto(null));
  }
}

package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class X509MspNodeOuTest {
  private final Org org = new Org("nodeous");

  private X509Msp fourRoles(MspVersion v) {
    return X509Msps.setup(
        MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").build(), v);
  }

  private X509Msp clientPeer(MspVersion v) {
    return X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client")).nodeOus(true, "client", "peer", null, null).build(), v);
  }

  private static Reason verdict(X509Msp msp, IssuedCertificate c) {
    Identity id = msp.deserialize(MspConfigs.serialized(c));
    try {
      msp.validate(id);
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }

  @Test
  @Tag("NODEOU-05")
  void exactlyOneOfTheFourRolesAtV143() {
    X509Msp msp = fourRoles(MspVersion.V1_4_3);
    assertThat(verdict(msp, org.leaf("CN=p,OU=peer"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=o,OU=orderer"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=a,OU=admin"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=x"))).isEqualTo(Reason.NODEOU_NONE);
    assertThat(verdict(msp, org.leaf("CN=x,OU=client,OU=peer"))).isEqualTo(Reason.NODEOU_MULTIPLE);
    assertThat(verdict(msp, org.leaf("CN=x,OU=peer,OU=peer"))).isEqualTo(Reason.NODEOU_MULTIPLE);
  }

  @Test
  @Tag("NODEOU-04")
  void ordererOuIsNotANodeOuAtV11() {
    X509Msp msp = clientPeer(MspVersion.V1_1);
    assertThat(verdict(msp, org.leaf("CN=p,OU=peer"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=o,OU=orderer"))).isEqualTo(Reason.NODEOU_NONE);
    assertThat(verdict(msp, org.leaf("CN=o,OU=client,OU=peer"))).isEqualTo(Reason.NODEOU_MULTIPLE);
  }

  @Test
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  void nodeOuBoundToAnotherRootRejectsIdentitiesOfThisRoot() {
    IssuedCertificate other = org.ca("CN=other root");
    MspConfigs c = MspConfigs.of(org.root, other).admin(org.leaf(other, "CN=admin,OU=client"))
        .nodeOus(true, "client", "peer", null, null).clientOuCertifiedBy(other);
    X509Msp msp = X509Msps.setup(c.build(), MspVersion.V1_1);
    assertThat(verdict(msp, org.leaf(other, "CN=c,OU=client"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=c,OU=client"))).isEqualTo(Reason.NODEOU_CERTIFIERS_MISMATCH);
  }

  @Test
  @Tag("NODEOU-05")
  void disabledNodeOusAreNotEnforced() {
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=a")).nodeOus(false, "client", "peer", "admin", "orderer").build(), MspVersion.V3_0);
    assertThat(verdict(msp, org.leaf("CN=x"))).isNull();
  }

  @Test
  @Tag("NODEOU-03")
  void noNodeOuDefinedTurnsEnforcementOff() {
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=a")).nodeOus(true, null, null, null, null).build(), MspVersion.V3_0);
    assertThat(verdict(msp, org.leaf("CN=x"))).isNull();
  }

  @Test
  @Tag("NODEOU-06")
  void adminsAreNotSubjectToTheNodeOuRuleAtV143() {
    // FIX-14/15: an admin with only the client OU passes setup; the signer is never validated at setup.
    IssuedCertificate admin = org.leaf("CN=admin,OU=client");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(admin).nodeOus(true, "client", "peer", null, null).build(), MspVersion.V1_4_3);
    assertThat(msp).isNotNull();
  }

  @Test
  @Tag("SETUP-POST-02")
  void adminWithoutClientOuFailsAtV11() {
    // FIX-19
    IssuedCertificate admin = org.leaf("CN=admin,OU=COP");
    MspConfigs c = MspConfigs.of(org.root).ou("COP", org.root).admin(admin).nodeOus(true, "client", "peer", null, null);
    MspSetupException e = assertThrows(MspSetupException.class, () -> X509Msps.setup(c.build(), MspVersion.V1_1));
    assertThat(e.rule()).isEqualTo("SETUP-POST-02");
    assertThat(X509Msps.setup(c.build(), MspVersion.V1_0)).isNotNull();
  }
}

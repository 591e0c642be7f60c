package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.Pem;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What each MSP version switches on (VER-04) and the order of the setup steps (SETUP-ORDER-01). */
class X509MspVersionsTest {
  private final Org org = new Org("versions");

  /** An unparsable certificate in a PEM block. */
  private static final byte[] BAD_CERT =
      Pem.encode("CERTIFICATE", new byte[] {0x30, 0x03, 0x02, 0x01, 0x01}).getBytes(StandardCharsets.US_ASCII);
  /** An unparsable CRL in a PEM block. */
  private static final byte[] BAD_CRL =
      Pem.encode("X509 CRL", new byte[] {0x30, 0x03, 0x02, 0x01, 0x01}).getBytes(StandardCharsets.US_ASCII);

  private static Reason verdict(X509Msp msp, IssuedCertificate c) {
    Identity id = msp.deserialize(MspConfigs.serialized(c));
    try {
      msp.validate(id);
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }

  private static MspSetupException setupFails(MSPConfig c, MspVersion v) {
    return assertThrows(MspSetupException.class, () -> X509Msps.setup(c, v));
  }

  private static MSPConfig with(FabricMSPConfig f) {
    return MSPConfig.newBuilder().setType(0).setConfig(f.toByteString()).build();
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VER-04")
  @Tag("NODEOU-01")
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  void nodeOuClassificationFollowsTheVersionMatrix(MspVersion v) {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin,OU=client"))
        .nodeOus(true, "client", "peer", "admin", "orderer").build(), v);
    boolean fourRoles = v.atLeast(MspVersion.V1_4_3);
    boolean none = v == MspVersion.V1_0;
    // v1.0 never reads NodeOUs; v1.1/v1.3 know client and peer; v1.4.3+ all four.
    assertThat(verdict(msp, org.leaf("CN=p,OU=peer"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=c,OU=client"))).isNull();
    assertThat(verdict(msp, org.leaf("CN=o,OU=orderer"))).isEqualTo(none || fourRoles ? null : Reason.NODEOU_NONE);
    assertThat(verdict(msp, org.leaf("CN=a,OU=admin"))).isEqualTo(none || fourRoles ? null : Reason.NODEOU_NONE);
    assertThat(verdict(msp, org.leaf("CN=x,OU=client,OU=admin"))).isEqualTo(fourRoles ? Reason.NODEOU_MULTIPLE : null);
    assertThat(verdict(msp, org.leaf("CN=y,OU=client,OU=peer"))).isEqualTo(none ? null : Reason.NODEOU_MULTIPLE);
    assertThat(verdict(msp, org.leaf("CN=z"))).isEqualTo(none ? null : Reason.NODEOU_NONE);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VER-04")
  @Tag("SETUP-ADMIN-03")
  void emptyAdminListIsAllowedBeforeV143OrWithAnAdminOu(MspVersion v) {
    MSPConfig noAdmins = MspConfigs.of(org.root).build();
    MSPConfig adminOu = MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").build();
    if (v.atLeast(MspVersion.V1_4_3)) {
      assertThat(setupFails(noAdmins, v).reason()).isEqualTo(Reason.NO_ADMINS);
    } else {
      assertThat(X509Msps.setup(noAdmins, v).version()).isEqualTo(v);
    }
    assertThat(X509Msps.setup(adminOu, v).version()).isEqualTo(v);
  }

  @Test
  @Tag("VER-04")
  @Tag("SETUP-CRYPTO-04")
  @Tag("VALIDATE-01")
  void acceptedLeafKeyAlgorithmsAreEcdsaPlusEd25519AtV30() {
    Map<KeyAlgorithm, IssuedCertificate> leaves = new LinkedHashMap<>();
    for (KeyAlgorithm k : List.of(KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384, KeyAlgorithm.ED25519, KeyAlgorithm.RSA_2048)) {
      leaves.put(k, org.custom().subject("CN=" + k).keyAlgorithm(k).build());
    }
    IssuedCertificate admin = org.leaf("CN=admin");
    for (MspVersion v : MspVersion.values()) {
      X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), v);
      assertThat(verdict(msp, leaves.get(KeyAlgorithm.EC_P256))).isNull();
      assertThat(verdict(msp, leaves.get(KeyAlgorithm.EC_P384))).isNull();
      assertThat(verdict(msp, leaves.get(KeyAlgorithm.ED25519))).as("Ed25519 at %s", v)
          .isEqualTo(v == MspVersion.V3_0 ? null : Reason.KEY_ALGORITHM_NOT_ACCEPTED);
      assertThat(verdict(msp, leaves.get(KeyAlgorithm.RSA_2048))).as("RSA at %s", v)
          .isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    }
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SETUP-ORDER-01")
  void adminsAreParsedBeforeCrlsUpToV13AndAfterFromV143(MspVersion v) {
    FabricMSPConfig f = MspConfigs.of(org.root).fabricConfig().toBuilder()
        .addAdmins(ByteString.copyFrom(BAD_CERT))
        .addRevocationList(ByteString.copyFrom(BAD_CRL))
        .build();
    MspSetupException e = setupFails(with(f), v);
    assertThat(e.reason())
        .isEqualTo(v.atLeast(MspVersion.V1_4_3) ? Reason.CRL_UNPARSABLE : Reason.CERTIFICATE_UNPARSABLE);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SETUP-ORDER-01")
  void adminsAreTurnedIntoIdentitiesBeforeNodeOusUpToV13AndAfterFromV143(MspVersion v) {
    // A foreign admin cannot be sanitised; a client NodeOU bound to a leaf has no certifiers id.
    IssuedCertificate foreignAdmin = org.leaf(org.ca("CN=foreign"), "CN=admin,OU=client");
    MSPConfig c = MspConfigs.of(org.root).admin(foreignAdmin)
        .nodeOus(true, "client", "peer", null, null).clientOuCertifiedBy(org.leaf("CN=not a ca")).build();
    MspSetupException e = setupFails(c, v);
    if (v.atLeast(MspVersion.V1_4_3)) {
      assertThat(e.reason()).isEqualTo(Reason.OU_CERTIFICATE_INVALID);
      assertThat(e.getMessage()).contains("fabric_node_ous.client_ou_identifier");
    } else {
      // v1.0 never reads the NodeOU block; v1.1 and v1.3 read it after the admins.
      assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
      assertThat(e.getMessage()).contains("admins[0]");
    }
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SETUP-ORDER-01")
  void tlsCasAreCheckedBeforeOuIdentifiers(MspVersion v) {
    IssuedCertificate notACa = org.pki.certificate().subject("CN=tls").leaf().build();
    MSPConfig c = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).tlsRoot(notACa)
        .ou("X", org.leaf("CN=not a ca either")).build();
    assertThat(setupFails(c, v).reason()).isEqualTo(Reason.TLS_CA_INVALID);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SETUP-ORDER-01")
  void crlsAreParsedBeforeTheCasAreFinished(MspVersion v) {
    IssuedCertificate noSki = org.pki.certificate().subject("CN=no ski").ca().noSubjectKeyId().build();
    IssuedCertificate admin = org.leaf(noSki, "CN=admin");
    FabricMSPConfig f = MspConfigs.of(noSki).admin(admin).fabricConfig().toBuilder()
        .addRevocationList(ByteString.copyFrom(BAD_CRL))
        .build();
    // The root without SKI would fail when the CAs are finished; the CRL step comes first.
    assertThat(setupFails(with(f), v).reason()).isEqualTo(Reason.CRL_UNPARSABLE);
    assertThat(setupFails(MspConfigs.of(noSki).admin(admin).build(), v).reason())
        .isEqualTo(Reason.CA_MISSING_SKI);
  }
}

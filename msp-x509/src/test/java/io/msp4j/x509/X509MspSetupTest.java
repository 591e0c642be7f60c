package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class X509MspSetupTest {
  private final Org org = new Org("setup");

  private static MspSetupException setupFails(MspConfigs c, MspVersion v) {
    return assertThrows(MspSetupException.class, () -> X509Msps.setup(c.build(), v));
  }

  @Test
  @Tag("SETUP-CONF-01")
  void configThatIsNotAFabricMspConfigFails() {
    MSPConfig bad =
        MSPConfig.newBuilder().setConfig(ByteString.copyFrom(new byte[] {(byte) 0xff, 0x01})).build();
    MspSetupException e = assertThrows(MspSetupException.class, () -> X509Msps.setup(bad, MspVersion.V3_0));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_UNDECODABLE);
    assertThat(e.rule()).isEqualTo("SETUP-CONF-01");
  }

  @Test
  @Tag("SETUP-CONF-02")
  void mspIdIsTheConfiguredName() {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).name("Org1MSP").build(), MspVersion.V1_0);
    assertThat(msp.id()).isEqualTo("Org1MSP");
    assertThat(msp.version()).isEqualTo(MspVersion.V1_0);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SETUP-CA-01")
  void noRootCertificateFails(MspVersion v) {
    MspSetupException e = setupFails(new MspConfigs(), v);
    assertThat(e.reason()).isEqualTo(Reason.NO_ROOT_CA);
    assertThat(e.rule()).isEqualTo("SETUP-CA-01");
  }

  @Test
  @Tag("SETUP-CA-02")
  @Tag("SETUP-PARSE-01")
  void rootThatIsNotPemFails() {
    MspSetupException e =
        setupFails(new MspConfigs().rootBytes("not a certificate".getBytes(StandardCharsets.US_ASCII)), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
    assertThat(e.getMessage()).contains("root_certs[0]");
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void pemLabelIsNotCheckedAndSurroundingTextIsIgnored() {
    String pem = org.root.pem().replace("CERTIFICATE", "SOMETHING ELSE");
    byte[] bytes = ("leading text\n" + pem + "trailing junk").getBytes(StandardCharsets.US_ASCII);
    X509Msp msp = X509Msps.setup(new MspConfigs().rootBytes(bytes).admin(org.leaf("CN=admin")).build(), MspVersion.V1_0);
    assertThat(msp.id()).isEqualTo(MspConfigs.MSP_ID);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void pemBlockWithGarbageDerFails() {
    String pem = "-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n";
    MspSetupException e =
        setupFails(new MspConfigs().rootBytes(pem.getBytes(StandardCharsets.US_ASCII)), MspVersion.V3_0);
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
    assertThat(e.rule()).isEqualTo("SETUP-PARSE-01");
  }

  @Test
  @Tag("SETUP-CA-03")
  @Tag("SANITIZE-03")
  void nonSelfSignedCaAsRootFails() {
    IssuedCertificate other = org.ca("CN=other root");
    IssuedCertificate ica = org.intermediate(other, "CN=ica");
    MspSetupException e = setupFails(MspConfigs.of(ica), MspVersion.V3_0);
    assertThat(e.getMessage()).contains("root_certs[0]");
  }

  @Test
  @Tag("SETUP-CA-03")
  void intermediateWithoutChainToRootsFails() {
    IssuedCertificate foreign = org.ca("CN=foreign root");
    MspSetupException e =
        setupFails(MspConfigs.of(org.root).intermediate(org.intermediate(foreign, "CN=ica")), MspVersion.V3_0);
    assertThat(e.getMessage()).contains("intermediate_certs[0]");
  }

  @Test
  @Tag("SETUP-CA-05")
  @Tag("ALG-01")
  void rsaAndEd25519RootsAreAccepted() {
    IssuedCertificate rsa = org.pki.certificate().subject("CN=rsa root").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    IssuedCertificate ed = org.pki.certificate().subject("CN=ed root").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    for (MspVersion v : MspVersion.values()) {
      X509Msp msp = X509Msps.setup(MspConfigs.of(rsa, ed).admin(org.leaf(rsa, "CN=admin")).build(), v);
      assertThat(msp.version()).isEqualTo(v);
    }
  }

  @Test
  @Tag("SETUP-CAFIN-01")
  void rootWithoutCaFlagFails() {
    IssuedCertificate notCa = org.pki.certificate().subject("CN=not a ca").leaf().build();
    MspSetupException e = setupFails(MspConfigs.of(notCa), MspVersion.V1_0);
    assertThat(e.reason()).isIn(Reason.CA_NOT_A_CA, Reason.SANITIZE_FAILED, Reason.NO_CHAIN);
  }

  @Test
  @Tag("SETUP-CAFIN-01")
  void rootWithoutSkiFails() {
    IssuedCertificate noSki = org.pki.certificate().subject("CN=no ski").ca().noSubjectKeyId().build();
    MspSetupException e = setupFails(MspConfigs.of(noSki).admin(org.leaf(noSki, "CN=a")), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.CA_MISSING_SKI);
    assertThat(e.rule()).isEqualTo("SETUP-CAFIN-01");
  }

  @Test
  @Tag("SETUP-CRYPTO-02")
  void unknownIdentityHashFailsAtTheCaStep() {
    MspSetupException e = setupFails(MspConfigs.of(org.root).identityHash("MD5"), MspVersion.V3_0);
    assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_HASH_FUNCTION);
    assertThat(e.rule()).isEqualTo("SETUP-CRYPTO-02");
  }

  @Test
  @Tag("SETUP-CRYPTO-01")
  @Tag("SETUP-CRYPTO-02")
  void identityHashSha384IsUsedForIdentifiers() {
    IssuedCertificate admin = org.leaf("CN=admin");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(admin).identityHash("SHA384").build(), MspVersion.V1_0);
    assertThat(msp.deserialize(MspConfigs.serialized(admin)).identifier().id()).hasSize(96);
    X509Msp sha256 = X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), MspVersion.V1_0);
    assertThat(sha256.deserialize(MspConfigs.serialized(admin)).identifier().id()).hasSize(64);
  }

  @Test
  @Tag("SETUP-ADMIN-01")
  void adminFromForeignCaFailsSetup() {
    IssuedCertificate foreign = org.ca("CN=foreign");
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(org.leaf(foreign, "CN=admin")), MspVersion.V1_0);
    assertThat(e.getMessage()).contains("admins[0]");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_0", "V1_1", "V1_3"})
  @Tag("SETUP-ADMIN-03")
  void emptyAdminsAreAcceptedBeforeV143(MspVersion v) {
    assertThat(X509Msps.setup(MspConfigs.of(org.root).build(), v).version()).isEqualTo(v);
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_4_3", "V3_0"})
  @Tag("SETUP-ADMIN-03")
  void emptyAdminsNeedAnEnforcedAdminOuFromV143(MspVersion v) {
    MspSetupException e = setupFails(MspConfigs.of(org.root), v);
    assertThat(e.reason()).isEqualTo(Reason.NO_ADMINS);
    assertThat(e.rule()).isEqualTo("SETUP-ADMIN-03");
    assertThat(X509Msps.setup(MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").build(), v)).isNotNull();
    assertThat(setupFails(MspConfigs.of(org.root).nodeOus(false, "client", "peer", "admin", "orderer"), v).reason())
        .isEqualTo(Reason.NO_ADMINS);
    assertThat(setupFails(MspConfigs.of(org.root).nodeOus(true, "client", "peer", null, "orderer"), v).reason())
        .isEqualTo(Reason.NO_ADMINS);
  }

  @Test
  @Tag("SETUP-POST-01")
  void adminThatDoesNotValidateFailsWithoutNodeOus() {
    IssuedCertificate ca = org.pki.certificate().subject("CN=admin but ca").issuer(org.root).ca().build();
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(ca), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-01");
  }

  @Test
  @Tag("SETUP-POST-02")
  void adminMustBeAValidClientAtV11WithNodeOus() {
    IssuedCertificate clientAdmin = org.leaf("CN=admin,OU=client");
    IssuedCertificate peerAdmin = org.leaf("CN=admin,OU=peer");
    assertThat(X509Msps.setup(MspConfigs.of(org.root).admin(clientAdmin).nodeOus(true, "client", "peer", null, null).build(), MspVersion.V1_1))
        .isNotNull();
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(peerAdmin).nodeOus(true, "client", "peer", null, null), MspVersion.V1_1);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-02");
  }

  @Test
  @Tag("SETUP-POST-03")
  void adminNeedsOnlyClientOrAdminOuAtV143WithNodeOus() {
    IssuedCertificate adminOu = org.leaf("CN=admin,OU=admin");
    IssuedCertificate clientOu = org.leaf("CN=admin,OU=client");
    IssuedCertificate peerOu = org.leaf("CN=admin,OU=peer");
    MspConfigs base = MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer");
    assertThat(X509Msps.setup(MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").admin(adminOu).build(), MspVersion.V1_4_3)).isNotNull();
    assertThat(X509Msps.setup(MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").admin(clientOu).build(), MspVersion.V1_4_3)).isNotNull();
    MspSetupException e = setupFails(base.admin(peerOu), MspVersion.V1_4_3);
    assertThat(e.rule()).isEqualTo("SETUP-POST-03");
  }

  @Test
  @Tag("SETUP-POST-03")
  void adminWithTwoNodeOusIsNotValidatedAtV143() {
    // Both client and admin OUs: invalid as an identity (NODEOU-05), yet fine as an admin.
    IssuedCertificate both = org.leaf("CN=admin,OU=client,OU=admin");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).nodeOus(true, "client", "peer", "admin", "orderer").admin(both).build(), MspVersion.V3_0);
    assertThat(msp).isNotNull();
  }

  @Test
  @Tag("SETUP-SIGNER-03")
  void expiredSigningIdentityFailsSetup() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf()
        .validity(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2025-01-01T00:00:00Z")).build();
    MSPConfig conf = MspConfigs.of(org.root).admin(signer).signer(signer, signer.pkcs8Pem()).build();
    Clock after = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    Clock before = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> X509Msps.setup(conf, MspVersion.V1_0, SetupOptions.defaults().withClock(after)));
    assertThat(e.reason()).isEqualTo(Reason.SIGNER_EXPIRED);
    assertThat(X509Msps.setup(conf, MspVersion.V1_0, SetupOptions.defaults().withClock(before))).isNotNull();
  }

  @Test
  @Tag("SETUP-SIGNER-02")
  void signerWithoutKeyFailsSetup() {
    IssuedCertificate signer = org.leaf("CN=signer");
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(signer).signer(signer, null), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.SIGNER_KEY_MISSING);
    assertThat(e.rule()).isEqualTo("SETUP-SIGNER-02");
  }

  @Test
  @Tag("SETUP-SIGNER-02")
  @Tag("ALG-03")
  void ed25519KeyMaterialIsRejected() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(org.leaf("CN=a")).signer(signer, signer.pkcs8Pem()), MspVersion.V3_0);
    assertThat(e.reason()).isEqualTo(Reason.SIGNER_KEY_INVALID);
  }

  @Test
  @Tag("SETUP-SIGNER-04")
  void signingIdentityIsNotValidatedAtSetup() {
    // FIX-03: OU identifiers that the signer does not satisfy; setup still succeeds.
    IssuedCertificate signer = org.leaf("CN=signer,OU=COP2");
    IssuedCertificate admin = org.leaf("CN=admin,OU=COP1");
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).ou("COP1", org.root).admin(admin).signer(signer, signer.pkcs8Pem()).build(), MspVersion.V1_0);
    assertThatThrownBy(() -> msp.validate(msp.deserialize(MspConfigs.serialized(signer))))
        .hasMessageContaining("VALIDATE-OU-01");
  }

  @Test
  @Tag("SETUP-TLS-01")
  @Tag("SETUP-TLS-03")
  void tlsCertificatesAreReturnedAsConfigured() {
    IssuedCertificate tlsRoot = org.ca("CN=tlsca");
    IssuedCertificate tlsIca = org.intermediate(tlsRoot, "CN=tls ica");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=a")).tlsRoot(tlsRoot).tlsIntermediate(tlsIca).build(), MspVersion.V1_0);
    assertThat(msp.tlsRootCerts()).singleElement().satisfies(b -> assertThat(new String(b, StandardCharsets.US_ASCII)).isEqualTo(tlsRoot.pem()));
    assertThat(msp.tlsIntermediateCerts()).hasSize(1);
    assertThat(X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=a")).build(), MspVersion.V1_0).tlsRootCerts()).isEmpty();
  }

  @Test
  @Tag("SETUP-TLS-02")
  void tlsRootWithoutCaFlagOrSkiFails() {
    IssuedCertificate notCa = org.pki.certificate().subject("CN=tls").leaf().build();
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(org.leaf("CN=a")).tlsRoot(notCa), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.TLS_CA_INVALID);
    IssuedCertificate noSki = org.pki.certificate().subject("CN=tls2").ca().noSubjectKeyId().build();
    assertThat(setupFails(MspConfigs.of(org.root).admin(org.leaf("CN=a")).tlsRoot(noSki), MspVersion.V1_0).reason())
        .isEqualTo(Reason.TLS_CA_INVALID);
  }

  @Test
  @Tag("SETUP-TLS-03")
  @Tag("VALIDATE-TIME-01")
  void expiredTlsRootIsAccepted() {
    IssuedCertificate expired = org.pki.certificate().subject("CN=old tls").ca()
        .validity(Instant.parse("1990-01-01T00:00:00Z"), Instant.parse("1995-01-01T00:00:00Z")).build();
    assertThat(X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=a")).tlsRoot(expired).build(), MspVersion.V3_0)).isNotNull();
  }

  @Test
  @Tag("CERT-ID-01")
  @Tag("SETUP-OU-01")
  void ouCertificateThatIsNotAnMspCaFails() {
    IssuedCertificate leaf = org.leaf("CN=peer");
    MspSetupException e = setupFails(MspConfigs.of(org.root).admin(org.leaf("CN=a,OU=x")).ou("x", leaf), MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.OU_CERTIFICATE_INVALID);
    assertThat(e.rule()).isEqualTo("CERT-ID-01");
  }

  @ParameterizedTest
  @EnumSource(value = MspVersion.class, names = {"V1_1", "V1_3"})
  @Tag("NODEOU-02")
  void clientAndPeerOusAreMandatoryAtV11EvenWhenDisabled(MspVersion v) {
    MspSetupException e = setupFails(MspConfigs.of(org.root).nodeOus(false, "client", null, null, null), v);
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_MISSING);
    assertThat(setupFails(MspConfigs.of(org.root).nodeOus(true, "", "peer", null, null), v).rule()).isEqualTo("NODEOU-02");
  }

  @Test
  @Tag("NODEOU-01")
  void nodeOusAreIgnoredAtV10() {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).nodeOus(true, "", null, null, null).build(), MspVersion.V1_0);
    IssuedCertificate noOu = org.leaf("CN=user");
    msp.validate(msp.deserialize(MspConfigs.serialized(noOu)));
  }

  @Test
  @Tag("NODEOU-03")
  void peerOuWithEmptyStringIsAcceptedAtV143() {
    // FIX-28
    X509Msp msp = X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=a,OU=client")).nodeOus(true, "client", "", null, null).build(), MspVersion.V1_4_3);
    assertThat(msp).isNotNull();
    assertThat(setupFails(MspConfigs.of(org.root).admin(org.leaf("CN=a,OU=client")).nodeOus(true, "client", "", null, null), MspVersion.V1_3).reason())
        .isEqualTo(Reason.NODEOU_MISSING);
  }
}

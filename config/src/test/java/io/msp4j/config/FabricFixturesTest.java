package io.msp4j.config;

import static io.msp4j.config.FabricFixtures.MSP_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.config.FabricFixtures.Fixture;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The situations of Fabric's own MSP test folders (spec section 12), rebuilt by
 * {@link FabricFixtures}, written to disk, read with {@link MspFolders} and set up at the versions
 * Fabric's tests use. One test per fixture row; verdicts were confirmed against Fabric itself.
 * Principal outcomes of the table (ADMIN, PEER, CLIENT, ORDERER, OU, IDENTITY, COMBINED,
 * ANONYMITY) are checked with {@link X509Msp#satisfies}.
 */
class FabricFixturesTest {

  /** The wall clock for the signing identity's expiry check (SETUP-SIGNER-03). */
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  @TempDir Path tmp;

  @Test
  @Tag("FIX-01")
  @Tag("CFGYAML-07")
  @Tag("VALIDATE-OU-01")
  @Tag("IDENT-03")
  @Tag("VALIDATE-02")
  @Tag("SETUP-TLS-01")
  @Tag("PRINCIPAL-ROLE-02")
  @Tag("PRINCIPAL-OU-01")
  @Tag("PRINCIPAL-COMB-01")
  @Tag("PRINCIPAL-COMB-02")
  @Tag("PRINCIPAL-ANON-01")
  @Tag("PRINCIPAL-ANON-02")
  void fix01DevelopmentMspAcceptsItsSignerWithTheCopOu() {
    Fixture f = FabricFixtures.fix01SampleConfig();
    Path dir = f.writeTo(tmp);
    FabricMSPConfig conf = MspFolders.readLocal(dir, MSP_ID).fabricConfig();
    assertThat(conf.getOrganizationalUnitIdentifiersCount()).isEqualTo(1);
    assertThat(conf.hasFabricNodeOus()).isFalse();
    for (MspVersion v : List.of(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3)) {
      X509Msp msp = local(dir, v);
      Identity signer = validIdentity(msp, f.cert("signer"));
      byte[] chainId = Fixtures.sha256(sanitised(f.cert("root"), f.cert("root")));
      assertThat(signer.organizationalUnits()).containsExactly(new OrganizationalUnit("COP", chainId));
      msp.satisfies(signer, Principal.Role.member(MSP_ID));
      msp.satisfies(signer, Principal.Role.admin(MSP_ID));
      msp.satisfies(signer, Principal.OrganizationUnit.of(MSP_ID, "COP", chainId));
      assertThat(notSatisfied(msp, signer, Principal.OrganizationUnit.of("OtherMSP", "COP", chainId)))
          .isEqualTo(Reason.MSP_ID_MISMATCH);
      assertThat(notSatisfied(msp, signer, Principal.OrganizationUnit.of(MSP_ID, "COP", new byte[0])))
          .isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
      assertThat(notSatisfied(msp, signer, Principal.OrganizationUnit.of(MSP_ID, "COP", Fixtures.sha256(chainId))))
          .isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
      Principal both = Principal.Combined.of(Principal.Role.member(MSP_ID), Principal.Role.admin(MSP_ID));
      if (v == MspVersion.V1_3) {
        msp.satisfies(signer, both);
        msp.satisfies(signer, Principal.Anonymity.NOMINAL);
      } else {
        assertThat(notSatisfied(msp, signer, both)).isEqualTo(Reason.PRINCIPAL_UNSUPPORTED);
        assertThat(notSatisfied(msp, signer, Principal.Anonymity.NOMINAL)).isEqualTo(Reason.PRINCIPAL_UNSUPPORTED);
      }
      assertThat(invalid(msp, f.cert("root")).reason()).isEqualTo(Reason.IDENTITY_IS_CA);
      assertThat(msp.tlsRootCerts()).containsExactly(pem(f.cert("tlsroot")));
      assertThat(msp.tlsIntermediateCerts()).containsExactly(pem(f.cert("tlsintermediate")));
      // A TLS CA is no identity CA: its leaves and intermediates cannot even be deserialised.
      assertThat(undeserialisable(msp, f.cert("tlsintermediate")).reason()).isEqualTo(Reason.NO_CHAIN);
    }
  }

  @Test
  @Tag("FIX-02")
  @Tag("SETUP-POST-01")
  @Tag("VALIDATE-OU-01")
  @Tag("SETUP-CA-04")
  void fix02AdminOutsideTheOuIdentifiersFailsSetup() {
    Path dir = FabricFixtures.fix02BadAdmin().writeTo(tmp);
    MspFolderConfig conf = MspFolders.readLocal(dir, MSP_ID);
    // The same root twice collapses into one pool entry: the admin chains are not ambiguous.
    assertThat(conf.fabricConfig().getRootCertsList()).hasSize(2);
    assertThat(conf.fabricConfig().getRootCerts(0)).isEqualTo(conf.fabricConfig().getRootCerts(1));
    MspSetupException e = localSetupFails(dir, MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-01");
    assertThat(e.getMessage()).contains("admins[1]").contains("COP2");
  }

  @Test
  @Tag("FIX-03")
  @Tag("SETUP-SIGNER-04")
  @Tag("VALIDATE-OU-01")
  void fix03SignerWithAnUnconfiguredOuIsSetUpButInvalid() {
    Fixture f = FabricFixtures.fix03BadConfigOu();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    validIdentity(msp, f.cert("admin"));
    IdentityException e = invalid(msp, f.cert("signer"));
    assertThat(e.reason()).isEqualTo(Reason.OU_NOT_CONFIGURED);
    assertThat(e.rule()).isEqualTo("VALIDATE-OU-01");
  }

  @Test
  @Tag("FIX-04")
  @Tag("CERT-ID-01")
  @Tag("SETUP-OU-01")
  void fix04OuIdentifierNamingALeafCertificateFailsSetup() {
    Path dir = FabricFixtures.fix04BadConfigOuCert().writeTo(tmp);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.OU_CERTIFICATE_INVALID);
    assertThat(e.rule()).isEqualTo("CERT-ID-01");
    assertThat(e.getMessage()).contains("organizational_unit_identifiers[0]");
  }

  @Test
  @Tag("FIX-05")
  @Tag("IDENT-05")
  @Tag("SETUP-SIGNER-03")
  @Tag("FOLDER-10")
  void fix05ExpiresAtIsTheSignersNotAfter() {
    Fixture f = FabricFixtures.fix05Expiration();
    Path dir = f.writeTo(tmp);
    Instant notAfter = FabricFixtures.FIX05_NOT_AFTER;
    X509Msp msp = local(dir, MspVersion.V1_0, Clock.fixed(notAfter.minusSeconds(1), ZoneOffset.UTC));
    assertThat(validIdentity(msp, f.cert("signer")).expiresAt()).isEqualTo(notAfter);
    // The signer must expire strictly after the clock: at the very instant, setup fails.
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> local(dir, MspVersion.V1_0, Clock.fixed(notAfter, ZoneOffset.UTC)));
    assertThat(e.reason()).isEqualTo(Reason.SIGNER_EXPIRED);
    assertThat(e.rule()).isEqualTo("SETUP-SIGNER-03");
  }

  @Test
  @Tag("FIX-06")
  @Tag("SETUP-SIGNER-03")
  @Tag("VALIDATE-TIME-02")
  @Tag("VALIDATE-TIME-03")
  void fix06OnlyTheExpiredSigningIdentityFailsSetup() {
    Fixture f = FabricFixtures.fix06Expired();
    Path dir = f.writeTo(tmp);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.SIGNER_EXPIRED);
    assertThat(e.rule()).isEqualTo("SETUP-SIGNER-03");
    // Without the signing identity the same expired CA and admin set up fine, and the expired
    // certificates still validate: chains are checked at notBefore + 1 s, never at "now".
    X509Msp msp = verifying(dir, MspVersion.V1_0);
    validIdentity(msp, f.cert("admin"));
    assertThat(validIdentity(msp, f.cert("signer")).expiresAt()).isEqualTo(Instant.parse("1989-12-15T08:00:00Z"));
  }

  @Test
  @Tag("FIX-07")
  @Tag("CERT-ID-01")
  @Tag("VALIDATE-OU-01")
  @Tag("CHAIN-05")
  void fix07OuBoundToTheIntermediateAdmitsItsLeaf() {
    Fixture f = FabricFixtures.fix07External();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    IssuedCertificate root = f.cert("root");
    IssuedCertificate ica = f.cert("intermediate");
    Identity signer = validIdentity(msp, f.cert("signer"));
    assertThat(signer.organizationalUnits()).containsExactly(
        new OrganizationalUnit("Hyperledger Testing", Fixtures.sha256(sanitised(ica, root), sanitised(root, root))));
    assertThat(invalid(msp, ica).reason()).isEqualTo(Reason.IDENTITY_IS_CA);
  }

  @Test
  @Tag("FIX-08")
  @Tag("DESER-02")
  @Tag("VALIDATE-02")
  void fix08LeafOfTheIntermediateIsValidOnlyInItsOwnMsp() {
    Fixture f = FabricFixtures.fix08Intermediate();
    Fixture dev = FabricFixtures.fix01SampleConfig();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    X509Msp devMsp = local(dev.writeTo(tmp), MspVersion.V1_0);
    validIdentity(msp, f.cert("signer"));
    assertThat(invalid(msp, f.cert("intermediate")).reason()).isEqualTo(Reason.IDENTITY_IS_CA);
    assertThat(undeserialisable(devMsp, f.cert("signer")).reason()).isEqualTo(Reason.NO_CHAIN);
    assertThat(undeserialisable(msp, dev.cert("signer")).reason()).isEqualTo(Reason.NO_CHAIN);
  }

  @Test
  @Tag("FIX-09")
  @Tag("VALIDATE-04")
  @Tag("SETUP-CAFIN-02")
  void fix09LeafIssuedByTheRootAboveAnIntermediateIsInvalid() {
    Fixture f = FabricFixtures.fix09Intermediate2();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    validIdentity(msp, f.cert("signer"));
    IdentityException e = invalid(msp, f.cert("user2"));
    assertThat(e.reason()).isEqualTo(Reason.ISSUER_NOT_LEAF_CA);
    assertThat(e.rule()).isEqualTo("VALIDATE-04");
  }

  @Test
  @Tag("FIX-10")
  @Tag("SANITIZE-02")
  @Tag("SANITIZE-04")
  @Tag("IDENT-01")
  @Tag("IDENT-02")
  @Tag("SETUP-ADMIN-02")
  void fix10HighSCertificatesAreSanitisedBeforeHashing() {
    Fixture f = FabricFixtures.fix10MspId();
    IssuedCertificate signer = f.cert("signer");
    IssuedCertificate root = f.cert("root");
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    Identity id = validIdentity(msp, signer);
    byte[] lowS = sanitised(signer, root);
    assertThat(lowS).isNotEqualTo(signer.der());
    assertThat(id.certificateDer()).isEqualTo(lowS);
    assertThat(id.identifier().id())
        .isEqualTo(hex(Fixtures.sha256(lowS)))
        .isNotEqualTo(hex(Fixtures.sha256(signer.der())));
    // The root's high-S signature was normalised too: the certifiers hash is over the low-S root.
    assertThat(sanitised(root, root)).isNotEqualTo(root.der());
    // The admin, configured with the same high-S bytes, is recognised by its sanitised form.
    msp.satisfies(id, Principal.Role.admin(MSP_ID));
  }

  @Test
  @Tag("FIX-11")
  @Tag("NODEOU-03")
  @Tag("NODEOU-05")
  @Tag("CFGYAML-06")
  @Tag("SETUP-ADMIN-03")
  @Tag("PRINCIPAL-ROLE-03")
  void fix11AdminOuReplacesAdmincertsAtV143() {
    Fixture f = FabricFixtures.fix11NodeOuAdmin();
    Path dir = f.writeTo(tmp);
    FabricNodeOUs ous = MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus();
    assertThat(ous.getAdminOuIdentifier().getCertificate().isEmpty()).isFalse();
    // The orderer OU's certificate file is missing: the identifier stays, without certificate.
    assertThat(ous.getOrdererOuIdentifier().getOrganizationalUnitIdentifier()).isEqualTo("orderer");
    assertThat(ous.getOrdererOuIdentifier().getCertificate()).isEqualTo(ByteString.EMPTY);
    X509Msp msp = local(dir, MspVersion.V1_4_3);
    Identity signer = validIdentity(msp, f.cert("signer"));
    Identity admin = validIdentity(msp, f.cert("admin"));
    msp.satisfies(admin, Principal.Role.admin(MSP_ID));
    msp.satisfies(signer, Principal.Role.peer(MSP_ID));
    assertThat(notSatisfied(msp, signer, Principal.Role.admin(MSP_ID))).isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
  }

  @Test
  @Tag("FIX-12")
  @Tag("SETUP-ADMIN-03")
  @Tag("CFGYAML-06")
  void fix12AdminOuWithEmptyStringLeavesNoAdminsAtV143() {
    Path dir = FabricFixtures.fix12NodeOuAdmin2().writeTo(tmp);
    assertThat(MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus().hasAdminOuIdentifier()).isFalse();
    MspSetupException e = localSetupFails(dir, MspVersion.V1_4_3);
    assertThat(e.reason()).isEqualTo(Reason.NO_ADMINS);
    assertThat(e.rule()).isEqualTo("SETUP-ADMIN-03");
  }

  @Test
  @Tag("FIX-13")
  @Tag("SETUP-ADMIN-03")
  void fix13NoAdminOuAndNoAdminsFailsAtV143() {
    Fixture f = FabricFixtures.fix13NodeOuAdmin3();
    Path dir = f.writeTo(tmp);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_4_3);
    assertThat(e.reason()).isEqualTo(Reason.NO_ADMINS);
    assertThat(e.rule()).isEqualTo("SETUP-ADMIN-03");
    // Before v1.4.3 an empty admin list is fine.
    validIdentity(local(dir, MspVersion.V1_3), f.cert("signer"));
  }

  @Test
  @Tag("FIX-14")
  @Tag("SETUP-POST-03")
  @Tag("NODEOU-05")
  @Tag("PRINCIPAL-ROLE-03")
  void fix14ClientAdmincertAndOrdererSignerAreValidAtV143() {
    Fixture f = FabricFixtures.fix14NodeOuAdminClient();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_4_3);
    Identity admin = validIdentity(msp, f.cert("admin"));
    Identity signer = validIdentity(msp, f.cert("signer"));
    // ADMIN through admincerts, although the certificate carries OU client and not admin.
    msp.satisfies(admin, Principal.Role.admin(MSP_ID));
    msp.satisfies(admin, Principal.Role.client(MSP_ID));
    msp.satisfies(signer, Principal.Role.orderer(MSP_ID));
  }

  @Test
  @Tag("FIX-15")
  @Tag("SETUP-SIGNER-04")
  @Tag("NODEOU-05")
  @Tag("PRINCIPAL-ROLE-03")
  void fix15OrdererSignerWithoutOrdererOuIsSetUpButInvalid() {
    Fixture f = FabricFixtures.fix15NodeOuAdminClient2();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_4_3);
    msp.satisfies(validIdentity(msp, f.cert("admin")), Principal.Role.admin(MSP_ID));
    IdentityException e = invalid(msp, f.cert("signer"));
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(e.rule()).isEqualTo("NODEOU-05");
  }

  @Test
  @Tag("FIX-16")
  @Tag("NODEOU-05")
  @Tag("PRINCIPAL-ROLE-03")
  void fix16OrdererSignerIsValidAtV143ButNotAtV11() {
    Fixture f = FabricFixtures.fix16NodeOuOrderer();
    Path dir = f.writeTo(tmp);
    X509Msp msp = local(dir, MspVersion.V1_4_3);
    Identity signer = validIdentity(msp, f.cert("signer"));
    assertThat(signer.organizationalUnits()).extracting(OrganizationalUnit::ou).containsExactly("orderer");
    msp.satisfies(signer, Principal.Role.orderer(MSP_ID));
    IdentityException e = invalid(local(dir, MspVersion.V1_1), f.cert("signer"));
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(e.rule()).isEqualTo("NODEOU-04");
  }

  @Test
  @Tag("FIX-17")
  @Tag("CFGYAML-06")
  @Tag("NODEOU-03")
  @Tag("PRINCIPAL-ROLE-03")
  void fix17OrdererOuWithEmptyStringIsDroppedAndNodeOuCertificatesMissing() {
    Fixture f = FabricFixtures.fix17NodeOuOrderer2();
    Path dir = f.writeTo(tmp);
    FabricNodeOUs ous = MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus();
    assertThat(ous.hasOrdererOuIdentifier()).isFalse();
    assertThat(ous.getClientOuIdentifier().getCertificate()).isEqualTo(ByteString.EMPTY);
    X509Msp msp = local(dir, MspVersion.V1_4_3);
    Identity signer = validIdentity(msp, f.cert("signer"));
    validIdentity(msp, f.cert("admin"));
    msp.satisfies(signer, Principal.Role.peer(MSP_ID));
    // The orderer NodeOU is undefined: the ORDERER role cannot be tested at all.
    assertThat(notSatisfied(msp, signer, Principal.Role.orderer(MSP_ID))).isEqualTo(Reason.PRINCIPAL_UNSUPPORTED);
  }

  @Test
  @Tag("FIX-18")
  @Tag("NODEOU-03")
  @Tag("PRINCIPAL-ROLE-03")
  void fix18WithoutOrdererOuThePeerSignerIsValid() {
    Fixture f = FabricFixtures.fix18NodeOuOrderer3();
    Path dir = f.writeTo(tmp);
    assertThat(MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus().hasOrdererOuIdentifier()).isFalse();
    X509Msp msp = local(dir, MspVersion.V1_4_3);
    Identity signer = validIdentity(msp, f.cert("signer"));
    validIdentity(msp, f.cert("admin"));
    // The orderer NodeOU is undefined: the ORDERER role cannot be tested at all.
    assertThat(notSatisfied(msp, signer, Principal.Role.orderer(MSP_ID))).isEqualTo(Reason.PRINCIPAL_UNSUPPORTED);
  }

  @Test
  @Tag("FIX-19")
  @Tag("SETUP-POST-02")
  @Tag("NODEOU-01")
  @Tag("NODEOU-04")
  void fix19AdminWithoutClientOuFailsAtV11ButNotAtV10() {
    Fixture f = FabricFixtures.fix19NodeOus1();
    Path dir = f.writeTo(tmp);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_1);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-02");
    validIdentity(local(dir, MspVersion.V1_0), f.cert("signer"));
  }

  @Test
  @Tag("FIX-20")
  @Tag("NODEOU-04")
  @Tag("NODEOU-05")
  @Tag("SETUP-SIGNER-04")
  void fix20SignerWithoutAnyOuFailsTheNodeOuRule() {
    Fixture f = FabricFixtures.fix20NodeOus2();
    Path dir = f.writeTo(tmp);
    IdentityException v11 = invalid(local(dir, MspVersion.V1_1), f.cert("signer"));
    assertThat(v11.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(v11.rule()).isEqualTo("NODEOU-04");
    assertThat(v11.getMessage()).contains("client or peer");
    IdentityException v143 = invalid(local(dir, MspVersion.V1_4_3), f.cert("signer"));
    assertThat(v143.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(v143.rule()).isEqualTo("NODEOU-05");
    assertThat(v143.getMessage()).contains("client, peer, admin or orderer");
  }

  @Test
  @Tag("FIX-21")
  @Tag("NODEOU-04")
  @Tag("NODEOU-01")
  @Tag("PRINCIPAL-ROLE-02")
  void fix21PeerSignerAndClientAdminAreValid() {
    Fixture f = FabricFixtures.fix21NodeOus3();
    Path dir = f.writeTo(tmp);
    X509Msp v11 = local(dir, MspVersion.V1_1);
    Identity signer = validIdentity(v11, f.cert("signer"));
    Identity admin = validIdentity(v11, f.cert("admin"));
    assertThat(signer.organizationalUnits()).extracting(OrganizationalUnit::ou).containsExactly("OU_peer");
    assertThat(admin.organizationalUnits()).extracting(OrganizationalUnit::ou).containsExactly("OU_client");
    v11.satisfies(signer, Principal.Role.peer(MSP_ID));
    assertThat(notSatisfied(v11, signer, Principal.Role.client(MSP_ID))).isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
    v11.satisfies(admin, Principal.Role.client(MSP_ID));
    assertThat(notSatisfied(v11, admin, Principal.Role.peer(MSP_ID))).isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
    validIdentity(local(dir, MspVersion.V1_0), f.cert("signer"));
  }

  @Test
  @Tag("FIX-22")
  @Tag("NODEOU-02")
  @Tag("NODEOU-04")
  @Tag("SETUP-POST-02")
  @Tag("CFGYAML-06")
  void fix22ClientOuBoundToAnotherRootRejectsTheAdminAtV11() {
    Fixture f = FabricFixtures.fix22NodeOus4();
    Path dir = f.writeTo(tmp);
    FabricNodeOUs ous = MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus();
    assertThat(ous.getClientOuIdentifier().getCertificate().toStringUtf8()).isEqualTo(f.cert("external").pem());
    assertThat(ous.getPeerOuIdentifier().getCertificate()).isEqualTo(ByteString.EMPTY);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_1);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-02");
    assertThat(e.getMessage()).contains("certified by another CA chain");
    validIdentity(local(dir, MspVersion.V1_0), f.cert("signer"));
  }

  @Test
  @Tag("FIX-23")
  @Tag("NODEOU-04")
  void fix23OrdererOuIsNoNodeOuAtV11() {
    Fixture f = FabricFixtures.fix23NodeOus5();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_1);
    validIdentity(msp, f.cert("admin"));
    IdentityException e = invalid(msp, f.cert("signer"));
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_NONE);
    assertThat(e.rule()).isEqualTo("NODEOU-04");
  }

  @Test
  @Tag("FIX-24")
  @Tag("VALIDATE-OU-01")
  @Tag("NODEOU-04")
  void fix24NodeOusThatAreAlsoOuIdentifiersAdmitTheSigner() {
    Fixture f = FabricFixtures.fix24NodeOus6();
    Path dir = f.writeTo(tmp);
    for (MspVersion v : List.of(MspVersion.V1_0, MspVersion.V1_1)) {
      X509Msp msp = local(dir, v);
      validIdentity(msp, f.cert("signer"));
      validIdentity(msp, f.cert("admin"));
    }
  }

  @Test
  @Tag("FIX-25")
  @Tag("VALIDATE-OU-01")
  @Tag("SETUP-POST-01")
  @Tag("SETUP-POST-02")
  void fix25AdminWithoutTheOnlyOuIdentifierFailsSetup() {
    Path dir = FabricFixtures.fix25NodeOus7().writeTo(tmp);
    MspSetupException v10 = localSetupFails(dir, MspVersion.V1_0);
    assertThat(v10.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(v10.rule()).isEqualTo("SETUP-POST-01");
    assertThat(v10.getMessage()).contains("OU_client");
    MspSetupException v11 = localSetupFails(dir, MspVersion.V1_1);
    assertThat(v11.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(v11.rule()).isEqualTo("SETUP-POST-02");
  }

  @Test
  @Tag("FIX-26")
  @Tag("CFGYAML-06")
  @Tag("SETUP-POST-02")
  void fix26PeerAdminIsNoClientAtV11() {
    Fixture f = FabricFixtures.fix26NodeOus8();
    Path dir = f.writeTo(tmp);
    FabricNodeOUs ous = MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus();
    assertThat(ous.getClientOuIdentifier().getCertificate()).isEqualTo(ByteString.EMPTY);
    assertThat(ous.getPeerOuIdentifier().getCertificate()).isEqualTo(ByteString.EMPTY);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_1);
    assertThat(e.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(e.rule()).isEqualTo("SETUP-POST-02");
    assertThat(e.getMessage()).contains("lacks the client OU");
    validIdentity(local(dir, MspVersion.V1_0), f.cert("signer"));
  }

  @Test
  @Tag("FIX-27")
  @Tag("NODEOU-02")
  @Tag("SETUP-POST-03")
  @Tag("CFGYAML-06")
  void fix27ClientOuWithoutStringFailsAtV13AndV143() {
    Path dir = FabricFixtures.fix27NodeOusBadConf1().writeTo(tmp);
    assertThat(MspFolders.readLocal(dir, MSP_ID).fabricConfig().getFabricNodeOus().hasClientOuIdentifier()).isFalse();
    MspSetupException v13 = localSetupFails(dir, MspVersion.V1_3);
    assertThat(v13.reason()).isEqualTo(Reason.NODEOU_MISSING);
    assertThat(v13.rule()).isEqualTo("NODEOU-02");
    MspSetupException v143 = localSetupFails(dir, MspVersion.V1_4_3);
    assertThat(v143.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(v143.rule()).isEqualTo("SETUP-POST-03");
  }

  @Test
  @Tag("FIX-28")
  @Tag("NODEOU-02")
  @Tag("NODEOU-03")
  void fix28PeerOuWithoutStringFailsAtV13Only() {
    Fixture f = FabricFixtures.fix28NodeOusBadConf2();
    Path dir = f.writeTo(tmp);
    MspSetupException v13 = localSetupFails(dir, MspVersion.V1_3);
    assertThat(v13.reason()).isEqualTo(Reason.NODEOU_MISSING);
    assertThat(v13.rule()).isEqualTo("NODEOU-02");
    X509Msp msp = local(dir, MspVersion.V1_4_3);
    validIdentity(msp, f.cert("signer"));
    validIdentity(msp, f.cert("admin"));
  }

  @Test
  @Tag("FIX-29")
  @Tag("VALIDATE-CRL-02")
  @Tag("SETUP-CRL-02")
  @Tag("SETUP-SIGNER-04")
  @Tag("PRINCIPAL-ID-01")
  void fix29RevokedSignerIsSetUpButInvalidAlsoWithAnExtraIntegerInTheCrlSignature() {
    for (boolean extraInteger : new boolean[] {false, true}) {
      Fixture f = FabricFixtures.fix29Revocation(extraInteger);
      X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
      Identity admin = validIdentity(msp, f.cert("admin"));
      IdentityException e = invalid(msp, f.cert("signer"));
      assertThat(e.reason()).as(f.id()).isEqualTo(Reason.REVOKED);
      assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
      // A revoked certificate does not even satisfy its own IDENTITY principal.
      Identity signer = msp.deserialize(serialized(f.cert("signer")));
      assertThat(notSatisfied(msp, signer, Principal.IdentityPrincipal.of(signer))).isEqualTo(Reason.REVOKED);
      msp.satisfies(admin, Principal.IdentityPrincipal.of(admin));
    }
  }

  @Test
  @Tag("FIX-30")
  @Tag("VALIDATE-CRL-02")
  @Tag("VALIDATE-CRL-03")
  void fix30StaleCrlOfAnotherIssuerIsIgnored() {
    Fixture f = FabricFixtures.fix30Revocation2();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    validIdentity(msp, f.cert("signer"));
    validIdentity(msp, f.cert("admin"));
  }

  @Test
  @Tag("FIX-31")
  @Tag("VALIDATE-CRL-04")
  void fix31RevokedIntermediateFailsSetup() {
    Path dir = FabricFixtures.fix31RevokedIca().writeTo(tmp);
    MspSetupException e = localSetupFails(dir, MspVersion.V1_0);
    assertThat(e.reason()).isEqualTo(Reason.CA_REVOKED);
    assertThat(e.rule()).isEqualTo("VALIDATE-CRL-04");
    assertThat(e.getMessage()).contains("intermediate_certs[0]");
  }

  @Test
  @Tag("FIX-32")
  @Tag("SETUP-TLS-01")
  @Tag("SETUP-TLS-02")
  @Tag("CERT-ID-01")
  void fix32TlsCasAreReturnedAsTheirFiles() {
    Fixture f = FabricFixtures.fix32Tls();
    X509Msp msp = local(f.writeTo(tmp), MspVersion.V1_0);
    IssuedCertificate root = f.cert("root");
    IssuedCertificate ica = f.cert("intermediate");
    Identity signer = validIdentity(msp, f.cert("signer"));
    assertThat(signer.organizationalUnits()).containsExactly(
        new OrganizationalUnit("Hyperledger Testing", Fixtures.sha256(sanitised(ica, root), sanitised(root, root))));
    assertThat(msp.tlsRootCerts()).containsExactly(pem(root));
    assertThat(msp.tlsIntermediateCerts()).containsExactly(pem(ica));
  }

  // ------------------------------------------------------------------------------------------

  private static X509Msp local(Path dir, MspVersion version) {
    return local(dir, version, CLOCK);
  }

  private static X509Msp local(Path dir, MspVersion version, Clock clock) {
    MspFolderConfig c = MspFolders.readLocal(dir, MSP_ID);
    return X509Msps.setup(c.mspConfig(), version,
        SetupOptions.defaults().withKeyStore(c.keyStore()).withClock(clock));
  }

  private static X509Msp verifying(Path dir, MspVersion version) {
    MspFolderConfig c = MspFolders.readVerifying(dir, MSP_ID);
    return X509Msps.setup(c.mspConfig(), version, SetupOptions.defaults().withClock(CLOCK));
  }

  private static MspSetupException localSetupFails(Path dir, MspVersion version) {
    return assertThrows(MspSetupException.class, () -> local(dir, version));
  }

  /** The certificate's file bytes wrapped in a SerializedIdentity of this MSP. */
  private static byte[] serialized(IssuedCertificate c) {
    return SerializedIdentity.newBuilder()
        .setMspid(MSP_ID)
        .setIdBytes(ByteString.copyFrom(pem(c)))
        .build()
        .toByteArray();
  }

  private static Identity validIdentity(X509Msp msp, IssuedCertificate c) {
    return Fixtures.validIdentity(msp, serialized(c));
  }

  private static IdentityException invalid(X509Msp msp, IssuedCertificate c) {
    return Fixtures.invalid(msp, serialized(c));
  }

  /** The reason {@code identity} does not satisfy {@code principal}. */
  private static Reason notSatisfied(X509Msp msp, Identity identity, Principal principal) {
    return assertThrows(IdentityException.class, () -> msp.satisfies(identity, principal)).reason();
  }

  private static IdentityException undeserialisable(X509Msp msp, IssuedCertificate c) {
    return assertThrows(IdentityException.class, () -> msp.deserialize(serialized(c)));
  }

  /** The DER Fabric's sanitisation makes of {@code c}: its ECDSA signature with low S. */
  private static byte[] sanitised(IssuedCertificate c, IssuedCertificate issuer) {
    return c.withMangledSignature(SignatureMangling.lowS(), issuer.publicKey()).der();
  }

  private static byte[] pem(IssuedCertificate c) {
    return c.pem().getBytes(StandardCharsets.US_ASCII);
  }


  private static String hex(byte[] b) {
    return java.util.HexFormat.of().formatHex(b);
  }
}

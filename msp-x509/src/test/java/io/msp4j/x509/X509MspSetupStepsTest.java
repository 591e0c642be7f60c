package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.Pem;
import io.msp4j.testdata.SignatureMangling;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Individual setup steps of spec section 3 that other test classes do not reach. */
class X509MspSetupStepsTest {
  private final Org org = new Org("setup-steps");

  private static MSPConfig with(FabricMSPConfig f) {
    return MSPConfig.newBuilder().setType(0).setConfig(f.toByteString()).build();
  }

  private static void valid(X509Msp msp, IssuedCertificate c) {
    msp.validate(msp.deserialize(MspConfigs.serialized(c)));
  }

  private static IdentityException invalid(X509Msp msp, IssuedCertificate c) {
    Identity id = msp.deserialize(MspConfigs.serialized(c));
    return assertThrows(IdentityException.class, () -> msp.validate(id));
  }

  @Test
  @Tag("SETUP-IDENT-01")
  @Tag("ALG-01")
  void publicKeyIsImportedBeforeTheCertificateIsSanitised() {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), MspVersion.V3_0);
    // A DSA key cannot be imported: that is the failure, even for a certificate that has no
    // chain to this MSP and could not be sanitised either.
    IssuedCertificate foreignDsa = org.pki.certificate().subject("CN=dsa").issuer(org.ca("CN=foreign"))
        .keyAlgorithm(KeyAlgorithm.DSA_2048).build();
    IssuedCertificate ownDsa = org.custom().subject("CN=dsa").keyAlgorithm(KeyAlgorithm.DSA_2048).build();
    for (IssuedCertificate dsa : new IssuedCertificate[] {foreignDsa, ownDsa}) {
      IdentityException e = assertThrows(IdentityException.class, () -> msp.deserialize(MspConfigs.serialized(dsa)));
      assertThat(e.reason()).isEqualTo(Reason.UNSUPPORTED_KEY);
    }
    // The same order applies to the MSP's own certificates.
    MspSetupException e = assertThrows(MspSetupException.class, () -> X509Msps.setup(
        MspConfigs.of(org.root).admin(foreignDsa).build(), MspVersion.V1_0));
    assertThat(e.reason()).isEqualTo(Reason.UNSUPPORTED_KEY);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA2", "SHA3", "", "SHA5", "sha2"})
  @Tag("SETUP-CRYPTO-03")
  @Tag("SETUP-CRYPTO-01")
  void signatureHashFamilyIsNotCheckedAtSetup(String family) {
    FabricMSPConfig.Builder f = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).fabricConfig().toBuilder();
    f.getCryptoConfigBuilder().setSignatureHashFamily(family);
    X509Msp msp = X509Msps.setup(with(f.build()), MspVersion.V1_4_3);
    valid(msp, org.leaf("CN=user"));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 7})
  @Tag("CORE-06")
  @Tag("SETUP-CONF-01")
  void mspConfigTypeIsNotExaminedByTheX509Msp(int type) {
    MSPConfig c = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build().toBuilder().setType(type).build();
    X509Msp msp = X509Msps.setup(c, MspVersion.V1_4_3);
    valid(msp, org.leaf("CN=user"));
  }

  @Test
  @Tag("SETUP-SIGNER-01")
  void signingIdentityMustBecomeAnIdentityOfTheMsp() {
    IssuedCertificate foreign = org.leaf(org.ca("CN=foreign"), "CN=signer");
    MspSetupException e = assertThrows(MspSetupException.class, () -> X509Msps.setup(
        MspConfigs.of(org.root).admin(org.leaf("CN=admin")).signer(foreign, foreign.pkcs8Pem()).build(), MspVersion.V1_0));
    assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
    assertThat(e.getMessage()).contains("signing_identity.public_signer");

    FabricMSPConfig garbage = MspConfigs.of(org.root).admin(org.leaf("CN=admin")).fabricConfig().toBuilder()
        .setSigningIdentity(SigningIdentityInfo.newBuilder().setPublicSigner(ByteString.copyFrom(
            Pem.encode("CERTIFICATE", new byte[] {0x30, 0x00}), StandardCharsets.US_ASCII)))
        .build();
    MspSetupException g = assertThrows(MspSetupException.class, () -> X509Msps.setup(with(garbage), MspVersion.V1_0));
    assertThat(g.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
  }

  @Test
  @Tag("SETUP-SIGNER-01")
  void withoutSigningIdentityNoKeyIsLookedUp() {
    SigningKeyStore failing = ski -> {
      throw new AssertionError("the key store must not be consulted without a signing identity");
    };
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), MspVersion.V1_0,
        SetupOptions.defaults().withKeyStore(failing));
    valid(msp, org.leaf("CN=user"));
  }

  @Test
  @Tag("SETUP-OU-02")
  @Tag("VALIDATE-OU-01")
  void oneOuStringMayBeBoundToSeveralCertifiers() {
    IssuedCertificate root2 = org.ca("CN=second root");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root, root2)
        .ou("X", org.root).ou("X", root2).ou("X", org.root)
        .admin(org.leaf("CN=admin,OU=X")).build(), MspVersion.V1_0);
    valid(msp, org.leaf("CN=u1,OU=X"));
    valid(msp, org.leaf(root2, "CN=u2,OU=X"));
    assertThat(invalid(msp, org.leaf("CN=u3,OU=Y")).reason()).isEqualTo(Reason.OU_NOT_CONFIGURED);
  }

  @Test
  @Tag("SETUP-CAFIN-02")
  @Tag("VALIDATE-04")
  @Tag("CERT-ID-01")
  void intermediateWithASubIntermediateIsAnInternalNode() {
    IssuedCertificate ica1 = org.intermediate(org.root, "CN=ica1");
    IssuedCertificate ica2 = org.intermediate(ica1, "CN=ica2");
    MspConfigs base = MspConfigs.of(org.root).intermediate(ica1).intermediate(ica2).admin(org.leaf(ica2, "CN=admin"));
    X509Msp msp = X509Msps.setup(base.build(), MspVersion.V1_0);
    valid(msp, org.leaf(ica2, "CN=leaf of ica2"));
    IdentityException e = invalid(msp, org.leaf(ica1, "CN=leaf of ica1"));
    assertThat(e.reason()).isEqualTo(Reason.ISSUER_NOT_LEAF_CA);
    // An OU identifier may name the lowest intermediate, not the internal one.
    X509Msps.setup(MspConfigs.of(org.root).intermediate(ica1).intermediate(ica2).admin(org.leaf(ica2, "CN=admin,OU=X"))
        .ou("X", ica2).build(), MspVersion.V1_0);
    MspSetupException s = assertThrows(MspSetupException.class, () -> X509Msps.setup(
        MspConfigs.of(org.root).intermediate(ica1).intermediate(ica2).admin(org.leaf(ica2, "CN=admin,OU=X"))
            .ou("X", ica1).build(), MspVersion.V1_0));
    assertThat(s.reason()).isEqualTo(Reason.ISSUER_NOT_LEAF_CA);
    assertThat(s.getMessage()).contains("organizational_unit_identifiers[0]");
  }

  @Test
  @Tag("SETUP-ADMIN-02")
  @Tag("IDENT-02")
  @Tag("PRINCIPAL-ROLE-02")
  void adminsAreComparedBySanitisedCertificate() {
    IssuedCertificate admin = org.custom().subject("CN=admin").mangleSignature(SignatureMangling.highS()).build();
    IssuedCertificate lowS = Org.lowS(admin, org.root);
    assertThat(lowS.der()).isNotEqualTo(admin.der());
    // Same subject and key, another serial: a different certificate.
    IssuedCertificate reissued = org.custom().subject("CN=admin").keyPair(admin.keyPair()).build();
    for (IssuedCertificate configured : new IssuedCertificate[] {admin, lowS}) {
      X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(configured).build(), MspVersion.V1_4_3);
      for (IssuedCertificate presented : new IssuedCertificate[] {admin, lowS}) {
        msp.satisfies(msp.deserialize(MspConfigs.serialized(presented)), Principal.Role.admin(MspConfigs.MSP_ID));
      }
      Identity other = msp.deserialize(MspConfigs.serialized(reissued));
      msp.validate(other);
      IdentityException e = assertThrows(IdentityException.class,
          () -> msp.satisfies(other, Principal.Role.admin(MspConfigs.MSP_ID)));
      assertThat(e.reason()).isEqualTo(Reason.PRINCIPAL_NOT_SATISFIED);
    }
  }
}

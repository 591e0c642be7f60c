package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.util.HexFormat;
import org.bouncycastle.asn1.DERBMPString;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The same MSP and identity judged as Fabric v3.0.0 (Go 1.23.1) and v3.1.5 (Go 1.26.4) judge them:
 * verdicts that moved with Go's certificate parser and chain policy processing (Appendix F).
 */
class X509MspReleaseVerdictTest {
  private final Org org = new Org("release-verdicts");

  private X509Msp msp(MspConfigs c, FabricRelease release) {
    return X509Msps.setup(c.build(), MspVersion.V3_0, SetupOptions.defaults().withRelease(release));
  }

  @Test
  @Tag("REL-X509-08")
  void identityWithASurrogatePairInItsOuDeserializesInV300AndNotInV315() {
    IssuedCertificate leaf = org.custom().subject(new X500NameBuilder(BCStyle.INSTANCE)
        .addRDN(BCStyle.CN, "user1").addRDN(BCStyle.OU, new DERBMPString("dept\ud83d\ude00"))
        .build()).leaf().build();
    MspConfigs config = MspConfigs.of(org.root).admin(org.leaf("CN=admin"));

    X509Msp v300 = msp(config, FabricRelease.V3_0_0);
    Identity id = v300.deserialize(MspConfigs.serialized(leaf));
    v300.validate(id);
    assertThat(id.organizationalUnits()).extracting(ou -> ou.ou())
        .containsExactly("dept\ud83d\ude00");

    X509Msp v315 = msp(config, FabricRelease.V3_1_5);
    IdentityException e = assertThrows(IdentityException.class,
        () -> v315.deserialize(MspConfigs.serialized(leaf)));
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
    assertThat(e.rule()).isEqualTo("REL-X509-08");
    assertThat(e.getMessage()).contains("invalid BMPString").contains("Go 1.26.4");
  }

  @Test
  @Tag("REL-X509-05")
  void leafWithoutPolicyUnderACaRequiringOneIsValidInV300AndNotInV315() {
    IssuedCertificate ica = org.pki.certificate().subject("CN=ica.org1.example.com")
        .issuer(org.root).ca().certificatePolicies("1.2.3.4")
        .extension("2.5.29.36", false, HexFormat.of().parseHex("3003800100")).build();
    IssuedCertificate leaf = org.leaf(ica, "CN=user1");
    IssuedCertificate admin = org.pki.certificate().subject("CN=admin").issuer(ica).leaf()
        .certificatePolicies("1.2.3.4").build();
    MspConfigs config = MspConfigs.of(org.root).intermediate(ica).admin(admin);

    X509Msp v300 = msp(config, FabricRelease.V3_0_0);
    v300.validate(v300.deserialize(MspConfigs.serialized(leaf)));

    X509Msp v315 = msp(config, FabricRelease.V3_1_5);
    IdentityException e = assertThrows(IdentityException.class,
        () -> v315.validate(v315.deserialize(MspConfigs.serialized(leaf))));
    // Fabric's sanitisation already needs the chain, so the identity does not deserialize
    assertThat(e.rule()).isEqualTo("SANITIZE-03");
    assertThat(e.getMessage()).contains("REL-X509-05").contains("CN=user1")
        .contains("CN=ica.org1.example.com");
  }
}

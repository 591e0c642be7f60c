package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.Names;
import java.time.Instant;
import org.bouncycastle.asn1.x509.CRLReason;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** How CRLs are matched to certificates (VALIDATE-CRL-01, VALIDATE-CRL-03). */
class X509MspRevocationTest {
  private final Org org = new Org("revocation");

  private static void valid(X509Msp msp, IssuedCertificate c) {
    msp.validate(msp.deserialize(MspConfigs.serialized(c)));
  }

  private static Reason failure(X509Msp msp, IssuedCertificate c) {
    Identity id = msp.deserialize(MspConfigs.serialized(c));
    return assertThrows(IdentityException.class, () -> msp.validate(id)).reason();
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  @Tag("VALIDATE-CRL-02")
  void crlIsMatchedByTheIssuersSubjectKeyIdentifierExtension() {
    // The root's SKI is the 20-byte RFC 5280 hash, not the SHA-256 Fabric's key store computes.
    IssuedCertificate root = org.pki.certificate().subject("CN=sha1 ski root").ca().subjectKeyIdRfc5280().build();
    IssuedCertificate byExtension = org.leaf(root, "CN=l1");
    IssuedCertificate byKeyHash = org.leaf(root, "CN=l2");
    X509Msp msp = X509Msps.setup(MspConfigs.of(root).admin(org.leaf(root, "CN=admin"))
        .crl(org.pki.crl(root).revoke(byExtension).build())
        .crl(org.pki.crl(root).authorityKeyId(root.fabricSki()).revoke(byKeyHash).build())
        .build(), MspVersion.V1_4_3);
    assertThat(root.subjectKeyId().orElseThrow()).hasSize(20);
    assertThat(failure(msp, byExtension)).isEqualTo(Reason.REVOKED);
    valid(msp, byKeyHash);
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  @Tag("VALIDATE-CRL-04")
  void onlyTheDirectIssuersCrlsCount() {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    IssuedCertificate leaf = org.leaf(ica, "CN=leaf");
    // The root lists the leaf's serial, but the leaf's issuer is the intermediate.
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).intermediate(ica).admin(org.leaf(ica, "CN=admin"))
        .crl(org.pki.crl(org.root).revoke(leaf.serial()).build()).build(), MspVersion.V1_0);
    valid(msp, leaf);
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  @Tag("SETUP-CAFIN-01")
  void intermediateWhoseIssuerHasNoSkiFailsTheRevocationStep() {
    IssuedCertificate upper = org.pki.certificate().subject("CN=upper").issuer(org.root).ca().noSubjectKeyId().build();
    IssuedCertificate lower = org.intermediate(upper, "CN=lower");
    // Listed first, the lower intermediate is finished first: its issuer has no SKI to match CRLs with.
    MspSetupException first = assertThrows(MspSetupException.class, () -> X509Msps.setup(
        MspConfigs.of(org.root).intermediate(lower).intermediate(upper).build(), MspVersion.V1_0));
    assertThat(first.reason()).isEqualTo(Reason.ISSUER_MISSING_SKI);
    assertThat(first.rule()).isEqualTo("VALIDATE-CRL-01");
    MspSetupException second = assertThrows(MspSetupException.class, () -> X509Msps.setup(
        MspConfigs.of(org.root).intermediate(upper).intermediate(lower).build(), MspVersion.V1_0));
    assertThat(second.reason()).isEqualTo(Reason.CA_MISSING_SKI);
  }

  @Test
  @Tag("VALIDATE-CRL-03")
  void revocationDateReasonIssuerNameAndFreshnessAreIgnored() {
    IssuedCertificate future = org.leaf("CN=revoked from 2049");
    IssuedCertificate removed = org.leaf("CN=removeFromCRL");
    IssuedCertificate otherName = org.leaf("CN=crl names another issuer");
    IssuedCertificate stale = org.leaf("CN=stale crl");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin"))
        .crl(org.pki.crl(org.root)
            .revoke(future.serial(), Instant.parse("2049-01-01T00:00:00Z"), null)
            .revoke(removed.serial(), null, CRLReason.removeFromCRL)
            .build())
        .crl(org.pki.crl(org.root).issuerName(Names.parse("CN=somebody else")).revoke(otherName).build())
        .crl(org.pki.crl(org.root).thisUpdate(Instant.parse("2017-01-01T00:00:00Z"))
            .nextUpdate(Instant.parse("2017-01-02T00:00:00Z")).revoke(stale).build())
        .build(), MspVersion.V1_4_3);
    for (IssuedCertificate c : new IssuedCertificate[] {future, removed, otherName, stale}) {
      assertThat(failure(msp, c)).as(c.toString()).isEqualTo(Reason.REVOKED);
    }
    valid(msp, org.leaf("CN=not listed"));
  }

  @Test
  @Tag("VALIDATE-CRL-03")
  void authorityKeyIdentifierWithoutKeyIdNeverMatches() {
    IssuedCertificate listed = org.leaf("CN=listed");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin"))
        .crl(org.pki.crl(org.root).authorityKeyIdWithoutKeyId().revoke(listed).build())
        .build(), MspVersion.V1_4_3);
    valid(msp, listed);
  }
}

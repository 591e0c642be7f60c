package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.msp4j.core.reload.MspChange;
import io.msp4j.core.reload.MspChange.Action;
import io.msp4j.core.reload.MspChange.Kind;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What a reload reports as changed between two X.509 MSP configurations. */
class X509MspContentsTest {
  private final Org org = new Org("contents");
  private final IssuedCertificate ica = org.intermediate(org.root, "CN=ica.org1.example.com,O=org1.example.com,C=US");
  private final IssuedCertificate admin = org.leaf("CN=Admin@org1.example.com");
  private final IssuedCertificate peer = org.leaf("CN=peer0.org1.example.com");

  private static List<MspChange> changes(MSPConfig before, MSPConfig after) {
    return X509MspContents.of(after).changesSince(before == null ? null : X509MspContents.of(before));
  }

  /** The subject as msp4j writes it in messages (RFC 4514, from the certificate's own order). */
  private static String subject(IssuedCertificate c) {
    return io.msp4j.x509.internal.cert.ParsedCertificate.parse(c.der()).subjectText();
  }

  private static String text(IssuedCertificate c) {
    return subject(c) + " (serial " + c.serial().toString(16) + ")";
  }

  @Test
  void theFirstConfigurationIsReportedAsEverythingAdded() {
    MSPConfig c = MspConfigs.of(org.root).intermediate(ica).admin(admin).tlsRoot(org.root)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0x1234)).build())
        .ou("COP", org.root).nodeOus(true, "client", "peer", "admin", "orderer")
        .signer(peer, null).build();
    List<MspChange> changes = changes(null, c);
    assertThat(changes).extracting(MspChange::kind).containsExactly(
        Kind.ROOT_CA, Kind.INTERMEDIATE_CA, Kind.ADMIN, Kind.REVOKED_SERIALS, Kind.OU_IDENTIFIER,
        Kind.NODE_OUS, Kind.SIGNING_IDENTITY, Kind.TLS_ROOT_CA);
    assertThat(changes).extracting(MspChange::action).containsOnly(Action.ADDED);
    assertThat(changes.get(0).item()).isEqualTo(text(org.root));
    assertThat(changes.get(3).item()).isEqualTo("by " + subject(ica) + ": 1234");
    assertThat(changes.get(4).item()).isEqualTo("OU 'COP' certified by " + text(org.root));
    assertThat(changes.get(5).item()).contains("enable true", "client 'client'", "orderer 'orderer'");
    assertThat(changes.get(6).item()).isEqualTo(text(peer));
  }

  @Test
  void theSameConfigurationHasNoChangesAndACertificateRewrittenWithOtherTextIsNone() {
    MSPConfig c = MspConfigs.of(org.root).admin(admin).build();
    assertThat(changes(c, c)).isEmpty();
    MSPConfig rewritten = MspConfigs.of().rootBytes(("issued by our CA\n" + org.root.pem())
        .getBytes(StandardCharsets.US_ASCII)).admin(admin).build();
    assertThat(rewritten).isNotEqualTo(c);
    assertThat(changes(c, rewritten)).isEmpty();
  }

  @Test
  void addedAndRemovedCertificatesAreNamed() {
    IssuedCertificate ica2 = org.intermediate(org.root, "CN=ica2.org1.example.com");
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica).admin(admin).build();
    MSPConfig after = MspConfigs.of(org.root).intermediate(ica2).admin(admin).admin(peer).build();
    assertThat(changes(before, after)).containsExactly(
        MspChange.of(Kind.INTERMEDIATE_CA, Action.ADDED, text(ica2)),
        MspChange.of(Kind.INTERMEDIATE_CA, Action.REMOVED, text(ica)),
        MspChange.of(Kind.ADMIN, Action.ADDED, text(peer)));
    assertThat(text(ica2)).isEqualTo("CN=ica2.org1.example.com (serial " + ica2.serial().toString(16) + ")");
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  void revokedSerialsAreComparedByTheCaTheCrlNamesNotByFile() {
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xa1)).revoke(BigInteger.valueOf(0xb2)).build())
        .build();
    // The same CA's serials now spread over two CRLs: one newly revoked, one no longer listed.
    MSPConfig after = MspConfigs.of(org.root).intermediate(ica)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xb2)).build())
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xc3)).build())
        .build();
    String issuer = "by " + subject(ica) + ": ";
    assertThat(changes(before, after)).containsExactly(
        new MspChange(Kind.REVOKED_SERIALS, Action.ADDED, issuer + "c3", 1),
        new MspChange(Kind.REVOKED_SERIALS, Action.REMOVED, issuer + "a1", 1));
  }

  @Test
  void aCrlReissuedWithTheSameSerialsIsACrlChangeAndAnEmptyOneIsNamed() {
    CrlBuilder first = org.pki.crl(ica).revoke(BigInteger.TEN);
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica).crl(first.build()).build();
    MSPConfig after = MspConfigs.of(org.root).intermediate(ica)
        .crl(org.pki.crl(ica).revoke(BigInteger.TEN).thisUpdate(java.time.Instant.parse("2025-06-01T00:00:00Z")).build())
        .crl(org.pki.crl(org.root).build()).build();
    List<MspChange> changes = changes(before, after);
    assertThat(changes).extracting(MspChange::kind, MspChange::action).containsExactly(
        tuple(Kind.CRL, Action.CHANGED),
        tuple(Kind.CRL, Action.ADDED));
    assertThat(changes.get(0).item()).contains("re-issued with the same 1 revoked serials");
    assertThat(changes.get(1).item()).isEqualTo("by " + subject(org.root) + ", revoking nothing (1 CRL)");
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  void anUnchangedCrlBesideOtherChangesIsNotReportedWhileAChangedOneIs() {
    io.msp4j.testdata.IssuedCrl same = org.pki.crl(ica).revoke(BigInteger.valueOf(0xa1)).build();
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica).crl(same).build();
    MSPConfig adminAdded = MspConfigs.of(org.root).intermediate(ica).crl(same).admin(admin).build();
    assertThat(changes(before, adminAdded)).containsExactly(MspChange.of(Kind.ADMIN, Action.ADDED, text(admin)));
    MSPConfig crlChanged = MspConfigs.of(org.root).intermediate(ica).admin(admin)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xa1)).revoke(BigInteger.valueOf(0xb2)).build()).build();
    assertThat(changes(adminAdded, crlChanged)).containsExactly(
        new MspChange(Kind.REVOKED_SERIALS, Action.ADDED, "by " + subject(ica) + ": b2", 1));
  }

  @Test
  void aLargeCrlChangeIsCountedAndNamesItsFirstTenSerials() {
    CrlBuilder big = org.pki.crl(ica);
    for (int i = 1; i <= 5000; i++) {
      big.revoke(BigInteger.valueOf(i));
    }
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica).build();
    MSPConfig after = MspConfigs.of(org.root).intermediate(ica).crl(big.build()).build();
    List<MspChange> changes = changes(before, after);
    assertThat(changes).hasSize(1);
    assertThat(changes.get(0).count()).isEqualTo(5000);
    assertThat(changes.get(0).item()).endsWith(" and 4990 more");
    assertThat(changes.get(0).item().split(", ")).hasSize(10);
    assertThat(changes.get(0).toString()).startsWith("REVOKED_SERIALS ADDED (5000): by " + subject(ica) + ": ");
  }

  @Test
  void nodeOusSigningIdentityAndCryptoChangesAreDescribed() {
    IssuedCertificate peer2 = org.leaf("CN=peer0.org1.example.com,OU=rotated");
    MSPConfig before = MspConfigs.of(org.root).nodeOus(false, "client", "peer", null, null).signer(peer, null).build();
    MSPConfig after = MspConfigs.of(org.root).nodeOus(true, "client", "peers", "admin", null)
        .signer(peer2, null).identityHash("SHA3_256").build();
    List<MspChange> changes = changes(before, after);
    assertThat(changes).extracting(MspChange::kind).containsExactly(
        Kind.NODE_OUS, Kind.SIGNING_IDENTITY, Kind.CRYPTO_CONFIG);
    assertThat(changes.get(0).item())
        .isEqualTo("enable false -> true; peer 'peer' -> 'peers'; admin (none) -> 'admin'");
    assertThat(changes.get(1).action()).isEqualTo(Action.CHANGED);
    assertThat(changes.get(1).item()).isEqualTo(text(peer) + " -> " + text(peer2));
    assertThat(changes.get(2).item()).contains("identity identifier hash '' -> 'SHA3_256'");
    MSPConfig noNodeOus = MspConfigs.of(org.root).signer(peer2, null).identityHash("SHA3_256").build();
    assertThat(changes(after, noNodeOus)).extracting(MspChange::kind, MspChange::action)
        .containsExactly(tuple(Kind.NODE_OUS, Action.REMOVED));
  }

  @Test
  void aConfigurationOfAnotherProviderTypeIsReportedWithoutComparison() {
    MSPConfig idemix = MSPConfig.newBuilder().setType(1).build();
    assertThat(changes(MspConfigs.of(org.root).build(), idemix))
        .extracting(MspChange::kind).containsExactly(Kind.OTHER);
  }

  @Test
  @Tag("VALIDATE-CRL-01")
  void crlsTakenFromTheSetUpMspGiveTheSameChangesAsParsingTheConfiguration() {
    IssuedCertificate icaAdmin = org.leaf(ica, "CN=admin");
    MSPConfig before = MspConfigs.of(org.root).intermediate(ica).admin(icaAdmin)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xa1)).build()).build();
    MSPConfig after = MspConfigs.of(org.root).intermediate(ica).admin(icaAdmin)
        .crl(org.pki.crl(ica).revoke(BigInteger.valueOf(0xb2)).build())
        .crl(org.pki.crl(org.root).build()).build();
    X509MspContents b = X509MspContents.of(before, X509Msps.setup(before, io.msp4j.core.MspVersion.V1_4_3));
    X509MspContents a = X509MspContents.of(after, X509Msps.setup(after, io.msp4j.core.MspVersion.V1_4_3));
    assertThat(a.changesSince(b)).isEqualTo(changes(before, after)).hasSize(3);
  }
}

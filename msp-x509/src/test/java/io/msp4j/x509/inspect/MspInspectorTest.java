package io.msp4j.x509.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.MspConfigs;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What {@link MspInspector} shows of a configuration: the trees, the bindings and the marks. */
class MspInspectorTest {
  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  private final TestPki pki = TestPki.seeded("inspect");
  private final IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
  private final IssuedCertificate ica = pki.intermediateCa("C=US,O=org1,CN=ica.org1", root);

  private static MspInspection inspect(MSPConfig config) {
    return inspect(config, Duration.ofDays(30));
  }

  private static MspInspection inspect(MSPConfig config, Duration window) {
    return MspInspector.inspect(config, InspectOptions.defaults()
        .withClock(Clock.fixed(NOW, ZoneOffset.UTC)).withExpiryWindow(window));
  }

  private IssuedCertificate leaf(String dn, IssuedCertificate issuer) {
    return pki.leaf(dn, issuer);
  }

  private IssuedCertificate leafUntil(String dn, Instant notAfter) {
    return pki.certificate().subject(dn).issuer(ica).leaf()
        .validity(Instant.parse("2024-01-01T00:00:00Z"), notAfter).build();
  }

  @Test
  void intermediatesAdminsAndSignerSitBelowTheCaThatIssuedThem() {
    IssuedCertificate rootAdmin = leaf("C=US,O=org1,OU=admin,CN=admin0", root);
    IssuedCertificate admin = leaf("C=US,O=org1,OU=admin,CN=admin1", ica);
    IssuedCertificate signer = leaf("C=US,O=org1,OU=peer,CN=peer0", ica);
    IssuedCertificate tlsRoot = pki.rootCa("C=US,O=org1,CN=tlsca.org1");
    IssuedCertificate tlsIca = pki.intermediateCa("C=US,O=org1,CN=tlsica.org1", tlsRoot);

    MspInspection m = inspect(configs(root).intermediate(ica).admin(rootAdmin).admin(admin)
        .signer(signer).tlsRoot(tlsRoot).tlsIntermediate(tlsIca).build());

    assertThat(m.mspId()).isEqualTo("Org1MSP");
    assertThat(m.at()).isEqualTo(NOW);
    CertificateNode r = m.identityCas().get(0);
    assertThat(m.identityCas()).hasSize(1);
    assertThat(r.role()).isEqualTo(CertificateRole.ROOT_CA);
    assertThat(r.source()).isEqualTo("root_certs[0]");
    assertThat(r.subject()).isEqualTo("CN=ca.org1,O=org1,C=US");
    assertThat(r.serialHex()).isEqualTo(root.serial().toString(16));
    assertThat(r.keyType()).isEqualTo("ECDSA P-256");
    assertThat(r.children()).extracting(CertificateNode::source)
        .containsExactly("intermediate_certs[0]", "admins[0]");
    CertificateNode i = r.children().get(0);
    assertThat(i.role()).isEqualTo(CertificateRole.INTERMEDIATE_CA);
    assertThat(i.issuer()).isEqualTo("CN=ca.org1,O=org1,C=US");
    assertThat(i.children()).extracting(CertificateNode::role)
        .containsExactly(CertificateRole.ADMIN, CertificateRole.SIGNER);
    assertThat(i.children().get(1).subject()).isEqualTo("CN=peer0,OU=peer,O=org1,C=US");

    assertThat(m.tlsCas()).singleElement().satisfies(t -> {
      assertThat(t.role()).isEqualTo(CertificateRole.TLS_ROOT_CA);
      assertThat(t.children()).extracting(CertificateNode::role)
          .containsExactly(CertificateRole.TLS_INTERMEDIATE_CA);
    });
    assertThat(m.unplaced()).isEmpty();
    assertThat(m.problems()).isEmpty();
    assertThat(m.allCertificates()).hasSize(7).allSatisfy(n -> assertThat(n.marks()).isEmpty());
  }

  @Test
  void sourcesNameTheFilesWhenTheReaderKnowsThem() {
    MSPConfig config = configs(root).intermediate(ica).build();
    MspInspection m = MspInspector.inspect(config, InspectOptions.defaults()
        .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
        .withSources(ConfigSources.of(Map.of("root_certs", List.of("cacerts/ca.pem")))));
    assertThat(m.identityCas().get(0).source()).isEqualTo("cacerts/ca.pem");
    assertThat(m.identityCas().get(0).children().get(0).source()).isEqualTo("intermediate_certs[0]");
  }

  @Test
  void keyTypesAreNamedWithTheirCurveOrSize() {
    IssuedCertificate p384 = pki.certificate().subject("CN=p384").ca().keyAlgorithm(KeyAlgorithm.EC_P384).build();
    IssuedCertificate ed = pki.certificate().subject("CN=ed").ca().keyAlgorithm(KeyAlgorithm.ED25519).build();
    IssuedCertificate rsa = pki.certificate().subject("CN=rsa").ca().keyAlgorithm(KeyAlgorithm.RSA_2048).build();
    MspInspection m = inspect(configs(p384, ed, rsa).build());
    assertThat(m.identityCas()).extracting(CertificateNode::keyType)
        .containsExactly("ECDSA P-384", "Ed25519", "RSA 2048");
  }

  @Test
  void anAdminOfAnotherOrganisationIsUnplaced() {
    IssuedCertificate otherRoot = pki.rootCa("CN=ca.other");
    IssuedCertificate foreign = leaf("OU=admin,CN=admin.other", otherRoot);
    MspInspection m = inspect(configs(root).admin(foreign).build());
    assertThat(m.identityCas().get(0).children()).isEmpty();
    assertThat(m.unplaced()).singleElement()
        .satisfies(n -> assertThat(n.subject()).isEqualTo("CN=admin.other,OU=admin"));
  }

  @Test
  void caCertificatesSigningEachOtherDoNotLoop() {
    KeyPair a = pki.keyPair(KeyAlgorithm.EC_P256);
    KeyPair b = pki.keyPair(KeyAlgorithm.EC_P256);
    IssuedCertificate aByB = pki.certificate().subject("CN=A").issuerName("CN=B")
        .keyPair(a).signingKey(b.getPrivate()).ca().noAuthorityKeyId().build();
    IssuedCertificate bByA = pki.certificate().subject("CN=B").issuerName("CN=A")
        .keyPair(b).signingKey(a.getPrivate()).ca().noAuthorityKeyId().build();
    MspInspection m = inspect(configs(root).intermediate(aByB).intermediate(bByA).build());
    // A loses its parent (B), so A is unplaced with B below it.
    assertThat(m.unplaced()).singleElement().satisfies(n -> {
      assertThat(n.subject()).isEqualTo("CN=A");
      assertThat(n.children()).extracting(CertificateNode::subject).containsExactly("CN=B");
      assertThat(n.children().get(0).children()).isEmpty();
    });
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void aCertificateListedByItsIssuersCrlIsMarkedRevokedByThatCrl() {
    IssuedCertificate revoked = leaf("OU=client,CN=user2", ica);
    IssuedCertificate kept = leaf("OU=client,CN=user1", ica);
    MspInspection m = inspect(configs(root).intermediate(ica).admin(revoked).admin(kept)
        .crl(pki.crl(ica).revoke(revoked).build()).build());
    List<CertificateNode> admins = m.identityCas().get(0).children().get(0).children();
    assertThat(admins.get(0).marks()).containsExactly(Mark.REVOKED);
    assertThat(admins.get(0).revokedBy()).contains("revocation_list[0]");
    assertThat(admins.get(1).marks()).isEmpty();
    assertThat(admins.get(1).revokedBy()).isEmpty();
    CrlInfo crl = m.crls().get(0);
    assertThat(crl.issuer()).isEqualTo("CN=ica.org1,O=org1,C=US");
    assertThat(crl.issuerSource()).contains("intermediate_certs[0]");
    assertThat(crl.entries()).isEqualTo(1);
    assertThat(crl.problems()).isEmpty();
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void aCrlWhoseSignatureDoesNotVerifyRevokesNothingAndSaysWhy() {
    IssuedCertificate user = leaf("OU=client,CN=user2", ica);
    KeyPair stranger = pki.keyPair(KeyAlgorithm.EC_P256);
    MspInspection m = inspect(configs(root).intermediate(ica).admin(user)
        .crl(pki.crl(ica).signingKey(stranger.getPrivate()).revoke(user).build()).build());
    assertThat(m.identityCas().get(0).children().get(0).children().get(0).marks()).isEmpty();
    assertThat(m.crls().get(0).issuerSource()).isEmpty();
    assertThat(m.crls().get(0).problems()).singleElement().asString()
        .contains("VALIDATE-CRL-02", "intermediate_certs[0]", "does not verify");
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void aCrlWithoutAuthorityKeyIdentifierIsReportedAsBreakingEveryRevocationCheck() {
    MspInspection m = inspect(configs(root).crl(pki.crl(root).noAuthorityKeyId().build()).build());
    assertThat(m.crls().get(0).problems()).singleElement().asString()
        .contains("[VALIDATE-CRL-02]", "no authority key identifier");
  }

  @Test
  @Tag("SETUP-CRL-01")
  void aCrlSetupCannotParseIsListedWithItsProblem() {
    MspInspection m = inspect(configs(root).crlBytes("not a CRL".getBytes(StandardCharsets.US_ASCII)).build());
    assertThat(m.crls()).singleElement().satisfies(c -> {
      assertThat(c.problems()).singleElement().asString().startsWith("[SETUP-CRL-01]");
      assertThat(c.issuer()).isEmpty();
      assertThat(c.nextUpdate()).isEmpty();
    });
  }

  @Test
  @Tag("SETUP-SIGNER-03")
  void expiryMarksFollowTheWindowEdges() {
    Duration window = Duration.ofDays(30);
    List<IssuedCertificate> admins = List.of(
        leafUntil("CN=expired long ago", NOW.minus(Duration.ofDays(400))),
        leafUntil("CN=expires now", NOW),
        leafUntil("CN=one second left", NOW.plusSeconds(1)),
        leafUntil("CN=at the window edge", NOW.plus(window)),
        leafUntil("CN=just past the edge", NOW.plus(window).plusSeconds(1)));
    MspConfigs c = configs(root).intermediate(ica);
    admins.forEach(c::admin);
    List<CertificateNode> nodes = inspect(c.build(), window).identityCas().get(0).children().get(0).children();

    assertThat(nodes).extracting(CertificateNode::marks).containsExactly(
        java.util.Set.of(Mark.EXPIRED),
        java.util.Set.of(Mark.EXPIRED),
        java.util.Set.of(Mark.EXPIRING),
        java.util.Set.of(Mark.EXPIRING),
        java.util.Set.of());
    assertThat(nodes).extracting(CertificateNode::daysLeft).containsExactly(-400L, 0L, 0L, 30L, 30L);
  }

  @Test
  void aZeroWindowMarksOnlyWhatHasExpired() {
    MspInspection m = inspect(configs(root).intermediate(ica)
        .admin(leafUntil("CN=expires now", NOW))
        .admin(leafUntil("CN=one second left", NOW.plusSeconds(1))).build(), Duration.ZERO);
    assertThat(m.expiring()).extracting(ExpiryEntry::name).containsExactly("CN=expires now");
  }

  @Test
  void aCertificateNotValidYetIsMarked() {
    IssuedCertificate later = pki.certificate().subject("CN=later").issuer(ica).leaf()
        .validity(NOW.plusSeconds(1), Instant.parse("2040-01-01T00:00:00Z")).build();
    MspInspection m = inspect(configs(root).intermediate(ica).admin(later).build());
    assertThat(m.identityCas().get(0).children().get(0).children().get(0).marks())
        .containsExactly(Mark.NOT_YET_VALID);
  }

  @Test
  @Tag("VALIDATE-CRL-03")
  void crlNextUpdateIsMarkedAtTheWindowEdges() {
    Duration window = Duration.ofDays(30);
    MspInspection m = inspect(configs(root)
        .crl(pki.crl(root).nextUpdate(NOW).build())
        .crl(pki.crl(root).nextUpdate(NOW.plus(window)).build())
        .crl(pki.crl(root).nextUpdate(NOW.plus(window).plusSeconds(1)).build())
        .build(), window);
    assertThat(m.crls()).extracting(CrlInfo::marks).containsExactly(
        java.util.Set.of(Mark.EXPIRED), java.util.Set.of(Mark.EXPIRING), java.util.Set.of());
    assertThat(m.crls()).extracting(CrlInfo::daysLeft)
        .containsExactly(java.util.Optional.of(0L), java.util.Optional.of(30L), java.util.Optional.of(30L));
    assertThat(m.crls().get(0).thisUpdate()).isPresent();
  }

  @Test
  void expiringListsCertificatesAndCrlsSoonestFirst() {
    IssuedCertificate soon = leafUntil("CN=soon", NOW.plus(Duration.ofDays(10)));
    IssuedCertificate gone = leafUntil("CN=gone", NOW.minus(Duration.ofDays(2)));
    MspInspection m = inspect(configs(root).intermediate(ica).admin(soon).admin(gone)
        .crl(pki.crl(ica).nextUpdate(NOW.plus(Duration.ofDays(5))).build()).build());
    List<ExpiryEntry> entries = m.expiring();
    assertThat(entries).extracting(ExpiryEntry::what).containsExactly("certificate", "crl", "certificate");
    assertThat(entries).extracting(ExpiryEntry::name)
        .containsExactly("CN=gone", "CN=ica.org1,O=org1,C=US", "CN=soon");
    assertThat(entries).extracting(ExpiryEntry::expired).containsExactly(true, false, false);
    assertThat(entries).extracting(ExpiryEntry::daysLeft).containsExactly(-2L, 5L, 10L);
    assertThat(entries.get(0).serialHex()).contains(gone.serial().toString(16));
    assertThat(entries.get(1).serialHex()).isEmpty();
    assertThat(entries.get(0).role()).isEqualTo("admin");
    assertThat(entries).allSatisfy(e -> assertThat(e.mspId()).isEqualTo("Org1MSP"));
  }

  @Test
  @Tag("VALIDATE-TIME-02")
  void expiryMarksChangeNoVerdict() {
    IssuedCertificate gone = leafUntil("OU=client,CN=gone", NOW.minus(Duration.ofDays(2)));
    MSPConfig config = configs(root).intermediate(ica).admin(leaf("CN=admin", ica)).build();
    assertThat(inspect(configs(root).intermediate(ica).admin(gone).build()).expiring()).hasSize(1);
    X509Msp msp = X509Msps.setup(config, MspVersion.V3_0);
    msp.validate(msp.deserialize(SerializedIdentity.newBuilder().setMspid("Org1MSP")
        .setIdBytes(ByteString.copyFromUtf8(gone.pem())).build().toByteArray()));
  }

  @Test
  void aCaNothingDependsOnIsUnusedWhenAnotherIsUsed() {
    IssuedCertificate spare = pki.rootCa("CN=spare root");
    MspInspection m = inspect(configs(root, spare).intermediate(ica).build());
    assertThat(m.identityCas()).extracting(CertificateNode::marks)
        .containsExactly(java.util.Set.of(), java.util.Set.of(Mark.UNUSED));
    // The intermediate issues nothing configured, but it is the only CA that can issue leaves.
    assertThat(m.identityCas().get(0).children().get(0).marks()).containsExactly(Mark.UNUSED);

    MspInspection bound = inspect(configs(root, spare).intermediate(ica).clientNodeOu("client", ica).build());
    assertThat(bound.identityCas().get(0).children().get(0).marks()).isEmpty();
    assertThat(bound.identityCas().get(1).marks()).containsExactly(Mark.UNUSED);
  }

  @Test
  void aLoneCaIsNeverUnused() {
    MspInspection m = inspect(configs(root).tlsRoot(pki.rootCa("CN=tls")).build());
    assertThat(m.allCertificates()).allSatisfy(n -> assertThat(n.marks()).isEmpty());
  }

  @Test
  @Tag("CERT-ID-01")
  void ouBindingsNameTheirCaOrSayWhyTheyCannot() {
    IssuedCertificate notACa = leaf("OU=peer,CN=peer0", ica);
    MspInspection m = inspect(configs(root).intermediate(ica)
        .ou("COP", ica).ou("BAD", notACa).clientNodeOu("client", null).build());
    assertThat(m.ouIdentifiers()).hasSize(2);
    assertThat(m.ouIdentifiers().get(0).certifierSource()).contains("intermediate_certs[0]");
    assertThat(m.ouIdentifiers().get(0).problem()).isEmpty();
    assertThat(m.ouIdentifiers().get(1).certifierSource()).isEmpty();
    assertThat(m.ouIdentifiers().get(1).problem()).get().asString()
        .contains("[CERT-ID-01]", "CN=peer0,OU=peer", "not a root or intermediate CA");
    assertThat(m.nodeOusEnabled()).isTrue();
    assertThat(m.nodeOus()).singleElement().satisfies(n -> {
      assertThat(n.kind()).isEqualTo("client");
      assertThat(n.isNodeOu()).isTrue();
      assertThat(n.certifierSource()).isEmpty();
      assertThat(n.problem()).isEmpty();
      assertThat(n.source()).isEqualTo("fabric_node_ous.client_ou_identifier");
    });
    // The bound certificate that is not a CA is still shown, below the CA that issued it.
    assertThat(m.identityCas().get(0).children().get(0).children()).singleElement()
        .satisfies(n -> assertThat(n.role()).isEqualTo(CertificateRole.OU_CERTIFICATE));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void entriesThatAreNotCertificatesAreProblemsNotFailures() {
    MspInspection m = inspect(configs(root).rootBytes("junk".getBytes(StandardCharsets.US_ASCII)).build());
    assertThat(m.identityCas()).hasSize(1);
    assertThat(m.problems()).singleElement().asString()
        .startsWith("root_certs[1]: [SETUP-PARSE-01]");
  }

  @Test
  @Tag("SETUP-CONF-01")
  void aConfigThatIsNotAFabricMspConfigIsRefused() {
    MSPConfig bad = MSPConfig.newBuilder().setConfig(ByteString.copyFrom(new byte[] {(byte) 0xff})).build();
    MspSetupException e = assertThrows(MspSetupException.class, () -> inspect(bad));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_UNDECODABLE);
    assertThat(e.rule()).isEqualTo("SETUP-CONF-01");
  }

  @Test
  void aNegativeWindowIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> InspectOptions.defaults().withExpiryWindow(Duration.ofDays(-1)));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void damagedEntriesAreShownOrListedNeverThrown() {
    byte[] der = ica.der();
    byte[] crl = pki.crl(ica).revoke(leaf("CN=x", ica)).build().der();
    java.util.Random random = new java.util.Random(7);
    for (int round = 0; round < 200; round++) {
      byte[] c = damage(der, random);
      byte[] l = damage(crl, random);
      MspInspection m = inspect(configs(root).rootBytes(pem("CERTIFICATE", c).getBytes())
          .admin(leaf("CN=admin", ica)).crlBytes(l).crlBytes(pem("X509 CRL", l).getBytes())
          .ou("COP", ica).build());
      assertThat(m.identityCas().size() + m.problems().size()).isEqualTo(2);
      assertThat(m.crls()).hasSize(2);
    }
  }

  private static byte[] damage(byte[] der, java.util.Random random) {
    byte[] out = random.nextBoolean()
        ? java.util.Arrays.copyOf(der, random.nextInt(der.length))
        : der.clone();
    for (int i = random.nextInt(4); i > 0 && out.length > 0; i--) {
      out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
    }
    return out;
  }

  private static String pem(String label, byte[] der) {
    return "-----BEGIN " + label + "-----\n"
        + java.util.Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END " + label + "-----\n";
  }

  /** The configuration builder of the module's tests, for an MSP named Org1MSP. */
  private static MspConfigs configs(IssuedCertificate... roots) {
    return MspConfigs.of(roots).name("Org1MSP");
  }
}

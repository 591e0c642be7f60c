package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class X509MspValidateTest {
  private final Org org = new Org("validate");

  private X509Msp msp(MspConfigs c, MspVersion v) {
    return X509Msps.setup(c.build(), v);
  }

  private X509Msp plain() {
    return msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")), MspVersion.V1_0);
  }

  private static IdentityException invalid(X509Msp msp, IssuedCertificate c) {
    Identity id = msp.deserialize(MspConfigs.serialized(c));
    return assertThrows(IdentityException.class, () -> msp.validate(id));
  }

  private static void valid(X509Msp msp, IssuedCertificate c) {
    msp.validate(msp.deserialize(MspConfigs.serialized(c)));
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("VALIDATE-01")
  void leafIssuedByRootIsValid(MspVersion v) {
    IssuedCertificate admin = org.leaf("CN=admin");
    X509Msp msp = msp(MspConfigs.of(org.root).admin(admin), v);
    valid(msp, org.leaf("CN=user1"));
  }

  @Test
  @Tag("VALIDATE-02")
  void caCertificateCannotBeAnIdentity() {
    X509Msp msp = plain();
    IdentityException e = invalid(msp, org.root);
    assertThat(e.reason()).isEqualTo(Reason.IDENTITY_IS_CA);
    assertThat(e.rule()).isEqualTo("VALIDATE-02");
    assertThat(msp.deserialize(MspConfigs.serialized(org.root)).organizationalUnits()).isEmpty();
  }

  @Test
  @Tag("DESER-01")
  void otherMspIdIsRejected() {
    X509Msp msp = plain();
    IdentityException e = assertThrows(IdentityException.class,
        () -> msp.deserialize(MspConfigs.serialized("OtherMSP", org.leaf("CN=u").pem().getBytes(StandardCharsets.US_ASCII))));
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
  }

  @Test
  @Tag("DESER-01")
  void garbageBytesAreMalformed() {
    IdentityException e = assertThrows(IdentityException.class, () -> plain().deserialize(new byte[] {(byte) 0xff, 0x00, 0x13}));
    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_IDENTITY);
  }

  @Test
  @Tag("DESER-01")
  void leadingAndTrailingTextAroundPemIsAccepted() {
    X509Msp msp = plain();
    byte[] idBytes = ("hello\n" + org.leaf("CN=u").pem() + "\ntrailing").getBytes(StandardCharsets.US_ASCII);
    msp.validate(msp.deserialize(MspConfigs.serialized(MspConfigs.MSP_ID, idBytes)));
  }

  @Test
  @Tag("DESER-02")
  void ecdsaSignedCertificateFromForeignCaCannotBeDeserialised() {
    IssuedCertificate foreign = org.ca("CN=foreign");
    IdentityException e = assertThrows(IdentityException.class,
        () -> plain().deserialize(MspConfigs.serialized(org.leaf(foreign, "CN=intruder"))));
    assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
    assertThat(e.getMessage()).contains("CN=intruder");
  }

  @Test
  @Tag("DESER-02")
  @Tag("ALG-04")
  void rsaSignedForeignCertificateDeserialisesButIsInvalid() {
    IssuedCertificate rsaRoot = org.pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    Identity id = plain().deserialize(MspConfigs.serialized(org.leaf(rsaRoot, "CN=u")));
    assertThat(id.organizationalUnits()).isEmpty();
    assertThrows(IdentityException.class, () -> plain().validate(id));
  }

  @Test
  @Tag("VALIDATE-04")
  void leafIssuedByAnInternalCaIsInvalid() {
    // FIX-09: root with a configured intermediate; a leaf signed directly by the root.
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    IssuedCertificate admin = org.leaf(ica, "CN=admin");
    X509Msp msp = msp(MspConfigs.of(org.root).intermediate(ica).admin(admin), MspVersion.V1_0);
    valid(msp, org.leaf(ica, "CN=user1"));
    IdentityException e = invalid(msp, org.leaf("CN=user2"));
    assertThat(e.reason()).isEqualTo(Reason.ISSUER_NOT_LEAF_CA);
    assertThat(e.rule()).isEqualTo("VALIDATE-04");
  }

  @Test
  @Tag("CHAIN-09")
  void twoChainsAreAmbiguous() {
    // Two roots with the same name and key: the leaf has two valid chains.
    IssuedCertificate r1 = org.root;
    IssuedCertificate r2 = org.pki.certificate().subject("CN=ca.org1.example.com,O=org1.example.com,C=US")
        .keyPair(org.root.keyPair()).ca().serial(777).build();
    X509Msp msp = msp(MspConfigs.of(r1, r2), MspVersion.V1_0);
    IssuedCertificate leaf = org.leaf("CN=user");
    IdentityException e = assertThrows(IdentityException.class, () -> msp.deserialize(MspConfigs.serialized(leaf)));
    assertThat(e.reason()).isEqualTo(Reason.AMBIGUOUS_CHAIN);
  }

  @Test
  @Tag("VALIDATE-TIME-02")
  void expiredLeafIsValid() {
    IssuedCertificate old = org.custom().subject("CN=old").leaf()
        .validity(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-02-01T00:00:00Z")).build();
    valid(plain(), old);
  }

  @Test
  @Tag("VALIDATE-TIME-02")
  void leafIssuedBeforeItsCaIsInvalid() {
    IssuedCertificate early = org.custom().subject("CN=early").leaf()
        .validity(Instant.parse("2020-01-01T00:00:00Z"), Instant.parse("2030-01-01T00:00:00Z")).build();
    assertThrows(IdentityException.class, () -> plain().deserialize(MspConfigs.serialized(early)));
  }

  @Test
  @Tag("VALIDATE-TIME-02")
  void leafLivingLessThanOneSecondIsInvalid() {
    Instant nb = Instant.parse("2025-01-01T00:00:00Z");
    IssuedCertificate brief = org.custom().subject("CN=brief").leaf().validity(nb, nb).build();
    assertThrows(IdentityException.class, () -> plain().deserialize(MspConfigs.serialized(brief)));
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void revokedLeafIsInvalid() {
    IssuedCertificate user = org.leaf("CN=user");
    IssuedCrl crl = org.pki.crl(org.root).revoke(user).build();
    X509Msp msp = msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).crl(crl), MspVersion.V1_0);
    IdentityException e = invalid(msp, user);
    assertThat(e.reason()).isEqualTo(Reason.REVOKED);
    valid(msp, org.leaf("CN=other"));
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  @Tag("SETUP-CRL-02")
  void crlSignatureWithExtraIntegerIsStillHonoured() {
    IssuedCertificate user = org.leaf("CN=user");
    IssuedCrl crl = org.pki.crl(org.root).revoke(user).mangleSignature(SignatureMangling.extraInteger(java.math.BigInteger.valueOf(42))).build();
    X509Msp msp = msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).crl(crl), MspVersion.V1_0);
    assertThat(invalid(msp, user).reason()).isEqualTo(Reason.REVOKED);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void crlFromAnotherIssuerIsIgnored() {
    // FIX-30
    IssuedCertificate user = org.leaf("CN=user");
    IssuedCertificate other = org.ca("CN=unrelated");
    IssuedCrl crl = org.pki.crl(other).revoke(user.serial()).nextUpdate(Instant.parse("2024-02-01T00:00:00Z")).build();
    valid(msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).crl(crl), MspVersion.V1_0), user);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void crlWithMatchingAkiButForeignSignatureIsSkipped() {
    IssuedCertificate user = org.leaf("CN=user");
    IssuedCertificate other = org.ca("CN=unrelated");
    IssuedCrl forged = org.pki.crl(other).authorityKeyId(org.root.subjectKeyId().orElseThrow()).revoke(user.serial()).build();
    valid(msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).crl(forged), MspVersion.V1_0), user);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  @Tag("SETUP-CRL-03")
  void crlWithoutAkiMakesEveryLeafInvalid() {
    IssuedCrl noAki = org.pki.crl(org.root).noAuthorityKeyId().build();
    X509Msp msp = msp(MspConfigs.of(org.root).crl(noAki), MspVersion.V1_0);
    IdentityException e = invalid(msp, org.leaf("CN=anyone"));
    assertThat(e.reason()).isEqualTo(Reason.CRL_MISSING_AKI);
  }

  @Test
  @Tag("VALIDATE-CRL-04")
  void revokedIntermediateFailsSetup() {
    // FIX-31
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    IssuedCrl crl = org.pki.crl(org.root).revoke(ica).build();
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> msp(MspConfigs.of(org.root).intermediate(ica).crl(crl), MspVersion.V1_0));
    assertThat(e.reason()).isEqualTo(Reason.CA_REVOKED);
  }

  @Test
  @Tag("SETUP-CRL-01")
  void crlPemMustStartAtTheFirstByte() {
    IssuedCrl crl = org.pki.crl(org.root).build();
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> msp(MspConfigs.of(org.root).crlBytes((" " + crl.pem()).getBytes(StandardCharsets.US_ASCII)), MspVersion.V1_0));
    assertThat(e.reason()).isEqualTo(Reason.CRL_UNPARSABLE);
    msp(MspConfigs.of(org.root).crlBytes(crl.der()), MspVersion.V1_0);
  }

  @Test
  @Tag("VALIDATE-OU-01")
  void ouIdentifiersRequireAMatchingOu() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=COP");
    X509Msp msp = msp(MspConfigs.of(org.root).ou("COP", org.root).admin(admin), MspVersion.V1_0);
    valid(msp, org.leaf("CN=u,OU=COP"));
    assertThat(invalid(msp, org.leaf("CN=u")).reason()).isEqualTo(Reason.NO_OU);
    assertThat(invalid(msp, org.leaf("CN=u,OU=other")).reason()).isEqualTo(Reason.OU_NOT_CONFIGURED);
  }

  @Test
  @Tag("VALIDATE-OU-01")
  @Tag("CERT-ID-01")
  void ouBoundToRootDoesNotAdmitLeavesOfAnIntermediate() {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    IssuedCertificate admin = org.leaf(ica, "CN=admin,OU=COP");
    X509Msp boundToRoot = msp(MspConfigs.of(org.root).intermediate(ica).ou("COP", org.root).ou("COP", ica).admin(admin), MspVersion.V1_0);
    valid(boundToRoot, org.leaf(ica, "CN=u,OU=COP"));
    assertThrows(MspSetupException.class,
        () -> msp(MspConfigs.of(org.root).intermediate(ica).ou("COP", org.root).admin(admin), MspVersion.V1_0));
  }

  @Test
  @Tag("IDENT-03")
  void organizationalUnitsCarryTheHashOfTheIssuingChain() throws Exception {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    X509Msp msp = msp(MspConfigs.of(org.root).intermediate(ica).admin(org.leaf(ica, "CN=a")), MspVersion.V1_0);
    Identity id = msp.deserialize(MspConfigs.serialized(org.leaf(ica, "CN=u,OU=b,OU=a,OU=b")));
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update(Org.lowS(ica, org.root).der());
    sha.update(Org.lowS(org.root, org.root).der());
    byte[] expected = sha.digest();
    assertThat(id.organizationalUnits()).extracting(OrganizationalUnit::ou).containsExactly("b", "a", "b");
    assertThat(id.organizationalUnits().get(0).certifiersId()).isEqualTo(expected);
  }

  @Test
  @Tag("IDENT-01")
  @Tag("IDENT-04")
  void identifierIsTheHashOfTheCertificateAndSerializeRoundTrips() throws Exception {
    IssuedCertificate user = Org.lowS(org.leaf("CN=u"), org.root);
    X509Msp msp = plain();
    Identity id = msp.deserialize(MspConfigs.serialized(user));
    String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(user.der()));
    assertThat(id.identifier().id()).isEqualTo(expected);
    assertThat(id.identifier().mspId()).isEqualTo(MspConfigs.MSP_ID);
    SerializedIdentity si = SerializedIdentity.parseFrom(id.serialize());
    assertThat(si.getMspid()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(si.getIdBytes().toStringUtf8()).isEqualTo(user.pem().replace("\r\n", "\n"));
  }

  @Test
  @Tag("IDENT-01")
  @Tag("IDENT-02")
  @Tag("SANITIZE-04")
  void highSCertificateIsSanitisedAndHashedAfterwards() throws Exception {
    // FIX-10
    IssuedCertificate high = org.custom().subject("CN=high s").leaf().mangleSignature(SignatureMangling.highS()).build();
    X509Msp msp = plain();
    Identity id = msp.deserialize(MspConfigs.serialized(high));
    msp.validate(id);
    assertThat(id.certificateDer()).isNotEqualTo(high.der());
    String rawHash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(high.der()));
    assertThat(id.identifier().id()).isNotEqualTo(rawHash);
  }

  /**
   * The identifier, hashed when first asked for, is the configured hash of the sanitised
   * certificate for each identity hash Fabric accepts (two of which have the same length), the
   * same when many threads ask first at once, before or after validation.
   */
  @ParameterizedTest
  @CsvSource({"SHA256,SHA-256", "SHA384,SHA-384", "SHA3_256,SHA3-256", "SHA3_384,SHA3-384"})
  @Tag("IDENT-01")
  @Tag("SETUP-CRYPTO-01")
  void identifierIsTheConfiguredHashOfTheSanitisedCertificate(String hash, String jca)
      throws Exception {
    IssuedCertificate high = org.custom().subject("CN=high s").leaf()
        .mangleSignature(SignatureMangling.highS()).build();
    X509Msp msp = msp(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).identityHash(hash),
        MspVersion.V1_4_3);
    Identity id = msp.deserialize(MspConfigs.serialized(high));
    assertThat(id.certificateDer()).isNotEqualTo(high.der());
    IdentityIdentifier expected = new IdentityIdentifier(MspConfigs.MSP_ID,
        HexFormat.of().formatHex(MessageDigest.getInstance(jca).digest(id.certificateDer())));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<IdentityIdentifier>> first = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        first.add(pool.submit(id::identifier));
      }
      for (Future<IdentityIdentifier> f : first) {
        assertThat(f.get()).isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
    Identity other = msp.deserialize(MspConfigs.serialized(high));
    msp.validate(other);
    assertThat(other.identifier()).isEqualTo(expected);
  }

  @Test
  @Tag("IDENT-05")
  void expiresAtIsNotAfter() {
    Instant na = Instant.parse("2027-08-17T12:19:48Z");
    IssuedCertificate c = org.custom().subject("CN=u").leaf().notAfter(na).build();
    assertThat(plain().deserialize(MspConfigs.serialized(c)).expiresAt()).isEqualTo(na);
  }

  @Test
  @Tag("VALIDATE-01")
  @Tag("ALG-03")
  void ed25519LeafIsValidOnlyAtV30() {
    IssuedCertificate rsaRoot = org.pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    IssuedCertificate ed = org.pki.certificate().subject("CN=ed leaf").issuer(rsaRoot).keyAlgorithm(KeyAlgorithm.ED25519).leaf().build();
    IssuedCertificate admin = org.leaf(rsaRoot, "CN=admin");
    X509Msp v3 = msp(MspConfigs.of(rsaRoot).admin(admin), MspVersion.V3_0);
    valid(v3, ed);
    X509Msp v143 = msp(MspConfigs.of(rsaRoot).admin(admin), MspVersion.V1_4_3);
    IdentityException e = invalid(v143, ed);
    assertThat(e.reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
  }

  @Test
  @Tag("ALG-04")
  void rsaLeafIsNeverValid() {
    IssuedCertificate rsaLeaf = org.custom().subject("CN=rsa leaf").keyAlgorithm(KeyAlgorithm.RSA_2048).leaf().build();
    for (MspVersion v : MspVersion.values()) {
      X509Msp m = msp(MspConfigs.of(org.root).admin(org.leaf("CN=a,OU=client")), v);
      assertThat(invalid(m, rsaLeaf).reason()).isEqualTo(Reason.KEY_ALGORITHM_NOT_ACCEPTED);
    }
  }

  @Test
  @Tag("CORE-07")
  @Tag("CORE-03")
  void anotherMspValidatesWithItsOwnRulesAndTheFirstOutcomeSticks() {
    IssuedCertificate admin = org.leaf("CN=admin,OU=COP");
    X509Msp lenient = msp(MspConfigs.of(org.root).admin(admin), MspVersion.V1_0);
    X509Msp strict = msp(MspConfigs.of(org.root).ou("COP", org.root).admin(admin), MspVersion.V1_0);
    IssuedCertificate user = org.leaf("CN=user");

    Identity first = lenient.deserialize(MspConfigs.serialized(user));
    IdentityException e = assertThrows(IdentityException.class, () -> strict.validate(first));
    assertThat(e.reason()).isEqualTo(Reason.NO_OU);
    // The identity keeps the outcome of its first validation, whichever MSP made it.
    assertThat(assertThrows(IdentityException.class, () -> lenient.validate(first))).isSameAs(e);

    Identity second = lenient.deserialize(MspConfigs.serialized(user));
    lenient.validate(second);
    strict.validate(second);
  }

  @Test
  @Tag("CORE-07")
  void validationOutcomeIsMemoised() {
    X509Msp msp = plain();
    Identity id = msp.deserialize(MspConfigs.serialized(org.root));
    IdentityException first = assertThrows(IdentityException.class, () -> msp.validate(id));
    IdentityException second = assertThrows(IdentityException.class, () -> msp.validate(id));
    assertThat(second).isSameAs(first);
  }
}

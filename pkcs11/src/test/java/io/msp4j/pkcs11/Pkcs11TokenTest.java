package io.msp4j.pkcs11;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.pkcs11.FabricKeyGen.TokenKeyPair;
import io.msp4j.pkcs11.internal.Cryptoki;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.x509.X509Msp;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Signature;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.sec.SECNamedCurves;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys on a real SoftHSM2 token, found and used as Fabric's PKCS#11 BCCSP does (P11-01..05). */
class Pkcs11TokenTest {
  private static final String LABEL = "ForFabric";
  private static final byte[] MESSAGE = "a config update".getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;
  private SoftHsm hsm;
  private Pkcs11Settings settings;

  @BeforeEach
  void token() throws Exception {
    hsm = SoftHsm.in(dir).initToken(LABEL);
    settings = hsm.settings(LABEL).build();
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-03")
  @Tag("P11-04")
  void aKeyMadeAsFabricsKeyGenDoesIsFoundBySkiAndSignsLowSDerThatVerifies() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "Admin@org1.example.com");
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      byte[] sig = signer.sign(MESSAGE);
      signer.verify(MESSAGE, sig);
      // The same check without msp4j: SHA-256 ECDSA over the message with the certificate's key.
      Signature jdk = Signature.getInstance("SHA256withECDSA");
      jdk.initVerify(cert.publicKey());
      jdk.update(MESSAGE);
      assertThat(jdk.verify(sig)).isTrue();
      assertLowSMinimalDer(sig, "secp256r1");
    }
  }

  @Test
  @Tag("P11-03")
  void anImmutableCopyIsFoundAndSigns() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-256", true);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "peer0.org1.example.com");
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      signer.verify(MESSAGE, signer.sign(MESSAGE));
    }
  }

  @Test
  @Tag("P11-04")
  void aP384KeySignsForItsCertificate() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-384", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "orderer.example.com");
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      byte[] sig = signer.sign(MESSAGE);
      signer.verify(MESSAGE, sig);
      assertLowSMinimalDer(sig, "secp384r1");
    }
  }

  @Test
  @Tag("P11-02")
  void aKeyAnotherToolStoredUnderTheAltIdIsFound() throws Exception {
    TokenKeyPair key = FabricKeyGen.underId(settings, "P-256", "admin-key-2024");
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "Admin@org1.example.com");
    Pkcs11Settings withAltId = settings.toBuilder().altId("admin-key-2024").build();
    try (Pkcs11Token token = Pkcs11Token.open(withAltId)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      signer.verify(MESSAGE, signer.sign(MESSAGE));
    }
  }

  @Test
  @Tag("P11-02")
  void aKeyIdsEntryForTheSkiWinsOverTheAltId() throws Exception {
    TokenKeyPair key = FabricKeyGen.underId(settings, "P-256", "mapped-id");
    FabricKeyGen.underId(settings, "P-256", "alt-id"); // another key, which AltID alone would pick
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "Admin@org1.example.com");
    Pkcs11Settings mapped = settings.toBuilder().altId("alt-id")
        .keyId(new KeyIdMapping(key.skiHex(), "mapped-id")).build();
    try (Pkcs11Token token = Pkcs11Token.open(mapped)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      signer.verify(MESSAGE, signer.sign(MESSAGE));
    }
  }

  @Test
  @Tag("P11-05")
  void anAltIdNamingAnotherKeySetsUpAsInFabricButRefusesToSign() throws Exception {
    FabricKeyGen.underId(settings, "P-256", "someone-else");
    TokenKeyPair mine = FabricKeyGen.fabric(settings, "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(mine.publicKey(), "Admin@org1.example.com");
    Pkcs11Settings wrongAltId = settings.toBuilder().altId("someone-else").build();
    try (Pkcs11Token token = Pkcs11Token.open(wrongAltId)) {
      X509Msp msp = HsmMsp.setup(cert, token.keyStore());
      SigningIdentity signer = msp.defaultSigningIdentity();
      IdentityException e = assertThrows(IdentityException.class, () -> signer.sign(MESSAGE));
      assertThat(e.reason()).isEqualTo(Reason.TOKEN_KEY_MISMATCH);
      assertThat(e.rule()).isEqualTo("P11-05");
      assertThat(e.getMessage()).contains("CKA_ID " + HexFormat.of().formatHex("someone-else".getBytes(StandardCharsets.UTF_8)))
          .contains("'" + LABEL + "'").contains("AltID").doesNotContain(SoftHsm.USER_PIN);
    }
  }

  @Test
  @Tag("P11-05")
  void aKeyNotOnTheTokenFailsSetupNamingTheIdAndTheToken() throws Exception {
    IssuedCertificate cert = HsmMsp.certFor(HsmMsp.PKI.keyPair(io.msp4j.testdata.KeyAlgorithm.EC_P256).getPublic(), "x");
    String skiHex = HexFormat.of().formatHex(io.msp4j.x509.SubjectKeyIds.of(cert.publicKey()));
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      MspSetupException e = assertThrows(MspSetupException.class, () -> HsmMsp.setup(cert, token.keyStore()));
      assertThat(e.reason()).isEqualTo(Reason.SIGNER_KEY_MISSING);
      assertThat(e.rule()).isEqualTo("P11-05");
      assertThat(e.getMessage()).contains("CKA_ID " + skiHex).contains("'" + LABEL + "'")
          .doesNotContain(SoftHsm.USER_PIN);
    }
  }

  @Test
  @Tag("P11-01")
  void aWrongPinIsOneClearLineWithoutThePin() {
    Pkcs11Settings wrong = settings.toBuilder().pin("11112222").build();
    MspSetupException e = assertThrows(MspSetupException.class, () -> Pkcs11Token.open(wrong));
    assertThat(e.reason()).isEqualTo(Reason.TOKEN_LOGIN_FAILED);
    assertThat(e.rule()).isEqualTo("P11-01");
    assertThat(e.getMessage()).isEqualTo("token 'ForFabric' refused the user PIN (CKR_PIN_INCORRECT) [P11-01]")
        .doesNotContain("11112222");
  }

  @Test
  @Tag("P11-01")
  void anUnknownLabelNamesTheTokensThatArePresent() {
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> Pkcs11Token.open(settings.toBuilder().label("NoSuchToken").build()));
    assertThat(e.reason()).isEqualTo(Reason.TOKEN_NOT_FOUND);
    assertThat(e.getMessage()).contains("no token labelled 'NoSuchToken'").contains("'ForFabric'")
        .doesNotContain(SoftHsm.USER_PIN).doesNotContain("\n");
  }

  @Test
  @Tag("P11-01")
  void aMissingLibraryIsOneClearLine() {
    MspSetupException e = assertThrows(MspSetupException.class,
        () -> Pkcs11Token.open(settings.toBuilder().library(dir.resolve("libnone.so").toString()).build()));
    assertThat(e.reason()).isEqualTo(Reason.PKCS11_LIBRARY_UNAVAILABLE);
    assertThat(e.getMessage()).startsWith("cannot load the PKCS#11 library " + dir.resolve("libnone.so"))
        .doesNotContain("\n").doesNotContain(SoftHsm.USER_PIN);
  }

  @Test
  @Tag("P11-01")
  void thePinIsInNoToString() throws Exception {
    assertThat(settings.toString()).doesNotContain(SoftHsm.USER_PIN).contains("pin=(hidden)");
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      assertThat(token.toString()).doesNotContain(SoftHsm.USER_PIN);
      assertThat(token.keyStore().toString()).doesNotContain(SoftHsm.USER_PIN);
    }
  }

  @Test
  @Tag("P11-04")
  void eightThreadsSignAtOnceAndEverySignatureVerifies() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "peer0.org1.example.com");
    try (Pkcs11Token token = Pkcs11Token.open(settings.toBuilder().sessions(3).build())) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          int thread = t;
          Callable<Integer> work = () -> {
            for (int i = 0; i < 25; i++) {
              byte[] m = ("thread " + thread + " message " + i).getBytes(StandardCharsets.UTF_8);
              signer.verify(m, signer.sign(m));
            }
            return 25;
          };
          results.add(pool.submit(work));
        }
        int total = 0;
        for (Future<Integer> f : results) {
          total += f.get();
        }
        assertThat(total).isEqualTo(200);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  @Tag("P11-01")
  void sessionsThatWentAwayAreRenewedAndSigningGoesOn() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "peer0.org1.example.com");
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      signer.verify(MESSAGE, signer.sign(MESSAGE));
      // Another part of the process closes every session on the token, as a token reset does.
      Cryptoki other = Cryptoki.load(settings.library());
      for (long slot : other.slotsWithTokens()) {
        if (other.tokenLabel(slot).equals(LABEL)) {
          other.closeAllSessions(slot);
        }
      }
      signer.verify(MESSAGE, signer.sign(MESSAGE));
    }
  }

  @Test
  @Tag("P11-04")
  void anEd25519KeySignsThroughCkmEddsa() throws Exception {
    TokenKeyPair key;
    try {
      key = FabricKeyGen.fabric(settings, "Ed25519", false);
    } catch (IllegalStateException e) {
      assumeTrue(false, "this SoftHSM2 cannot make Ed25519 keys: " + e.getMessage());
      return;
    }
    IssuedCertificate cert = HsmMsp.PKI.certificate().subject("CN=ed.org1.example.com,OU=client,O=org1.example.com")
        .issuer(HsmMsp.ROOT).keyPair(new java.security.KeyPair(key.publicKey(), null)).build();
    try (Pkcs11Token token = Pkcs11Token.open(settings)) {
      SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
      byte[] sig = signer.sign(MESSAGE);
      assertThat(sig).hasSize(64);
      signer.verify(MESSAGE, sig);
    }
  }

  @Test
  @Tag("P11-01")
  void aSessionPoolClosedUnderneathFailsClearly() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(settings, "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "peer0.org1.example.com");
    Pkcs11Token token = Pkcs11Token.open(settings);
    SigningIdentity signer = HsmMsp.setup(cert, token.keyStore()).defaultSigningIdentity();
    token.close();
    IdentityException e = assertThrows(IdentityException.class, () -> signer.sign(MESSAGE));
    assertThat(e.reason()).isEqualTo(Reason.TOKEN_FAILURE);
    assertThat(e.getMessage()).contains("'" + LABEL + "'").contains("closed");
  }

  private static void assertLowSMinimalDer(byte[] sig, String curve) throws Exception {
    ASN1Sequence seq = ASN1Sequence.getInstance(sig);
    assertThat(seq.getEncoded("DER")).isEqualTo(sig);
    BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
    BigInteger n = SECNamedCurves.getByName(curve).getN();
    assertThat(s.compareTo(n.shiftRight(1))).isLessThanOrEqualTo(0);
  }

}

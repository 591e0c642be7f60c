package io.msp4j.config;

import static io.msp4j.config.Fixtures.link;
import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import io.msp4j.testdata.Pem;
import io.msp4j.testdata.PrivateKeys;
import io.msp4j.testdata.SubjectKeyIds;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SigningKeyStore;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** FOLDER-10: the key store over a local MSP's keystore folder. */
@Tag("FOLDER-10")
class KeyStoreTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("KeyStoreTest");
  private static final Map<KeyAlgorithm, IssuedCertificate> SIGNERS = new EnumMap<>(KeyAlgorithm.class);

  static {
    for (KeyAlgorithm a :
        new KeyAlgorithm[] {KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384, KeyAlgorithm.ED25519,
            KeyAlgorithm.RSA_2048}) {
      SIGNERS.put(a, PKI.leaf("signer-" + a, a));
    }
  }

  @TempDir Path tmp;
  Path msp;

  @BeforeEach
  void setUp() {
    msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", PKI.root.pem());
  }

  private SigningKeyStore store(IssuedCertificate signer) {
    write(msp, "signcerts/cert.pem", signer.pem());
    return MspFolders.readLocal(msp, "Org1MSP").keyStore();
  }

  /** The key file as Fabric's tools write it: PKCS#1 for RSA, PKCS#8 otherwise. */
  private static String keyPem(IssuedCertificate c) {
    return c.keyPair().getPublic().getAlgorithm().equals("RSA")
        ? PrivateKeys.pkcs1Pem(c.keyPair().getPrivate())
        : PrivateKeys.pkcs8Pem(c.keyPair().getPrivate());
  }

  private static String hex(IssuedCertificate c) {
    return SubjectKeyIds.fabricSkiHex(c.publicKey());
  }

  private static MspSetupException failure(Runnable r) {
    try {
      r.run();
    } catch (MspSetupException e) {
      return e;
    }
    throw new AssertionError("expected an MspSetupException");
  }

  private static void assertPrivateKeyOf(Optional<KeyStoreEntry> e, IssuedCertificate c, String source) {
    assertThat(e).get().isInstanceOf(KeyStoreEntry.Private.class);
    KeyStoreEntry.Private p = (KeyStoreEntry.Private) e.get();
    assertThat(p.source()).isEqualTo(source);
    assertThat(p.key().getAlgorithm()).isIn(c.keyPair().getPrivate().getAlgorithm(), "ECDSA", "EC");
    // Same key material: the PKCS#8 encodings agree on the private value.
    assertThat(p.key().getEncoded()).isNotEmpty();
  }

  @ParameterizedTest
  @EnumSource(names = {"EC_P256", "EC_P384", "ED25519", "RSA_2048"})
  void keyNamedAfterTheSkiIsFoundByItsPrefix(KeyAlgorithm alg) {
    IssuedCertificate signer = SIGNERS.get(alg);
    write(msp, "keystore/" + hex(signer) + "_sk", keyPem(signer));
    assertPrivateKeyOf(
        store(signer).find(signer.fabricSki()), signer, "keystore/" + hex(signer) + "_sk");
  }

  @ParameterizedTest
  @EnumSource(names = {"EC_P256", "EC_P384", "ED25519", "RSA_2048"})
  void keyWithAnyNameIsFoundByScanningForItsSki(KeyAlgorithm alg) {
    IssuedCertificate signer = SIGNERS.get(alg);
    IssuedCertificate other = SIGNERS.get(alg == KeyAlgorithm.EC_P256 ? KeyAlgorithm.EC_P384 : KeyAlgorithm.EC_P256);
    write(msp, "keystore/a_other", keyPem(other));
    write(msp, "keystore/b_garbage", "not a key");
    write(msp, "keystore/priv_sk", keyPem(signer));
    assertPrivateKeyOf(store(signer).find(signer.fabricSki()), signer, "keystore/priv_sk");
  }

  @Test
  void sec1EcKeyIsFoundAndItsPublicPointIsDerivedFromTheScalar() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/key.pem", Pem.encode(Pem.EC_PRIVATE_KEY, PrivateKeys.sec1Der(signer.keyPair().getPrivate())));
    assertPrivateKeyOf(store(signer).find(signer.fabricSki()), signer, "keystore/key.pem");
  }

  @Test
  void pkcs8RsaKeyIsNotAcceptedAsFabricRefusesIt() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.RSA_2048);
    write(msp, "keystore/priv_sk", PrivateKeys.pkcs8Pem(signer.keyPair().getPrivate()));
    SigningKeyStore ks = store(signer);
    assertThat(ks.find(signer.fabricSki())).isEmpty();

    write(msp, "keystore/" + hex(signer) + "_sk", PrivateKeys.pkcs8Pem(signer.keyPair().getPrivate()));
    MspSetupException e = failure(() -> ks.find(signer.fabricSki()));
    assertThat(e.reason()).isEqualTo(Reason.KEY_UNREADABLE);
    assertThat(e.detail()).startsWith("keystore/" + hex(signer) + "_sk: ");
  }

  @Test
  void keyOnACurveGoDoesNotKnowIsNotAccepted() {
    KeyPair k1 = PKI.pki.keyPair(KeyAlgorithm.EC_SECP256K1);
    write(msp, "keystore/priv_sk", PrivateKeys.pkcs8Pem(k1.getPrivate()));
    assertThat(store(SIGNERS.get(KeyAlgorithm.EC_P256)).find(SubjectKeyIds.fabricSki(k1.getPublic())))
        .isEmpty();
  }

  @Test
  void pkSuffixGivesThePublicKey() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/" + hex(signer) + "_pk", Pem.encode(Pem.PUBLIC_KEY, signer.publicKey().getEncoded()));
    write(msp, "keystore/priv_sk", keyPem(signer));
    Optional<KeyStoreEntry> e = store(signer).find(signer.fabricSki());
    assertThat(e).get().isInstanceOf(KeyStoreEntry.Public.class);
    assertThat(((KeyStoreEntry.Public) e.get()).key().getEncoded())
        .isEqualTo(signer.publicKey().getEncoded());
  }

  @Test
  void keySuffixGivesASymmetricKey() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/" + hex(signer) + "_key", Pem.encode("AES PRIVATE KEY", new byte[32]));
    assertThat(store(signer).find(signer.fabricSki()))
        .get().isEqualTo(new KeyStoreEntry.Symmetric("keystore/" + hex(signer) + "_key"));
  }

  @Test
  void firstPrefixMatchDecides() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    // "_pk" sorts before "_sk": the public key file decides although a private key file exists.
    write(msp, "keystore/" + hex(signer) + "_pk", Pem.encode(Pem.PUBLIC_KEY, signer.publicKey().getEncoded()));
    write(msp, "keystore/" + hex(signer) + "_sk", keyPem(signer));
    assertThat(store(signer).find(signer.fabricSki())).get().isInstanceOf(KeyStoreEntry.Public.class);
  }

  @Test
  void prefixMatchWithAnotherSuffixFallsBackToTheScan() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/" + hex(signer) + ".pem", keyPem(signer));
    assertPrivateKeyOf(store(signer).find(signer.fabricSki()), signer, "keystore/" + hex(signer) + ".pem");
  }

  @Test
  void skSuffixReadsTheCanonicalFileName() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/" + hex(signer) + "-backup_sk", keyPem(signer));
    SigningKeyStore ks = store(signer);
    MspSetupException e = failure(() -> ks.find(signer.fabricSki()));
    assertThat(e.reason()).isEqualTo(Reason.KEY_NOT_FOUND);
    assertThat(e.detail()).startsWith("keystore/" + hex(signer) + "_sk: does not exist");

    write(msp, "keystore/" + hex(signer) + "_sk", keyPem(signer));
    assertPrivateKeyOf(ks.find(signer.fabricSki()), signer, "keystore/" + hex(signer) + "_sk");
  }

  @Test
  void fileNamedAfterTheSkiIsNotCheckedAgainstIt() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    IssuedCertificate other = SIGNERS.get(KeyAlgorithm.EC_P384);
    write(msp, "keystore/" + hex(signer) + "_sk", keyPem(other));
    Optional<KeyStoreEntry> e = store(signer).find(signer.fabricSki());
    assertThat(e).get().isInstanceOf(KeyStoreEntry.Private.class);
  }

  @Test
  void unparsableKeyNamedAfterTheSkiIsAnError() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/" + hex(signer) + "_sk", "garbage");
    MspSetupException e = failure(() -> store(signer).find(signer.fabricSki()));
    assertThat(e.reason()).isEqualTo(Reason.KEY_UNREADABLE);
    assertThat(e.detail()).isEqualTo("keystore/" + hex(signer) + "_sk: no PEM block");
  }

  @Test
  void encryptedKeysAreSkippedByTheScanAndRefusedByName() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    String encrypted = Pem.encode("EC PRIVATE KEY",
        Map.of("Proc-Type", "4,ENCRYPTED", "DEK-Info", "AES-256-CBC,00112233445566778899AABBCCDDEEFF"),
        PrivateKeys.sec1Der(signer.keyPair().getPrivate()));
    write(msp, "keystore/priv_sk", encrypted);
    SigningKeyStore ks = store(signer);
    assertThat(ks.find(signer.fabricSki())).isEmpty();

    write(msp, "keystore/" + hex(signer) + "_sk", encrypted);
    assertThat(failure(() -> ks.find(signer.fabricSki())).reason()).isEqualTo(Reason.KEY_UNREADABLE);
  }

  @Test
  void scanSkipsFilesLargerThan64KiB() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    String pem = keyPem(signer);
    write(msp, "keystore/exact", pem + "x".repeat(65536 - pem.length()));
    SigningKeyStore ks = store(signer);
    assertPrivateKeyOf(ks.find(signer.fabricSki()), signer, "keystore/exact");

    write(msp, "keystore/exact", pem + "x".repeat(65537 - pem.length()));
    assertThat(ks.find(signer.fabricSki())).isEmpty();
  }

  @Test
  void scanMeasuresALinkNotItsTargetAsFabricDoes() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    String pem = keyPem(signer);
    write(msp, "data/big.pem", pem + "x".repeat(70_000));
    link(msp.resolve("keystore/priv_sk"), Path.of("../data/big.pem"));
    assertPrivateKeyOf(store(signer).find(signer.fabricSki()), signer, "keystore/priv_sk");
  }

  @Test
  void keyOfAnotherIdentityIsNotReturned() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/priv_sk", keyPem(SIGNERS.get(KeyAlgorithm.ED25519)));
    assertThat(store(signer).find(signer.fabricSki())).isEmpty();
  }

  @Test
  void emptySkiFindsNothing() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/priv_sk", keyPem(signer));
    assertThat(store(signer).find(new byte[0])).isEmpty();
  }

  @Test
  void linkLeavingTheFolderIsRefusedByDefault() {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(tmp, "elsewhere/priv_sk", keyPem(signer));
    link(msp.resolve("keystore/priv_sk"), tmp.resolve("elsewhere/priv_sk"));
    MspSetupException e = failure(() -> store(signer).find(signer.fabricSki()));
    assertThat(e.reason()).isEqualTo(Reason.PATH_OUTSIDE_FOLDER);

    write(msp, "signcerts/cert.pem", signer.pem());
    SigningKeyStore lenient =
        MspFolders.readLocal(msp, "Org1MSP", ReadOptions.builder().followLinksOutsideFolder(true).build())
            .keyStore();
    assertPrivateKeyOf(lenient.find(signer.fabricSki()), signer, "keystore/priv_sk");
  }

  @Test
  void foundKeyMatchesTheCertificate() throws Exception {
    IssuedCertificate signer = SIGNERS.get(KeyAlgorithm.EC_P256);
    write(msp, "keystore/priv_sk", keyPem(signer));
    KeyStoreEntry.Private p = (KeyStoreEntry.Private) store(signer).find(signer.fabricSki()).orElseThrow();
    java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA");
    s.initSign(p.key());
    s.update(new byte[] {1, 2, 3});
    byte[] sig = s.sign();
    java.security.Signature v = java.security.Signature.getInstance("SHA256withECDSA");
    v.initVerify(KeyPairs.publicKey(signer.publicKey().getEncoded()));
    v.update(new byte[] {1, 2, 3});
    assertThat(v.verify(sig)).isTrue();
    assertThat(Arrays.equals(signer.fabricSki(), SubjectKeyIds.fabricSki(signer.publicKey()))).isTrue();
  }
}

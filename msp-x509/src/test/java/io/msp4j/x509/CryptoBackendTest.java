package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.crypto.BouncyCastleCryptoProvider;
import io.msp4j.x509.internal.crypto.RawSignature;
import io.msp4j.x509.internal.crypto.SignatureDigest;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The same MSP set up with {@link CryptoBackend#AUTO} (Conscrypt where it loads) and with
 * {@link CryptoBackend#BOUNCY_CASTLE} gives the same verdicts, identifiers, OUs and signature
 * verdicts for every identity.
 */
class CryptoBackendTest {
  private final Org org = new Org("crypto-backends");

  private static X509Msp msp(MspConfigs c, CryptoBackend backend) {
    return X509Msps.setup(c.build(), MspVersion.V3_0, SetupOptions.defaults().withCrypto(backend));
  }

  /** Everything observable about deserialising and validating {@code input}. */
  private static String outcome(X509Msp msp, byte[] input) {
    Identity id;
    try {
      id = msp.deserialize(input);
    } catch (IdentityException e) {
      return "undeserialisable " + e.reason() + " " + e.rule() + " " + e.getMessage();
    }
    StringBuilder out = new StringBuilder(id.identifier().toString());
    out.append(" ous=").append(id.organizationalUnits());
    try {
      msp.validate(id);
      out.append(" valid");
    } catch (IdentityException e) {
      out.append(" invalid ").append(e.reason()).append(' ').append(e.rule()).append(' ')
          .append(e.getMessage());
    }
    return out.toString();
  }

  private Map<String, IssuedCertificate> identities(IssuedCertificate ica) {
    IssuedCertificate impostor = org.ca("CN=ca.org1.example.com,O=org1.example.com,C=US");
    IssuedCertificate leaf = org.leaf(ica, "CN=peer0,OU=peer");
    Map<String, IssuedCertificate> ids = new LinkedHashMap<>();
    ids.put("intermediate-issued", leaf);
    ids.put("intermediate-issued client", org.leaf(ica, "CN=user1,OU=client"));
    ids.put("root-issued (the root is internal)", org.leaf("CN=user2,OU=client"));
    ids.put("high S", leaf.withMangledSignature(SignatureMangling.highS(), ica.publicKey()));
    ids.put("low S", Org.lowS(leaf, ica));
    ids.put("corrupted signature", leaf.withMangledSignature(SignatureMangling.corrupt(), null));
    ids.put("trailing bytes after the signature",
        leaf.withMangledSignature(SignatureMangling.trailingBytes(new byte[] {0}), null));
    ids.put("issued by an impostor root", org.leaf(impostor, "CN=peer1,OU=peer"));
    ids.put("revoked", org.leaf(ica, "CN=revoked,OU=peer"));
    ids.put("P-384 key", org.pki.certificate().issuer(ica).subject("CN=p384,OU=peer")
        .keyAlgorithm(KeyAlgorithm.EC_P384).leaf().build());
    ids.put("Ed25519 key", org.pki.certificate().issuer(ica).subject("CN=ed,OU=peer")
        .keyAlgorithm(KeyAlgorithm.ED25519).leaf().build());
    ids.put("a CA", ica);
    return ids;
  }

  @Test
  @Tag("CHAIN-04")
  @Tag("SANITIZE-04")
  @Tag("VALIDATE-CRL-02")
  void bothBackendsGiveTheSameValidationOutcomes() {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica.org1.example.com,O=org1.example.com,C=US");
    Map<String, IssuedCertificate> ids = identities(ica);
    MspConfigs config = MspConfigs.of(org.root).intermediate(ica)
        .crl(org.pki.crl(ica).revoke(ids.get("revoked")).build())
        .nodeOus(true, "client", "peer", "admin", "orderer");
    X509Msp auto = msp(config, CryptoBackend.AUTO);
    X509Msp bc = msp(config, CryptoBackend.BOUNCY_CASTLE);
    List<String> seen = new ArrayList<>();
    for (Map.Entry<String, IssuedCertificate> e : ids.entrySet()) {
      byte[] input = MspConfigs.serialized(e.getValue());
      String expected = outcome(bc, input);
      assertThat(outcome(auto, input)).as(e.getKey()).isEqualTo(expected);
      seen.add(e.getKey() + ": " + expected);
    }
    // The cases cover valid and invalid identities, not one kind only.
    assertThat(seen).anyMatch(s -> s.startsWith("intermediate-issued") && s.endsWith(" valid"));
    assertThat(seen).anyMatch(s -> s.startsWith("Ed25519") && s.endsWith(" valid"));
    assertThat(seen).anyMatch(s -> s.startsWith("high S") && s.endsWith(" valid"));
    assertThat(seen).anyMatch(s -> s.startsWith("corrupted") && s.contains("undeserialisable NO_CHAIN"));
    assertThat(seen).anyMatch(s -> s.startsWith("revoked") && s.contains("VALIDATE-CRL-02"));
  }

  @Test
  @Tag("CHAIN-04")
  void p384AndRsaCaTreesGiveTheSameOutcomes() {
    IssuedCertificate p384 = org.pki.certificate().subject("CN=p384 ca").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    IssuedCertificate rsa = org.pki.certificate().subject("CN=rsa ca").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    IssuedCertificate p384Leaf = org.leaf(p384, "CN=a,OU=peer");
    IssuedCertificate rsaLeaf = org.leaf(rsa, "CN=b,OU=peer");
    MspConfigs config = MspConfigs.of(p384, rsa).nodeOus(true, "client", "peer", "admin", "orderer");
    X509Msp auto = msp(config, CryptoBackend.AUTO);
    X509Msp bc = msp(config, CryptoBackend.BOUNCY_CASTLE);
    for (IssuedCertificate c : List.of(p384Leaf, rsaLeaf,
        p384Leaf.withMangledSignature(SignatureMangling.highS(), p384.publicKey()),
        p384Leaf.withMangledSignature(SignatureMangling.corrupt(), null),
        rsaLeaf.withMangledSignature(SignatureMangling.corrupt(), null))) {
      byte[] input = MspConfigs.serialized(c);
      assertThat(outcome(auto, input)).isEqualTo(outcome(bc, input));
    }
    assertThat(outcome(auto, MspConfigs.serialized(p384Leaf))).endsWith(" valid");
  }

  /** Identity.verify: low S verifies, high S and damage fail, the same way on both backends. */
  @Test
  @Tag("VERIFY-03")
  void bothBackendsGiveTheSameMessageSignatureVerdicts() {
    MspConfigs config = MspConfigs.of(org.root).admin(org.leaf("CN=admin"));
    X509Msp auto = msp(config, CryptoBackend.AUTO);
    X509Msp bc = msp(config, CryptoBackend.BOUNCY_CASTLE);
    for (KeyAlgorithm alg : List.of(KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384)) {
      IssuedCertificate signer = org.custom().subject("CN=signer").keyAlgorithm(alg).leaf().build();
      byte[] message = "a 1 KiB message".repeat(70).getBytes(StandardCharsets.US_ASCII);
      BouncyCastleCryptoProvider crypto = new BouncyCastleCryptoProvider();
      RawSignature.Ecdsa raw = (RawSignature.Ecdsa) crypto.sign(
          crypto.privateKey(signer.privateKey().orElseThrow()), crypto.hash(SignatureDigest.SHA2_256, message));
      BigInteger n = EcdsaSignatureDer.curveOrder(alg == KeyAlgorithm.EC_P256 ? "P-256" : "P-384");
      BigInteger low = raw.s().compareTo(n.shiftRight(1)) > 0 ? n.subtract(raw.s()) : raw.s();
      Map<String, byte[]> sigs = new LinkedHashMap<>();
      sigs.put("low S", EcdsaSignatureDer.toMinimalDer(raw.r(), low));
      sigs.put("high S", EcdsaSignatureDer.toMinimalDer(raw.r(), n.subtract(low)));
      sigs.put("wrong r", EcdsaSignatureDer.toMinimalDer(raw.r().add(BigInteger.ONE), low));
      sigs.put("r = n", EcdsaSignatureDer.toMinimalDer(n, low));
      sigs.put("garbage", new byte[] {0x30, 0x01, 0x02});
      for (Map.Entry<String, byte[]> e : sigs.entrySet()) {
        String expected = verdict(bc, signer, message, e.getValue());
        assertThat(verdict(auto, signer, message, e.getValue())).as(alg + " " + e.getKey()).isEqualTo(expected);
        assertThat(expected.equals("ok")).as(alg + " " + e.getKey()).isEqualTo(e.getKey().equals("low S"));
      }
    }
  }

  private static String verdict(X509Msp msp, IssuedCertificate signer, byte[] message, byte[] sig) {
    try {
      msp.deserialize(MspConfigs.serialized(signer)).verify(message, sig);
      return "ok";
    } catch (IdentityException e) {
      return e.reason() + " " + e.rule() + " " + e.getMessage();
    }
  }
}

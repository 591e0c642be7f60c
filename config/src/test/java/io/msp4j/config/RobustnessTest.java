package io.msp4j.config;

import static io.msp4j.config.Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.config.internal.ConfigYaml;
import io.msp4j.config.internal.KeyDecoder;
import io.msp4j.core.MspSetupException;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.Pem;
import io.msp4j.testdata.PrivateKeys;
import io.msp4j.testdata.SubjectKeyIds;
import io.msp4j.x509.SigningKeyStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random and mutated input for the parsers: nothing but {@link MspSetupException} (or the
 * decoder's own checked exception) may come out, and every call returns.
 */
class RobustnessTest {

  private static final Fixtures.Pki PKI = new Fixtures.Pki("RobustnessTest");
  private static final String VALID_YAML = """
      base: &b {Certificate: cacerts/ca.pem, OrganizationalUnitIdentifier: x}
      OrganizationalUnitIdentifiers:
        - Certificate: "cacerts/ca.pem"
          OrganizationalUnitIdentifier: COP
        - *b
      NodeOUs:
        Enable: yes
        ClientOUIdentifier: {<<: *b, OrganizationalUnitIdentifier: client}
        PeerOUIdentifier:
          Certificate: cacerts/ca.pem
          OrganizationalUnitIdentifier: 'peer'
      """;
  private static final String ALPHABET = " \n\t:-[]{},&*!|>'\"#%@`?<=~.0aAyYnN1";

  private static final List<byte[]> KEY_DERS = keyDers();

  @TempDir Path tmp;

  private static List<byte[]> yamlInputs(Random r) {
    List<byte[]> inputs = new ArrayList<>();
    byte[] valid = VALID_YAML.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < 600; i++) {
      byte[] m = valid.clone();
      int edits = 1 + r.nextInt(6);
      for (int e = 0; e < edits; e++) {
        m[r.nextInt(m.length)] = (byte) ALPHABET.charAt(r.nextInt(ALPHABET.length()));
      }
      inputs.add(m);
    }
    for (int i = 0; i < 150; i++) {
      byte[] b = new byte[r.nextInt(200)];
      r.nextBytes(b);
      inputs.add(b);
    }
    for (int i = 0; i < 150; i++) {
      StringBuilder s = new StringBuilder();
      int n = r.nextInt(120);
      for (int j = 0; j < n; j++) {
        s.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
      }
      inputs.add(s.toString().getBytes(StandardCharsets.UTF_8));
    }
    return inputs;
  }

  @Test
  void randomAndMutatedConfigYamlOnlyEverFailsWithMspSetupException() {
    Random r = new Random(20240101L);
    int accepted = 0;
    int refused = 0;
    for (byte[] input : yamlInputs(r)) {
      try {
        ConfigYaml.parse(input, "config.yaml");
        accepted++;
      } catch (MspSetupException e) {
        assertThat(e.detail()).startsWith("config.yaml");
        refused++;
      } catch (RuntimeException | Error e) {
        throw new AssertionError(
            "unexpected " + e + " for input:\n" + new String(input, StandardCharsets.ISO_8859_1), e);
      }
    }
    assertThat(accepted).isPositive();
    assertThat(refused).isPositive();
  }

  @Test
  void randomConfigYamlInAFolderOnlyEverFailsWithMspSetupException() {
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", PKI.root.pem());
    Random r = new Random(7L);
    List<byte[]> inputs = yamlInputs(r).subList(0, 200);
    for (byte[] input : inputs) {
      write(msp, "config.yaml", input);
      try {
        MspFolders.readVerifying(msp, "Org1MSP");
      } catch (MspSetupException e) {
        // fine
      } catch (RuntimeException | Error e) {
        throw new AssertionError(
            "unexpected " + e + " for input:\n" + new String(input, StandardCharsets.ISO_8859_1), e);
      }
    }
  }

  @Test
  void randomAndMutatedKeyFilesOnlyEverFailWithMspSetupException() {
    IssuedCertificate signer = PKI.leaf("signer", KeyAlgorithm.EC_P256);
    Path msp = tmp.resolve("msp");
    write(msp, "cacerts/ca.pem", PKI.root.pem());
    write(msp, "signcerts/cert.pem", signer.pem());
    SigningKeyStore ks = MspFolders.readLocal(msp, "Org1MSP").keyStore();
    String named = "keystore/" + SubjectKeyIds.fabricSkiHex(signer.publicKey()) + "_sk";

    List<byte[]> ders = KEY_DERS;
    Random r = new Random(99L);
    for (int i = 0; i < 400; i++) {
      byte[] der = ders.get(r.nextInt(ders.size())).clone();
      int edits = r.nextInt(4);
      for (int e = 0; e < edits; e++) {
        der[r.nextInt(der.length)] = (byte) r.nextInt(256);
      }
      byte[] content = i % 5 == 0 ? randomBytes(r) : Pem.encode(Pem.PRIVATE_KEY, der).getBytes(StandardCharsets.US_ASCII);
      write(msp, i % 2 == 0 ? named : "keystore/priv_sk", content);
      try {
        ks.find(signer.fabricSki());
      } catch (MspSetupException e) {
        assertThat(e.detail()).startsWith("keystore/");
      } catch (RuntimeException | Error e) {
        throw new AssertionError("unexpected " + e + " for key file " + i, e);
      }
    }
  }

  @Test
  void mutatedKeyDerOnlyEverFailsWithKeyDecodeException() {
    KeyDecoder decoder = new KeyDecoder(new BouncyCastleProvider());
    List<byte[]> ders = KEY_DERS;
    Random r = new Random(5L);
    for (int i = 0; i < 1000; i++) {
      byte[] der = ders.get(r.nextInt(ders.size())).clone();
      int edits = 1 + r.nextInt(3);
      for (int e = 0; e < edits; e++) {
        der[r.nextInt(der.length)] = (byte) r.nextInt(256);
      }
      if (r.nextInt(10) == 0) {
        der = java.util.Arrays.copyOf(der, r.nextInt(der.length));
      }
      try {
        decoder.privateKey(der);
      } catch (KeyDecoder.KeyDecodeException e) {
        // fine
      } catch (RuntimeException | Error e) {
        throw new AssertionError("unexpected " + e + " for DER " + i, e);
      }
      try {
        decoder.publicKey(der);
      } catch (KeyDecoder.KeyDecodeException e) {
        // fine
      } catch (RuntimeException | Error e) {
        throw new AssertionError("unexpected " + e + " for public DER " + i, e);
      }
    }
  }

  private static List<byte[]> keyDers() {
    List<byte[]> ders = new ArrayList<>();
    for (KeyAlgorithm a : new KeyAlgorithm[] {KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384,
        KeyAlgorithm.ED25519}) {
      var k = PKI.pki.keyPair(a);
      ders.add(PrivateKeys.pkcs8Der(k.getPrivate()));
      ders.add(k.getPublic().getEncoded());
      if (a != KeyAlgorithm.ED25519) {
        ders.add(PrivateKeys.sec1Der(k.getPrivate()));
      }
    }
    var rsa = PKI.pki.keyPair(KeyAlgorithm.RSA_2048);
    ders.add(PrivateKeys.pkcs1Der(rsa.getPrivate()));
    ders.add(rsa.getPublic().getEncoded());
    return ders;
  }

  private static byte[] randomBytes(Random r) {
    byte[] b = new byte[r.nextInt(300)];
    r.nextBytes(b);
    return b;
  }
}

package io.msp4j.pkcs11;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.SigningKeyStore;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import org.hyperledger.fabric.protos.msp.FabricCryptoConfig;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/** A local MSP whose signing certificate is issued for a key that lives on a token. */
public final class HsmMsp {
  private HsmMsp() {}

  public static final TestPki PKI = TestPki.seeded("pkcs11-tests");
  public static final IssuedCertificate ROOT = PKI.rootCa("CN=ca.org1.example.com,O=org1.example.com");

  /** A signing certificate for {@code publicKey}, issued by {@link #ROOT}. */
  public static IssuedCertificate certFor(PublicKey publicKey, String cn) {
    return PKI.certificate().subject("CN=" + cn + ",OU=client,O=org1.example.com").issuer(ROOT)
        .keyPair(new KeyPair(publicKey, null)).build();
  }

  /** The local MSP config: ROOT as CA, {@code signer} as signing identity and admin, no key material. */
  static MSPConfig config(IssuedCertificate signer) {
    FabricMSPConfig f = FabricMSPConfig.newBuilder()
        .setName("Org1MSP")
        .addRootCerts(ByteString.copyFrom(ROOT.pem(), StandardCharsets.UTF_8))
        .addAdmins(ByteString.copyFrom(signer.pem(), StandardCharsets.UTF_8))
        .setSigningIdentity(SigningIdentityInfo.newBuilder()
            .setPublicSigner(ByteString.copyFrom(signer.pem(), StandardCharsets.UTF_8)))
        .setCryptoConfig(FabricCryptoConfig.newBuilder()
            .setSignatureHashFamily("SHA2").setIdentityIdentifierHashFunction("SHA256"))
        .build();
    return MSPConfig.newBuilder().setType(0).setConfig(f.toByteString()).build();
  }

  /** Sets up the local MSP with its key looked up in {@code store}. */
  static X509Msp setup(IssuedCertificate signer, SigningKeyStore store) {
    return X509Msps.setup(config(signer), MspVersion.V3_0, SetupOptions.defaults().withKeyStore(store));
  }
}

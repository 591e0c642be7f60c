package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.internal.crypto.BouncyCastleCryptoProvider;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A new identity costs one signature verification, its own: the CA chain above its issuer was
 * verified at setup, sanitisation and validation share the leaf's check, and the OUs and a second
 * validation reuse the chain (DESIGN principle 3).
 */
class OneVerificationPerIdentityTest {
  private static final String MSP_ID = "Org1MSP";
  private final TestPki pki = TestPki.seeded("one-verification");
  private final IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
  private final IssuedCertificate ica = pki.intermediateCa("C=US,O=org1,CN=ica.org1", root);
  private final CountingCryptoProvider crypto = new CountingCryptoProvider(new BouncyCastleCryptoProvider());

  private X509Msp msp(IssuedCertificate issuer) {
    FabricMSPConfig.Builder conf = FabricMSPConfig.newBuilder().setName(MSP_ID).addRootCerts(pem(root))
        .addIntermediateCerts(pem(ica))
        .addRevocationList(ByteString.copyFrom(pki.crl(issuer).revoke(BigInteger.valueOf(7)).build().der()));
    FabricNodeOUs.Builder n = FabricNodeOUs.newBuilder().setEnable(true);
    n.setClientOuIdentifier(ou("client", issuer)).setPeerOuIdentifier(ou("peer", issuer))
        .setAdminOuIdentifier(ou("admin", issuer)).setOrdererOuIdentifier(ou("orderer", issuer));
    conf.setFabricNodeOus(n);
    X509Msp msp = MspSetup.run(MSPConfig.newBuilder().setConfig(conf.build().toByteString()).build(),
        MspVersion.V3_0, SetupOptions.defaults(), crypto);
    crypto.reset();
    return msp;
  }

  private int verificationsFor(X509Msp msp, IssuedCertificate leaf) {
    crypto.reset();
    Identity id = msp.deserialize(serialized(leaf));
    msp.validate(id);
    assertThat(id.organizationalUnits()).isNotEmpty();
    msp.validate(id);
    return crypto.verifications();
  }

  @Test
  @Tag("VALIDATE-01")
  void rootIssuedIdentityCostsOneVerification() {
    X509Msp rootOnly = mspWithRootOnly();
    assertThat(verificationsFor(rootOnly, pki.leaf("C=US,O=org1,OU=peer,CN=peer1", root))).isEqualTo(1);
    assertThat(verificationsFor(rootOnly, pki.leaf("C=US,O=org1,OU=peer,CN=peer2", root))).isEqualTo(1);
  }

  @Test
  @Tag("VALIDATE-01")
  void intermediateIssuedIdentityCostsOneVerification() {
    X509Msp msp = msp(ica);
    assertThat(verificationsFor(msp, pki.leaf("C=US,O=org1,OU=peer,CN=peer0", ica))).isEqualTo(1);
    assertThat(verificationsFor(msp, pki.leaf("C=US,O=org1,OU=client,CN=user0", ica))).isEqualTo(1);
  }

  @Test
  @Tag("SANITIZE-04")
  void sanitisedHighSIdentityCostsOneVerification() {
    X509Msp msp = msp(ica);
    IssuedCertificate highS = pki.leaf("C=US,O=org1,OU=peer,CN=peer9", ica)
        .withMangledSignature(SignatureMangling.highS(), ica.publicKey());
    assertThat(verificationsFor(msp, highS)).isEqualTo(1);
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void revokedIdentityCostsOnlyItsOwnSignatureCheckSinceTheCrlWasCheckedAtSetup() {
    X509Msp msp = msp(ica);
    IssuedCertificate revoked = pki.certificate().subject("C=US,O=org1,OU=peer,CN=revoked").issuer(ica)
        .serial(7).leaf().build();
    crypto.reset();
    Identity id = msp.deserialize(serialized(revoked));
    io.msp4j.core.IdentityException e = org.junit.jupiter.api.Assertions.assertThrows(
        io.msp4j.core.IdentityException.class, () -> msp.validate(id));
    assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
    assertThat(crypto.verifications()).isEqualTo(1);
  }

  @Test
  void caKeysArePreparedOnceNotPerIdentity() {
    X509Msp msp = msp(ica);
    verificationsFor(msp, pki.leaf("C=US,O=org1,OU=peer,CN=peer0", ica));
    crypto.reset();
    for (int i = 0; i < 3; i++) {
      verificationsFor(msp, pki.leaf("C=US,O=org1,OU=peer,CN=peer" + (10 + i), ica));
    }
    assertThat(crypto.preparedKeys()).isZero();
  }

  private X509Msp mspWithRootOnly() {
    FabricMSPConfig.Builder conf = FabricMSPConfig.newBuilder().setName(MSP_ID).addRootCerts(pem(root));
    FabricNodeOUs.Builder n = FabricNodeOUs.newBuilder().setEnable(true);
    n.setClientOuIdentifier(ou("client", root)).setPeerOuIdentifier(ou("peer", root))
        .setAdminOuIdentifier(ou("admin", root));
    conf.setFabricNodeOus(n);
    X509Msp msp = MspSetup.run(MSPConfig.newBuilder().setConfig(conf.build().toByteString()).build(),
        MspVersion.V3_0, SetupOptions.defaults(), crypto);
    crypto.reset();
    return msp;
  }

  private static FabricOUIdentifier ou(String name, IssuedCertificate ca) {
    return FabricOUIdentifier.newBuilder().setOrganizationalUnitIdentifier(name).setCertificate(pem(ca)).build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }

  private static byte[] serialized(IssuedCertificate c) {
    return SerializedIdentity.newBuilder().setMspid(MSP_ID)
        .setIdBytes(ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII)).build().toByteArray();
  }
}

package io.msp4j.x509.inspect;

import com.google.protobuf.ByteString;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/** MSP configurations for inspection tests, built from testdata certificates. */
final class Configs {
  private final FabricMSPConfig.Builder b = FabricMSPConfig.newBuilder().setName("Org1MSP");

  static Configs of(IssuedCertificate... roots) {
    Configs c = new Configs();
    for (IssuedCertificate r : roots) {
      c.b.addRootCerts(pem(r));
    }
    return c;
  }

  Configs rootBytes(byte[] bytes) {
    b.addRootCerts(ByteString.copyFrom(bytes));
    return this;
  }

  Configs intermediate(IssuedCertificate c) {
    b.addIntermediateCerts(pem(c));
    return this;
  }

  Configs admin(IssuedCertificate c) {
    b.addAdmins(pem(c));
    return this;
  }

  Configs signer(IssuedCertificate c) {
    b.setSigningIdentity(SigningIdentityInfo.newBuilder().setPublicSigner(pem(c)));
    return this;
  }

  Configs tlsRoot(IssuedCertificate c) {
    b.addTlsRootCerts(pem(c));
    return this;
  }

  Configs tlsIntermediate(IssuedCertificate c) {
    b.addTlsIntermediateCerts(pem(c));
    return this;
  }

  Configs crl(IssuedCrl crl) {
    b.addRevocationList(ByteString.copyFrom(crl.pem(), StandardCharsets.US_ASCII));
    return this;
  }

  Configs crlBytes(byte[] bytes) {
    b.addRevocationList(ByteString.copyFrom(bytes));
    return this;
  }

  Configs ou(String ou, IssuedCertificate certifier) {
    b.addOrganizationalUnitIdentifiers(FabricOUIdentifier.newBuilder()
        .setOrganizationalUnitIdentifier(ou).setCertificate(pem(certifier)));
    return this;
  }

  Configs clientNodeOu(String ou, IssuedCertificate certifier) {
    FabricOUIdentifier.Builder id = FabricOUIdentifier.newBuilder().setOrganizationalUnitIdentifier(ou);
    if (certifier != null) {
      id.setCertificate(pem(certifier));
    }
    b.getFabricNodeOusBuilder().setEnable(true).setClientOuIdentifier(id);
    return this;
  }

  MSPConfig build() {
    return MSPConfig.newBuilder().setType(0).setConfig(b.build().toByteString()).build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }
}

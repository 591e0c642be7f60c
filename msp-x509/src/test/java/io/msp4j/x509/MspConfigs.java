package io.msp4j.x509;

import com.google.protobuf.ByteString;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/**
 * Builds MSP configurations for tests from testdata certificates, in a few readable lines (public
 * for the tests of this module's other packages).
 */
public final class MspConfigs {
  static final String MSP_ID = "SampleOrg";

  private final FabricMSPConfig.Builder b = FabricMSPConfig.newBuilder().setName(MSP_ID);

  public static MspConfigs of(IssuedCertificate... roots) {
    MspConfigs c = new MspConfigs();
    for (IssuedCertificate r : roots) {
      c.root(r);
    }
    return c;
  }

  public MspConfigs name(String name) {
    b.setName(name);
    return this;
  }

  public MspConfigs root(IssuedCertificate c) {
    return rootBytes(c.pem().getBytes(StandardCharsets.US_ASCII));
  }

  public MspConfigs rootBytes(byte[] bytes) {
    b.addRootCerts(ByteString.copyFrom(bytes));
    return this;
  }

  public MspConfigs intermediate(IssuedCertificate c) {
    b.addIntermediateCerts(pem(c));
    return this;
  }

  public MspConfigs admin(IssuedCertificate c) {
    b.addAdmins(pem(c));
    return this;
  }

  public MspConfigs crl(IssuedCrl crl) {
    b.addRevocationList(ByteString.copyFrom(crl.pem(), StandardCharsets.US_ASCII));
    return this;
  }

  public MspConfigs crlBytes(byte[] bytes) {
    b.addRevocationList(ByteString.copyFrom(bytes));
    return this;
  }

  public MspConfigs tlsRoot(IssuedCertificate c) {
    b.addTlsRootCerts(pem(c));
    return this;
  }

  public MspConfigs tlsIntermediate(IssuedCertificate c) {
    b.addTlsIntermediateCerts(pem(c));
    return this;
  }

  public MspConfigs ou(String ou, IssuedCertificate certifier) {
    b.addOrganizationalUnitIdentifiers(ouId(ou, certifier));
    return this;
  }

  MspConfigs identityHash(String name) {
    b.getCryptoConfigBuilder().setIdentityIdentifierHashFunction(name);
    return this;
  }

  /** NodeOUs with the given OU strings; null leaves a role undefined. */
  MspConfigs nodeOus(boolean enable, String client, String peer, String admin, String orderer) {
    FabricNodeOUs.Builder n = FabricNodeOUs.newBuilder().setEnable(enable);
    if (client != null) {
      n.setClientOuIdentifier(ouId(client, null));
    }
    if (peer != null) {
      n.setPeerOuIdentifier(ouId(peer, null));
    }
    if (admin != null) {
      n.setAdminOuIdentifier(ouId(admin, null));
    }
    if (orderer != null) {
      n.setOrdererOuIdentifier(ouId(orderer, null));
    }
    b.setFabricNodeOus(n);
    return this;
  }

  /** Turns NodeOUs on with only a client OU, bound to {@code certifier} (null: to none). */
  public MspConfigs clientNodeOu(String ou, IssuedCertificate certifier) {
    b.getFabricNodeOusBuilder().setEnable(true).setClientOuIdentifier(ouId(ou, certifier));
    return this;
  }

  /** Binds the client NodeOU to a CA certificate (certifiers identifier). */
  MspConfigs clientOuCertifiedBy(IssuedCertificate ca) {
    b.getFabricNodeOusBuilder()
        .setClientOuIdentifier(ouId(b.getFabricNodeOus().getClientOuIdentifier().getOrganizationalUnitIdentifier(), ca));
    return this;
  }

  /** A signing identity of certificate {@code c} only (a verifying MSP's configuration). */
  public MspConfigs signer(IssuedCertificate c) {
    return signer(c, null);
  }

  public MspConfigs signer(IssuedCertificate c, String keyPem) {
    SigningIdentityInfo.Builder s = SigningIdentityInfo.newBuilder().setPublicSigner(pem(c));
    if (keyPem != null) {
      s.getPrivateSignerBuilder().setKeyMaterial(ByteString.copyFrom(keyPem, StandardCharsets.US_ASCII));
    }
    b.setSigningIdentity(s);
    return this;
  }

  FabricMSPConfig fabricConfig() {
    return b.build();
  }

  public MSPConfig build() {
    return MSPConfig.newBuilder().setType(0).setConfig(b.build().toByteString()).build();
  }

  static byte[] serialized(IssuedCertificate c) {
    return serialized(MSP_ID, c.pem().getBytes(StandardCharsets.US_ASCII));
  }

  static byte[] serialized(String mspId, IssuedCertificate c) {
    return serialized(mspId, c.pem().getBytes(StandardCharsets.US_ASCII));
  }

  static byte[] serialized(String mspId, byte[] idBytes) {
    return SerializedIdentity.newBuilder()
        .setMspid(mspId)
        .setIdBytes(ByteString.copyFrom(idBytes))
        .build()
        .toByteArray();
  }

  private static FabricOUIdentifier ouId(String ou, IssuedCertificate certifier) {
    FabricOUIdentifier.Builder o = FabricOUIdentifier.newBuilder().setOrganizationalUnitIdentifier(ou);
    if (certifier != null) {
      o.setCertificate(pem(certifier));
    }
    return o.build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }
}

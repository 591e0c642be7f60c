package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Benchmark fixtures built by the testdata generator: an organisation with NodeOUs on, a root,
 * optionally an intermediate CA and a CRL, and many distinct leaf identities, so that every
 * validation in a benchmark loop is of an identity the MSP has not seen before.
 */
final class Fixtures {
  static final String MSP_ID = "Org1MSP";

  final X509Msp msp;
  /** The configuration {@link #msp} was set up from (MSP version 3.0). */
  final MSPConfig config;
  final List<byte[]> identities;

  private Fixtures(X509Msp msp, MSPConfig config, List<byte[]> identities) {
    this.msp = msp;
    this.config = config;
    this.identities = identities;
  }

  /**
   * @param intermediate whether leaves are issued by an intermediate CA below the root
   * @param crlSize how many serials the root's (or intermediate's) CRL revokes; 0 for no CRL
   * @param count how many distinct leaf identities to make
   */
  static Fixtures build(boolean intermediate, int crlSize, int count) {
    TestPki pki = TestPki.seeded("bench-" + intermediate + "-" + crlSize);
    IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    IssuedCertificate issuer =
        intermediate ? pki.intermediateCa("C=US,O=org1.example.com,CN=ica.org1.example.com", root) : root;
    FabricMSPConfig.Builder conf =
        FabricMSPConfig.newBuilder().setName(MSP_ID).addRootCerts(pem(root));
    if (intermediate) {
      conf.addIntermediateCerts(pem(issuer));
    }
    if (crlSize > 0) {
      CrlBuilder crl = pki.crl(issuer);
      for (int i = 0; i < crlSize; i++) {
        // Serials no identity of the benchmark has: revocation lookups miss, as they usually do.
        crl.revoke(BigInteger.valueOf(1_000_000_000L + i));
      }
      IssuedCrl built = crl.build();
      conf.addRevocationList(ByteString.copyFrom(built.der()));
    }
    FabricNodeOUs.Builder nodeOus = FabricNodeOUs.newBuilder().setEnable(true);
    nodeOus.setClientOuIdentifier(ou("client", issuer));
    nodeOus.setPeerOuIdentifier(ou("peer", issuer));
    nodeOus.setAdminOuIdentifier(ou("admin", issuer));
    nodeOus.setOrdererOuIdentifier(ou("orderer", issuer));
    conf.setFabricNodeOus(nodeOus);
    MSPConfig config = MSPConfig.newBuilder().setConfig(conf.build().toByteString()).build();
    X509Msp msp = X509Msps.setup(config, MspVersion.V3_0);
    List<byte[]> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      IssuedCertificate leaf =
          pki.leaf("C=US,O=org1.example.com,OU=peer,CN=peer" + i + ".org1.example.com", issuer);
      ids.add(
          SerializedIdentity.newBuilder()
              .setMspid(MSP_ID)
              .setIdBytes(ByteString.copyFrom(leaf.pem(), StandardCharsets.US_ASCII))
              .build()
              .toByteArray());
    }
    return new Fixtures(msp, config, List.copyOf(ids));
  }

  /**
   * Full collections until the used heap stops shrinking, so that garbage left by building
   * fixtures is not collected during measurement.
   */
  static void collectSetUpGarbage() {
    Runtime rt = Runtime.getRuntime();
    long before = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      long used = rt.totalMemory() - rt.freeMemory();
      if (used >= before) {
        return;
      }
      before = used;
    }
  }

  private static FabricOUIdentifier ou(String name, IssuedCertificate ca) {
    return FabricOUIdentifier.newBuilder()
        .setOrganizationalUnitIdentifier(name)
        .setCertificate(pem(ca))
        .build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }
}

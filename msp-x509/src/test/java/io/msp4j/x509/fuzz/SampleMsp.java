package io.msp4j.x509.fuzz;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** A small MSP for the fuzz targets: one root, one admin, MSP ID {@code SampleOrg}. */
final class SampleMsp {
  private SampleMsp() {}

  static X509Msp create() {
    TestPki pki = TestPki.seeded("fuzz");
    IssuedCertificate root = pki.rootCa("C=US,O=Org,CN=ca");
    IssuedCertificate admin = pki.leaf("C=US,O=Org,CN=admin", root);
    FabricMSPConfig conf =
        FabricMSPConfig.newBuilder()
            .setName("SampleOrg")
            .addRootCerts(ByteString.copyFrom(root.pem(), StandardCharsets.US_ASCII))
            .addAdmins(ByteString.copyFrom(admin.pem(), StandardCharsets.US_ASCII))
            .build();
    return X509Msps.setup(MSPConfig.newBuilder().setConfig(conf.toByteString()).build(), MspVersion.V1_0);
  }
}

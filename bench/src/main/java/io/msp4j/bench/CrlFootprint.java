package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Retained heap of an MSP per revoked serial: the used heap after full collections with an MSP
 * whose CRL lists {@code n} random 128-bit serials (as cryptogen and fabric-ca issue them), minus
 * the same with an MSP without a CRL, divided by {@code n}.
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.CrlFootprint 1000000</pre>
 */
public final class CrlFootprint {
  private CrlFootprint() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    TestPki pki = TestPki.seeded("footprint");
    IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    IssuedCertificate admin = pki.leaf("C=US,O=org1.example.com,CN=Admin@org1.example.com", root);
    MSPConfig withoutCrl = config(root, admin, null);
    CrlBuilder crl = pki.crl(root);
    Random random = new Random(1);
    for (int i = 0; i < n; i++) {
      crl.revoke(new BigInteger(128, random));
    }
    MSPConfig withCrl = config(root, admin, crl.build().der());
    crl = null;

    long base = retainedWith(withoutCrl);
    long full = retainedWith(withCrl);
    System.out.printf("crl entries: %,d%n", n);
    System.out.printf("CRL DER: %,d bytes (%.1f per entry)%n",
        withCrl.getSerializedSize(), withCrl.getSerializedSize() / (double) n);
    System.out.printf("retained by the MSP beyond one without a CRL: %,d bytes (%.1f per entry)%n",
        full - base, (full - base) / (double) n);
  }

  /** Used heap after collections while an MSP set up from {@code config} is alive. */
  private static long retainedWith(MSPConfig config) {
    long before = settledUsedHeap();
    X509Msp msp = X509Msps.setup(config, MspVersion.V3_0);
    long after = settledUsedHeap();
    if (msp.id().isEmpty()) {
      throw new IllegalStateException("unreachable: keeps the MSP alive until measured");
    }
    return after - before;
  }

  private static long settledUsedHeap() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 10; i++) {
      System.gc();
      long now = memory.getHeapMemoryUsage().getUsed();
      if (now >= used) {
        return now;
      }
      used = now;
    }
    return used;
  }

  private static MSPConfig config(IssuedCertificate root, IssuedCertificate admin, byte[] crlDer) {
    FabricMSPConfig.Builder conf = FabricMSPConfig.newBuilder().setName("Org1MSP")
        .addRootCerts(ByteString.copyFrom(root.pem(), StandardCharsets.US_ASCII))
        .addAdmins(ByteString.copyFrom(admin.pem(), StandardCharsets.US_ASCII));
    if (crlDer != null) {
      conf.addRevocationList(ByteString.copyFrom(crlDer));
    }
    return MSPConfig.newBuilder().setConfig(conf.build().toByteString()).build();
  }
}

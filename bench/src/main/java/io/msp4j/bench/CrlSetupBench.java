package io.msp4j.bench;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Setting up an MSP from an {@code mspconfig} folder whose CRL revokes {@code crlSize}
 * certificates: the folder read (files, PEM) and the MSP setup (CRL parse included), one shot
 * per iteration. The first iteration of each fork runs in a fresh JVM. The folder is generated
 * once per size under the temporary directory and reused by later forks and runs.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
@Fork(value = 2, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class CrlSetupBench {
  @Param({"0", "1000", "1000000"})
  public int crlSize;

  Path folder;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    folder = Path.of(System.getProperty("java.io.tmpdir"), "msp4j-bench-crl-" + crlSize);
    if (!Files.isDirectory(folder.resolve("msp"))) {
      Path staging = Files.createTempDirectory("msp4j-bench-crl");
      TestPki pki = TestPki.seeded("crl-setup-" + crlSize);
      IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
      MspFolder.Builder b = MspFolder.builder().caCert(root)
          .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem"));
      if (crlSize > 0) {
        CrlBuilder crl = pki.crl(root);
        for (int i = 0; i < crlSize; i++) {
          crl.revoke(BigInteger.valueOf(1_000_000_000L + i));
        }
        b.crl(crl.build());
      }
      b.build().writeTo(staging.resolve("msp"));
      Files.move(staging, folder);
    }
  }

  @Benchmark
  public X509Msp setupFromFolder() {
    MspFolderConfig config = MspFolders.readVerifying(folder.resolve("msp"), "Org1MSP");
    return X509Msps.setup(config.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withSources(config.sources()));
  }
}

package io.msp4j.cli;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * An MSP folder with something to show: a root with an intermediate that issues the admins, one
 * admin revoked by the intermediate's CRL, one expiring ten days after {@link #NOW}, a spare root
 * nothing depends on, and a TLS root.
 */
final class InspectFixture {
  static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  final TestPki pki = TestPki.seeded("cli-inspect");
  final IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
  final IssuedCertificate ica = pki.intermediateCa("C=US,O=org1,CN=ica.org1", root);
  final IssuedCertificate spare = pki.rootCa("C=US,O=org1,CN=spare.org1");
  final IssuedCertificate revoked = pki.leaf("C=US,O=org1,OU=admin,CN=Admin2@org1", ica);
  final IssuedCertificate expiring = pki.certificate().subject("C=US,O=org1,OU=admin,CN=Admin1@org1")
      .issuer(ica).leaf().validity(Instant.parse("2024-01-01T00:00:00Z"), NOW.plus(Duration.ofDays(10)))
      .build();
  final IssuedCertificate tlsRoot = pki.rootCa("C=US,O=org1,CN=tlsca.org1");

  Path write(Path dir) {
    return MspFolder.builder()
        .caCert("ca.pem", root)
        .caCert("spare.pem", spare)
        .intermediateCert("ica.pem", ica)
        .adminCert("admin1.pem", expiring)
        .adminCert("admin2.pem", revoked)
        .crl("ica-crl.pem", pki.crl(ica).revoke(revoked).nextUpdate(NOW.plus(Duration.ofDays(20))).build())
        .tlsCaCert("tlsca.pem", tlsRoot)
        .configYaml(ConfigYaml.cryptogenNodeOus("intermediatecerts/ica.pem"))
        .build()
        .writeTo(dir);
  }
}

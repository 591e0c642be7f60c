package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code msp expiry} contract: what is listed at the window's edges, and exit statuses. */
class ExpiryCommandTest {
  private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-expiry");
  private final IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
  private Path msp;

  private IssuedCertificate adminUntil(String cn, Instant notAfter) {
    return pki.certificate().subject("C=US,O=org1,OU=admin,CN=" + cn).issuer(root).leaf()
        .validity(Instant.parse("2024-01-01T00:00:00Z"), notAfter).build();
  }

  @BeforeEach
  void folder() {
    msp = MspFolder.builder()
        .caCert("ca.pem", root)
        .adminCert("a-expired.pem", adminUntil("expired", NOW.minus(Duration.ofDays(3))))
        .adminCert("b-edge.pem", adminUntil("edge", NOW.plus(Duration.ofDays(30))))
        .adminCert("c-past-edge.pem", adminUntil("past-edge", NOW.plus(Duration.ofDays(30)).plusSeconds(1)))
        .crl("ca-crl.pem", pki.crl(root).nextUpdate(NOW.plus(Duration.ofDays(7))).build())
        .build()
        .writeTo(tmp.resolve("msp"));
  }

  private CliRun expiry(String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("expiry", "--msp-dir", msp.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  @Tag("VALIDATE-TIME-03")
  void listsWhatExpiresWithinTheWindowEdgeIncludedSoonestFirst() {
    CliRun r = expiry("--now", NOW.toString());
    assertThat(r.status()).isEqualTo(1);
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).startsWith("EXPIRED   admin                 admincerts/a-expired.pem  notAfter 2029-12-29T00:00:00Z (3 days ago)  CN=expired,OU=admin,O=org1,C=US  serial ");
    assertThat(lines.get(1)).startsWith("EXPIRING  CRL                   crls/ca-crl.pem  next update 2030-01-08T00:00:00Z (in 7 days)  CN=ca.org1,O=org1,C=US");
    assertThat(lines.get(2)).startsWith("EXPIRING  admin                 admincerts/b-edge.pem  notAfter 2030-01-31T00:00:00Z (in 30 days)");
  }

  @Test
  void aWiderWindowReachesFurther() {
    CliRun r = expiry("--now", NOW.toString(), "--within", "31d");
    assertThat(r.out().lines()).hasSize(4).last().asString().contains("c-past-edge.pem");
  }

  @Test
  void aZeroWindowListsWhatHasExpiredOnly() {
    CliRun r = expiry("--now", NOW.toString(), "--within", "0d");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out().lines()).singleElement().asString().contains("a-expired.pem");
  }

  @Test
  void nothingToListExitsZero() {
    CliRun r = expiry("--now", "2025-01-01T00:00:00Z", "--within", "12h");
    assertThat(r.status()).isZero();
    assertThat(r.out()).isEqualTo("nothing expires within 12h (by 2025-01-01T12:00:00Z)\n");
    CliRun json = expiry("--now", "2025-01-01T00:00:00Z", "--json");
    assertThat(json.status()).isZero();
    assertThat(json.out()).isEmpty();
  }

  @Test
  void jsonGivesOneObjectPerEntry() {
    CliRun r = expiry("--now", NOW.toString(), "--json", "--within", "2w");
    assertThat(r.status()).isEqualTo(1);
    List<JsonObject> entries = r.out().lines().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
    assertThat(entries).hasSize(2);
    JsonObject cert = entries.get(0);
    assertThat(cert.get("what").getAsString()).isEqualTo("certificate");
    assertThat(cert.get("role").getAsString()).isEqualTo("admin");
    assertThat(cert.get("source").getAsString()).isEqualTo("admincerts/a-expired.pem");
    assertThat(cert.get("at").getAsString()).isEqualTo("2029-12-29T00:00:00Z");
    assertThat(cert.get("days_left").getAsLong()).isEqualTo(-3);
    assertThat(cert.get("expired").getAsBoolean()).isTrue();
    assertThat(cert.get("msp_id").getAsString()).isEqualTo(msp.toString());
    JsonObject crl = entries.get(1);
    assertThat(crl.get("what").getAsString()).isEqualTo("crl");
    assertThat(crl.get("serial").isJsonNull()).isTrue();
    assertThat(crl.get("expired").getAsBoolean()).isFalse();
  }

  @Test
  void anUnreadableInputExitsTwoAndBadUsageThree() {
    CliRun missing = CliRun.of("expiry", "--msp-dir", tmp.resolve("none").toString());
    assertThat(missing.status()).isEqualTo(2);
    assertThat(missing.err()).startsWith("msp expiry: cannot read the MSP [FOLDER-01]");
    assertThat(expiry("--within", "soon").status()).isEqualTo(3);
    assertThat(expiry("--within", "-1d").status()).isEqualTo(3);
    assertThat(expiry("--now", "yesterday").status()).isEqualTo(3);
    assertThat(CliRun.of("expiry").status()).isEqualTo(3);
  }
}

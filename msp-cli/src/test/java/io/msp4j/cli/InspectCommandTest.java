package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code msp inspect} contract: the tree, the marks, the JSON and DOT forms, exit statuses. */
class InspectCommandTest {
  @TempDir Path tmp;

  private final InspectFixture fixture = new InspectFixture();
  private Path msp;

  @BeforeEach
  void folder() {
    msp = fixture.write(tmp.resolve("msp"));
  }

  private CliRun inspect(String... more) {
    List<String> args = new java.util.ArrayList<>(List.of(
        "inspect", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--now", InspectFixture.NOW.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void treeShowsEachCertificateBelowItsIssuerWithItsMarks() {
    CliRun r = inspect();
    assertThat(r.status()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).startsWith("MSP Org1MSP  (" + msp + ")\n"
        + "setup: ok at MSP version 3.0\n"
        + "marks as of 2030-01-01T00:00:00Z; EXPIRING means within 30d\n");
    assertThat(r.out()).contains(
        "identity CAs\n"
            + "├── root CA  cacerts/ca.pem\n"
            + "│   │   CN=ca.org1,O=org1,C=US\n",
        "│   └── intermediate CA  intermediatecerts/ica.pem\n"
            + "│       │   CN=ica.org1,O=org1,C=US\n",
        "│       ├── admin  admincerts/admin1.pem  [EXPIRING in 10 days]\n",
        "│       └── admin  admincerts/admin2.pem  [REVOKED by crls/ica-crl.pem]\n",
        "└── root CA  cacerts/spare.pem  [UNUSED]\n",
        "TLS CAs\n└── TLS root CA  tlscacerts/tlsca.pem\n",
        "NodeOUs (enabled)\n    client   OU \"client\"       certified by intermediatecerts/ica.pem  from config.yaml:",
        "CRLs\n    crls/ica-crl.pem  issued by intermediatecerts/ica.pem  [NEXT UPDATE DUE in 20 days]\n"
            + "        1 entry, this update 2024-01-02T00:00:00Z, next update 2030-01-21T00:00:00Z (in 20 days)\n");
    assertThat(r.out()).containsPattern(
        "serial " + fixture.expiring.serial().toString(16) + "  ECDSA P-256  2024-01-01T00:00:00Z to 2030-01-11T00:00:00Z \\(in 10 days\\)");
  }

  @Test
  @Tag("SETUP-POST-01")
  void theSetupVerdictComesFirstAndItsFailureIsNotAnError() {
    // At 1.0 every admin must validate, and Admin2 is revoked.
    CliRun r = inspect("--msp-version", "1.0");
    assertThat(r.status()).isZero();
    assertThat(r.out().lines().skip(1).findFirst().orElseThrow())
        .startsWith("setup FAILS at MSP version 1.0: [SETUP-POST-01] admins[1]")
        .contains("CN=Admin2@org1", "revoked by crls/ica-crl.pem");
  }

  @Test
  void jsonHoldsTheTreeWithMarksAndTheCrls() {
    CliRun r = inspect("--json", "--within", "15d");
    assertThat(r.status()).isZero();
    assertThat(r.out().lines()).hasSize(1);
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.get("msp_id").getAsString()).isEqualTo("Org1MSP");
    assertThat(o.get("at").getAsString()).isEqualTo("2030-01-01T00:00:00Z");
    assertThat(o.get("expiry_window").getAsString()).isEqualTo("15d");
    assertThat(o.getAsJsonObject("setup").get("ok").getAsBoolean()).isTrue();
    JsonArray roots = o.getAsJsonArray("identity_cas");
    assertThat(roots).hasSize(2);
    JsonObject ica = roots.get(0).getAsJsonObject().getAsJsonArray("children").get(0).getAsJsonObject();
    assertThat(ica.get("role").getAsString()).isEqualTo("intermediate_ca");
    assertThat(ica.get("key_type").getAsString()).isEqualTo("ECDSA P-256");
    JsonArray admins = ica.getAsJsonArray("children");
    JsonObject expiring = admins.get(0).getAsJsonObject();
    assertThat(expiring.get("days_left").getAsLong()).isEqualTo(10);
    assertThat(expiring.get("marks").toString()).isEqualTo("[\"expiring\"]");
    assertThat(expiring.get("not_after").getAsString()).isEqualTo("2030-01-11T00:00:00Z");
    assertThat(expiring.get("revoked_by").isJsonNull()).isTrue();
    JsonObject revoked = admins.get(1).getAsJsonObject();
    assertThat(revoked.get("marks").toString()).isEqualTo("[\"revoked\"]");
    assertThat(revoked.get("revoked_by").getAsString()).isEqualTo("crls/ica-crl.pem");
    assertThat(revoked.get("serial").getAsString()).isEqualTo(fixture.revoked.serial().toString(16));
    assertThat(roots.get(1).getAsJsonObject().get("marks").toString()).isEqualTo("[\"unused\"]");
    JsonObject crl = o.getAsJsonArray("crls").get(0).getAsJsonObject();
    assertThat(crl.get("issuer_source").getAsString()).isEqualTo("intermediatecerts/ica.pem");
    assertThat(crl.get("entries").getAsInt()).isEqualTo(1);
    assertThat(crl.get("marks").toString()).isEqualTo("[]"); // 20 days is outside 15d
    assertThat(o.getAsJsonObject("node_ous").get("enabled").getAsBoolean()).isTrue();
    assertThat(o.getAsJsonObject("node_ous").getAsJsonArray("identifiers")).hasSize(4);
    assertThat(o.getAsJsonArray("problems")).isEmpty();
  }

  @Test
  void dotIsAGraphWithAnEdgeFromEachIssuer() throws Exception {
    CliRun r = inspect("--dot");
    assertThat(r.status()).isZero();
    DotSyntax graph = DotSyntax.parse(r.out());
    assertThat(graph.subgraphs).isEqualTo(1);
    // 2 roots, 1 intermediate, 2 admins, 1 TLS root; 1 CRL; 4 NodeOUs.
    assertThat(graph.nodes).hasSize(11);
    // root -> ica, ica -> 2 admins, ica -> CRL, 4 NodeOUs -> ica.
    assertThat(graph.edges).hasSize(8);
    assertThat(r.out()).contains("REVOKED by crls/ica-crl.pem", "color=red", "color=orange", "dashed");
    renderWithGraphvizIfPresent(r.out());
  }

  /** Where Graphviz is installed, it must accept the graph too. */
  private void renderWithGraphvizIfPresent(String dot) throws IOException, InterruptedException {
    Path bin = OnPath.find("dot").orElse(null);
    if (bin == null) {
      return;
    }
    Path in = Files.writeString(tmp.resolve("msp.dot"), dot, StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(bin.toString(), "-Tsvg", "-o", tmp.resolve("msp.svg").toString(), in.toString())
        .redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    assertThat(Files.readString(tmp.resolve("msp.svg"))).contains("<svg", "ica.org1");
  }

  @Test
  void aLocalMspShowsItsSigningCertificate() {
    Path local = io.msp4j.testdata.MspFolder.builder().caCert("ca.pem", fixture.root)
        .intermediateCert("ica.pem", fixture.ica).adminCert("admin.pem", fixture.expiring)
        .signCert("peer0.pem", fixture.pki.leaf("C=US,O=org1,OU=peer,CN=peer0.org1", fixture.ica))
        .build().writeTo(tmp.resolve("local"));
    CliRun r = CliRun.of("inspect", "--local", "--msp-dir", local.toString(), "--now", InspectFixture.NOW.toString());
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("signing certificate  signcerts/peer0.pem\n");
    assertThat(r.out()).startsWith("MSP " + local + "\nsetup: ok at MSP version 3.0\n");
  }

  @Test
  void aFolderThatIsNotAnMspExitsTwo() {
    CliRun r = CliRun.of("inspect", "--msp-dir", tmp.resolve("nothing").toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("msp inspect: cannot read the MSP [FOLDER-01]");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void usageErrorsExitThree() {
    assertThat(inspect("--json", "--dot").status()).isEqualTo(3);
    assertThat(inspect("--within", "30x").status()).isEqualTo(3);
    assertThat(inspect("--within", "30x").err()).contains("'30x' is not a duration such as 30d");
    assertThat(CliRun.of("inspect").status()).isEqualTo(3);
  }
}

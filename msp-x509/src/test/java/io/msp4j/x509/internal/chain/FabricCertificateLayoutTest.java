package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.x509.internal.cert.GoAsn1;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The layout check made before a signature is rewritten to low S (SANITIZE-04) against Go 1.23's
 * encoding/asn1 decoding of the same bytes into Fabric's layout: extensions of version 1 and 2
 * certificates, unique identifiers, BOOLEAN, OBJECT IDENTIFIER, INTEGER, BIT STRING and time
 * forms (table {@code go123/fabric-certificate-layout.tsv}).
 */
class FabricCertificateLayoutTest {

  @Test
  @Tag("SANITIZE-04")
  void layoutVerdictsAreGos() {
    List<GoVectors.Row> rows = GoVectors.read("/go123/fabric-certificate-layout.tsv");
    assertThat(rows).hasSizeGreaterThan(40);
    List<String> differences = new ArrayList<>();
    for (GoVectors.Row row : rows) {
      String ours;
      try {
        FabricCertificateLayout.check(HexFormat.of().parseHex(row.get(1)));
        ours = "ok";
      } catch (GoAsn1.Asn1Exception e) {
        ours = "error";
      }
      if (!ours.equals(row.get(2))) {
        differences.add(row.get(0) + ": Go " + row.get(2) + " " + row.get(3) + ", msp4j " + ours);
      }
    }
    assertThat(differences).isEmpty();
  }
}

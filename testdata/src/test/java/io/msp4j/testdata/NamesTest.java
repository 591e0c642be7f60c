package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bouncycastle.asn1.DERPrintableString;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void parseKeepsWrittenOrderAndUsesGoStringTypes() {
    X500Name n = Names.parse("C=US,O=Org1,OU=peer+OU=x,CN=admin@org1");
    RDN[] rdns = n.getRDNs();
    assertThat(rdns).hasSize(4);
    assertThat(rdns[0].getFirst().getType()).isEqualTo(BCStyle.C);
    assertThat(rdns[2].isMultiValued()).isTrue();
    assertThat(rdns[1].getFirst().getValue()).isInstanceOf(DERPrintableString.class);
    assertThat(rdns[3].getFirst().getValue()).isInstanceOf(DERUTF8String.class);
  }

  @Test
  void sameTextDifferentStringTypeGivesDifferentBytes() throws Exception {
    X500Name go = Names.builder().o("Org1").cn("root").build();
    X500Name utf8 = Names.builder().utf8().o("Org1").cn("root").build();
    assertThat(go.getEncoded()).isEqualTo(Names.parse("O=Org1,CN=root").getEncoded());
    assertThat(utf8.getEncoded()).isNotEqualTo(go.getEncoded());
  }

  @Test
  void badTextIsRejectedWithTheText() {
    assertThatThrownBy(() -> Names.parse("nonsense"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nonsense");
    assertThatThrownBy(() -> Names.builder().multiValued("novalue"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("novalue");
  }
}

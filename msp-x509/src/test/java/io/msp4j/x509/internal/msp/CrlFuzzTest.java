package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.testdata.fuzz.ShortRun;
import io.msp4j.x509.X509Msps;
import io.msp4j.x509.internal.cert.GoAsn1;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.TreeSet;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * CRLs from strangers: the in-place parser gives the plain reference parser's verdict and contents
 * on every input, fails only with the ASN.1 reader's own exceptions, and a CRL in an MSP
 * configuration fails setup only with {@link MspSetupException}.
 */
class CrlFuzzTest {
  private static final TestPki PKI = TestPki.seeded("crl-fuzz");
  private static final IssuedCertificate ROOT = PKI.rootCa("C=US,O=org1,CN=ca");
  private static final IssuedCertificate ICA = PKI.intermediateCa("C=US,O=org1,CN=ica", ROOT);

  @FuzzTest(maxDuration = "12h")
  void inPlaceParserAgreesWithPlainParser(byte[] der) {
    PlainCrlParser.Parsed plain;
    try {
      plain = PlainCrlParser.parse(der);
    } catch (GoAsn1.Asn1Exception | IllegalArgumentException refused) {
      assertThatThrownBy(() -> CrlParser.parse(der)).isExactlyInstanceOf(refused.getClass());
      return;
    }
    CrlParser.Parsed fast = CrlParser.parse(der);
    assertThat(fast.tbs()).isEqualTo(plain.tbs());
    assertThat(fast.signatureOid()).isEqualTo(plain.signatureOid());
    assertThat(fast.signatureParameters()).isEqualTo(plain.signatureParameters());
    assertThat(fast.signature()).isEqualTo(plain.signature());
    assertThat(fast.extensions()).hasSameSizeAs(plain.extensions());
    for (int i = 0; i < fast.extensions().size(); i++) {
      assertThat(fast.extensions().get(i).oid()).isEqualTo(plain.extensions().get(i).oid());
      assertThat(fast.extensions().get(i).critical()).isEqualTo(plain.extensions().get(i).critical());
      assertThat(fast.extensions().get(i).value()).isEqualTo(plain.extensions().get(i).value());
    }
    TreeSet<BigInteger> expected = new TreeSet<>(plain.revokedSerials());
    BigInteger[] got = fast.revokedSerials().toArray();
    Arrays.sort(got);
    assertThat(got).containsExactlyElementsOf(expected);
  }

  @FuzzTest(maxDuration = "12h")
  void crlInConfigurationFailsOnlyWithSetupException(byte[] der) {
    String pem = "-----BEGIN X509 CRL-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END X509 CRL-----\n";
    FabricMSPConfig conf = FabricMSPConfig.newBuilder().setName("Org1MSP")
        .addRootCerts(ByteString.copyFrom(ROOT.pem(), StandardCharsets.US_ASCII))
        .addIntermediateCerts(ByteString.copyFrom(ICA.pem(), StandardCharsets.US_ASCII))
        .addRevocationList(ByteString.copyFrom(pem, StandardCharsets.US_ASCII))
        .build();
    try {
      X509Msps.setup(MSPConfig.newBuilder().setConfig(conf.toByteString()).build(), MspVersion.V1_4_3);
    } catch (MspSetupException e) {
      assertThat(e.reason()).isNotNull();
      assertThat(e.rule()).isNotBlank();
    }
  }

  @Test
  @Tag("SETUP-CRL-01")
  @Tag("VALIDATE-CRL-02")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "inPlaceParserAgreesWithPlainParser", 3000, this::inPlaceParserAgreesWithPlainParser)).isGreaterThan(3000);
    assertThat(ShortRun.run(getClass(), "crlInConfigurationFailsOnlyWithSetupException", 300, this::crlInConfigurationFailsOnlyWithSetupException)).isGreaterThan(300);
  }
}

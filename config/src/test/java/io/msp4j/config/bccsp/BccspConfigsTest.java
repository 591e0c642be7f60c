package io.msp4j.config.bccsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.pkcs11.KeyIdMapping;
import io.msp4j.pkcs11.Pkcs11Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("P11-01")
@Tag("P11-02")
class BccspConfigsTest {
  @TempDir Path dir;

  private static final String SECTION = """
        Default: PKCS11
        PKCS11:
          Library: /usr/lib/softhsm/libsofthsm2.so
          Label: ForFabric
          Pin: 98765432
          Hash: SHA2
          Security: 256
          SoftwareVerify: true
          Immutable: false
          AltID: admin-key
          KeyIds:
            - SKI: 0a1b2c
              ID: mapped
            - "ffee01 other"
      """;

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private static Pkcs11Settings pkcs11(BccspConfig c) {
    assertThat(c).isInstanceOf(BccspConfig.Pkcs11.class);
    return ((BccspConfig.Pkcs11) c).settings();
  }

  @Test
  void aCoreYamlGivesItsPeerBccspSection() throws Exception {
    Path core = write("core.yaml", "peer:\n  id: peer0\n  BCCSP:\n" + SECTION.indent(2) + "chaincode:\n  x: 1\n");
    Pkcs11Settings s = pkcs11(BccspConfigs.read(core, Map.of()));
    assertThat(s.library()).isEqualTo("/usr/lib/softhsm/libsofthsm2.so");
    assertThat(s.label()).isEqualTo("ForFabric");
    assertThat(s.pin()).isEqualTo("98765432");
    assertThat(s.security()).isEqualTo(256);
    assertThat(s.softwareVerify()).isTrue();
    assertThat(s.altId()).isEqualTo("admin-key");
    assertThat(s.keyIds()).containsExactly(new KeyIdMapping("0a1b2c", "mapped"), new KeyIdMapping("ffee01", "other"));
  }

  @Test
  void anOrdererYamlGivesItsGeneralBccspSectionAndKeysMatchInAnyCase() throws Exception {
    Path orderer = write("orderer.yaml", "General:\n  bccsp:\n    default: pkcs11\n    pkcs11:\n      library: /lib.so\n"
        + "      LABEL: OrdererToken\n      pin: 1234\n      security: 384\n      hash: SHA3\n");
    Pkcs11Settings s = pkcs11(BccspConfigs.read(orderer, Map.of()));
    assertThat(s.label()).isEqualTo("OrdererToken");
    assertThat(s.security()).isEqualTo(384);
    assertThat(s.hash()).isEqualTo("SHA3");
  }

  @Test
  void fabricsEnvironmentOverridesApplyToCoreAndOrdererFiles() throws Exception {
    Path core = write("core.yaml", "peer:\n  BCCSP:\n" + SECTION.indent(2));
    Pkcs11Settings s = pkcs11(BccspConfigs.read(core, Map.of(
        "CORE_PEER_BCCSP_PKCS11_PIN", "5555", "CORE_PEER_BCCSP_PKCS11_LABEL", "Other",
        "CORE_PEER_BCCSP_PKCS11_LIBRARY", "/other.so", "ORDERER_GENERAL_BCCSP_PKCS11_PIN", "ignored")));
    assertThat(s.pin()).isEqualTo("5555");
    assertThat(s.label()).isEqualTo("Other");
    assertThat(s.library()).isEqualTo("/other.so");

    Path orderer = write("orderer.yaml", "General:\n  BCCSP:\n" + SECTION.indent(2));
    assertThat(pkcs11(BccspConfigs.read(orderer, Map.of("ORDERER_GENERAL_BCCSP_PKCS11_PIN", "7777"))).pin())
        .isEqualTo("7777");
  }

  @Test
  void aTopLevelBccspKeyIsReadWithoutEnvironmentOverrides() throws Exception {
    Path plain = write("bccsp.yaml", "BCCSP:\n" + SECTION.indent(2));
    assertThat(pkcs11(BccspConfigs.read(plain, Map.of("CORE_PEER_BCCSP_PKCS11_PIN", "5555"))).pin())
        .isEqualTo("98765432");
  }

  @Test
  void defaultSwMeansKeyFiles() throws Exception {
    Path core = write("core.yaml", "peer:\n  BCCSP:\n    Default: SW\n    SW:\n      Hash: SHA2\n      Security: 256\n");
    assertThat(BccspConfigs.read(core, Map.of())).isEqualTo(new BccspConfig.Software());
    Path overridden = write("core2.yaml", "peer:\n  BCCSP:\n" + SECTION.indent(2));
    assertThat(BccspConfigs.read(overridden, Map.of("CORE_PEER_BCCSP_DEFAULT", "SW"))).isEqualTo(new BccspConfig.Software());
  }

  @Test
  void aBadSecurityLevelNamesTheSettingAndNeverThePin() throws Exception {
    Path core = write("core.yaml", "peer:\n  BCCSP:\n" + SECTION.replace("Security: 256", "Security: 512").indent(2));
    MspSetupException e = assertThrows(MspSetupException.class, () -> BccspConfigs.read(core, Map.of()));
    assertThat(e.reason()).isEqualTo(Reason.BCCSP_CONFIG_INVALID);
    assertThat(e.getMessage()).contains("peer.BCCSP.PKCS11").contains("Security must be 256 or 384, got 512")
        .doesNotContain("98765432");
  }

  @Test
  void aFileWithoutABccspSectionSaysWhereOneWasLookedFor() throws Exception {
    Path other = write("other.yaml", "peer:\n  id: x\n");
    MspSetupException e = assertThrows(MspSetupException.class, () -> BccspConfigs.read(other, Map.of()));
    assertThat(e.getMessage()).contains("no BCCSP section").contains("peer.BCCSP").contains("General.BCCSP");
  }

  @Test
  void aMissingLabelIsRefused() throws Exception {
    Path core = write("core.yaml", "peer:\n  BCCSP:\n" + SECTION.replace("Label: ForFabric", "").indent(2));
    MspSetupException e = assertThrows(MspSetupException.class, () -> BccspConfigs.read(core, Map.of()));
    assertThat(e.getMessage()).contains("PKCS11.Label is not set");
  }
}

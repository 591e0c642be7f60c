package io.msp4j.idemix;

import static io.msp4j.idemix.Vectors.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the verdicts Fabric v2.5.12's own idemix code gave on issuer keys, identities and
 * signatures (resources idemix-*.tsv): msp4j agrees everywhere except where its two stricter
 * rules refuse what Fabric accepts.
 */
class FabricVectorsTest {
  /** The tables were made by Fabric v2.5.12's idemix. */
  private static final io.msp4j.core.FabricRelease V2_5_12 = io.msp4j.core.FabricRelease.parse("2.5.12");

  private static final IdemixIssuerKey ISSUER_A = IdemixIssuerKey.parse(Vectors.issuerA());

  @TestFactory
  @Tag("IDEMIX-IPK-01")
  @Tag("IDEMIX-POINT-01")
  Stream<DynamicTest> issuerKeyImportAgreesWithFabric() {
    return Vectors.rows("idemix-ipk.tsv").stream().map(r -> DynamicTest.dynamicTest(r[0] + " " + r[1], () -> {
      byte[] ipk = hex(r[3]);
      if (r[1].equals("ACCEPT")) {
        assertThat(HexFormat.of().formatHex(IdemixIssuerKey.parse(ipk).hash()))
            .as("the hash Fabric recomputes").isEqualTo(r[2]);
      } else {
        IdemixException e = assertThrows(IdemixException.class, () -> IdemixIssuerKey.parse(ipk));
        assertThat(e.rule()).isIn("IDEMIX-IPK-01", "IDEMIX-POINT-01");
      }
    }));
  }

  @TestFactory
  @Tag("IDEMIX-VALIDATE-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  @Tag("MSP4J-IDEMIX-STRICT-02")
  Stream<DynamicTest> identityVerdictsAgreeWithFabricExceptTheStrictRules() {
    return Vectors.rows("idemix-identities.tsv").stream().map(r -> DynamicTest.dynamicTest(
        r[0] + " deserialize " + r[1] + " validate " + r[2] + " " + r[3], () -> {
          byte[] idBytes = idBytes(r[4]);
          String strict = r[3];
          if (!strict.equals("-")) {
            IdemixException e = assertThrows(IdemixException.class, () -> IdemixIdentity.deserialize(idBytes, V2_5_12));
            assertThat(e.rule()).isEqualTo(strict);
            assertThat(e.getMessage()).contains("Fabric v2.5/v3 would");
            assertThat(r[1]).as("Fabric deserializes it").isEqualTo("ACCEPT");
            // Fabric's own checks, without the strict rule, give Fabric's verdicts.
            assertValidation(IdemixIdentity.deserializeAsFabric(idBytes, V2_5_12), r[2]);
          } else if (r[1].equals("REJECT")) {
            IdemixException e = assertThrows(IdemixException.class, () -> IdemixIdentity.deserialize(idBytes, V2_5_12));
            assertThat(e.rule()).isIn("IDEMIX-POINT-01", "IDEMIX-VALIDATE-01", "IDEMIX-ROLE-01");
          } else {
            assertValidation(IdemixIdentity.deserialize(idBytes, V2_5_12), r[2]);
          }
        }));
  }

  private static void assertValidation(IdemixIdentity id, String fabricVerdict) {
    if (fabricVerdict.equals("ACCEPT")) {
      assertThatCode(() -> IdemixIdentityProof.verify(ISSUER_A, id)).doesNotThrowAnyException();
    } else {
      IdemixException e = assertThrows(IdemixException.class, () -> IdemixIdentityProof.verify(ISSUER_A, id));
      assertThat(e.rule()).isEqualTo("IDEMIX-VALIDATE-01");
    }
  }

  @TestFactory
  @Tag("IDEMIX-VERIFY-01")
  @Tag("MSP4J-IDEMIX-STRICT-01")
  @Tag("MSP4J-IDEMIX-STRICT-02")
  Stream<DynamicTest> signatureVerdictsAgreeWithFabricExceptTheStrictRules() {
    return Vectors.rows("idemix-signatures.tsv").stream().map(r -> DynamicTest.dynamicTest(
        r[0] + " " + r[1] + " " + r[2], () -> {
          byte[] idBytes = idBytes(r[3]);
          byte[] msg = hex(r[4]);
          byte[] sig = hex(r[5]);
          IdemixIdentity id;
          if (r[2].equals("-")) {
            id = IdemixIdentity.deserialize(idBytes, V2_5_12);
          } else {
            IdemixException e = assertThrows(IdemixException.class, () -> IdemixIdentity.deserialize(idBytes, V2_5_12));
            assertThat(e.rule()).isEqualTo(r[2]);
            id = IdemixIdentity.deserializeAsFabric(idBytes, V2_5_12);
          }
          IdemixIdentity identity = id;
          if (r[1].equals("ACCEPT")) {
            assertThatCode(() -> NymSignatures.verify(ISSUER_A, identity, msg, sig)).doesNotThrowAnyException();
          } else {
            IdemixException e = assertThrows(IdemixException.class, () -> NymSignatures.verify(ISSUER_A, identity, msg, sig));
            assertThat(e.rule()).isEqualTo("IDEMIX-VERIFY-01");
          }
        }));
  }

  @Test
  @Tag("MSP4J-IDEMIX-STRICT-01")
  void forgedAdminIsRefusedThoughFabricAcceptsItsProofAndSignature() {
    byte[] forged = idBytes(Vectors.row("idemix-identities.tsv", "nym-swapped-for-attackers")[4]);
    IdemixIdentity asFabric = IdemixIdentity.deserializeAsFabric(forged, V2_5_12);
    assertThatCode(() -> IdemixIdentityProof.verify(ISSUER_A, asFabric)).doesNotThrowAnyException();
    assertThat(asFabric.disclosedRoleValue()).isEqualTo(2);
    IdemixException e = assertThrows(IdemixException.class, () -> IdemixIdentity.deserialize(forged, V2_5_12));
    assertThat(e.rule()).isEqualTo("MSP4J-IDEMIX-STRICT-01");
    assertThat(e.getMessage()).contains("Fabric v2.5/v3 would deserialize this identity");
  }

  @Test
  void vectorTablesCoverEveryKindOfCase() {
    List<String[]> ids = Vectors.rows("idemix-identities.tsv");
    assertThat(Vectors.rows("idemix-ipk.tsv")).hasSizeGreaterThan(20);
    assertThat(ids).hasSizeGreaterThan(30);
    assertThat(ids.stream().filter(r -> r[3].equals("MSP4J-IDEMIX-STRICT-01"))).isNotEmpty();
    assertThat(ids.stream().filter(r -> r[3].equals("MSP4J-IDEMIX-STRICT-02"))).isNotEmpty();
    assertThat(Vectors.rows("idemix-signatures.tsv")).hasSizeGreaterThan(15);
  }

  static byte[] idBytes(String serializedIdentityHex) {
    try {
      return SerializedIdentity.parseFrom(hex(serializedIdentityHex)).getIdBytes().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }
}

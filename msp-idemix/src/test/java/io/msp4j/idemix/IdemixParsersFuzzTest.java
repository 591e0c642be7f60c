package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.SigningIdentity;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;

/**
 * Every idemix parser on arbitrary bytes: the issuer public key, a serialized identity (then
 * validated and asked principals), a pseudonym signature, a signer configuration and a
 * revocation public key. Each input is accepted or refused with the module's exception and a
 * rule; nothing else is thrown, nothing hangs. Seeds in {@code
 * src/test/resources/io/msp4j/idemix/IdemixParsersFuzzTestInputs/}; fuzz with {@code
 * tools/fuzz.sh 600 IdemixParsersFuzzTest}.
 */
class IdemixParsersFuzzTest {
  private static final byte[] MESSAGE = "m".getBytes(StandardCharsets.UTF_8);
  private static final IdemixMsp VERIFIER =
      IdemixMsps.setup(MspFixtures.verifyingConfig(), MspVersion.V1_4_3);
  private static final SigningIdentity ADMIN = IdemixMsps.setup(MspFixtures.admin(),
      MspVersion.V1_4_3, MspFixtures.random("fuzz")).defaultSigningIdentity();

  @FuzzTest(maxDuration = "12h")
  @Tag("IDEMIX-IPK-01")
  void issuerPublicKey(byte[] data) {
    try {
      IdemixIssuerKey key = IdemixIssuerKey.parse(data);
      assertThat(key.attributeNames()).isEqualTo(IdemixIssuerKey.ATTRIBUTE_NAMES);
    } catch (IdemixException e) {
      assertThat(e.rule()).startsWith("IDEMIX-");
    }
  }

  @FuzzTest(maxDuration = "12h")
  @Tag("IDEMIX-VALIDATE-01")
  void identity(byte[] idBytes) {
    byte[] serialized = SerializedIdentity.newBuilder().setMspid(MspFixtures.MSP_ID)
        .setIdBytes(ByteString.copyFrom(idBytes)).build().toByteArray();
    Identity id;
    try {
      id = VERIFIER.deserialize(serialized);
    } catch (IdentityException e) {
      assertThat(e.rule()).isNotEmpty();
      return;
    }
    boolean valid;
    try {
      VERIFIER.validate(id);
      valid = true;
    } catch (IdentityException e) {
      valid = false;
    }
    // A valid identity the fuzzer made can only be a member's own (a proof cannot be forged).
    assertThat(VERIFIER.isSatisfied(id, Principal.Role.member(MspFixtures.MSP_ID))).isEqualTo(valid);
    id.organizationalUnits();
    id.serialize();
    id.certificate();
  }

  @FuzzTest(maxDuration = "12h")
  @Tag("IDEMIX-VERIFY-01")
  void signature(byte[] signature) {
    Identity id = VERIFIER.deserialize(ADMIN.serialize());
    try {
      id.verify(MESSAGE, signature);
    } catch (IdentityException e) {
      assertThat(e.rule()).isEqualTo("IDEMIX-VERIFY-01");
    }
  }

  @FuzzTest(maxDuration = "12h")
  @Tag("IDEMIX-FOLDER-01")
  void signerConfig(byte[] data) {
    IdemixMSPSignerConfig signer;
    try {
      signer = IdemixMSPSignerConfig.parseFrom(data);
    } catch (InvalidProtocolBufferException e) {
      return; // the folder reader refuses it before setup
    }
    try {
      IdemixMsps.setup(MspFixtures.signingConfig(signer), MspVersion.V1_4_3, MspFixtures.random("s"));
    } catch (MspSetupException e) {
      assertThat(e.rule()).startsWith("IDEMIX-");
    }
  }

  @FuzzTest(maxDuration = "12h")
  @Tag("IDEMIX-FOLDER-01")
  void revocationPublicKey(byte[] data) {
    try {
      RevocationPublicKeys.check(data);
    } catch (RevocationPublicKeys.InvalidKeyException e) {
      assertThat(e.getMessage()).contains("revocation public key");
    }
  }
}

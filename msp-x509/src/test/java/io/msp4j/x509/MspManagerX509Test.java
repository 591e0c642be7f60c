package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A channel's view: X.509 MSPs of two organisations behind one manager (spec section 7). */
class MspManagerX509Test {
  private final Org org1 = new Org("manager-org1");
  private final Org org2 = new Org("manager-org2");
  private final IssuedCertificate admin1 = org1.leaf("CN=admin1");
  private final IssuedCertificate admin2 = org2.leaf("CN=admin2");
  private final X509Msp msp1 = X509Msps.setup(MspConfigs.of(org1.root).name("Org1MSP").admin(admin1).build(), MspVersion.V1_4_3);
  private final X509Msp msp2 = X509Msps.setup(MspConfigs.of(org2.root).name("Org2MSP").admin(admin2).build(), MspVersion.V1_4_3);

  @Test
  @Tag("MGR-03")
  @Tag("CORE-05")
  @Tag("CORE-03")
  void identitiesAreDeserialisedAndJudgedByTheirOwnMsp() {
    MspManager channel = MspManager.of(List.of(CachingMsp.wrap(msp1), CachingMsp.wrap(msp2)));
    Identity a1 = channel.deserialize(MspConfigs.serialized("Org1MSP", admin1));
    Identity a2 = channel.deserialize(MspConfigs.serialized("Org2MSP", admin2));
    a1.validate();
    a2.validate();
    a1.satisfies(Principal.Role.admin("Org1MSP"));
    a2.satisfies(Principal.Role.admin("Org2MSP"));
    IdentityException e = assertThrows(IdentityException.class, () -> a2.satisfies(Principal.Role.member("Org1MSP")));
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
    assertThat(e.rule()).isEqualTo("PRINCIPAL-ROLE-01");
  }

  @Test
  @Tag("MGR-03")
  void anIdentityNamingTheWrongMspFailsInThatMsp() {
    MspManager channel = MspManager.of(List.of(msp1, msp2));
    // Org2's certificate presented as Org1's: Org1's MSP cannot find its chain.
    IdentityException e = assertThrows(IdentityException.class, () -> channel.deserialize(MspConfigs.serialized("Org1MSP", admin2)));
    assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
    IdentityException unknown = assertThrows(IdentityException.class, () -> channel.deserialize(MspConfigs.serialized("Org3MSP", admin2)));
    assertThat(unknown.reason()).isEqualTo(Reason.UNKNOWN_MSP);
  }

  @Test
  @Tag("MGR-04")
  void wellFormednessIgnoresTheMspId() {
    MspManager channel = MspManager.of(List.of(msp1, msp2));
    SerializedIdentity si = SerializedIdentity.newBuilder().setMspid("Org9MSP")
        .setIdBytes(ByteString.copyFrom(admin2.pem(), StandardCharsets.US_ASCII)).build();
    assertThat(channel.isWellFormed(si)).isTrue();
    SerializedIdentity trailing = si.toBuilder().setIdBytes(si.getIdBytes().concat(ByteString.copyFromUtf8("x"))).build();
    assertThat(channel.isWellFormed(trailing)).isFalse();
  }
}

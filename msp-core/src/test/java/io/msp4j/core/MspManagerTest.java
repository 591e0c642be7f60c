package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import java.util.Arrays;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class MspManagerTest {
  private final FakeMsp org1 = new FakeMsp("Org1MSP");
  private final FakeMsp org2 = new FakeMsp("Org2MSP");

  @Test
  @Tag("MGR-01")
  @Tag("MGR-02")
  void registersEachMspUnderItsId() {
    MspManager m = MspManager.of(List.of(org1, org2));
    assertThat(m.isSetUp()).isTrue();
    assertThat(m.msps()).containsOnlyKeys("Org1MSP", "Org2MSP");
    assertThat(m.msp("Org2MSP")).containsSame(org2);
    assertThat(m.msp("Org3MSP")).isEmpty();
  }

  @Test
  @Tag("MGR-01")
  void laterMspWithTheSameIdReplacesTheEarlier() {
    FakeMsp org1again = new FakeMsp("Org1MSP");
    MspManager m = MspManager.of(List.of(org1, org2, org1again));
    assertThat(m.msp("Org1MSP")).containsSame(org1again);
    m.deserialize(FakeMsp.serialized("Org1MSP", "alice"));
    assertThat(org1again.deserializeCalls).hasValue(1);
    assertThat(org1.deserializeCalls).hasValue(0);
  }

  @Test
  @Tag("MGR-01")
  void onlyTheFirstSetupCounts() {
    MspManager m = MspManager.create();
    assertThat(m.isSetUp()).isFalse();
    assertThat(m.setup(List.of(org1))).isTrue();
    assertThat(m.setup(List.of(org2))).isFalse();
    assertThat(m.msps()).containsOnlyKeys("Org1MSP");
  }

  @Test
  @Tag("MGR-01")
  void emptyOrAbsentListIsAccepted() {
    assertThat(MspManager.of(List.of()).isSetUp()).isTrue();
    MspManager m = MspManager.create();
    assertThat(m.setup(null)).isTrue();
    assertThat(m.msps()).isEmpty();
    IdentityException e = assertThrows(IdentityException.class, () -> m.deserialize(FakeMsp.serialized("Org1MSP", "a")));
    assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_MSP);
  }

  @Test
  @Tag("MGR-01")
  void nullMspIsRefusedAndLeavesTheManagerUnset() {
    MspManager m = MspManager.create();
    NullPointerException e = assertThrows(NullPointerException.class, () -> m.setup(Arrays.asList(org1, null)));
    assertThat(e.getMessage()).contains("msps[1]");
    assertThat(m.isSetUp()).isFalse();
  }

  @Test
  @Tag("MGR-03")
  void deserialisationIsRoutedByMspId() {
    MspManager m = MspManager.of(List.of(org1, org2));
    Identity a = m.deserialize(FakeMsp.serialized("Org2MSP", "alice"));
    assertThat(a.mspId()).isEqualTo("Org2MSP");
    assertThat(org2.deserializeCalls).hasValue(1);
    assertThat(org1.deserializeCalls).hasValue(0);
  }

  @Test
  @Tag("MGR-03")
  void unknownMspIdIsRefusedNamingIt() {
    MspManager m = MspManager.of(List.of(org1, org2));
    IdentityException e = assertThrows(IdentityException.class, () -> m.deserialize(FakeMsp.serialized("Org9MSP", "x")));
    assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_MSP);
    assertThat(e.rule()).isEqualTo("MGR-03");
    assertThat(e.getMessage()).contains("Org9MSP").contains("Org1MSP");
  }

  @Test
  @Tag("MGR-03")
  void notSetUpManagerRefusesEverything() {
    IdentityException e = assertThrows(IdentityException.class,
        () -> MspManager.create().deserialize(FakeMsp.serialized("Org1MSP", "a")));
    assertThat(e.reason()).isEqualTo(Reason.MANAGER_NOT_SET_UP);
    assertThat(MspManager.create().msps()).isEmpty();
  }

  @Test
  @Tag("MGR-03")
  void undecodableBytesAreMalformed() {
    MspManager m = MspManager.of(List.of(org1));
    IdentityException e = assertThrows(IdentityException.class, () -> m.deserialize(new byte[] {(byte) 0xff, 1}));
    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_IDENTITY);
    assertThat(e.rule()).isEqualTo("MGR-03");
  }

  @Test
  @Tag("MGR-03")
  void theMspsOwnFailurePassesThrough() {
    MspManager m = MspManager.of(List.of(org1));
    IdentityException e = assertThrows(IdentityException.class, () -> m.deserialize(FakeMsp.serialized("Org1MSP", "bad")));
    assertThat(e.reason()).isEqualTo(Reason.MALFORMED_IDENTITY);
    assertThat(e.rule()).isEqualTo("DESER-01");
  }

  @Test
  @Tag("MGR-04")
  void wellFormednessIsAnsweredByTheFirstRegisteredMsp() {
    FakeMsp org1again = new FakeMsp("Org1MSP");
    MspManager m = MspManager.of(List.of(org1, org2, org1again));
    SerializedIdentity good = SerializedIdentity.newBuilder().setMspid("Org9MSP").setIdBytes(ByteString.copyFromUtf8("x")).build();
    SerializedIdentity bad = good.toBuilder().setIdBytes(ByteString.copyFromUtf8("malformed")).build();
    assertThat(m.isWellFormed(good)).isTrue();
    IdentityException e = assertThrows(IdentityException.class, () -> m.checkWellFormed(bad));
    assertThat(e.reason()).isEqualTo(Reason.NOT_WELL_FORMED);
    assertThat(org1.wellFormedCalls).hasValue(2);
    assertThat(org2.wellFormedCalls).hasValue(0);
    assertThat(org1again.wellFormedCalls).hasValue(0);
  }

  @Test
  @Tag("MGR-04")
  void managerWithoutMspsFindsNothingWellFormed() {
    SerializedIdentity si = SerializedIdentity.newBuilder().setMspid("Org1MSP").setIdBytes(ByteString.copyFromUtf8("x")).build();
    for (MspManager m : List.of(MspManager.of(List.of()), MspManager.create())) {
      IdentityException e = assertThrows(IdentityException.class, () -> m.checkWellFormed(si));
      assertThat(e.reason()).isEqualTo(Reason.NOT_WELL_FORMED);
      assertThat(e.rule()).isEqualTo("MGR-04");
      assertThat(m.isWellFormed(si)).isFalse();
    }
  }
}

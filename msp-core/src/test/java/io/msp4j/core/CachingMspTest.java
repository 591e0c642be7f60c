package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class CachingMspTest {
  private final FakeMsp inner = new FakeMsp("Org1MSP");
  private final CachingMsp cache = CachingMsp.wrap(inner);

  private Identity identity(String name) {
    return cache.deserialize(FakeMsp.serialized("Org1MSP", name));
  }

  @Test
  @Tag("CACHE-01")
  void decoratorAnswersForTheWrappedMsp() {
    assertThat(cache.id()).isEqualTo("Org1MSP");
    assertThat(cache.version()).isEqualTo(MspVersion.V3_0);
    assertThat(cache.delegate()).isSameAs(inner);
    assertThat(cache.tlsRootCerts()).isEmpty();
    assertThat(cache.tlsIntermediateCerts()).isEmpty();
    MspException noSigner = assertThrows(MspException.class, cache::defaultSigningIdentity);
    assertThat(noSigner.reason()).isEqualTo(Reason.NO_SIGNING_IDENTITY);
    SerializedIdentity malformed =
        SerializedIdentity.newBuilder().setMspid("Org1MSP").setIdBytes(ByteString.copyFromUtf8("malformed")).build();
    assertThat(cache.isWellFormed(malformed)).isFalse();
    assertThat(cache.isWellFormed(malformed.toBuilder().setIdBytes(ByteString.copyFromUtf8("fine")).build())).isTrue();
    assertThat(inner.wellFormedCalls).hasValue(2);
  }

  @Test
  @Tag("CACHE-02")
  @Tag("CACHE-04")
  void deserialisedIdentityIsCachedAndSharedByAllHits() {
    Identity first = identity("alice");
    Identity second = identity("alice");
    assertThat(second).isSameAs(first);
    assertThat(inner.deserializeCalls).hasValue(1);
    assertThat(first.identifier()).isEqualTo(new FakeMsp(inner.id).deserialize(FakeMsp.serialized("Org1MSP", "alice")).identifier());
  }

  @Test
  @Tag("CACHE-02")
  void deserialisationFailuresAreNotCached() {
    byte[] bad = FakeMsp.serialized("Org1MSP", "bad-one");
    for (int i = 0; i < 2; i++) {
      IdentityException e = assertThrows(IdentityException.class, () -> cache.deserialize(bad));
      assertThat(e.reason()).isEqualTo(Reason.MALFORMED_IDENTITY);
    }
    assertThat(inner.deserializeCalls).hasValue(2);
  }

  @Test
  @Tag("CACHE-02")
  void deserialisationKeyIsTheWholeSerializedForm() throws Exception {
    byte[] plain = FakeMsp.serialized("Org1MSP", "alice");
    byte[] withUnknownField =
        SerializedIdentity.newBuilder()
            .mergeFrom(plain)
            .setUnknownFields(
                com.google.protobuf.UnknownFieldSet.newBuilder()
                    .addField(9, com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(1).build())
                    .build())
            .build()
            .toByteArray();
    Identity a = cache.deserialize(plain);
    Identity b = cache.deserialize(withUnknownField);
    assertThat(b).isNotSameAs(a);
    assertThat(inner.deserializeCalls).hasValue(2);
    // ... but both are the same identity for the validation cache, keyed by identifier.
    a.validate();
    b.validate();
    assertThat(inner.validateCalls).hasValue(1);
  }

  @Test
  @Tag("CACHE-02")
  void onlySuccessfulValidationsAreCached() {
    Identity good = identity("alice");
    cache.validate(good);
    cache.validate(good);
    assertThat(inner.validateCalls).hasValue(1);

    Identity bad = identity("invalid-bob");
    for (int i = 0; i < 2; i++) {
      IdentityException e = assertThrows(IdentityException.class, () -> cache.validate(bad));
      assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
    }
    assertThat(inner.validateCalls).hasValue(3);
  }

  @Test
  @Tag("CACHE-02")
  void principalOutcomesAreCachedBothWays() {
    Identity good = identity("alice");
    Identity bad = identity("invalid-bob");
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    for (int i = 0; i < 3; i++) {
      cache.satisfies(good, member);
      IdentityException e = assertThrows(IdentityException.class, () -> cache.satisfies(bad, member));
      assertThat(e.reason()).isEqualTo(Reason.NO_CHAIN);
    }
    assertThat(inner.satisfiesCalls).hasValue(2);
  }

  @Test
  @Tag("CACHE-02")
  void principalKeyTellsPrincipalsApart() {
    Identity good = identity("alice");
    assertThat(cache.isSatisfied(good, FakeMsp.member("Org1MSP"))).isTrue();
    // Same payload bytes, another classification: a different key.
    MSPPrincipal sameBytesOtherClass =
        FakeMsp.member("Org1MSP").toBuilder()
            .setPrincipalClassification(MSPPrincipal.Classification.ORGANIZATION_UNIT)
            .build();
    assertThat(cache.isSatisfied(good, sameBytesOtherClass)).isFalse();
    // Same classification, other bytes: a different key.
    assertThat(cache.isSatisfied(good, FakeMsp.role("Org1MSP", 1))).isFalse();
    assertThat(cache.isSatisfied(good, FakeMsp.member("Org1MSP"))).isTrue();
    assertThat(inner.satisfiesCalls).hasValue(3);
  }

  @Test
  @Tag("CACHE-02")
  void principalKeyTellsIdentitiesApart() {
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    assertThat(cache.isSatisfied(identity("alice"), member)).isTrue();
    assertThat(cache.isSatisfied(identity("invalid-alice"), member)).isFalse();
    assertThat(inner.satisfiesCalls).hasValue(2);
  }

  @Test
  @Tag("CACHE-04")
  void wrappedIdentitiesValidateAndSatisfyThroughTheCache() {
    Identity alice = identity("alice");
    alice.validate();
    alice.validate();
    cache.validate(alice);
    assertThat(inner.validateCalls).hasValue(1);

    MSPPrincipal member = FakeMsp.member("Org1MSP");
    alice.satisfies(member);
    alice.satisfies(Principal.Role.member("Org1MSP"));
    cache.satisfies(alice, member);
    assertThat(inner.satisfiesCalls).hasValue(1);
  }

  @Test
  @Tag("CACHE-04")
  void wrappedMspSeesItsOwnIdentitiesNotTheWrappers() {
    // FakeMsp refuses identities it did not make; the wrapper must be taken off before delegating.
    Identity alice = identity("alice");
    cache.validate(alice);
    cache.satisfies(alice, FakeMsp.member("Org1MSP"));
    assertThat(alice.serialize()).isEqualTo(FakeMsp.serialized("Org1MSP", "alice"));
    assertThat(alice.mspId()).isEqualTo("Org1MSP");
  }

  @Test
  @Tag("CACHE-03")
  void clearEmptiesAllThreeCaches() {
    Identity alice = identity("alice");
    alice.validate();
    alice.satisfies(FakeMsp.member("Org1MSP"));
    assertThat(cache.cacheSizes()).containsExactly(1, 1, 1);
    int validations = inner.validateCalls.get();
    cache.clear();
    assertThat(cache.cacheSizes()).containsExactly(0, 0, 0);
    identity("alice").validate();
    assertThat(inner.deserializeCalls).hasValue(2);
    assertThat(inner.validateCalls).hasValue(validations + 1);
  }

  @Test
  @Tag("CACHE-05")
  void cachesStayWithinTheirCapacity() {
    CachingMsp small = CachingMsp.wrap(inner, 3);
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    for (int i = 0; i < 50; i++) {
      Identity id = small.deserialize(FakeMsp.serialized("Org1MSP", "user" + i));
      id.validate();
      id.satisfies(member);
      small.isSatisfied(id, FakeMsp.role("Org1MSP", 1));
    }
    assertThat(small.cacheSizes()).containsExactly(3, 3, 3);
    assertThat(CachingMsp.wrap(inner).cacheSizes()).containsExactly(0, 0, 0);
  }

  @Test
  @Tag("CACHE-05")
  void aHeldWrapperAsksTheWrappedMspAgainOnceItsEntriesAreEvicted() {
    CachingMsp small = CachingMsp.wrap(inner, 1);
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    Identity alice = small.deserialize(FakeMsp.serialized("Org1MSP", "alice"));
    alice.validate();
    alice.satisfies(member);
    int validations = inner.validateCalls.get();
    alice.validate();
    alice.satisfies(member);
    assertThat(inner.validateCalls).hasValue(validations);
    assertThat(inner.satisfiesCalls).hasValue(1);

    Identity bob = small.deserialize(FakeMsp.serialized("Org1MSP", "bob"));
    bob.validate(); // evicts alice's validation
    bob.satisfies(member); // evicts alice's principal outcome
    validations = inner.validateCalls.get();
    alice.validate();
    assertThat(inner.validateCalls).hasValue(validations + 1);
    alice.satisfies(member);
    assertThat(inner.satisfiesCalls).hasValue(3);
  }

  @Test
  @Tag("CACHE-03")
  void aHeldWrapperAsksTheWrappedMspAgainAfterClear() {
    Identity alice = identity("alice");
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    alice.validate();
    alice.satisfies(member);
    cache.clear();
    int validations = inner.validateCalls.get();
    alice.validate();
    assertThat(inner.validateCalls).hasValue(validations + 1);
    alice.satisfies(member);
    assertThat(inner.satisfiesCalls).hasValue(2);
    assertThat(cache.cacheSizes()).containsExactly(0, 1, 1);
  }

  @Test
  @Tag("CACHE-02")
  @Tag("CACHE-06")
  void alternatingPrincipalsOnOneWrapperKeepTheirOwnVerdicts() {
    Identity alice = identity("alice");
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    MSPPrincipal admin = FakeMsp.role("Org1MSP", 1);
    MSPPrincipal sameBytesOtherClass = member.toBuilder()
        .setPrincipalClassification(MSPPrincipal.Classification.ORGANIZATION_UNIT).build();
    FakeMsp plain = new FakeMsp("Org1MSP");
    Identity uncached = plain.deserialize(FakeMsp.serialized("Org1MSP", "alice"));
    for (int i = 0; i < 3; i++) {
      for (MSPPrincipal p : List.of(member, admin, sameBytesOtherClass, member)) {
        assertThat(cache.isSatisfied(alice, p)).isEqualTo(plain.isSatisfied(uncached, p));
      }
    }
    assertThat(inner.satisfiesCalls).hasValue(3);
  }

  @Test
  @Tag("CACHE-02")
  void aFailedPrincipalThrowsItsCachedReasonThroughTheWrapper() {
    Identity bob = identity("invalid-bob");
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    IdentityException first = assertThrows(IdentityException.class, () -> bob.satisfies(member));
    IdentityException second = assertThrows(IdentityException.class, () -> bob.satisfies(member));
    assertThat(second).isSameAs(first);
    assertThat(second.reason()).isEqualTo(Reason.NO_CHAIN);
    assertThat(inner.satisfiesCalls).hasValue(1);
  }

  @Test
  @Tag("CACHE-05")
  void capacityMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CachingMsp.wrap(inner, 0));
    assertThat(e.getMessage()).contains("0");
  }

  @Test
  @Tag("CACHE-06")
  void cachedVerdictsEqualTheWrappedMspVerdicts() {
    MSPPrincipal member = FakeMsp.member("Org1MSP");
    FakeMsp plain = new FakeMsp("Org1MSP");
    for (String name : new String[] {"a", "invalid-b", "c", "invalid-d", "a", "c"}) {
      byte[] bytes = FakeMsp.serialized("Org1MSP", name);
      Identity cached = cache.deserialize(bytes);
      Identity uncached = plain.deserialize(bytes);
      assertThat(cache.isSatisfied(cached, member)).isEqualTo(plain.isSatisfied(uncached, member));
      assertThat(outcome(() -> cached.validate())).isEqualTo(outcome(() -> uncached.validate()));
    }
  }

  @Test
  void mspIdIsCheckedByTheWrappedMsp() {
    IdentityException e = assertThrows(IdentityException.class,
        () -> cache.deserialize(SerializedIdentity.newBuilder().setMspid("Other").setIdBytes(ByteString.copyFromUtf8("x")).build().toByteArray()));
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_MISMATCH);
  }

  private static Reason outcome(Runnable r) {
    try {
      r.run();
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }
}

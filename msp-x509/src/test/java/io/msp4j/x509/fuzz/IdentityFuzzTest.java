package io.msp4j.x509.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.Reason;
import io.msp4j.testdata.fuzz.ShortRun;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Identities from strangers' bytes: deserialisation, validation, well-formedness and principals
 * give the same answer through every path (plain MSP, Bouncy Castle backend, caching MSP at
 * capacity, MSP manager), fail only with {@link IdentityException}s that carry a reason and a
 * rule, and what deserialises serialises to a stable form.
 *
 * <p>Normal test runs replay the committed seeds and a short deterministic mutation run; {@code
 * JAZZER_FUZZ=1} fuzzes one target (see docs/security.md).
 */
class IdentityFuzzTest {
  private static final FuzzWorld W = FuzzWorld.get();

  @FuzzTest(maxDuration = "12h")
  void deserialisationAgreesOnEveryPath(byte[] serializedIdentity) {
    Outcome plain = Outcome.of(() -> W.org1.deserialize(serializedIdentity), IdentityException.class);
    Outcome bc = Outcome.of(() -> W.org1Bc.deserialize(serializedIdentity), IdentityException.class);
    Outcome cached = Outcome.of(() -> W.org1Cached.deserialize(serializedIdentity), IdentityException.class);
    Outcome managed = Outcome.of(() -> W.manager.deserialize(serializedIdentity), IdentityException.class);
    assertThat(bc.verdict()).isEqualTo(plain.verdict());
    assertThat(cached.verdict()).isEqualTo(plain.verdict());
    if (!plain.ok()) {
      return;
    }
    Identity id = (Identity) plain.value();
    Identity viaBc = (Identity) bc.value();
    Identity viaCache = (Identity) cached.value();
    assertThat(viaBc.identifier()).isEqualTo(id.identifier());
    assertThat(viaCache.identifier()).isEqualTo(id.identifier());
    assertThat(managed.ok()).isTrue();
    assertThat(((Identity) managed.value()).identifier()).isEqualTo(id.identifier());

    Outcome valid = Outcome.of(() -> W.org1.validate(id), IdentityException.class);
    assertThat(Outcome.of(() -> W.org1Bc.validate(viaBc), IdentityException.class)).isEqualTo(valid);
    assertThat(Outcome.of(viaCache::validate, IdentityException.class)).isEqualTo(valid);
    assertThat(Outcome.of(() -> W.org1Cached.validate(viaCache), IdentityException.class)).isEqualTo(valid);
    assertThat(viaCache.organizationalUnits()).isEqualTo(id.organizationalUnits());

    // What deserialises serialises to a canonical form that deserialises to the same identity.
    byte[] again = id.serialize();
    Identity second = W.org1.deserialize(again);
    assertThat(second.identifier()).isEqualTo(id.identifier());
    assertThat(second.serialize()).isEqualTo(again);
    assertThat(W.org1.isWellFormed(parse(again))).isTrue();
    assertThat(Outcome.of(() -> W.org1.validate(second), IdentityException.class)).isEqualTo(valid);
  }

  @FuzzTest(maxDuration = "12h")
  void wellFormedMeansOneCanonicalCertificate(byte[] idBytes) {
    SerializedIdentity si =
        SerializedIdentity.newBuilder().setMspid("AnyMSP").setIdBytes(ByteString.copyFrom(idBytes)).build();
    Outcome plain = Outcome.of(() -> W.org1.checkWellFormed(si), IdentityException.class);
    assertThat(Outcome.of(() -> W.org1Cached.checkWellFormed(si), IdentityException.class)).isEqualTo(plain);
    assertThat(Outcome.of(() -> W.org2.checkWellFormed(si), IdentityException.class)).isEqualTo(plain);
    assertThat(W.manager.isWellFormed(si)).isEqualTo(plain.ok());
    if (!plain.ok()) {
      assertThat(plain.reason()).isIn(Reason.NOT_WELL_FORMED, Reason.LIMIT_EXCEEDED);
      return;
    }
    // Well formed: one PEM block, nothing after its END line but one line ending, a DER
    // certificate that parses to exactly its bytes, an ECDSA signature in minimal DER.
    PemBlock block = GoPem.decode(idBytes).orElseThrow();
    assertThat(block.type()).isIn("CERTIFICATE", "");
    assertThat(block.rest()).isEmpty();
    ParsedCertificate cert = ParsedCertificate.parse(block.bytes());
    assertThat(cert.der()).isEqualTo(block.bytes());
    if (cert.signatureAlgorithm().isEcdsa()) {
      EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(cert.signature());
      assertThat(EcdsaSignatureDer.toMinimalDer(rs.r(), rs.s())).isEqualTo(cert.signature());
    }
  }

  @FuzzTest(maxDuration = "12h")
  void principalsAgreeOnEveryPath(byte[] data) {
    if (data.length < 1) {
      return;
    }
    int who = (data[0] & 0xff) % W.leaves.size();
    MSPPrincipal principal;
    try {
      principal = MSPPrincipal.parseFrom(Arrays.copyOfRange(data, 1, data.length));
    } catch (InvalidProtocolBufferException e) {
      return; // not a principal at all: Fabric never gets this far either
    }
    Msp own = who == W.leaves.size() - 1 ? W.org2 : W.org1;
    Msp ownCached = who == W.leaves.size() - 1 ? W.org2Cached : W.org1Cached;
    byte[] si = W.serialized(who);
    Identity id = own.deserialize(si);
    Identity viaCache = ownCached.deserialize(si);

    Outcome plain = Outcome.of(() -> own.satisfies(id, principal), IdentityException.class);
    assertThat(Outcome.of(() -> ownCached.satisfies(viaCache, principal), IdentityException.class)).isEqualTo(plain);
    assertThat(Outcome.of(() -> viaCache.satisfies(principal), IdentityException.class)).isEqualTo(plain);
    assertThat(Outcome.of(() -> id.satisfies(principal), IdentityException.class)).isEqualTo(plain);
    if (own == W.org1) {
      Identity viaBc = W.org1Bc.deserialize(si);
      assertThat(Outcome.of(() -> W.org1Bc.satisfies(viaBc, principal), IdentityException.class)).isEqualTo(plain);
    }
    // Asked twice, the same answer (memoised outcomes, CORE-07; cached principal verdicts).
    assertThat(Outcome.of(() -> ownCached.satisfies(viaCache, principal), IdentityException.class)).isEqualTo(plain);
  }

  @Test
  @Tag("DESER-01")
  @Tag("WELLFORMED-01")
  @Tag("CACHE-06")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "deserialisationAgreesOnEveryPath", 300, this::deserialisationAgreesOnEveryPath)).isGreaterThan(300);
    assertThat(ShortRun.run(getClass(), "wellFormedMeansOneCanonicalCertificate", 300, this::wellFormedMeansOneCanonicalCertificate)).isGreaterThan(300);
    assertThat(ShortRun.run(getClass(), "principalsAgreeOnEveryPath", 300, this::principalsAgreeOnEveryPath)).isGreaterThan(300);
  }

  private static SerializedIdentity parse(byte[] b) {
    try {
      return SerializedIdentity.parseFrom(b);
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}

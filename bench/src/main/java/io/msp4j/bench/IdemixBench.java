package io.msp4j.bench;

import io.msp4j.config.IdemixMspFolders;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.SigningIdentity;
import io.msp4j.idemix.IdemixMsp;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;
import org.apache.milagro.amcl.FP256BN.PAIR;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An idemix organisation's verification paths, against the floor every new identity pays: one
 * pairing check (two Miller loops, one final exponentiation) with milagro, the
 * {@link #pairingBaseline}. {@value #DISTINCT} identities of one member, each from its own MSP
 * set-up (a fresh pseudonym and proof), so every call sees an identity the MSP has not seen.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class IdemixBench {
  static final int DISTINCT = 64;
  private static final String MSP_ID = "IdemixOrgMSP";

  IdemixMsp verifier;
  CachingMsp cached;
  byte[][] identities;
  byte[][] signatures;
  byte[] message;
  SigningIdentity signer;
  Principal member;
  Principal admin;
  int next;
  ECP2 g2;
  ECP2 minusG2;
  ECP p;

  @Setup
  public void setUp() throws Exception {
    Path dir = Files.createTempDirectory("idemix-bench");
    IdemixOrgFolders org = IdemixOrg.generate("bench",
        List.of(IdemixUserSpec.admin("admin1", "ou1"))).writeTo(dir);
    verifier = IdemixMsps.setup(IdemixMspFolders.read(org.verifier(), MSP_ID), MspVersion.V1_4_3);
    cached = CachingMsp.wrap(verifier);
    message = new byte[1024];
    identities = new byte[DISTINCT][];
    signatures = new byte[DISTINCT][];
    for (int i = 0; i < DISTINCT; i++) {
      SigningIdentity s = IdemixMsps.setup(IdemixMspFolders.read(org.user("admin1"), MSP_ID),
          MspVersion.V1_4_3, verifier.release(), DeterministicRandom.fromSeed("bench " + i))
          .defaultSigningIdentity();
      identities[i] = s.serialize();
      signatures[i] = s.sign(message);
      signer = s;
    }
    member = Principal.Role.member(MSP_ID);
    admin = Principal.Role.admin(MSP_ID);
    // Warm the verifier's tables and the cache once, outside the timing.
    verifier.validate(verifier.deserialize(identities[0]));
    cached.validate(cached.deserialize(identities[0]));
    g2 = ECP2.generator();
    minusG2 = ECP2.generator();
    minusG2.neg();
    p = ECP.generator().mul(new org.apache.milagro.amcl.FP256BN.BIG(12345));
  }

  private int index() {
    int i = next;
    next = (i + 1) % DISTINCT;
    return i;
  }

  /** Baseline: e(g2, p)·e(−g2, p) = 1, one pairing check as milagro computes it. */
  @Benchmark
  public boolean pairingBaseline() {
    return PAIR.fexp(PAIR.ate2(new ECP2(g2), new ECP(p), new ECP2(minusG2), new ECP(p))).isunity();
  }

  /** A new identity: deserialize + validate (the association proof). */
  @Benchmark
  public Identity newIdentity() {
    Identity id = verifier.deserialize(identities[index()]);
    verifier.validate(id);
    return id;
  }

  /** A new identity asked two principals (MEMBER, ADMIN): the proof is checked once. */
  @Benchmark
  public boolean newIdentityTwoPrincipals() {
    Identity id = verifier.deserialize(identities[index()]);
    verifier.validate(id);
    return verifier.isSatisfied(id, member) & verifier.isSatisfied(id, admin);
  }

  /** A pseudonym signature over 1 KiB, identity deserialized (not validated), as Fabric's Verify. */
  @Benchmark
  public Identity verifySignature() {
    int i = index();
    Identity id = verifier.deserialize(identities[i]);
    id.verify(message, signatures[i]);
    return id;
  }

  /** The same identity again through a CachingMsp: deserialize + validate + ADMIN principal. */
  @Benchmark
  public boolean cachedHit() {
    Identity id = cached.deserialize(identities[0]);
    cached.validate(id);
    return cached.isSatisfied(id, admin);
  }

  /** A pseudonym signature made over 1 KiB. */
  @Benchmark
  public byte[] sign() {
    return signer.sign(message);
  }
}

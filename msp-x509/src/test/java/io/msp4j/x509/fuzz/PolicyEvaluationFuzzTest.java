package io.msp4j.x509.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.EvaluationOptions;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.testdata.fuzz.ShortRun;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Signature policies from strangers, over real X.509 signers of two organisations: the policy
 * (gates, counts, SignedBy indices, principals of every classification) and the signature set
 * (good, forged, duplicated, unknown MSP, garbage) are read from the fuzzer's bytes. Sequential
 * evaluation, parallel evaluation on an executor and evaluation through caching MSPs at capacity
 * give the same verdict, rule, reason and explanation; compilation fails only with our exception.
 *
 * <p>Input layout: byte 0 = number of signatures (mod 8), one byte per signature (its kind), then
 * the policy in pre-order, one byte per node: high bit clear = SignedBy(byte mod 17), set = a
 * gate with {@code (byte >> 3) & 7} children (at most 6 levels, 64 nodes) and the next byte as
 * its count (signed, small).
 */
class PolicyEvaluationFuzzTest {
  private static final FuzzWorld W = FuzzWorld.get();
  private static final byte[] DATA = "a proposal response".getBytes(StandardCharsets.UTF_8);
  private static final List<MSPPrincipal> PRINCIPALS = principals();
  private static final List<byte[]> GOOD = new ArrayList<>();
  private static final ExecutorService POOL = Executors.newFixedThreadPool(3);
  private static final EvaluationOptions PARALLEL =
      EvaluationOptions.builder().executor(POOL).parallelism(3).build();

  static {
    for (int i = 0; i < FuzzWorld.SIGNERS; i++) {
      GOOD.add(W.signers.get(i).sign(DATA));
    }
  }

  @AfterAll
  static void stopPool() {
    POOL.shutdownNow();
  }

  private static List<MSPPrincipal> principals() {
    List<MSPPrincipal> p = new ArrayList<>();
    for (String msp : List.of(FuzzWorld.ORG1, FuzzWorld.ORG2)) {
      for (Principal.RoleType t : Principal.RoleType.values()) {
        p.add(new Principal.Role(msp, t).toProto());
      }
    }
    Identity peer = W.org1.deserialize(W.serialized(0));
    p.add(Principal.OrganizationUnit.of(FuzzWorld.ORG1, peer.organizationalUnits().get(0)).toProto());
    p.add(Principal.IdentityPrincipal.of(peer).toProto());
    p.add(Principal.IdentityPrincipal.ofSerialized(W.serialized(5)).toProto());
    p.add(Principal.Anonymity.NOMINAL.toProto());
    p.add(Principal.Combined.of(Principal.Role.member(FuzzWorld.ORG1), Principal.Role.peer(FuzzWorld.ORG1)).toProto());
    p.add(MSPPrincipal.newBuilder().setPrincipalClassificationValue(9).build());
    return p; // 10 roles + 7 = 17
  }

  @FuzzTest(maxDuration = "12h")
  void evaluationAgreesSequentialParallelAndCached(byte[] data) {
    Reader in = new Reader(data);
    int count = in.next() % 8;
    List<SignedData> signatures = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      signatures.add(signature(in.next()));
    }
    SignaturePolicyEnvelope.Builder env = SignaturePolicyEnvelope.newBuilder().addAllIdentities(PRINCIPALS);
    int[] budget = {64};
    env.setRule(rule(in, 0, budget));

    Policy plain;
    try {
      plain = SignaturePolicies.compile(env.build(), W.manager::deserialize);
    } catch (MspException e) {
      assertThat(e.reason()).isIn(Reason.POLICY_INVALID, Reason.LIMIT_EXCEEDED);
      assertThat(e.rule()).isNotBlank();
      return;
    }
    Policy parallel = SignaturePolicies.compile(env.build(), W.manager::deserialize, PARALLEL);
    Policy cached = SignaturePolicies.compile(env.build(), W.cachedManager::deserialize);

    PolicyResult expected = plain.evaluate(signatures);
    PolicyResult p = parallel.evaluate(signatures);
    PolicyResult c = cached.evaluate(signatures);
    assertThat(p.satisfied()).isEqualTo(expected.satisfied());
    assertThat(p.rule()).isEqualTo(expected.rule());
    assertThat(p.reason()).isEqualTo(expected.reason());
    assertThat(p.explanation().toText()).isEqualTo(expected.explanation().toText());
    assertThat(c.satisfied()).isEqualTo(expected.satisfied());
    assertThat(c.rule()).isEqualTo(expected.rule());
    assertThat(c.reason()).isEqualTo(expected.reason());
  }

  private static SignedData signature(int kind) {
    int k = kind % 12;
    if (k < FuzzWorld.SIGNERS) {
      return SignedData.of(DATA, W.serialized(k), GOOD.get(k));
    }
    if (k < 2 * FuzzWorld.SIGNERS) {
      int who = k - FuzzWorld.SIGNERS;
      byte[] forged = GOOD.get(who).clone();
      forged[forged.length - 1] ^= 1;
      return SignedData.of(DATA, W.serialized(who), forged);
    }
    if (k == 10) {
      return SignedData.of(DATA, FuzzWorld.serialized("Org9MSP", W.leaves.get(0).der()), GOOD.get(0));
    }
    return SignedData.of(DATA, new byte[] {10, 3, 'x'}, GOOD.get(0));
  }

  private static SignaturePolicy rule(Reader in, int depth, int[] budget) {
    int b = in.next();
    budget[0]--;
    if ((b & 0x80) == 0 || depth >= 6 || budget[0] <= 0) {
      return SignaturePolicy.newBuilder().setSignedBy(b % (PRINCIPALS.size() + 1)).build();
    }
    int children = (b >> 3) & 7;
    int n = (byte) in.next() % 5;
    SignaturePolicy.NOutOf.Builder gate = SignaturePolicy.NOutOf.newBuilder().setN(n);
    for (int i = 0; i < children && budget[0] > 0; i++) {
      gate.addRules(rule(in, depth + 1, budget));
    }
    return SignaturePolicy.newBuilder().setNOutOf(gate).build();
  }

  /** Reads bytes, then zeros once they run out. */
  private static final class Reader {
    private final byte[] data;
    private int pos;

    Reader(byte[] data) {
      this.data = data;
    }

    int next() {
      return pos < data.length ? data[pos++] & 0xff : 0;
    }
  }

  @Test
  @Tag("POLICY-SIG-02")
  @Tag("POLICY-SIG-04")
  @Tag("CACHE-06")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "evaluationAgreesSequentialParallelAndCached", 300,
        this::evaluationAgreesSequentialParallelAndCached)).isGreaterThan(300);
  }
}

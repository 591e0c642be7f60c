package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.policy.EvaluationOptions;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.x509.fuzz.FuzzWorld;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Many threads on shared MSPs: deserialisation, validation, signature verification, principals
 * and policy evaluation (sequential, parallel on a shared executor, through caching MSPs whose
 * caches hold four entries, far fewer than the working set), every answer compared with the answer
 * an independent MSP gave on one thread beforehand. Extends {@link
 * CachingX509MspConcurrencyTest} (one caching MSP, validation and principals) to the whole
 * surface. The figures are printed; {@code -Dmsp4j.stress.operations=N} sets the operations per
 * thread (default 500).
 */
class SharedMspStressTest {
  private static final int THREADS = 8;
  private static final byte[] DATA = "an endorsement".getBytes(StandardCharsets.UTF_8);

  private final FuzzWorld w = FuzzWorld.get();
  /** The reference: set up on its own, asked on one thread only. */
  private final X509Msp reference = X509Msps.setup(w.org1Config, MspVersion.V3_0);
  private final X509Msp reference2 = X509Msps.setup(w.org2Config, MspVersion.V3_0);

  @Test
  @Tag("CORE-01")
  @Tag("CORE-07")
  @Tag("CACHE-06")
  @Tag("POLICY-SIG-02")
  void everyAnswerUnderContentionEqualsTheSingleThreadedReference() throws Exception {
    int perThread = Integer.getInteger("msp4j.stress.operations", 500);
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < w.leaves.size() - 1; i++) {
      inputs.add(w.serialized(i));
    }
    inputs.add(FuzzWorld.serialized(FuzzWorld.ORG1, w.leaves.get(0)
        .withMangledSignature(SignatureMangling.highS(), w.ica1.publicKey()).pem().getBytes(StandardCharsets.US_ASCII)));
    inputs.add(FuzzWorld.serialized(FuzzWorld.ORG1, w.ica1.pem().getBytes(StandardCharsets.US_ASCII)));
    inputs.add(FuzzWorld.serialized(FuzzWorld.ORG2, w.leaves.get(0).pem().getBytes(StandardCharsets.US_ASCII)));
    inputs.add(new byte[] {10, 1, 'x'});

    List<MSPPrincipal> principals = new ArrayList<>();
    for (Principal.RoleType t : Principal.RoleType.values()) {
      principals.add(new Principal.Role(FuzzWorld.ORG1, t).toProto());
    }
    Identity peer = reference.deserialize(w.serialized(0));
    principals.add(Principal.OrganizationUnit.of(FuzzWorld.ORG1, peer.organizationalUnits().get(0)).toProto());
    principals.add(Principal.IdentityPrincipal.of(peer).toProto());
    principals.add(Principal.Combined.of(Principal.Role.member(FuzzWorld.ORG1), Principal.Anonymity.NOMINAL).toProto());

    List<SignedData> signatures = new ArrayList<>();
    for (int i = 0; i < FuzzWorld.SIGNERS; i++) {
      byte[] sig = w.signers.get(i).sign(DATA);
      signatures.add(SignedData.of(DATA, w.serialized(i), sig));
      byte[] forged = sig.clone();
      forged[forged.length - 1] ^= 1;
      signatures.add(SignedData.of(DATA, w.serialized(i), forged));
    }
    List<String> policyTexts = List.of("OR('Org1MSP.peer')", "AND('Org1MSP.peer', 'Org1MSP.admin')",
        "OutOf(2, 'Org1MSP.client', 'Org1MSP.orderer', 'Org2MSP.member')", "AND(OR('Org1MSP.member', 'Org1MSP.member'), 'Org1MSP.admin')");

    // The reference answers, on this thread, from MSPs nobody else touches.
    int n = inputs.size();
    Object[] deser = new Object[n];
    Object[] valid = new Object[n];
    Object[][] sat = new Object[n][principals.size()];
    for (int i = 0; i < n; i++) {
      byte[] in = inputs.get(i);
      deser[i] = outcome(() -> reference.deserialize(in));
      if (deser[i] != null) {
        continue;
      }
      Identity id = reference.deserialize(in);
      valid[i] = outcome(() -> reference.validate(id));
      for (int j = 0; j < principals.size(); j++) {
        MSPPrincipal p = principals.get(j);
        sat[i][j] = outcome(() -> reference.satisfies(id, p));
      }
    }
    Object[] verified = new Object[signatures.size()];
    for (int k = 0; k < signatures.size(); k++) {
      SignedData s = signatures.get(k);
      verified[k] = outcome(() -> reference.deserialize(s.identity()).verify(s.data(), s.signature()));
    }
    MspManager referenceManager = MspManager.of(List.of(reference, reference2));
    int subsets = 64;
    List<List<SignedData>> signatureSets = new ArrayList<>();
    SplittableRandom setRandom = new SplittableRandom(7);
    for (int k = 0; k < subsets; k++) {
      List<SignedData> set = new ArrayList<>();
      int size = setRandom.nextInt(5);
      for (int m = 0; m < size; m++) {
        set.add(signatures.get(setRandom.nextInt(signatures.size())));
      }
      signatureSets.add(set);
    }
    String[][] evaluated = new String[policyTexts.size()][subsets];
    for (int p = 0; p < policyTexts.size(); p++) {
      Policy policy = SignaturePolicies.compile(PolicyDsl.compile(policyTexts.get(p)), referenceManager::deserialize);
      for (int k = 0; k < subsets; k++) {
        evaluated[p][k] = verdict(policy.evaluate(signatureSets.get(k)));
      }
    }

    // The shared objects under test.
    ExecutorService verifiers = Executors.newFixedThreadPool(2);
    EvaluationOptions parallel = EvaluationOptions.builder().executor(verifiers).parallelism(3).build();
    List<Msp> shared = List.of(w.org1, w.org1Bc, w.org1Cached);
    List<MspManager> managers = List.of(w.manager, w.cachedManager);
    List<List<Policy>> policies = new ArrayList<>();
    for (String text : policyTexts) {
      policies.add(List.of(
          SignaturePolicies.compile(PolicyDsl.compile(text), w.manager::deserialize),
          SignaturePolicies.compile(PolicyDsl.compile(text), w.cachedManager::deserialize),
          SignaturePolicies.compile(PolicyDsl.compile(text), w.manager::deserialize, parallel)));
    }

    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<String>>> results = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      SplittableRandom random = new SplittableRandom(100 + t);
      Callable<List<String>> worker = () -> {
        start.await();
        List<String> wrong = new ArrayList<>();
        for (int op = 0; op < perThread; op++) {
          switch (random.nextInt(5)) {
            case 0 -> {
              int i = random.nextInt(n);
              Msp msp = shared.get(random.nextInt(shared.size()));
              check(wrong, "deserialize " + i + " on " + msp, deser[i], outcome(() -> msp.deserialize(inputs.get(i))));
            }
            case 1 -> {
              int i = random.nextInt(n);
              if (deser[i] == null) {
                Msp msp = shared.get(random.nextInt(shared.size()));
                Identity id = msp.deserialize(inputs.get(i));
                check(wrong, "validate " + i, valid[i], outcome(random.nextBoolean() ? id::validate : () -> msp.validate(id)));
              }
            }
            case 2 -> {
              int i = random.nextInt(n);
              int j = random.nextInt(principals.size());
              if (deser[i] == null) {
                Msp msp = shared.get(random.nextInt(shared.size()));
                Identity id = msp.deserialize(inputs.get(i));
                check(wrong, "satisfies " + i + "/" + j, sat[i][j], outcome(() -> msp.satisfies(id, principals.get(j))));
              }
            }
            case 3 -> {
              int k = random.nextInt(signatures.size());
              SignedData s = signatures.get(k);
              MspManager m = managers.get(random.nextInt(managers.size()));
              check(wrong, "verify " + k, verified[k], outcome(() -> m.deserialize(s.identity()).verify(s.data(), s.signature())));
            }
            default -> {
              int p = random.nextInt(policyTexts.size());
              int k = random.nextInt(subsets);
              int v = random.nextInt(3);
              check(wrong, "policy " + p + " variant " + v + " on set " + k, evaluated[p][k],
                  verdict(policies.get(p).get(v).evaluate(signatureSets.get(k))));
            }
          }
        }
        return wrong;
      };
      results.add(pool.submit(worker));
    }
    long began = System.nanoTime();
    start.countDown();
    List<String> wrong = new ArrayList<>();
    for (Future<List<String>> f : results) {
      wrong.addAll(f.get(10, TimeUnit.MINUTES));
    }
    long millis = (System.nanoTime() - began) / 1_000_000;
    pool.shutdown();
    verifiers.shutdown();
    System.out.printf("SharedMspStressTest: threads=%d operations=%d mismatches=%d time=%dms%n",
        THREADS, THREADS * perThread, wrong.size(), millis);
    assertThat(wrong).isEmpty();
    assertThat(evaluated[0]).contains("true POLICY-SIG-04", "false POLICY-SIG-04");
  }

  private static String verdict(PolicyResult r) {
    return r.satisfied() + " " + r.rule();
  }

  private static void check(List<String> wrong, String what, Object expected, Object actual) {
    if (!Objects.equals(expected, actual)) {
      wrong.add(what + ": expected " + expected + ", got " + actual);
    }
  }

  /** Null for success; reason and rule for our failure. */
  private static Object outcome(Runnable r) {
    try {
      r.run();
      return null;
    } catch (IdentityException e) {
      return e.reason() + " " + e.rule();
    }
  }
}

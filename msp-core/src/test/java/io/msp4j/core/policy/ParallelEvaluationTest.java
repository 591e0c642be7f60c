package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.policy.PolicyFakes.FakeIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ParallelEvaluationTest {
  private static final String[] MSPS = {"A", "B", "C"};
  private static final String[] ROLES = {"member", "admin", "peer"};

  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  private static String randomGate(Random rnd, int depth) {
    int n = 1 + rnd.nextInt(3);
    List<String> items = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      items.add(depth < 3 && rnd.nextInt(3) == 0
          ? randomGate(rnd, depth + 1)
          : "'" + MSPS[rnd.nextInt(MSPS.length)] + "." + ROLES[rnd.nextInt(ROLES.length)] + "'");
    }
    return "OutOf(" + rnd.nextInt(n + 2) + ", " + String.join(", ", items) + ")";
  }

  /** A world, a list of signatures over it with drops of every kind, and a policy. */
  private record Case(PolicyFakes world, List<SignedData> signatures, List<String> signers, String policy) {}

  private static Case randomCase(Random rnd) {
    PolicyFakes world = new PolicyFakes();
    List<FakeIdentity> ids = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String msp = MSPS[rnd.nextInt(MSPS.length)];
      // Some share an identifier id (duplicates by key), some are invalid, some have roles.
      String id = rnd.nextInt(4) == 0 ? "shared" : "id" + i;
      io.msp4j.core.Principal.RoleType[] roles = rnd.nextBoolean()
          ? new io.msp4j.core.Principal.RoleType[] {io.msp4j.core.Principal.RoleType.ADMIN}
          : new io.msp4j.core.Principal.RoleType[] {io.msp4j.core.Principal.RoleType.PEER};
      ids.add(world.add(msp, "n" + i, id, rnd.nextInt(5) != 0, roles));
    }
    List<SignedData> sigs = new ArrayList<>();
    List<String> signers = new ArrayList<>();
    int m = rnd.nextInt(12);
    for (int j = 0; j < m; j++) {
      FakeIdentity f = ids.get(rnd.nextInt(ids.size()));
      int kind = rnd.nextInt(10);
      sigs.add(kind < 6 ? world.signed(f, "tx")
          : kind < 9 ? world.badlySigned(f, "tx")
          : PolicyFakes.unknown(f.mspId, "ghost" + j));
      signers.add(kind < 9 ? f.name : null);
    }
    return new Case(world, sigs, signers, randomGate(rnd, 0));
  }

  @Test
  @Tag("POLICY-SIG-02")
  void parallelVerificationGivesTheSequentialVerdictExplanationAndVerifications() {
    Random rnd = new Random(7);
    EvaluationOptions parallel = EvaluationOptions.builder().executor(pool).parallelism(4).build();
    int satisfied = 0;
    for (int i = 0; i < 1500; i++) {
      Case c = randomCase(rnd);
      Policy seq = SignaturePolicies.compile(PolicyDsl.compile(c.policy()), c.world());
      Policy par = SignaturePolicies.compile(PolicyDsl.compile(c.policy()), c.world(), parallel);
      PolicyResult s = seq.evaluate(c.signatures());
      List<String> seqVerified = new ArrayList<>(c.world().verified);
      c.world().verified.clear();
      PolicyResult p = par.evaluate(c.signatures());
      List<String> parVerified = new ArrayList<>(c.world().verified);
      String what = c.policy() + " over " + c.signatures().size() + " signatures, case " + i;
      assertThat(p.satisfied()).as(what).isEqualTo(s.satisfied());
      assertThat(p.reason()).as(what).isEqualTo(s.reason());
      assertThat(p.explanation().toMap()).as(what).isEqualTo(s.explanation().toMap());
      assertThat(parVerified).as(what).containsExactlyInAnyOrderElementsOf(expectedVerifications(c, s, seqVerified));
      satisfied += s.satisfied() ? 1 : 0;
    }
    // The random cases cover both verdicts.
    assertThat(satisfied).isBetween(200, 1300);
  }

  /**
   * What the concurrent evaluation verifies: all that sequential order verifies, plus the first
   * copy of each identity encoding that sequential order skipped as the duplicate of a signer kept
   * under another encoding (verified along with its deserialisation, the result unused).
   */
  private static List<String> expectedVerifications(Case c, PolicyResult sequential, List<String> seqVerified) {
    List<String> expected = new ArrayList<>(seqVerified);
    java.util.Set<String> encodings = new java.util.HashSet<>();
    for (int i = 0; i < c.signatures().size(); i++) {
      boolean first = encodings.add(java.util.Arrays.toString(c.signatures().get(i).identity()));
      if (first && c.signers().get(i) != null
          && "duplicate".equals(SignaturePolicyTest.signature(sequential, i).get("outcome"))) {
        expected.add(c.signers().get(i));
      }
    }
    return expected;
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aSignerKeptUnderOneEncodingCountsOnceWhenItAppearsUnderAnother() {
    PolicyFakes world = new PolicyFakes();
    FakeIdentity first = world.add("A", "first", "same", true, new io.msp4j.core.Principal.RoleType[0]);
    FakeIdentity second = world.add("A", "second", "same", true, new io.msp4j.core.Principal.RoleType[0]);
    List<SignedData> sigs = List.of(world.signed(first, "tx"), world.signed(second, "tx"), world.signed(second, "tx"));
    String dsl = "OutOf(2, 'A.member', 'A.member')";
    PolicyResult s = SignaturePolicies.compile(PolicyDsl.compile(dsl), world).evaluate(sigs);
    assertThat(world.verified).containsExactly("first");
    world.verified.clear();
    PolicyResult p = SignaturePolicies.compile(PolicyDsl.compile(dsl), world,
        EvaluationOptions.builder().executor(pool).build()).evaluate(sigs);
    assertThat(p.satisfied()).isFalse().isEqualTo(s.satisfied());
    assertThat(p.explanation().toMap()).isEqualTo(s.explanation().toMap());
    assertThat(SignaturePolicyTest.signature(p, 1)).containsEntry("outcome", "duplicate").containsEntry("duplicate_of", 0);
    // The second encoding's first copy was verified with its deserialisation; its repeat was not.
    assertThat(world.verified).containsExactlyInAnyOrder("first", "second");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aDuplicateWhoseFirstCopyFailsIsVerifiedInALaterRound() {
    PolicyFakes world = new PolicyFakes();
    FakeIdentity a = world.add("A", "a");
    Policy p = SignaturePolicies.compile(PolicyDsl.compile("OR('A.member')"), world,
        EvaluationOptions.builder().executor(pool).build());
    PolicyResult r = p.evaluate(List.of(world.badlySigned(a, "tx"), world.badlySigned(a, "tx"),
        world.signed(a, "tx"), world.signed(a, "tx"), world.badlySigned(a, "tx")));
    assertThat(r.satisfied()).isTrue();
    assertThat(world.verified).containsExactly("a", "a", "a");
    assertThat(SignaturePolicyTest.signature(r, 2)).containsEntry("outcome", "kept");
    assertThat(SignaturePolicyTest.signature(r, 3)).containsEntry("outcome", "duplicate").containsEntry("duplicate_of", 2);
    assertThat(SignaturePolicyTest.signature(r, 4)).containsEntry("outcome", "duplicate");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void theCallerFinishesTheWorkWhenTheExecutorNeverRunsOrRejectsTasks() {
    PolicyFakes world = new PolicyFakes();
    List<SignedData> sigs = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      sigs.add(world.signed(world.add("A", "a" + i), "tx"));
    }
    String dsl = "OutOf(8, " + "'A.member', ".repeat(7) + "'A.member')";
    EvaluationOptions dropping = EvaluationOptions.builder().executor(task -> {}).build();
    EvaluationOptions rejecting = EvaluationOptions.builder().executor(task -> {
      throw new RejectedExecutionException("full");
    }).build();
    for (EvaluationOptions o : List.of(dropping, rejecting)) {
      assertThat(SignaturePolicies.compile(PolicyDsl.compile(dsl), world, o).evaluate(sigs).satisfied()).isTrue();
    }
  }
}

package io.msp4j.core.policy;

import io.msp4j.core.Identity;

/**
 * Evaluates a {@link RuleProgram} over signers as Fabric's cauthdsl does (POLICY-SIG-03/04): one
 * {@code used} flag per signer; SignedBy takes the first unused signer that satisfies its
 * principal (asked of the signer's own MSP through {@link Identity#satisfies}) and marks it used;
 * NOutOf runs every rule, in order and without stopping early, on a copy of the flags, adopting
 * the copy when the rule succeeds, and is satisfied when at least N rules succeed.
 *
 * <p>Walks the flat program with an explicit stack, so that nesting depth costs heap, not
 * stack. Each (signer, distinct principal) answer is kept, so a signer is asked about a principal
 * once per evaluation, and {@link #replay} can walk the evaluation again for an explanation
 * without asking anything again.
 */
final class RuleEvaluator {
  /** Receives what a replay sees; see {@link #replay}. */
  interface Tracer {
    /** A gate starts; its rules follow, then {@link #gateEnd}. */
    void gateStart(int node);

    void gateEnd(int node, int satisfiedRules, boolean satisfied);

    /**
     * A SignedBy finished: {@code tried} lists the signers asked, in order, {@code skipped} the
     * signers passed over because they were used, {@code consumed} the signer taken or -1.
     */
    void signedBy(int node, int[] tried, int triedCount, int[] skipped, int skippedCount, int consumed);
  }

  private static final byte UNKNOWN = 0;
  private static final byte YES = 1;
  private static final byte NO = 2;

  private final RuleProgram program;
  private final Identity[] signers;
  private final byte[] answers;
  private final RuntimeException[] refusals;
  private final boolean satisfied;

  RuleEvaluator(RuleProgram program, Identity[] signers) {
    this.program = program;
    this.signers = signers;
    this.answers = new byte[signers.length * program.slots.length];
    this.refusals = new RuntimeException[answers.length];
    this.satisfied = walk(null);
  }

  boolean satisfied() {
    return satisfied;
  }

  Identity signer(int k) {
    return signers[k];
  }

  int signerCount() {
    return signers.length;
  }

  /** Why signer {@code k} does not satisfy the principal of SignedBy {@code node}. */
  RuntimeException refusal(int k, int node) {
    return refusals[k * program.slots.length + program.slotOfIdentity[program.value[node]]];
  }

  /** Walks the same evaluation again, telling the tracer what happens. */
  void replay(Tracer tracer) {
    walk(tracer);
  }

  private boolean walk(Tracer tracer) {
    int n = signers.length;
    int levels = program.maxDepth + 2;
    boolean[][] used = new boolean[levels][];
    used[0] = new boolean[n];
    int[] gateOf = new int[levels];
    int[] nextChild = new int[levels];
    int[] remaining = new int[levels];
    int[] count = new int[levels];
    int[] tried = tracer == null ? null : new int[n];
    int[] skipped = tracer == null ? null : new int[n];
    if (program.type[0] == RuleProgram.SIGNED_BY) {
      return signedBy(0, used[0], tracer, tried, skipped);
    }
    int d = 0;
    enter(0, 0, gateOf, nextChild, remaining, count, tracer);
    while (true) {
      if (remaining[d] == 0) {
        int gate = gateOf[d];
        boolean ok = count[d] >= program.value[gate];
        if (tracer != null) {
          tracer.gateEnd(gate, count[d], ok);
        }
        if (d == 0) {
          return ok;
        }
        d--;
        if (ok) {
          count[d]++;
          System.arraycopy(used[d + 1], 0, used[d], 0, n);
        }
        continue;
      }
      int child = nextChild[d];
      nextChild[d] = program.end[child];
      remaining[d]--;
      if (program.type[child] == RuleProgram.SIGNED_BY) {
        // A SignedBy changes the flags only when it succeeds, and then its copy is adopted, so it
        // can work on the gate's own flags.
        if (signedBy(child, used[d], tracer, tried, skipped)) {
          count[d]++;
        }
        continue;
      }
      if (used[d + 1] == null) {
        used[d + 1] = new boolean[n];
      }
      System.arraycopy(used[d], 0, used[d + 1], 0, n);
      d++;
      enter(child, d, gateOf, nextChild, remaining, count, tracer);
    }
  }

  private void enter(
      int gate, int d, int[] gateOf, int[] nextChild, int[] remaining, int[] count, Tracer tracer) {
    gateOf[d] = gate;
    nextChild[d] = gate + 1;
    remaining[d] = program.childCount[gate];
    count[d] = 0;
    if (tracer != null) {
      tracer.gateStart(gate);
    }
  }

  private boolean signedBy(int node, boolean[] used, Tracer tracer, int[] tried, int[] skipped) {
    int slots = program.slots.length;
    int slot = program.slotOfIdentity[program.value[node]];
    int triedCount = 0;
    int skippedCount = 0;
    for (int k = 0; k < signers.length; k++) {
      if (used[k]) {
        if (tracer != null) {
          skipped[skippedCount++] = k;
        }
        continue;
      }
      if (tracer != null) {
        tried[triedCount++] = k;
      }
      if (satisfies(k * slots + slot, k, slot)) {
        used[k] = true;
        if (tracer != null) {
          tracer.signedBy(node, tried, triedCount, skipped, skippedCount, k);
        }
        return true;
      }
    }
    if (tracer != null) {
      tracer.signedBy(node, tried, triedCount, skipped, skippedCount, -1);
    }
    return false;
  }

  private boolean satisfies(int cell, int k, int slot) {
    byte a = answers[cell];
    if (a == UNKNOWN) {
      try {
        signers[k].satisfies(program.slots[slot]);
        a = YES;
      } catch (RuntimeException e) {
        refusals[cell] = e;
        a = NO;
      }
      answers[cell] = a;
    }
    return a == YES;
  }
}

package io.msp4j.core.policy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The reason and explanation of a signature-policy evaluation, from a replay of it. */
final class SignatureExplainer implements PolicyResult.Detail {
  /** Gates nested deeper than this are summarised in one {@code truncated} node. */
  static final int MAX_SHOWN_DEPTH = 64;

  private final String text;
  private final RuleProgram program;
  private final RuleEvaluator evaluator;
  private final SignerSet signers; // null when evaluated over bare identities

  SignatureExplainer(String text, RuleProgram program, RuleEvaluator evaluator, SignerSet signers) {
    this.text = text;
    this.program = program;
    this.evaluator = evaluator;
    this.signers = signers;
  }

  @Override
  public String reason() {
    String policy = Describe.shorten(text, 160);
    if (evaluator.satisfied()) {
      return "signature policy " + policy + " is satisfied" + inputSummary();
    }
    Set<String> unmet = new LinkedHashSet<>();
    int[] root = new int[2];
    evaluator.replay(new RuleEvaluator.Tracer() {
      @Override
      public void gateStart(int node) {}

      @Override
      public void gateEnd(int node, int satisfiedRules, boolean satisfied) {
        if (node == 0) {
          root[0] = satisfiedRules;
        }
      }

      @Override
      public void signedBy(int node, int[] tried, int triedCount, int[] skipped, int skippedCount, int consumed) {
        if (consumed < 0) {
          unmet.add(DslPrinter.principal(program.principalOf(node)));
        }
      }
    });
    StringBuilder b = new StringBuilder("signature policy ").append(policy).append(" is not satisfied: ");
    if (program.type[0] == RuleProgram.GATE) {
      b.append(root[0]).append(" of its ").append(program.childCount[0]).append(" rules satisfied, ")
          .append(program.value[0]).append(" needed");
      if (!unmet.isEmpty()) {
        b.append("; no unused signer satisfies ");
      }
    } else {
      b.append("no signer satisfies ");
    }
    List<String> shown = new ArrayList<>(unmet).subList(0, Math.min(unmet.size(), 4));
    b.append(String.join(", ", shown)).append(unmet.size() > shown.size() ? ", ..." : "");
    return b.append(inputSummary()).toString();
  }

  /** "; signatures: 3 given, 1 kept, 2 signature invalid" or "; 2 identities". */
  private String inputSummary() {
    if (signers == null) {
      int n = evaluator.signerCount();
      return " (" + n + " identit" + (n == 1 ? "y" : "ies") + ")";
    }
    int[] fates = new int[SignerSet.Fate.values().length];
    for (SignerSet.Outcome o : signers.outcomes) {
      fates[o.fate().ordinal()]++;
    }
    StringBuilder b = new StringBuilder(" (signatures: ").append(signers.outcomes.length).append(" given, ")
        .append(fates[SignerSet.Fate.KEPT.ordinal()]).append(" kept");
    appendCount(b, fates, SignerSet.Fate.UNDESERIALIZABLE, "undeserializable");
    appendCount(b, fates, SignerSet.Fate.DUPLICATE, "duplicate");
    appendCount(b, fates, SignerSet.Fate.SIGNATURE_INVALID, "with an invalid signature");
    return b.append(')').toString();
  }

  private static void appendCount(StringBuilder b, int[] fates, SignerSet.Fate fate, String what) {
    if (fates[fate.ordinal()] > 0) {
      b.append(", ").append(fates[fate.ordinal()]).append(' ').append(what);
    }
  }

  @Override
  public Explanation explanation() {
    List<Explanation> children = new ArrayList<>();
    children.add(signers == null ? identitiesNode() : signaturesNode());
    children.add(ruleTree());
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("policy", text);
    return new Explanation("signature-policy", evaluator.satisfied(), reason(), details, children);
  }

  private Explanation identitiesNode() {
    List<Explanation> list = new ArrayList<>();
    for (int k = 0; k < evaluator.signerCount(); k++) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("signer", k);
      d.put("identity", Describe.identity(evaluator.signer(k)));
      list.add(new Explanation("identity", true, "identity " + k + ": " + d.get("identity"), d, List.of()));
    }
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("count", list.size());
    return new Explanation("identities", true, list.size() + " identities given, used as they are", d, list);
  }

  private Explanation signaturesNode() {
    List<Explanation> list = new ArrayList<>();
    for (int i = 0; i < signers.outcomes.length; i++) {
      SignerSet.Outcome o = signers.outcomes[i];
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("signature", i);
      d.put("outcome", o.fate().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      String who = o.identity() == null ? null : Describe.identity(o.identity());
      if (who != null) {
        d.put("identity", who);
      }
      String summary;
      switch (o.fate()) {
        case KEPT -> {
          d.put("signer", o.keptIndex());
          summary = "signature " + i + " kept as signer " + o.keptIndex() + ": " + who;
        }
        case DUPLICATE -> {
          d.put("duplicate_of", o.duplicateOf());
          summary = "signature " + i + " dropped: " + who + " already signed as signature " + o.duplicateOf()
              + " (POLICY-SIG-02)";
        }
        case UNDESERIALIZABLE -> {
          Describe.failure(d, o.failure());
          summary = "signature " + i + " dropped: the identity cannot be deserialised: " + Describe.failure(o.failure());
        }
        default -> {
          Describe.failure(d, o.failure());
          summary = "signature " + i + " dropped: the signature of " + who + " does not verify: "
              + Describe.failure(o.failure());
        }
      }
      list.add(new Explanation("signature", o.fate() == SignerSet.Fate.KEPT, summary, d, List.of()));
    }
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("given", signers.outcomes.length);
    d.put("kept", signers.kept.size());
    return new Explanation(
        "signatures", true, signers.outcomes.length + " signatures given, " + signers.kept.size() + " kept"
            + " (deserialised, de-duplicated and verified, POLICY-SIG-02)", d, list);
  }

  private String signerLabel(int k) {
    String who = Describe.identity(evaluator.signer(k));
    return signers == null ? "identity " + k + " (" + who + ")"
        : "signer " + k + " (signature " + signers.keptSource[k] + ", " + who + ")";
  }

  private Explanation ruleTree() {
    List<List<Explanation>> open = new ArrayList<>();
    List<Explanation> top = new ArrayList<>();
    evaluator.replay(new RuleEvaluator.Tracer() {
      @Override
      public void gateStart(int node) {
        int depth = program.depth[node];
        if (depth < MAX_SHOWN_DEPTH) {
          while (open.size() <= depth) {
            open.add(null);
          }
          open.set(depth, new ArrayList<>());
        }
      }

      @Override
      public void gateEnd(int node, int satisfiedRules, boolean satisfied) {
        int depth = program.depth[node];
        if (depth > MAX_SHOWN_DEPTH) {
          return;
        }
        int n = program.value[node];
        int k = program.childCount[node];
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("n", n);
        d.put("rules", k);
        d.put("satisfied_rules", satisfiedRules);
        String summary = gateName(n, k) + " of " + k + " rule" + (k == 1 ? "" : "s") + ": " + satisfiedRules
            + " satisfied, " + Math.max(n, 0) + " needed";
        Explanation e;
        if (depth == MAX_SHOWN_DEPTH) {
          e = new Explanation("truncated", satisfied, summary + " (its rules nest too deeply to show)", d, List.of());
        } else {
          e = new Explanation("n-out-of", satisfied, summary, d, open.get(depth));
        }
        attach(depth, e);
      }

      @Override
      public void signedBy(int node, int[] tried, int triedCount, int[] skipped, int skippedCount, int consumed) {
        int depth = program.depth[node];
        if (depth > MAX_SHOWN_DEPTH) {
          return;
        }
        String principal = DslPrinter.principal(program.principalOf(node));
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("principal", principal);
        d.put("identity_index", program.value[node]);
        List<Object> triedList = new ArrayList<>();
        for (int t = 0; t < triedCount; t++) {
          int k = tried[t];
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("signer", k);
          m.put("identity", Describe.identity(evaluator.signer(k)));
          m.put("satisfied", k == consumed);
          if (k != consumed) {
            Describe.failure(m, evaluator.refusal(k, node));
          }
          triedList.add(m);
        }
        List<Object> skippedList = new ArrayList<>();
        for (int s = 0; s < skippedCount; s++) {
          skippedList.add(skipped[s]);
        }
        d.put("tried", triedList);
        d.put("skipped_used", skippedList);
        String summary;
        if (consumed >= 0) {
          d.put("consumed", consumed);
          summary = principal + " satisfied by " + signerLabel(consumed) + ", which it consumes";
        } else if (triedCount == 0 && skippedCount == 0) {
          summary = principal + " not satisfied: there are no signers";
        } else {
          StringBuilder b = new StringBuilder(principal).append(" not satisfied");
          if (triedCount > 0) {
            b.append(": ");
            for (int t = 0; t < Math.min(triedCount, 3); t++) {
              int k = tried[t];
              b.append(t == 0 ? "" : "; ").append(signerLabel(k)).append(": ")
                  .append(Describe.failure(evaluator.refusal(k, node)));
            }
            if (triedCount > 3) {
              b.append("; and ").append(triedCount - 3).append(" more");
            }
          }
          if (skippedCount > 0) {
            b.append(triedCount > 0 ? "; " : ": ").append(skippedCount == 1 ? "signer " : "signers ")
                .append(join(skipped, skippedCount)).append(" skipped, already consumed by earlier rules");
          }
          summary = b.toString();
        }
        attach(depth, new Explanation("signed-by", consumed >= 0, summary, d, List.of()));
      }

      private void attach(int depth, Explanation e) {
        if (depth == 0) {
          top.add(e);
        } else {
          open.get(depth - 1).add(e);
        }
      }
    });
    return top.get(0);
  }

  private static String join(int[] values, int count) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < count; i++) {
      b.append(i == 0 ? "" : ", ").append(values[i]);
    }
    return b.toString();
  }

  private static String gateName(int n, int k) {
    if (k > 0 && n == 1) {
      return "OR";
    }
    if (k > 1 && n == k) {
      return "AND";
    }
    return "OutOf(" + n + ")";
  }
}

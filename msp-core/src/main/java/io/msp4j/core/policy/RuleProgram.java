package io.msp4j.core.policy;

import io.msp4j.core.InputLimits;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * A signature policy's rule tree, checked (POLICY-SIG-01) and laid out flat in pre-order: node 0
 * is the root, a gate's first child follows it and each further child starts where the previous
 * child's subtree ends. Flat arrays let evaluation walk trees of any depth without recursion.
 */
final class RuleProgram {
  static final byte SIGNED_BY = 0;
  static final byte GATE = 1;

  /** SIGNED_BY or GATE, per node. */
  final byte[] type;
  /** A gate's N, or a SignedBy's identity index. */
  final int[] value;
  /** A gate's number of rules. */
  final int[] childCount;
  /** The index just past the node's subtree. */
  final int[] end;
  /** Nesting depth of the node (the root is 0). */
  final int[] depth;
  /** The deepest node's depth. */
  final int maxDepth;
  /** The envelope's identities. */
  final MSPPrincipal[] identities;
  /**
   * Per identity index, a slot shared by equal principals, so that a signer is checked once per
   * distinct principal in an evaluation.
   */
  final int[] slotOfIdentity;
  /** The distinct principals, by slot. */
  final MSPPrincipal[] slots;

  private RuleProgram(
      byte[] type, int[] value, int[] childCount, int[] depth, MSPPrincipal[] identities) {
    this.type = type;
    this.value = value;
    this.childCount = childCount;
    this.depth = depth;
    this.identities = identities;
    int n = type.length;
    this.end = new int[n];
    int deepest = 0;
    // Children have higher indices, so walking backwards finds each child's end first.
    for (int k = n - 1; k >= 0; k--) {
      int next = k + 1;
      if (type[k] == GATE) {
        for (int i = 0; i < childCount[k]; i++) {
          next = end[next];
        }
      }
      end[k] = next;
      deepest = Math.max(deepest, depth[k]);
    }
    this.maxDepth = deepest;
    Map<MSPPrincipal, Integer> slotOf = new HashMap<>();
    List<MSPPrincipal> distinct = new ArrayList<>();
    this.slotOfIdentity = new int[identities.length];
    for (int i = 0; i < identities.length; i++) {
      Integer slot = slotOf.get(identities[i]);
      if (slot == null) {
        slot = distinct.size();
        slotOf.put(identities[i], slot);
        distinct.add(identities[i]);
      }
      slotOfIdentity[i] = slot;
    }
    this.slots = distinct.toArray(new MSPPrincipal[0]);
  }

  /**
   * Checks an envelope as Fabric does when it loads a configuration (POLICY-SIG-01): version 0,
   * a rule, every rule one of its two cases, every SignedBy index naming an identity.
   *
   * @throws MspException with reason {@link Reason#POLICY_INVALID} saying which rule is at fault
   */
  static RuleProgram compile(SignaturePolicyEnvelope envelope) {
    if (envelope.getVersion() != 0) {
      throw invalid("the envelope has version " + envelope.getVersion() + "; only version 0 is understood");
    }
    if (!envelope.hasRule()) {
      throw invalid("the envelope has no rule");
    }
    int identityCount = envelope.getIdentitiesCount();
    if (identityCount > InputLimits.MAX_POLICY_PRINCIPALS) {
      throw tooLarge(InputLimits.describe("the number of principals the envelope names", identityCount,
          InputLimits.MAX_POLICY_PRINCIPALS));
    }
    List<SignaturePolicy> nodes = new ArrayList<>();
    List<Integer> parents = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    List<Integer> depths = new ArrayList<>();
    record Pending(SignaturePolicy rule, int parent, int position, int depth) {}
    Deque<Pending> stack = new ArrayDeque<>();
    stack.push(new Pending(envelope.getRule(), -1, 0, 0));
    while (!stack.isEmpty()) {
      Pending p = stack.pop();
      int index = nodes.size();
      if (index >= InputLimits.MAX_POLICY_RULES) {
        throw tooLarge("the envelope holds more than " + InputLimits.MAX_POLICY_RULES + " rules (gates and signed_by)");
      }
      nodes.add(p.rule());
      parents.add(p.parent());
      positions.add(p.position());
      depths.add(p.depth());
      switch (p.rule().getTypeCase()) {
        case SIGNED_BY -> {
          int i = p.rule().getSignedBy();
          if (i < 0 || i >= identityCount) {
            throw invalid(path(index, parents, positions) + " is signed_by " + i + " but the envelope has "
                + identityCount + " identit" + (identityCount == 1 ? "y" : "ies"));
          }
        }
        case N_OUT_OF -> {
          List<SignaturePolicy> rules = p.rule().getNOutOf().getRulesList();
          for (int c = rules.size() - 1; c >= 0; c--) {
            stack.push(new Pending(rules.get(c), index, c, p.depth() + 1));
          }
        }
        default -> throw invalid(path(index, parents, positions) + " is neither signed_by nor n_out_of");
      }
    }
    int n = nodes.size();
    byte[] type = new byte[n];
    int[] value = new int[n];
    int[] childCount = new int[n];
    int[] depth = new int[n];
    for (int k = 0; k < n; k++) {
      SignaturePolicy r = nodes.get(k);
      depth[k] = depths.get(k);
      if (r.hasNOutOf()) {
        type[k] = GATE;
        value[k] = r.getNOutOf().getN();
        childCount[k] = r.getNOutOf().getRulesCount();
      } else {
        type[k] = SIGNED_BY;
        value[k] = r.getSignedBy();
      }
    }
    return new RuleProgram(
        type, value, childCount, depth, envelope.getIdentitiesList().toArray(new MSPPrincipal[0]));
  }

  /** A policy beyond the size msp4j evaluates (LIMIT-07). */
  private static MspException tooLarge(String what) {
    return new MspException(Reason.LIMIT_EXCEEDED, "LIMIT-07",
        "signature policy refused: " + what + " (no policy made by Fabric's tools comes near)");
  }

  int size() {
    return type.length;
  }

  /** The principal a SignedBy node names. */
  MSPPrincipal principalOf(int node) {
    return identities[value[node]];
  }

  /** Where a node sits, for messages: {@code rule.n_out_of.rules[2].n_out_of.rules[0]}. */
  private static String path(int index, List<Integer> parents, List<Integer> positions) {
    Deque<Integer> steps = new ArrayDeque<>();
    for (int k = index; parents.get(k) >= 0; k = parents.get(k)) {
      steps.push(positions.get(k));
    }
    StringBuilder b = new StringBuilder("rule");
    if (steps.size() > 8) {
      b.append(" (at depth ").append(steps.size()).append(")");
      return b.toString();
    }
    for (int s : steps) {
      b.append(".n_out_of.rules[").append(s).append(']');
    }
    return b.toString();
  }

  private static MspException invalid(String message) {
    return new MspException(Reason.POLICY_INVALID, "POLICY-SIG-01", "invalid signature policy: " + message);
  }
}

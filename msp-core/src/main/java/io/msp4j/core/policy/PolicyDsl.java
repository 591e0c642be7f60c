package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * Fabric's signature-policy language (spec POLICY-DSL-01..07), as written in configtx.yaml and
 * given to {@code peer lifecycle}: {@code AND('Org1MSP.peer', OR('Org2MSP.admin',
 * 'Org3MSP.admin'))}.
 *
 * <pre>{@code
 * SignaturePolicyEnvelope env = PolicyDsl.compile("OutOf(2, 'Org1MSP.peer', 'Org2MSP.peer', 'Org3MSP.peer')");
 * String text = PolicyDsl.print(env); // "OutOf(2, 'Org1MSP.peer', 'Org2MSP.peer', 'Org3MSP.peer')"
 * }</pre>
 *
 * <p>The language: gates {@code AND(items)}, {@code OR(items)} and {@code OutOf(count, items)},
 * spelled exactly {@code AND And and OR Or or OUTOF OutOf outof}; items are gates or principals
 * {@code 'MSPID.role'} (single or double quotes) with role {@code member}, {@code admin}, {@code
 * client}, {@code peer} or {@code orderer}, the MSP ID being letters, digits, dots and dashes up to
 * the last dot. A count is a number, integer or decimal, possibly negative, or such a number in
 * quotes with spaces around it; it is truncated toward zero, as Fabric does, and must then lie
 * from 0 to the number of items plus one. White space may separate tokens.
 *
 * <p>The release matters (REL-DSL-01): from Fabric v3.1.5 on, {@code and} and {@code or} in
 * lower case are not gates, a comma may follow the last item of a gate, a blank string (empty or
 * white space) as the last item of a gate is dropped although AND counts it ({@code AND('A.member',
 * '')} is 2 out of 1), a quoted count may not hold a line feed, and a policy whose gates and principals add up to more than 10,000 nodes of
 * Fabric's expression engine (4 per gate, 1 per principal) is refused. v2.5.x and v3.0.0 to
 * v3.1.4 keep the older rules. Where both accept a text, they build the same envelope.
 */
public final class PolicyDsl {
  private PolicyDsl() {}

  /**
   * Compiles an expression as the default release, {@link FabricRelease#defaultRelease()}, does:
   * {@code compile(expression, FabricRelease.defaultRelease())}.
   *
   * @throws PolicyDslException as {@link #compile(String, FabricRelease)}
   */
  public static SignaturePolicyEnvelope compile(String expression) {
    return compile(expression, FabricRelease.defaultRelease());
  }

  /**
   * Compiles an expression into the envelope Fabric's {@code policydsl.FromString} builds for it,
   * byte for byte: version 0, gates as NOutOf rules in item order, one ROLE principal per
   * principal written (duplicates kept, POLICY-DSL-06), numbered in post-order: a gate's nested
   * gates first, then its own principals, left to right (POLICY-DSL-05).
   *
   * <p>Inputs outside the language are refused even where Fabric's general expression engine
   * happens to accept them (arithmetic in counts, parentheses around gates, escapes in strings,
   * strings holding further expressions; POLICY-DSL-07). Gates may nest {@value
   * DslParser#MAX_DEPTH} levels deep.
   *
   * @param release the Fabric release whose verdict to give (REL-DSL-01)
   * @throws PolicyDslException with reason {@code POLICY_DSL_SYNTAX}, {@code POLICY_DSL_PRINCIPAL}
   *     or {@code POLICY_DSL_COUNT}, the rule (REL-DSL-01 where the release decides), and the
   *     offset of the offending character
   */
  public static SignaturePolicyEnvelope compile(String expression, FabricRelease release) {
    return DslParser.compile(
        Objects.requireNonNull(expression, "expression"), Objects.requireNonNull(release, "release"));
  }

  /**
   * Writes a policy as DSL text that compiles back to an equivalent policy: the same rule tree
   * with the same principal at each leaf (identity indices may be renumbered and shared
   * identities written once per use). A gate is written {@code OR} when it needs one of its rules,
   * {@code AND} when it needs all of several, {@code OutOf(n, ...)} otherwise.
   *
   * <p>What the language cannot say is written in angle brackets, which makes the text readable
   * but not compilable: principals other than a role ({@code <OU "peer" of MSP "Org1MSP"
   * certified by 3a9f...>}, {@code <identity of MSP "Org1MSP" sha256:...>}, {@code <nominal>},
   * {@code <anonymous>}, {@code <all of ...>}), a role of an MSP ID outside the DSL's characters or
   * of an unknown role number ({@code <role member of MSP "Org 1">}), a SignedBy index with no
   * identity ({@code <signed by identity 7 of 2>}), an unset rule ({@code <rule not set>} or
   * {@code <no rule>}), and undecodable principals. Counts outside 0..n+1 and gates without rules
   * are written as {@code OutOf(n, ...)} with that count, which the compiler refuses.
   */
  public static String print(SignaturePolicyEnvelope envelope) {
    return DslPrinter.print(Objects.requireNonNull(envelope, "envelope"));
  }
}

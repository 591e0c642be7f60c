package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;

/**
 * The expression engine a Fabric release reads the policy language with (REL-DSL-01). Fabric
 * compiles a policy by evaluating the text, and the text it builds from it twice more, with a
 * general expression engine: govaluate up to v3.1.4 and in every v2.5 release, expr from v3.1.5
 * on. For the language of POLICY-DSL-01 the two differ in five ways, four a property here;
 * the fifth, a blank string as a gate's last item, is DslParser#blankLastItem. Each was measured
 * against Fabric's own policydsl.FromString (fabric-v3.1.5-dsl-vectors.tsv).
 */
enum DslEngine {
  /** govaluate: v2.5.x, v3.0.0 and v3.1.0 to v3.1.4. */
  GOVALUATE,
  /** expr (github.com/expr-lang/expr): v3.1.5 and later. */
  EXPR;

  /**
   * The most syntax-tree nodes expr builds for one expression before it stops ("exceeds maximum
   * allowed nodes"); its default, which Fabric does not change.
   */
  static final int EXPR_MAX_NODES = 10_000;

  /** The engine {@code release} compiles policies with. */
  static DslEngine of(FabricRelease release) {
    return release.line() == FabricRelease.Line.V3_1 && release.patch() >= 5 ? EXPR : GOVALUATE;
  }

  /** Whether {@code and} and {@code or} in lower case name gates (in expr they are operators). */
  boolean lowerCaseAndOrAreGates() {
    return this == GOVALUATE;
  }

  /** Whether a comma may follow the last item of a gate ({@code AND('A.member',)}). */
  boolean acceptsTrailingComma() {
    return this == EXPR;
  }

  /** Whether a quoted count may hold a line feed (expr ends a string literal there). */
  boolean acceptsLineFeedInString() {
    return this == GOVALUATE;
  }

  /**
   * Whether a policy of {@code gates} gates and {@code principals} principals fits the engine.
   * expr's largest expression is the last one Fabric builds, {@code outof(ID, count, items...)}
   * for each gate: four nodes per gate (the call, its name, {@code ID}, the count) and one per
   * principal.
   */
  boolean fits(long gates, long principals) {
    return this == GOVALUATE || nodes(gates, principals) <= EXPR_MAX_NODES;
  }

  /** The nodes of expr's largest expression for the policy. */
  static long nodes(long gates, long principals) {
    return 4 * gates + principals;
  }
}

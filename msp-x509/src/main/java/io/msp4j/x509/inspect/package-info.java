/**
 * The shape of an MSP configuration at a glance, for operators and tools: which CAs it holds and
 * what each issued, its OU and NodeOU bindings, its CRLs, and what has expired or soon will.
 *
 * <p>{@link io.msp4j.x509.inspect.MspInspector#inspect} reads a Fabric {@code MSPConfig} (from a
 * folder or a channel block) without setting it up, so it also describes configurations that
 * setup refuses. Nothing here changes a verdict: Fabric ignores expiry when it validates
 * identities (VALIDATE-TIME-01), and so does msp4j; the marks are information for the operator.
 */
package io.msp4j.x509.inspect;

/**
 * Signature policies and implicit-meta policies (spec section 10): the policy language ({@link
 * io.msp4j.core.policy.PolicyDsl}), and policy evaluation over signed data with Fabric's verdicts.
 */
package io.msp4j.core.policy;

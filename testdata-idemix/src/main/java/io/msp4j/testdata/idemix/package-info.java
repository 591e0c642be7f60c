/**
 * Deterministic idemix organisations for tests, in the folder layout Fabric's idemix MSP reads.
 *
 * <p>{@link io.msp4j.testdata.idemix.IdemixOrg#generate IdemixOrg.generate(seed, users)} makes an
 * issuer, a revocation key and a signer configuration for each
 * {@link io.msp4j.testdata.idemix.IdemixUserSpec user} (enrollment ID, OU, role mask);
 * {@link io.msp4j.testdata.idemix.IdemixOrg#writeTo writeTo(dir)} writes a verification-only folder
 * and one folder per user ({@link io.msp4j.testdata.idemix.IdemixMspFolder}). The issuing itself is
 * msp-idemix's ({@link io.msp4j.idemix.IdemixIssuer}); this module lives apart from {@code testdata}
 * because msp-idemix depends on msp-core, which tests with {@code testdata}.
 */
package io.msp4j.testdata.idemix;

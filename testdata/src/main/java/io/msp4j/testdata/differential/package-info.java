/**
 * Differential corpus: MSP trees whose certificates carry mutated extensions and encodings,
 * generated deterministically from a seed, for comparing msp4j's verdicts with Fabric's.
 */
package io.msp4j.testdata.differential;

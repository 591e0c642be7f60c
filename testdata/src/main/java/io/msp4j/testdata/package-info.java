/**
 * Deterministic X.509 fixtures for Fabric MSP tests.
 *
 * <p>Start from {@link io.msp4j.testdata.TestPki}: it holds a {@link io.msp4j.testdata.DeterministicRandom}
 * and hands out {@link io.msp4j.testdata.CertificateBuilder certificate} and
 * {@link io.msp4j.testdata.CrlBuilder CRL} builders. The same seed and the same sequence of calls
 * always give byte-identical keys, certificates and CRLs. {@link io.msp4j.testdata.MspFolder} writes an
 * {@code mspconfig} folder in Fabric's layout; {@link io.msp4j.testdata.Pem} and
 * {@link io.msp4j.testdata.SignatureMangling} produce the malformed inputs that sanitisation and
 * parsing tests need.
 */
package io.msp4j.testdata;

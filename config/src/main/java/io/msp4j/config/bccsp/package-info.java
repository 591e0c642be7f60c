/**
 * Fabric's {@code BCCSP} configuration section (core.yaml, orderer.yaml): whether a local MSP's
 * signing key is in a file or on a PKCS#11 token, and the token's settings.
 */
package io.msp4j.config.bccsp;

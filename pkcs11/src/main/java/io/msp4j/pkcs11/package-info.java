/**
 * Signing keys in a hardware security module, reached through PKCS#11 and found the way
 * Hyperledger Fabric's PKCS#11 BCCSP finds them (spec Appendix D, P11-01..05): {@link
 * io.msp4j.pkcs11.Pkcs11Settings} holds the settings of Fabric's {@code BCCSP.PKCS11} section,
 * {@link io.msp4j.pkcs11.Pkcs11Token} the logged-in session pool and the key store a local MSP
 * uses. The {@code internal} package is not part of the API.
 */
package io.msp4j.pkcs11;

package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.security.Key;

/**
 * The signing identity of a local MSP: its sanitised certificate, identifier and key. The key is
 * normally private; Fabric's key store may also yield a public key, with which setup succeeds but
 * signing fails (FOLDER-10).
 */
record SignerMaterial(ParsedCertificate cert, String id, Key key) {}

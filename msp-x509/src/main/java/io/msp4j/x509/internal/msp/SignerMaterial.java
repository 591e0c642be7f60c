package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;

/** The signing identity of a local MSP: its sanitised certificate, identifier and key. */
record SignerMaterial(ParsedCertificate cert, String id, SignerKey key) {}

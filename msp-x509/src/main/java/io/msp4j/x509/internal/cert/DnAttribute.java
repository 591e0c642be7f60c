package io.msp4j.x509.internal.cert;

/**
 * One attribute of a distinguished name, in certificate order.
 *
 * @param rdn index of the RDN (SET) holding it, from 0
 * @param oid attribute type, dotted
 * @param value the decoded string value
 */
public record DnAttribute(int rdn, String oid, String value) {}

package io.msp4j.x509.internal.cert;

import java.util.HexFormat;
import java.util.List;

/**
 * Go 1.24's reading of the policyConstraints (2.5.29.36), policyMappings (2.5.29.33) and
 * inhibitAnyPolicy (2.5.29.54) extension values (REL-X509-05), with cryptobyte's rules ({@link
 * CryptobyteReader}): a malformed value makes the certificate unparsable; bytes after the fields Go
 * reads are not looked at. Before Go 1.24 these extensions are not read at all (and are unhandled
 * when critical).
 */
final class PolicyExtensions {
  static final String POLICY_MAPPINGS = "2.5.29.33";
  static final String POLICY_CONSTRAINTS = "2.5.29.36";
  static final String INHIBIT_ANY_POLICY = "2.5.29.54";

  private static final String RULE = "REL-X509-05";
  private static final int SEQUENCE = 0x30;
  private static final int OID = 0x06;
  private static final int INTEGER = 0x02;
  private static final int REQUIRE_EXPLICIT = 0x80;
  private static final int INHIBIT_MAPPING = 0x81;

  private PolicyExtensions() {}

  /** SEQUENCE { requireExplicitPolicy [0] INTEGER OPTIONAL, inhibitPolicyMapping [1] ... }. */
  static void policyConstraints(byte[] value, ExtensionParser into) {
    String error = "x509: invalid policy constraints extension";
    CryptobyteReader seq = CryptobyteReader.of(value).read(SEQUENCE);
    if (seq == null) {
      throw new CertificateParseException(error, RULE);
    }
    if (seq.peek(REQUIRE_EXPLICIT)) {
      Long v = seq.readInt64(REQUIRE_EXPLICIT);
      if (v == null) {
        throw new CertificateParseException(error, RULE);
      }
      into.requireExplicitPolicy = v;
    }
    if (seq.peek(INHIBIT_MAPPING)) {
      Long v = seq.readInt64(INHIBIT_MAPPING);
      if (v == null) {
        throw new CertificateParseException(error, RULE);
      }
      into.inhibitPolicyMapping = v;
    }
  }

  /** SEQUENCE OF SEQUENCE { issuerDomainPolicy OID, subjectDomainPolicy OID, ... }. */
  static void policyMappings(byte[] value, List<PolicyInfo.Mapping> into) {
    String error = "x509: invalid policy mappings extension";
    CryptobyteReader seq = CryptobyteReader.of(value).read(SEQUENCE);
    if (seq == null) {
      throw new CertificateParseException(error, RULE);
    }
    while (!seq.empty()) {
      CryptobyteReader pair = seq.read(SEQUENCE);
      CryptobyteReader issuer = pair == null ? null : pair.read(OID);
      CryptobyteReader subject = issuer == null ? null : pair.read(OID);
      if (subject == null) {
        throw new CertificateParseException(error, RULE);
      }
      into.add(new PolicyInfo.Mapping(
          HexFormat.of().formatHex(issuer.bytes()), HexFormat.of().formatHex(subject.bytes())));
    }
  }

  /** InhibitAnyPolicy ::= SkipCerts (an INTEGER of at most 64 bits). */
  static void inhibitAnyPolicy(byte[] value, ExtensionParser into) {
    Long v = CryptobyteReader.of(value).readInt64(INTEGER);
    if (v == null) {
      throw new CertificateParseException("x509: invalid inhibit any policy extension", RULE);
    }
    into.inhibitAnyPolicy = v;
  }
}

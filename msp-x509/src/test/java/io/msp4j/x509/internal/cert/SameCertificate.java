package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

/** Field-for-field equality of two parsed certificates, every accessor compared. */
public final class SameCertificate {
  private SameCertificate() {}

  /** Asserts that {@code a} and {@code b} are the same certificate with the same parsed fields. */
  public static void assertSame(ParsedCertificate a, ParsedCertificate b) {
    assertThat(a.der()).isEqualTo(b.der());
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.tbs()).isEqualTo(b.tbs());
    assertThat(a.version()).isEqualTo(b.version());
    assertThat(a.serial()).isEqualTo(b.serial());
    assertThat(a.rawIssuer()).isEqualTo(b.rawIssuer());
    assertThat(a.rawSubject()).isEqualTo(b.rawSubject());
    assertThat(a.subjectAttributes()).isEqualTo(b.subjectAttributes());
    assertThat(a.issuerAttributes()).isEqualTo(b.issuerAttributes());
    assertThat(a.notBefore()).isEqualTo(b.notBefore());
    assertThat(a.notAfter()).isEqualTo(b.notAfter());
    assertThat(a.publicKey().spki()).isEqualTo(b.publicKey().spki());
    assertThat(a.publicKey().algorithm()).isEqualTo(b.publicKey().algorithm());
    assertThat(a.publicKey().curveName()).isEqualTo(b.publicKey().curveName());
    assertThat(a.signatureAlgorithmDer()).isEqualTo(b.signatureAlgorithmDer());
    assertThat(a.signatureAlgorithmId()).isEqualTo(b.signatureAlgorithmId());
    assertThat(a.signatureAlgorithm()).isEqualTo(b.signatureAlgorithm());
    assertThat(a.signature()).isEqualTo(b.signature());
    assertThat(a.extensions()).usingRecursiveFieldByFieldElementComparator().isEqualTo(b.extensions());
    assertThat(a.unhandledCriticalExtensions()).isEqualTo(b.unhandledCriticalExtensions());
    assertThat(a.basicConstraintsPresent()).isEqualTo(b.basicConstraintsPresent());
    assertThat(a.isCa()).isEqualTo(b.isCa());
    assertThat(a.maxPathLen()).isEqualTo(b.maxPathLen());
    assertThat(a.keyUsageBits()).isEqualTo(b.keyUsageBits());
    assertThat(a.extendedKeyUsages()).isEqualTo(b.extendedKeyUsages());
    assertThat(a.subjectKeyId()).usingRecursiveComparison().isEqualTo(b.subjectKeyId());
    assertThat(a.authorityKeyId()).usingRecursiveComparison().isEqualTo(b.authorityKeyId());
    assertThat(a.subjectAltNameValue()).usingRecursiveComparison().isEqualTo(b.subjectAltNameValue());
    assertThat(a.dnsNames()).isEqualTo(b.dnsNames());
    assertThat(a.emailAddresses()).isEqualTo(b.emailAddresses());
    assertThat(a.uris()).isEqualTo(b.uris());
    assertThat(a.ipAddresses()).usingRecursiveFieldByFieldElementComparator().isEqualTo(b.ipAddresses());
    assertThat(a.hasNameConstraints()).isEqualTo(b.hasNameConstraints());
    assertThat(a.nameConstraints()).usingRecursiveComparison().isEqualTo(b.nameConstraints());
    assertThat(a.policies()).isEqualTo(b.policies());
    assertThat(a.describe()).isEqualTo(b.describe());
    assertThat(a.subjectOrganizationalUnits()).isEqualTo(b.subjectOrganizationalUnits());
  }
}

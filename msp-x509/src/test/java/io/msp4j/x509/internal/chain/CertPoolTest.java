package io.msp4j.x509.internal.chain;

import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class CertPoolTest {
  private final TestPki pki = TestPki.seeded("cert-pool");

  @Test
  @Tag("SETUP-CA-04")
  void byteIdenticalDuplicatesCollapse() {
    IssuedCertificate a = pki.certificate().subject("CN=a").ca().build();
    CertPool pool = CertPool.of(List.of(parsed(a), parsed(a)));
    assertThat(pool.size()).isEqualTo(1);
    assertThat(pool.contains(parsed(a))).isTrue();
  }

  @Test
  @Tag("CHAIN-03")
  void candidatesAreOrderedByKeyIdentifierAgreement() {
    IssuedCertificate mismatch = pki.certificate().subject("CN=ca").ca().subjectKeyId(new byte[] {2}).build();
    IssuedCertificate noSki = pki.certificate().subject("CN=ca").ca().noSubjectKeyId().build();
    IssuedCertificate match = pki.certificate().subject("CN=ca").ca().subjectKeyId(new byte[] {1}).build();
    IssuedCertificate otherName = pki.certificate().subject("CN=other").ca().subjectKeyId(new byte[] {1}).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(match).build();

    CertPool pool = CertPool.of(List.of(parsed(mismatch), parsed(noSki), parsed(match), parsed(otherName)));

    assertThat(pool.candidateIssuers(parsed(leaf)))
        .containsExactly(parsed(match), parsed(noSki), parsed(mismatch));
  }
}

package io.msp4j.x509.internal.chain;

import static io.msp4j.x509.internal.chain.Fixtures.PATHS;
import static io.msp4j.x509.internal.chain.Fixtures.find;
import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static io.msp4j.x509.internal.chain.Fixtures.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.Names;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.ChainFailure.Kind;
import java.security.KeyPair;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class PathBuilderTest {
  private final TestPki pki = TestPki.seeded("path-builder");

  private IssuedCertificate root() {
    return pki.certificate().subject("O=Org1,CN=ca.org1").ca().build();
  }

  private Kind failureKind(PathResult r) {
    assertThat(r.found()).as("expected no path, got %s", r).isFalse();
    return r.failure().orElseThrow().kind();
  }

  @Test
  @Tag("CHAIN-01")
  @Tag("CHAIN-03")
  void leafChainsThroughIntermediateToRoot() {
    IssuedCertificate root = root();
    IssuedCertificate ica = pki.certificate().subject("O=Org1,CN=ica.org1").issuer(root).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(ica).build();

    PathResult r = find(leaf, pool(root), pool(ica));

    assertThat(r.paths()).containsExactly(List.of(parsed(leaf), parsed(ica), parsed(root)));
  }

  @Test
  @Tag("CHAIN-02")
  void certificateThatIsARootHasTheOneElementPath() {
    IssuedCertificate root = root();
    PathResult r = find(root, pool(root), pool());
    assertThat(r.paths()).containsExactly(List.of(parsed(root)));
  }

  @Test
  @Tag("CHAIN-03")
  void issuerNameMustBeByteIdenticalNotJustEqualText() {
    IssuedCertificate root = pki.certificate()
        .subject(Names.builder().utf8().o("Org1").cn("ca").build()).ca().build();
    IssuedCertificate printable = pki.certificate().subject("CN=peer0")
        .issuerName(Names.builder().o("Org1").cn("ca").build())
        .signingKey(root.privateKey().orElseThrow()).build();
    IssuedCertificate utf8 = pki.certificate().subject("CN=peer1")
        .issuerName(Names.builder().utf8().o("Org1").cn("ca").build())
        .signingKey(root.privateKey().orElseThrow()).build();

    assertThat(failureKind(find(printable, pool(root), pool()))).isEqualTo(Kind.NO_ISSUER);
    assertThat(find(utf8, pool(root), pool()).paths()).hasSize(1);
  }

  @Test
  @Tag("CHAIN-01")
  void everyDistinctPathIsReturned() {
    IssuedCertificate r1 = pki.certificate().subject("CN=root1").ca().build();
    IssuedCertificate r2 = pki.certificate().subject("CN=root2").ca().build();
    KeyPair icaKey = pki.keyPair(KeyAlgorithm.EC_P256);
    IssuedCertificate ica1 = pki.certificate().subject("CN=ica").keyPair(icaKey).issuer(r1).ca().build();
    IssuedCertificate ica2 = pki.certificate().subject("CN=ica").keyPair(icaKey).issuer(r2).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(ica1).build();

    PathResult r = find(leaf, pool(r1, r2), pool(ica1, ica2));

    assertThat(r.paths()).containsExactlyInAnyOrder(
        List.of(parsed(leaf), parsed(ica1), parsed(r1)),
        List.of(parsed(leaf), parsed(ica2), parsed(r2)));
  }

  @Test
  @Tag("CHAIN-09")
  void uniquePathRejectsTwoValidPaths() {
    IssuedCertificate r1 = pki.certificate().subject("CN=root1").ca().build();
    IssuedCertificate r2 = pki.certificate().subject("CN=root2").ca().build();
    KeyPair icaKey = pki.keyPair(KeyAlgorithm.EC_P256);
    IssuedCertificate ica1 = pki.certificate().subject("CN=ica").keyPair(icaKey).issuer(r1).ca().build();
    IssuedCertificate ica2 = pki.certificate().subject("CN=ica").keyPair(icaKey).issuer(r2).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(ica1).build();

    assertThatThrownBy(() -> PATHS.uniquePath(parsed(leaf), t(leaf), pool(r1, r2), pool(ica1, ica2)))
        .isInstanceOfSatisfying(ChainValidationException.class,
            e -> assertThat(e.failure().kind()).isEqualTo(Kind.MULTIPLE_PATHS));
    assertThat(PATHS.uniquePath(parsed(leaf), t(leaf), pool(r1), pool(ica1))).hasSize(3);
  }

  @Test
  @Tag("CHAIN-04")
  void crossSignedLoopTerminatesWithoutAPath() {
    KeyPair a = pki.keyPair(KeyAlgorithm.EC_P256);
    KeyPair b = pki.keyPair(KeyAlgorithm.EC_P256);
    IssuedCertificate aSelf = pki.certificate().subject("CN=A").keyPair(a).ca().build();
    IssuedCertificate bByA = pki.certificate().subject("CN=B").keyPair(b).issuer(aSelf).ca().build();
    IssuedCertificate aByB = pki.certificate().subject("CN=A").keyPair(a).issuer(bByA).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(aByB).build();
    IssuedCertificate unrelated = pki.certificate().subject("CN=other").ca().build();

    PathResult r = find(leaf, pool(unrelated), pool(aByB, bByA));

    assertThat(failureKind(r)).isEqualTo(Kind.NO_ISSUER);
    // With A's self-signed certificate as root, the long way round (leaf, A by B, B by A, A) is
    // cut: A's subject and key are already in the path.
    PathResult withRoot = find(leaf, pool(aSelf), pool(aByB, bByA));
    assertThat(withRoot.paths()).containsExactly(List.of(parsed(leaf), parsed(aSelf)));
  }

  @Test
  @Tag("CHAIN-04")
  void alreadyInChainComparesSubjectKeyAndSanNotBytes() {
    IssuedCertificate aSelf = pki.certificate().subject("CN=A").ca().build();
    IssuedCertificate aAgain = pki.certificate().subject("CN=A").keyPair(aSelf.keyPair())
        .serial(999).ca().build();
    List<ParsedCertificate> chain = List.of(parsed(aSelf));
    assertThat(PathBuilder.alreadyInChain(parsed(aAgain), chain)).isTrue();
    IssuedCertificate withSan = pki.certificate().subject("CN=A").keyPair(aSelf.keyPair())
        .dnsNames("a.example.com").ca().build();
    assertThat(PathBuilder.alreadyInChain(parsed(withSan), chain)).isFalse();
  }

  @Test
  @Tag("CHAIN-04")
  void version1IssuerWithoutBasicConstraintsIsAccepted() {
    IssuedCertificate v1root = pki.certificate().subject("CN=v1 root").version1().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(v1root).build();
    assertThat(find(leaf, pool(v1root), pool()).paths()).hasSize(1);
  }

  @Test
  @Tag("CHAIN-04")
  void version3IssuerNeedsCaFlag() {
    IssuedCertificate noBc = pki.certificate().subject("CN=no bc").noBasicConstraints()
        .keyUsage(KeyUsage.keyCertSign).build();
    IssuedCertificate notCa = pki.certificate().subject("CN=not ca")
        .basicConstraints(false, null, true).keyUsage(KeyUsage.keyCertSign).build();
    for (IssuedCertificate issuer : List.of(noBc, notCa)) {
      IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(issuer).build();
      assertThat(failureKind(find(leaf, pool(issuer), pool()))).isEqualTo(Kind.ISSUER_NOT_CA);
    }
  }

  @Test
  @Tag("CHAIN-04")
  void issuerKeyUsageMustIncludeKeyCertSign() {
    IssuedCertificate root = pki.certificate().subject("CN=ku").ca()
        .keyUsage(KeyUsage.digitalSignature | KeyUsage.cRLSign).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root).build();
    assertThat(failureKind(find(leaf, pool(root), pool()))).isEqualTo(Kind.ISSUER_KEY_USAGE);
    IssuedCertificate noKu = pki.certificate().subject("CN=noku").ca().noKeyUsage().build();
    IssuedCertificate leaf2 = pki.certificate().subject("CN=peer0").issuer(noKu).build();
    assertThat(find(leaf2, pool(noKu), pool()).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-04")
  void corruptedSignatureDoesNotVerify() {
    IssuedCertificate root = root();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.corrupt()).build();
    assertThat(failureKind(find(leaf, pool(root), pool()))).isEqualTo(Kind.SIGNATURE_INVALID);
  }

  @Test
  @Tag("CHAIN-04")
  @Tag("ALG-05")
  void sha1SignaturesAreNeverAccepted() {
    IssuedCertificate root = root();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA1).build();
    assertThat(failureKind(find(leaf, pool(root), pool())))
        .isEqualTo(Kind.INSECURE_SIGNATURE_ALGORITHM);
  }

  @Test
  @Tag("ALG-05")
  void highSEcdsaCertificateSignatureVerifies() {
    IssuedCertificate root = root();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.highS()).build();
    assertThat(find(leaf, pool(root), pool()).found()).isTrue();
  }

  @Test
  @Tag("ALG-05")
  void ecdsaSignatureWithTrailingBytesDoesNotVerify() {
    IssuedCertificate root = root();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.trailingBytes(new byte[] {0})).build();
    assertThat(failureKind(find(leaf, pool(root), pool()))).isEqualTo(Kind.SIGNATURE_INVALID);
  }

  @Test
  @Tag("ALG-05")
  void supportedAlgorithmsVerify() {
    for (KeyAlgorithm alg : List.of(KeyAlgorithm.EC_P384, KeyAlgorithm.EC_P521,
        KeyAlgorithm.EC_P224, KeyAlgorithm.ED25519)) {
      IssuedCertificate root = pki.certificate().subject("CN=" + alg).keyAlgorithm(alg).ca().build();
      IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root).build();
      assertThat(find(leaf, pool(root), pool()).found()).as(alg.name()).isTrue();
    }
  }

  @Test
  @Tag("ALG-05")
  void rsaPkcs1AndPssVerifyAndRsaSha1DoesNot() {
    IssuedCertificate root = pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048)
        .ca().build();
    for (SignatureAlgorithm alg : List.of(SignatureAlgorithm.RSA_SHA256,
        SignatureAlgorithm.RSA_SHA512, SignatureAlgorithm.RSA_PSS_SHA256,
        SignatureAlgorithm.RSA_PSS_SHA384)) {
      IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
          .signatureAlgorithm(alg).build();
      assertThat(find(leaf, pool(root), pool()).found()).as(alg.name()).isTrue();
    }
    for (SignatureAlgorithm alg : List.of(SignatureAlgorithm.RSA_SHA1, SignatureAlgorithm.RSA_MD5)) {
      IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
          .signatureAlgorithm(alg).build();
      assertThat(failureKind(find(leaf, pool(root), pool()))).as(alg.name())
          .isEqualTo(Kind.INSECURE_SIGNATURE_ALGORITHM);
    }
  }

  @Test
  @Tag("CHAIN-05")
  void unknownCriticalExtensionMakesThePathUnusable() {
    IssuedCertificate root = root();
    IssuedCertificate critical = pki.certificate().subject("CN=peer0").issuer(root)
        .extension("1.2.3.4.5", true, DERNull.INSTANCE).build();
    IssuedCertificate nonCritical = pki.certificate().subject("CN=peer1").issuer(root)
        .extension("1.2.3.4.5", false, DERNull.INSTANCE).build();
    assertThat(failureKind(find(critical, pool(root), pool())))
        .isEqualTo(Kind.UNHANDLED_CRITICAL_EXTENSION);
    assertThat(find(nonCritical, pool(root), pool()).found()).isTrue();

    IssuedCertificate badIca = pki.certificate().subject("CN=ica").issuer(root).ca()
        .extension("1.2.3.4.5", true, DERNull.INSTANCE).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer2").issuer(badIca).build();
    assertThat(failureKind(find(leaf, pool(root), pool(badIca))))
        .isEqualTo(Kind.UNHANDLED_CRITICAL_EXTENSION);
  }

  @Test
  @Tag("CHAIN-05")
  void criticalPolicyConstraintsAreUnhandledInGo123() {
    IssuedCertificate root = pki.certificate().subject("CN=policy root").ca()
        .policyConstraints(0, null).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .certificatePolicies("1.2.3.4").build();
    assertThat(failureKind(find(leaf, pool(root), pool())))
        .isEqualTo(Kind.UNHANDLED_CRITICAL_EXTENSION);
  }

  @Test
  @Tag("CHAIN-05")
  @Tag("VALIDATE-TIME-02")
  void validityBoundsAreInclusive() {
    Instant nb = Instant.parse("2024-01-01T00:00:00Z");
    Instant na = Instant.parse("2024-06-01T00:00:00Z");
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root).validity(nb, na).build();
    ParsedCertificate p = parsed(leaf);
    assertThat(PATHS.findPaths(p, nb, pool(root), pool()).found()).isTrue();
    assertThat(PATHS.findPaths(p, na, pool(root), pool()).found()).isTrue();
    assertThat(failureKind(PATHS.findPaths(p, na.plusSeconds(1), pool(root), pool())))
        .isEqualTo(Kind.EXPIRED);
    assertThat(failureKind(PATHS.findPaths(p, nb.minusSeconds(1), pool(root), pool())))
        .isEqualTo(Kind.NOT_YET_VALID);
  }

  @Test
  @Tag("VALIDATE-TIME-02")
  void caMustBeValidAtTheLeafTime() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca()
        .validity(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2025-01-01T00:00:00Z")).build();
    IssuedCertificate before = pki.certificate().subject("CN=early").issuer(root)
        .validity(Instant.parse("2023-06-01T00:00:00Z"), Instant.parse("2024-06-01T00:00:00Z")).build();
    IssuedCertificate after = pki.certificate().subject("CN=late").issuer(root)
        .validity(Instant.parse("2025-06-01T00:00:00Z"), Instant.parse("2026-06-01T00:00:00Z")).build();
    IssuedCertificate inside = pki.certificate().subject("CN=ok").issuer(root)
        .validity(Instant.parse("2024-06-01T00:00:00Z"), Instant.parse("2030-06-01T00:00:00Z")).build();
    assertThat(failureKind(find(before, pool(root), pool()))).isEqualTo(Kind.NOT_YET_VALID);
    assertThat(failureKind(find(after, pool(root), pool()))).isEqualTo(Kind.EXPIRED);
    assertThat(find(inside, pool(root), pool()).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-05")
  void intermediateFromThePoolMustHaveTheCaFlag() {
    IssuedCertificate root = root();
    IssuedCertificate v1ica = pki.certificate().subject("CN=v1 ica").issuer(root).version1().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(v1ica).build();
    assertThat(failureKind(find(leaf, pool(root), pool(v1ica)))).isEqualTo(Kind.INTERMEDIATE_NOT_CA);
    assertThat(find(leaf, pool(v1ica), pool()).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-05")
  void pathLengthConstraintIsHonoured() {
    IssuedCertificate root0 = pki.certificate().subject("CN=root0").ca(0).build();
    IssuedCertificate ica0 = pki.certificate().subject("CN=ica0").issuer(root0).ca().build();
    IssuedCertificate leaf0 = pki.certificate().subject("CN=peer0").issuer(ica0).build();
    assertThat(failureKind(find(leaf0, pool(root0), pool(ica0)))).isEqualTo(Kind.PATH_LENGTH_EXCEEDED);
    IssuedCertificate direct = pki.certificate().subject("CN=peer1").issuer(root0).build();
    assertThat(find(direct, pool(root0), pool()).found()).isTrue();

    IssuedCertificate root1 = pki.certificate().subject("CN=root1").ca(1).build();
    IssuedCertificate ica1 = pki.certificate().subject("CN=ica1").issuer(root1).ca(0).build();
    IssuedCertificate leaf1 = pki.certificate().subject("CN=peer2").issuer(ica1).build();
    assertThat(find(leaf1, pool(root1), pool(ica1)).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-06")
  void extendedKeyUsageMustAllowServerAuth() {
    IssuedCertificate root = root();
    assertThat(failureKind(find(pki.certificate().subject("CN=client").issuer(root)
        .extendedKeyUsage(KeyPurposeId.id_kp_clientAuth).build(), pool(root), pool())))
        .isEqualTo(Kind.INCOMPATIBLE_KEY_USAGE);
    assertThat(failureKind(find(pki.certificate().subject("CN=ocsp").issuer(root)
        .extendedKeyUsage(KeyPurposeId.id_kp_OCSPSigning).build(), pool(root), pool())))
        .isEqualTo(Kind.INCOMPATIBLE_KEY_USAGE);
    assertThat(failureKind(find(pki.certificate().subject("CN=unknown").issuer(root)
        .extendedKeyUsageOids("1.2.3.4").build(), pool(root), pool())))
        .isEqualTo(Kind.INCOMPATIBLE_KEY_USAGE);
    assertThat(find(pki.certificate().subject("CN=any").issuer(root)
        .extendedKeyUsage(KeyPurposeId.anyExtendedKeyUsage).build(), pool(root), pool()).found()).isTrue();
    assertThat(find(pki.certificate().subject("CN=both").issuer(root)
        .extendedKeyUsage(KeyPurposeId.id_kp_clientAuth, KeyPurposeId.id_kp_serverAuth).build(),
        pool(root), pool()).found()).isTrue();
    assertThat(find(pki.certificate().subject("CN=none").issuer(root).noExtendedKeyUsage().build(),
        pool(root), pool()).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-06")
  void intermediateWithOnlyClientAuthMakesThePathUnusable() {
    IssuedCertificate root = root();
    IssuedCertificate ica = pki.certificate().subject("CN=ica").issuer(root).ca()
        .extendedKeyUsage(KeyPurposeId.id_kp_clientAuth).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(ica).build();
    PathResult r = find(leaf, pool(root), pool(ica));
    assertThat(failureKind(r)).isEqualTo(Kind.INCOMPATIBLE_KEY_USAGE);
    assertThat(r.failure().orElseThrow().certificate()).contains(parsed(ica));
  }

  @Test
  @Tag("CHAIN-08")
  @Tag("LIMIT-10")
  void signatureCheckBudgetIsOneHundred() {
    IssuedCertificate real = pki.certificate().subject("CN=shared").ca().subjectKeyId(new byte[] {9}).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(real)
        .authorityKeyId(new byte[] {1}).build();
    List<IssuedCertificate> decoys = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      decoys.add(pki.certificate().subject("CN=shared").ca().subjectKeyId(new byte[] {1}).build());
    }
    List<IssuedCertificate> rootsDecoysFirst = new ArrayList<>(decoys);
    rootsDecoysFirst.add(real);
    PathResult exhausted = find(leaf, pool(rootsDecoysFirst.toArray(IssuedCertificate[]::new)), pool());
    assertThat(failureKind(exhausted)).isEqualTo(Kind.SIGNATURE_CHECK_LIMIT);

    List<IssuedCertificate> withinBudget = new ArrayList<>(decoys.subList(0, 99));
    withinBudget.add(real);
    assertThat(find(leaf, pool(withinBudget.toArray(IssuedCertificate[]::new)), pool()).found()).isTrue();
  }

  @Test
  @Tag("CHAIN-03")
  void candidatesWithMatchingKeyIdentifierAreTriedFirst() {
    IssuedCertificate real = pki.certificate().subject("CN=shared").ca().subjectKeyId(new byte[] {1}).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(real).build();
    List<IssuedCertificate> roots = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      roots.add(pki.certificate().subject("CN=shared").ca().subjectKeyId(new byte[] {2}).build());
    }
    roots.add(real);
    // The matching SKI puts the real issuer first, so the budget is not exhausted.
    assertThat(find(leaf, pool(roots.toArray(IssuedCertificate[]::new)), pool()).found()).isTrue();
  }
}

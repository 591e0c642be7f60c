package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecParserTest {

  private static CryptoSpecException failure(String yaml) {
    try {
      CryptoTree.fromYaml(yaml);
    } catch (CryptoSpecException e) {
      return e;
    }
    throw new AssertionError("spec was accepted:\n" + yaml);
  }

  @Test
  void readsCryptogensKeys() {
    CryptoSpec spec = CryptoTree.fromYaml("""
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            Specs:
              - Hostname: orderer
                SANS: [orderer.alt.example.com, 10.0.0.1]
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: yes
            CA:
              Hostname: myca
              Country: DE
              Province: Bavaria
              Locality: Munich
              OrganizationalUnit: Hyperledger Fabric
              StreetAddress: Main Street 1
              PostalCode: 80331
              PublicKeyAlgorithm: ed25519
            Template:
              Count: 3
              Start: 5
              Hostname: node{{.Index}}
              SANS: ["{{.Hostname}}.alt.{{.Domain}}"]
            Users:
              Count: 2
              PublicKeyAlgorithm: ecdsa
        """).spec();

    assertThat(spec.ordererOrgs()).singleElement().satisfies(o -> {
      assertThat(o.domain()).isEqualTo("example.com");
      assertThat(o.enableNodeOUs()).isFalse();
      assertThat(o.specs()).singleElement().satisfies(n -> {
        assertThat(n.hostname()).isEqualTo("orderer");
        assertThat(n.sans()).containsExactly("orderer.alt.example.com", "10.0.0.1");
      });
    });
    OrgSpec org1 = spec.peerOrgs().get(0);
    assertThat(org1.name()).isEqualTo("Org1");
    assertThat(org1.enableNodeOUs()).isTrue();
    assertThat(org1.ca().hostname()).isEqualTo("myca");
    assertThat(org1.ca().country()).isEqualTo("DE");
    assertThat(org1.ca().postalCode()).isEqualTo("80331");
    assertThat(org1.ca().options().keyAlgorithm()).isEqualTo("ed25519");
    assertThat(org1.template().count()).isEqualTo(3);
    assertThat(org1.template().start()).isEqualTo(5);
    assertThat(org1.template().hostname()).isEqualTo("node{{.Index}}");
    assertThat(org1.users().count()).isEqualTo(2);
    assertThat(org1.users().options().keyAlgorithm()).isEqualTo("ecdsa-p256");
    assertThat(org1.location().line()).isEqualTo(8);
  }

  @Test
  void readsMsp4jExtensions() {
    CryptoSpec spec = CryptoTree.fromYaml("""
        Seed: fixture-1
        Now: 2024-06-01T12:00:00Z
        Validity: {Lifetime: 50y}
        PeerOrgs:
          - Name: Org3
            Domain: org3.example.com
            CA:
              PublicKeyAlgorithm: ecdsa-p384
              NameConstraints: {Permitted: [example.com, 10.0.0.0/8], Critical: true}
              Intermediates:
                - Hostname: ica
                  PublicKeyAlgorithm: rsa-3072
                  BasicConstraints: {CA: true, PathLen: 0}
            Users:
              Count: 1
              Specs:
                - Name: Old
                  Validity: {NotBefore: -2y, NotAfter: -1d}
                  OrganizationalUnits: [dept1]
                  KeyUsage: [digitalSignature, nonRepudiation]
                  ExtKeyUsage: [clientAuth, 1.2.3.4]
            Admin:
              Issuer: ca.org3.example.com
            OUIdentifiers: [COP]
            CRL:
              Revoke: [User1@org3.example.com]
              NextUpdate: +30d
        """).spec();

    assertThat(spec.seed()).isEqualTo("fixture-1");
    assertThat(spec.now()).isEqualTo(Instant.parse("2024-06-01T12:00:00Z"));
    assertThat(spec.validity().lifetime()).isEqualTo(Duration.ofDays(365 * 50));
    OrgSpec org = spec.peerOrgs().get(0);
    assertThat(org.ca().options().keyAlgorithm()).isEqualTo("ecdsa-p384");
    assertThat(org.ca().options().nameConstraints().permitted())
        .containsExactly("example.com", "10.0.0.0/8");
    assertThat(org.ca().intermediates()).singleElement().satisfies(i -> {
      assertThat(i.hostname()).isEqualTo("ica");
      assertThat(i.options().keyAlgorithm()).isEqualTo("rsa-3072");
      assertThat(i.options().basicConstraints()).isEqualTo(new BasicConstraintsSpec(true, true, 0, true));
    });
    UserSpec old = org.users().specs().get(0);
    assertThat(old.name()).isEqualTo("Old");
    assertThat(old.options().validity().notBefore()).isEqualTo(TimePoint.fromNow(Duration.ofDays(-730)));
    assertThat(old.options().validity().notAfter()).isEqualTo(TimePoint.fromNow(Duration.ofDays(-1)));
    assertThat(old.options().organizationalUnits()).containsExactly("dept1");
    assertThat(old.options().keyUsage()).containsExactly("digitalSignature", "nonRepudiation");
    assertThat(old.options().extendedKeyUsage()).containsExactly("clientAuth", "1.2.3.4");
    assertThat(org.admin().issuer()).isEqualTo("ca.org3.example.com");
    assertThat(org.ouIdentifiers()).containsExactly("COP");
    assertThat(org.crl().revoke()).containsExactly("User1@org3.example.com");
    assertThat(org.crl().nextUpdate()).isEqualTo(TimePoint.fromNow(Duration.ofDays(30)));
  }

  @Test
  void unknownKeyIsReportedWithItsLineAndASuggestion() {
    CryptoSpecException e = failure("""
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            Template:
              Cout: 2
        """);

    assertThat(e).hasMessage(
        "crypto-config.yaml:5: unknown key 'Cout' in Template (did you mean 'Count'?)");
    assertThat(e.line()).isEqualTo(5);
  }

  @Test
  void unknownKeyFarFromAnyKnownOneListsTheKnownKeys() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Colour: red\n"))
        .hasMessageStartingWith("crypto-config.yaml:3: unknown key 'Colour' in PeerOrgs entry (known keys: Name, Domain,");
  }

  @Test
  void negativeCountIsRejectedWithItsLine() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Users:\n      Count: -1\n"))
        .hasMessage("crypto-config.yaml:4: Count in Users must be a non-negative integer, got '-1'");
  }

  @Test
  void nonIntegerCountIsRejectedWithItsLine() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template:\n      Count: two\n"))
        .hasMessage("crypto-config.yaml:4: Count in Template must be a non-negative integer, got 'two'");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template:\n      Count: 1.5\n"))
        .hasMessage("crypto-config.yaml:4: Count in Template must be a non-negative integer, got '1.5'");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template:\n      Count: \"2\"\n"))
        .hasMessage("crypto-config.yaml:4: Count in Template must be a non-negative integer, got '2'");
  }

  @Test
  void unknownAlgorithmIsRejectedWithItsLine() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    CA:\n      PublicKeyAlgorithm: dsa\n"))
        .hasMessage("crypto-config.yaml:4: unknown key algorithm 'dsa' in CA (known: ecdsa,"
            + " ecdsa-p256, ecdsa-p384, ed25519, rsa, rsa-2048, rsa-3072, rsa-4096)");
  }

  @Test
  void badValuesOfExtensionsAreRejectedWithTheirLines() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Admin:\n      KeyUsage: [signing]\n"))
        .hasMessageStartingWith("crypto-config.yaml:4: unknown key usage 'signing' in Admin");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Admin:\n      ExtKeyUsage: [web]\n"))
        .hasMessageStartingWith("crypto-config.yaml:4: unknown extended key usage 'web' in Admin");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Admin:\n      Validity:\n        NotAfter: soon\n"))
        .hasMessageStartingWith("crypto-config.yaml:5: NotAfter in Validity must be an instant");
    assertThat(failure("Validity: {Lifetime: 0d}\nPeerOrgs:\n  - Domain: a.com\n"))
        .hasMessageStartingWith("crypto-config.yaml:1: Lifetime in Validity must be a positive duration");
    assertThat(failure("Now: yesterday\nPeerOrgs:\n  - Domain: a.com\n"))
        .hasMessageStartingWith("crypto-config.yaml:1: Now must be an instant");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    EnableNodeOUs: maybe\n"))
        .hasMessage("crypto-config.yaml:3: EnableNodeOUs in PeerOrgs entry must be true or false, got 'maybe'");
  }

  @Test
  void structuralMistakesAreRejectedWithTheirLines() {
    assertThat(failure("PeerOrgs:\n  - Name: Org1\n"))
        .hasMessage("crypto-config.yaml:2: Domain is required in PeerOrgs entry");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Specs:\n      - CommonName: x\n"))
        .hasMessage("crypto-config.yaml:4: Hostname is required in Specs entry");
    assertThat(failure("PeerOrgs:\n  Domain: a.com\n"))
        .hasMessage("crypto-config.yaml:2: PeerOrgs in the spec must be a list, not a mapping");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Domain: b.com\n"))
        .hasMessage("crypto-config.yaml:3: duplicate key 'Domain' in PeerOrgs entry");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template: 3\n"))
        .hasMessage("crypto-config.yaml:3: Template must be a mapping (key: value), not '3'");
    assertThat(failure("# nothing\n"))
        .hasMessage("crypto-config.yaml: the spec is empty: it needs OrdererOrgs or PeerOrgs");
  }

  @Test
  void yamlSyntaxErrorsNameTheLine() {
    CryptoSpecException e = failure("PeerOrgs:\n  - Domain: a.com\n    Template: {Count: 2\n");

    assertThat(e.line()).isGreaterThanOrEqualTo(3);
    assertThat(e).hasMessageStartingWith("crypto-config.yaml:" + e.line() + ": not valid YAML: ");
  }

  @Test
  void sourceNameAppearsInMessages() {
    assertThatThrownBy(() -> CryptoTree.fromYaml("PeerOrgs:\n  - Domian: a\n", "orgs.yaml"))
        .isInstanceOf(CryptoSpecException.class)
        .hasMessageStartingWith("orgs.yaml:2: unknown key 'Domian' in PeerOrgs entry (did you mean 'Domain'?)");
  }

  @Test
  void planningErrorsNameTheLineToo() {
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template: {Hostname: \"{{.Nme}}\", Count: 1}\n"))
        .hasMessage("crypto-config.yaml:3: unknown template field '.Nme' in Hostname of Template"
            + " (known: .Prefix, .Index, .Domain)");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Template: {Hostname: \"{{printf \\\"%d\\\" .Index}}\", Count: 1}\n"))
        .hasMessageStartingWith("crypto-config.yaml:3: unsupported template action");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Specs:\n      - Hostname: peer0\n"
        + "    Template: {Count: 1}\n"))
        .hasMessage("crypto-config.yaml:5: identity 'peer0.a.com' is defined twice in organisation a.com");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    CRL:\n      Revoke: [Nobody@a.com]\n"))
        .hasMessageStartingWith("crypto-config.yaml:4: cannot revoke 'Nobody@a.com'");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Admin:\n      Issuer: ica.a.com\n"))
        .hasMessage("crypto-config.yaml:4: unknown Issuer 'ica.a.com' (the organisation's CAs: ca.a.com)");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n    Specs:\n      - Hostname: ../../etc\n"))
        .hasMessageStartingWith("crypto-config.yaml:4: node common name '../../etc.a.com' cannot be used as a folder name");
    assertThat(failure("PeerOrgs:\n  - Domain: a.com\n  - Domain: a.com\n"))
        .hasMessage("crypto-config.yaml:3: organisation domain 'a.com' is defined twice");
  }

  @Test
  void javaBuiltSpecsNeedNoLocation() {
    CryptoTree tree = CryptoTree.builder()
        .peerOrg(OrgSpec.of("Org1", "org1.example.com").withTemplate(NodeTemplate.count(1)))
        .build();

    assertThat(tree.spec().peerOrgs()).extracting(OrgSpec::domain).containsExactly("org1.example.com");
    assertThat(tree.spec().location()).isEqualTo(SpecLocation.NONE);
    assertThat(List.of(tree.spec().peerOrgs().get(0).template().count())).containsExactly(1);
  }
}

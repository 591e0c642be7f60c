package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The MSP and identity objects themselves (CORE-01, CORE-02, CORE-08) and their encodings. */
class X509MspIdentityTest {
  private final Org org = new Org("identity");

  private X509Msp plain(MspVersion v) {
    return X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).build(), v);
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("CORE-01")
  @Tag("VER-01")
  void mspKeepsItsIdVersionAndTlsCertificatesAsValues(MspVersion v) {
    IssuedCertificate tlsRoot = org.ca("CN=tls root");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(org.leaf("CN=admin")).tlsRoot(tlsRoot).build(), v);
    assertThat(msp.id()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(msp.version()).isEqualTo(v);
    byte[] first = msp.tlsRootCerts().get(0);
    first[0] ^= 1;
    assertThat(msp.tlsRootCerts().get(0)).isEqualTo(tlsRoot.pem().getBytes(StandardCharsets.US_ASCII));
    assertThat(msp.tlsIntermediateCerts()).isEmpty();
    assertThrows(UnsupportedOperationException.class, () -> msp.tlsRootCerts().add(new byte[0]));
  }

  @Test
  @Tag("CORE-02")
  @Tag("IDENT-01")
  @Tag("IDENT-04")
  @Tag("IDENT-05")
  void identityCarriesItsCertificateAndItsMsp() {
    X509Msp msp = plain(MspVersion.V1_4_3);
    IssuedCertificate leaf = org.custom().subject("CN=user1,OU=client,O=org1")
        .validity(Instant.parse("2024-02-01T00:00:00Z"), Instant.parse("2030-02-01T00:00:00Z")).build();
    Identity id = msp.deserialize(MspConfigs.serialized(leaf));
    assertThat(id.mspId()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(id.identifier()).isEqualTo(new IdentityIdentifier(MspConfigs.MSP_ID, hex(sha256(id.certificateDer()))));
    assertThat(id.expiresAt()).isEqualTo(Instant.parse("2030-02-01T00:00:00Z"));
    assertThat(id.organizationalUnits()).extracting(OrganizationalUnit::ou).containsExactly("client");
    CertificateRef ref = id.certificate();
    assertThat(ref.serialHex()).isEqualTo(leaf.serial().toString(16));
    assertThat(ref.subject()).contains("CN=user1");
    // The DER handed out is a copy.
    byte[] der = id.certificateDer();
    der[der.length - 1] ^= 1;
    assertThat(id.certificateDer()).isNotEqualTo(der);
    // serialize() gives back an identity with the same identifier.
    assertThat(msp.deserialize(id.serialize()).identifier()).isEqualTo(id.identifier());
  }

  @Test
  @Tag("CORE-08")
  @Tag("IDENT-03")
  void organisationalUnitPairsTheOuWithTheHashOfTheIssuingChain() {
    IssuedCertificate ica = org.intermediate(org.root, "CN=ica");
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).intermediate(ica).admin(org.leaf(ica, "CN=admin")).build(),
        MspVersion.V1_4_3);
    Identity id = msp.deserialize(MspConfigs.serialized(org.leaf(ica, "CN=u,OU=a,OU=b,OU=a")));
    byte[] chainId = sha256(Org.lowS(ica, org.root).der(), Org.lowS(org.root, org.root).der());
    assertThat(id.organizationalUnits()).containsExactly(
        new OrganizationalUnit("a", chainId), new OrganizationalUnit("b", chainId), new OrganizationalUnit("a", chainId));
    assertThat(id.organizationalUnits().get(0).certifiersIdHex()).isEqualTo(hex(chainId));
  }

  @Test
  @Tag("PROTO-04")
  @Tag("IDENT-04")
  void serializedIdentityUsesFieldOneForTheMspIdAndFieldTwoForThePem() throws IOException {
    X509Msp msp = plain(MspVersion.V1_0);
    IssuedCertificate leaf = org.leaf("CN=u");
    byte[] pem = leaf.pem().getBytes(StandardCharsets.US_ASCII);
    // Written by hand, fields in reverse order: protobuf readers accept any field order.
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(buf);
    out.writeByteArray(2, pem);
    out.writeString(1, MspConfigs.MSP_ID);
    out.flush();
    Identity id = msp.deserialize(buf.toByteArray());
    byte[] serialized = id.serialize();
    assertThat(serialized[0]).isEqualTo((byte) 0x0a);
    SerializedIdentity si = SerializedIdentity.parseFrom(serialized);
    assertThat(si.getMspid()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(si.getIdBytes()).isEqualTo(ByteString.copyFrom(
        Org.lowS(leaf, org.root).pem().getBytes(StandardCharsets.US_ASCII)));
    assertThat(si.getUnknownFields().asMap()).isEmpty();
  }

  @Test
  @Tag("VALIDATE-03")
  void identityNotMadeByAnX509MspCannotBeValidated() {
    X509Msp msp = plain(MspVersion.V1_4_3);
    Identity real = msp.deserialize(MspConfigs.serialized(org.leaf("CN=u")));
    Identity lookalike = new Identity() {
      @Override public String mspId() {
        return real.mspId();
      }

      @Override public IdentityIdentifier identifier() {
        return real.identifier();
      }

      @Override public List<OrganizationalUnit> organizationalUnits() {
        return real.organizationalUnits();
      }

      @Override public Instant expiresAt() {
        return real.expiresAt();
      }

      @Override public byte[] serialize() {
        return real.serialize();
      }

      @Override public CertificateRef certificate() {
        return real.certificate();
      }

      @Override public byte[] certificateDer() {
        return real.certificateDer();
      }

      @Override public void validate() {
        real.validate();
      }

      @Override public void satisfies(MSPPrincipal principal) {
        real.satisfies(principal);
      }

      @Override public boolean anonymous() {
        return false;
      }

      @Override public void verify(byte[] message, byte[] signature) {
        real.verify(message, signature);
      }
    };
    msp.validate(real);
    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(lookalike));
    assertThat(e.reason()).isEqualTo(Reason.NOT_AN_X509_IDENTITY);
    assertThat(e.rule()).isEqualTo("VALIDATE-03");
    assertThat(assertThrows(IdentityException.class, () -> msp.validate(null)).reason())
        .isEqualTo(Reason.NOT_AN_X509_IDENTITY);
  }

  @Test
  @Tag("CORE-05")
  @Tag("MGR-03")
  void managerRoutesEachIdentityToTheMspItNames() {
    Org org2 = new Org("identity-org2");
    X509Msp one = plain(MspVersion.V1_4_3);
    X509Msp two = X509Msps.setup(MspConfigs.of(org2.root).name("Org2MSP").admin(org2.leaf("CN=admin")).build(),
        MspVersion.V1_4_3);
    MspManager manager = MspManager.of(List.of(one, two));
    IssuedCertificate u1 = org.leaf("CN=u1");
    IssuedCertificate u2 = org2.leaf("CN=u2");
    Identity i1 = manager.deserialize(MspConfigs.serialized(MspConfigs.MSP_ID, u1.pem().getBytes(StandardCharsets.US_ASCII)));
    Identity i2 = manager.deserialize(MspConfigs.serialized("Org2MSP", u2.pem().getBytes(StandardCharsets.US_ASCII)));
    assertThat(i1.mspId()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(i2.mspId()).isEqualTo("Org2MSP");
    i1.validate();
    i2.validate();
    // Named for the wrong MSP, the certificate has no chain there and cannot be deserialised.
    IdentityException wrong = assertThrows(IdentityException.class, () -> manager.deserialize(
        MspConfigs.serialized("Org2MSP", u1.pem().getBytes(StandardCharsets.US_ASCII))));
    assertThat(wrong.reason()).isEqualTo(Reason.NO_CHAIN);
    IdentityException unknown = assertThrows(IdentityException.class, () -> manager.deserialize(
        MspConfigs.serialized("Org3MSP", u1.pem().getBytes(StandardCharsets.US_ASCII))));
    assertThat(unknown.reason()).isEqualTo(Reason.UNKNOWN_MSP);
  }

  @ParameterizedTest
  @EnumSource(value = KeyAlgorithm.class, names = {"EC_P224", "EC_P256", "EC_P384", "EC_P521"})
  @Tag("ALG-02")
  void everyNistCurveWorksForCasAndLeavesAtEveryVersion(KeyAlgorithm caCurve) {
    IssuedCertificate root = org.pki.certificate().subject("CN=root " + caCurve).keyAlgorithm(caCurve).ca().build();
    List<IssuedCertificate> leaves = List.of(KeyAlgorithm.EC_P224, KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384,
        KeyAlgorithm.EC_P521).stream()
        .map(curve -> org.pki.certificate().subject("CN=" + curve).issuer(root).keyAlgorithm(curve).build())
        .toList();
    IssuedCertificate admin = org.leaf(root, "CN=admin");
    for (MspVersion v : MspVersion.values()) {
      X509Msp msp = X509Msps.setup(MspConfigs.of(root).admin(admin).build(), v);
      for (IssuedCertificate leaf : leaves) {
        msp.validate(msp.deserialize(MspConfigs.serialized(leaf)));
      }
    }
  }

  @Test
  @Tag("ALG-02")
  @Tag("SETUP-PARSE-01")
  void curvesOutsideTheNistFourAreNotEvenParsed() {
    X509Msp msp = plain(MspVersion.V3_0);
    IssuedCertificate k1 = org.custom().subject("CN=k1").keyAlgorithm(KeyAlgorithm.EC_SECP256K1).build();
    IdentityException e = assertThrows(IdentityException.class, () -> msp.deserialize(MspConfigs.serialized(k1)));
    assertThat(e.reason()).isEqualTo(Reason.CERTIFICATE_UNPARSABLE);
  }

  private static byte[] sha256(byte[]... parts) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      for (byte[] p : parts) {
        d.update(p);
      }
      return d.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}

package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.AmclWire;
import io.msp4j.idemix.internal.wire.IdemixWire.IssuerPublicKey;
import java.util.HexFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdemixIssuerTest {
  @ParameterizedTest
  @ValueSource(strings = {"org1", "org2", "another seed"})
  @Tag("IDEMIX-IPK-01")
  void generatedPublicKeyIsImportedAsFabricImportsIt(String seed) throws Exception {
    IdemixIssuer issuer = IssuerFixtures.issuer(seed);

    IdemixIssuerKey key = IdemixIssuerKey.parse(issuer.publicKey());

    assertThat(key.attributeNames()).containsExactly("OU", "Role", "EnrollmentID", "RevocationHandle");
    IssuerPublicKey ipk = IssuerPublicKey.parseFrom(issuer.publicKey());
    assertThat(ipk.getHash().toByteArray()).as("the stored hash is the one Fabric recomputes")
        .isEqualTo(key.hash());
    assertThat(issuer.issuerKey()).isEqualTo(key);
  }

  @Test
  @Tag("IDEMIX-IPK-01")
  @Tag("IDEMIX-POINT-01")
  void publicKeyIsWrittenWithFabricsFixedLengths() throws Exception {
    IssuerPublicKey ipk = IssuerPublicKey.parseFrom(IssuerFixtures.issuer("org1").publicKey());

    assertThat(ipk.getHAttrsCount()).isEqualTo(4);
    for (AmclWire.ECP p : ipk.getHAttrsList()) {
      assertG1(p);
    }
    assertG1(ipk.getHSk());
    assertG1(ipk.getHRand());
    assertG1(ipk.getBarG1());
    assertG1(ipk.getBarG2());
    for (ByteString c : new ByteString[] {ipk.getW().getXa(), ipk.getW().getXb(), ipk.getW().getYa(), ipk.getW().getYb()}) {
      assertThat(c.size()).isEqualTo(32);
    }
    assertThat(ipk.getProofC().size()).isEqualTo(32);
    assertThat(ipk.getProofS().size()).isEqualTo(32);
    assertThat(ipk.getHash().size()).isEqualTo(32);
  }

  private static void assertG1(AmclWire.ECP p) {
    assertThat(p.getX().size()).isEqualTo(32);
    assertThat(p.getY().size()).isEqualTo(32);
  }

  @Test
  void theSameSeedGivesTheSameIssuerAndAnotherSeedAnother() {
    assertThat(IssuerFixtures.issuer("org1").publicKey()).isEqualTo(IssuerFixtures.issuer("org1").publicKey());
    assertThat(IssuerFixtures.issuer("org1").secretKey()).isEqualTo(IssuerFixtures.issuer("org1").secretKey());
    assertThat(IssuerFixtures.issuer("org1")).isEqualTo(IssuerFixtures.issuer("org1"));
    assertThat(IssuerFixtures.issuer("org1").publicKey()).isNotEqualTo(IssuerFixtures.issuer("org2").publicKey());
  }

  @Test
  @Tag("IDEMIX-IPK-01")
  void exportedKeysImportToTheSameIssuer() {
    IdemixIssuer issuer = IssuerFixtures.issuer("org1");

    IdemixIssuer imported = IdemixIssuer.fromKeys(issuer.secretKey(), issuer.publicKey());

    assertThat(imported).isEqualTo(issuer);
    assertThat(imported.secretKey()).hasSize(32).isEqualTo(issuer.secretKey());
  }

  @Test
  void anotherIssuersSecretIsRefusedNamingThePublicKey() {
    IdemixIssuer one = IssuerFixtures.issuer("org1");
    IdemixIssuer two = IssuerFixtures.issuer("org2");

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IdemixIssuer.fromKeys(two.secretKey(), one.publicKey()));

    assertThat(e).hasMessageContaining("not the secret of the issuer public key")
        .hasMessageContaining(HexFormat.of().formatHex(one.issuerKey().hash()));
  }

  @Test
  void aSecretOfTheWrongLengthOrOutOfRangeIsRefused() {
    byte[] ipk = IssuerFixtures.issuer("org1").publicKey();

    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixIssuer.fromKeys(new byte[31], ipk)))
        .hasMessageContaining("31 bytes");
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixIssuer.fromKeys(new byte[32], ipk)))
        .hasMessageContaining("[1, q-1]");
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> IdemixIssuer.fromKeys(Fp256bn.scalarBytes(Fp256bn.ORDER), ipk)))
        .hasMessageContaining("[1, q-1]");
  }

  @Test
  @Tag("IDEMIX-IPK-01")
  void aTamperedPublicKeyIsRefusedWithFabricsRule() throws Exception {
    IdemixIssuer issuer = IssuerFixtures.issuer("org1");
    IssuerPublicKey ipk = IssuerPublicKey.parseFrom(issuer.publicKey());
    byte[] tampered = ipk.toBuilder().setProofS(ByteString.copyFrom(new byte[32])).build().toByteArray();

    IdemixException e = assertThrows(IdemixException.class, () -> IdemixIssuer.fromKeys(issuer.secretKey(), tampered));

    assertThat(e.rule()).isEqualTo("IDEMIX-IPK-01");
  }

  @Test
  void theSecretIsNeverShownAndNeverShared() {
    IdemixIssuer issuer = IssuerFixtures.issuer("org1");
    String secretHex = HexFormat.of().formatHex(issuer.secretKey());

    assertThat(issuer.toString()).doesNotContain(secretHex).startsWith("IdemixIssuer[publicKeyHash=");
    byte[] copy = issuer.secretKey();
    copy[0] ^= 1;
    assertThat(issuer.secretKey()).isNotEqualTo(copy);
    byte[] pub = issuer.publicKey();
    pub[0] ^= 1;
    assertThat(issuer.publicKey()).isNotEqualTo(pub);
  }
}

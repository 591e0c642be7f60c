package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import io.msp4j.testdata.DeterministicRandom;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Credentials as issued: BBS+ signatures that Fabric's credential check accepts, and only for their secret. */
class IdemixCredentialTest {
  private static final IdemixIssuer ISSUER = IssuerFixtures.issuer("org1");
  private static final IdemixAttributes ADMIN = IssuerFixtures.attributes("org1.department1", IdemixRoles.ADMIN, "admin1");

  private static Credential issue(IdemixUserSecret secret, IdemixAttributes attributes) throws Exception {
    IdemixCredential credential = ISSUER.issue(secret, attributes, DeterministicRandom.fromSeed("credential"));
    return Credential.parseFrom(credential.encoded());
  }

  @Test
  void anIssuedCredentialSatisfiesTheBbsPlusEquation() throws Exception {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));
    Credential cred = issue(secret, ADMIN);

    assertThat(BbsPlus.bMatches(ISSUER.issuerKey(), secret.value(), cred, BbsPlus.attributeValues(cred))).isTrue();
    assertThat(BbsPlus.pairingHolds(ISSUER.issuerKey(), cred)).isTrue();
    assertThat(Credentials.problem(ISSUER.issuerKey(), secret.value(), cred.toByteArray())).isEmpty();
  }

  @Test
  void attributesAreWrittenAsFabricComparesThemByteForByte() throws Exception {
    Credential cred = issue(IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1")), ADMIN);

    assertThat(cred.getAttrsCount()).isEqualTo(4);
    assertThat(cred.getAttrs(0).toByteArray()).isEqualTo(hashModQ("org1.department1"));
    assertThat(cred.getAttrs(1).toByteArray()).isEqualTo(bytes32(BigInteger.TWO));
    assertThat(cred.getAttrs(2).toByteArray()).isEqualTo(hashModQ("admin1"));
    assertThat(cred.getAttrs(3).toByteArray()).isEqualTo(bytes32(ADMIN.revocationHandle()));
    assertThat(cred.getE().size()).isEqualTo(32);
    assertThat(cred.getS().size()).isEqualTo(32);
    assertThat(List.of(cred.getA().getX(), cred.getA().getY(), cred.getB().getX(), cred.getB().getY()))
        .allSatisfy(c -> assertThat(c.size()).isEqualTo(32));
  }

  private static byte[] hashModQ(String text) throws Exception {
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    return bytes32(new BigInteger(1, digest).mod(Fp256bn.ORDER));
  }

  private static byte[] bytes32(BigInteger v) {
    byte[] out = new byte[32];
    byte[] mag = v.toByteArray();
    int n = Math.min(mag.length, 32);
    System.arraycopy(mag, mag.length - n, out, 32 - n, n);
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3})
  void changingAnyAttributeValueBreaksTheCredential(int index) throws Exception {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));
    Credential cred = issue(secret, ADMIN);
    List<BigInteger> values = new ArrayList<>(BbsPlus.attributeValues(cred));
    values.set(index, values.get(index).add(BigInteger.ONE));
    Credential changed = cred.toBuilder().setAttrs(index, ByteString.copyFrom(bytes32(values.get(index)))).build();

    assertThat(BbsPlus.bMatches(ISSUER.issuerKey(), secret.value(), changed, values)).isFalse();
    assertThat(Credentials.problem(ISSUER.issuerKey(), secret.value(), changed.toByteArray()))
        .hasValueSatisfying(p -> assertThat(p).contains("does not match the user secret and the attribute values"));
  }

  @Test
  void anotherUserSecretBreaksTheCredential() throws Exception {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));
    IdemixUserSecret other = IdemixUserSecret.generate(DeterministicRandom.fromSeed("someone else"));
    Credential cred = issue(secret, ADMIN);

    assertThat(BbsPlus.bMatches(ISSUER.issuerKey(), other.value(), cred, BbsPlus.attributeValues(cred))).isFalse();
    assertThat(Credentials.problem(ISSUER.issuerKey(), other.value(), cred.toByteArray())).isPresent();
  }

  @Test
  void anotherIssuersKeyOrAnotherEBreaksTheSignature() throws Exception {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));
    Credential cred = issue(secret, ADMIN);
    IdemixIssuerKey otherKey = IssuerFixtures.issuer("org2").issuerKey();
    Credential otherE = cred.toBuilder().setE(ByteString.copyFrom(bytes32(BigInteger.valueOf(12345)))).build();

    assertThat(BbsPlus.pairingHolds(otherKey, cred)).isFalse();
    assertThat(BbsPlus.pairingHolds(ISSUER.issuerKey(), otherE)).isFalse();
    assertThat(Credentials.problem(ISSUER.issuerKey(), secret.value(), otherE.toByteArray()))
        .hasValueSatisfying(p -> assertThat(p).contains("does not verify under the issuer key"));
  }

  @Test
  void aCredentialWithoutOneValuePerAttributeIsRefused() throws Exception {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));
    Credential cred = issue(secret, ADMIN);
    byte[] three = cred.toBuilder().clearAttrs().addAllAttrs(cred.getAttrsList().subList(0, 3)).build().toByteArray();

    assertThat(Credentials.problem(ISSUER.issuerKey(), secret.value(), three))
        .hasValueSatisfying(p -> assertThat(p).contains("3 attribute values"));
    assertThat(Credentials.problem(ISSUER.issuerKey(), secret.value(), new byte[] {(byte) 0xff}))
        .hasValueSatisfying(p -> assertThat(p).contains("not a Credential protobuf"));
  }

  @Test
  void theSameRandomnessGivesTheSameCredential() {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("admin1"));

    IdemixCredential one = ISSUER.issue(secret, ADMIN, DeterministicRandom.fromSeed("c"));
    IdemixCredential two = ISSUER.issue(secret, ADMIN, DeterministicRandom.fromSeed("c"));
    IdemixCredential three = ISSUER.issue(secret, ADMIN, DeterministicRandom.fromSeed("d"));

    assertThat(one).isEqualTo(two).isNotEqualTo(three);
    assertThat(one.attributes()).isEqualTo(ADMIN);
    assertThat(one.toString()).contains("admin1").doesNotContain(ADMIN.revocationHandle().toString());
  }
}

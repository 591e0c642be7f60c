package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The verifier's fixed-base tables give milagro's multiples, for every kind of public scalar. */
class FixedBaseTest {
  private static final ECP BASE = MspFixtures.ISSUER.issuerKey().hRand();

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void aTableGivesTheSameMultiplesAsMilagro() {
    FixedBase table = new FixedBase(BASE);
    MultipleAdder plain = MultipleAdder.plain(BASE);
    Random r = new Random(7);
    List<BigInteger> scalars = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE,
        BigInteger.valueOf(15), BigInteger.valueOf(16), Fp256bn.ORDER, Fp256bn.ORDER.add(BigInteger.ONE),
        Fp256bn.ORDER.subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(300).add(BigInteger.TEN),
        BigInteger.valueOf(-5)));
    for (int i = 0; i < 50; i++) {
      scalars.add(new BigInteger(256, r));
    }
    for (BigInteger k : scalars) {
      ECP a = new ECP();
      a.inf();
      ECP b = new ECP();
      b.inf();
      table.addMultiple(a, k);
      plain.addMultiple(b, k);
      assertThat(a.equals(b)).as(k.toString(16)).isTrue();
    }
  }

  @Test
  @Tag("IDEMIX-VALIDATE-01")
  void proofsVerifyTheSameBeforeAndAfterTheKeyMakesItsTables() {
    IdemixIssuerKey key = IdemixIssuerKey.parse(MspFixtures.ISSUER.publicKey());
    IdemixMsp msp = IdemixMsps.setup(MspFixtures.verifyingConfig(), io.msp4j.core.MspVersion.V1_4_3);
    byte[] member = IdemixMsps.setup(MspFixtures.member(), io.msp4j.core.MspVersion.V1_4_3,
        MspFixtures.random("tables")).defaultSigningIdentity().serialize();
    IdemixIdentity id = msp.deserialize(member).parsed();
    IdemixIdentity forged = msp.deserialize(Identities.withOu(member, "other")).parsed();
    for (int i = 0; i < IdemixIssuerKey.TABLES_AFTER + 3; i++) {
      IdemixIdentityProof.verify(key, id);
      assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> IdemixIdentityProof.verify(key, forged)))
          .isInstanceOf(IdemixException.class);
    }
  }
}

package io.msp4j.testdata.idemix;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.idemix.IdemixIssuerKey;
import io.msp4j.idemix.internal.wire.AmclWire;
import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import io.msp4j.idemix.internal.wire.IdemixWire.IssuerPublicKey;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;
import org.apache.milagro.amcl.FP256BN.FP12;
import org.apache.milagro.amcl.FP256BN.PAIR;
import org.apache.milagro.amcl.FP256BN.ROM;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;

/**
 * What Fabric's idemix MSP checks of a folder's signer when it sets it up, written out here from
 * the files alone with the pairing library (not msp-idemix's issuer code): the issuer key imports,
 * the secret is 32 bytes, the credential carries the OU, the role Fabric derives from the mask
 * (IDEMIX-ROLE-01) and the enrollment ID byte for byte, b is recomputed from the secret and the
 * values, and e(w + e·g2, a) = e(g2, b).
 */
final class FabricSignerSetup {
  private static final BigInteger Q = toBigInteger(new BIG(ROM.CURVE_Order));

  private FabricSignerSetup() {}

  static IdemixMSPSignerConfig assertAccepted(Path dir) throws Exception {
    byte[] ipkBytes = Files.readAllBytes(dir.resolve("msp/IssuerPublicKey"));
    IdemixIssuerKey.parse(ipkBytes);
    IssuerPublicKey ipk = IssuerPublicKey.parseFrom(ipkBytes);
    IdemixMSPSignerConfig signer = IdemixMSPSignerConfig.parseFrom(Files.readAllBytes(dir.resolve("user/SignerConfig")));
    assertThat(signer.getSk().size()).as("the user secret's length").isEqualTo(32);
    Credential cred = Credential.parseFrom(signer.getCred());
    int role = (signer.getRole() & 2) == 2 ? 2 : 1;
    assertThat(cred.getAttrsCount()).isEqualTo(4);
    assertThat(cred.getAttrs(0).toByteArray()).as("OU").isEqualTo(hashToScalar(signer.getOrganizationalUnitIdentifier()));
    assertThat(cred.getAttrs(1).toByteArray()).as("role").isEqualTo(bytes32(BigInteger.valueOf(role)));
    assertThat(cred.getAttrs(2).toByteArray()).as("enrollment ID").isEqualTo(hashToScalar(signer.getEnrollmentId()));

    ECP b = ECP.generator();
    b.add(mul(g1(ipk.getHSk()), signer.getSk().toByteArray()));
    b.add(mul(g1(ipk.getHRand()), cred.getS().toByteArray()));
    for (int i = 0; i < 4; i++) {
      b.add(mul(g1(ipk.getHAttrs(i)), cred.getAttrs(i).toByteArray()));
    }
    assertThat(b.equals(g1(cred.getB()))).as("b = g1 + sk·h_sk + s·h_rand + Σ m_i·h_i").isTrue();

    ECP2 w = g2(ipk.getW());
    ECP2 eG2 = ECP2.generator().mul(big(cred.getE().toByteArray()));
    w.add(eG2);
    w.affine();
    FP12 left = PAIR.fexp(PAIR.ate(w, g1(cred.getA())));
    FP12 right = PAIR.fexp(PAIR.ate(ECP2.generator(), g1(cred.getB())));
    assertThat(left.equals(right)).as("e(w + e·g2, a) = e(g2, b)").isTrue();
    return signer;
  }

  private static byte[] hashToScalar(String text) throws Exception {
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    return bytes32(new BigInteger(1, digest).mod(Q));
  }

  private static byte[] bytes32(BigInteger v) {
    byte[] out = new byte[32];
    byte[] mag = v.toByteArray();
    int n = Math.min(mag.length, 32);
    System.arraycopy(mag, mag.length - n, out, 32 - n, n);
    return out;
  }

  private static BIG big(byte[] bytes) {
    return BIG.fromBytes(bytes32(new BigInteger(1, bytes).mod(Q)));
  }

  private static ECP mul(ECP p, byte[] scalar) {
    return PAIR.G1mul(p, big(scalar));
  }

  private static ECP g1(AmclWire.ECP p) {
    byte[] b = new byte[65];
    b[0] = 4;
    p.getX().copyTo(b, 1);
    p.getY().copyTo(b, 33);
    return ECP.fromBytes(b);
  }

  private static ECP2 g2(AmclWire.ECP2 p) {
    byte[] b = new byte[128];
    p.getXa().copyTo(b, 0);
    p.getXb().copyTo(b, 32);
    p.getYa().copyTo(b, 64);
    p.getYb().copyTo(b, 96);
    return ECP2.fromBytes(b);
  }

  private static BigInteger toBigInteger(BIG v) {
    byte[] out = new byte[32];
    v.toBytes(out);
    return new BigInteger(1, out);
  }
}

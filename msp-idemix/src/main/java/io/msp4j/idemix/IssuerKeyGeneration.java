package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.IdemixWire.IssuerPublicKey;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.security.SecureRandom;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * Makes the public key of an issuer secret isk as IBM idemix does: w = isk·g2; one base per
 * attribute, then h_sk, h_rand and bar_g1, each a random multiple of g1; bar_g2 = isk·bar_g1; a
 * Schnorr proof of isk in w and bar_g2; and the hash of the key, which {@link IdemixIssuerKey#parse}
 * recomputes (IDEMIX-IPK-01).
 */
final class IssuerKeyGeneration {
  private IssuerKeyGeneration() {}

  static IssuerPublicKey publicKey(BigInteger isk, SecureRandom random) {
    ECP g1 = Fp256bn.generatorG1();
    ECP2 g2 = Fp256bn.generatorG2();
    ECP2 w = Fp256bn.mul(g2, isk);
    IssuerPublicKey.Builder ipk = IssuerPublicKey.newBuilder()
        .addAllAttributeNames(IdemixIssuerKey.ATTRIBUTE_NAMES)
        .setW(PointWire.g2(w));
    for (int i = 0; i < IdemixIssuerKey.ATTRIBUTE_NAMES.size(); i++) {
      ipk.addHAttrs(PointWire.g1(Fp256bn.mul(g1, IssuerScalars.randomNonZero(random))));
    }
    ipk.setHSk(PointWire.g1(Fp256bn.mul(g1, IssuerScalars.randomNonZero(random))));
    ipk.setHRand(PointWire.g1(Fp256bn.mul(g1, IssuerScalars.randomNonZero(random))));
    ECP barG1 = Fp256bn.mul(g1, IssuerScalars.randomNonZero(random));
    ECP barG2 = Fp256bn.mul(barG1, isk);
    ipk.setBarG1(PointWire.g1(barG1)).setBarG2(PointWire.g1(barG2));

    BigInteger r = IssuerScalars.randomNonZero(random);
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.writeBytes(Fp256bn.bytes(Fp256bn.mul(g2, r)));
    data.writeBytes(Fp256bn.bytes(Fp256bn.mul(barG1, r)));
    data.writeBytes(Fp256bn.bytes(g2));
    data.writeBytes(Fp256bn.bytes(barG1));
    data.writeBytes(Fp256bn.bytes(w));
    data.writeBytes(Fp256bn.bytes(barG2));
    BigInteger c = Fp256bn.hashToScalar(data.toByteArray());
    BigInteger s = r.add(c.multiply(isk)).mod(Fp256bn.ORDER);
    ipk.setProofC(ByteString.copyFrom(Fp256bn.scalarBytes(c)))
        .setProofS(ByteString.copyFrom(Fp256bn.scalarBytes(s)));

    byte[] hash = Fp256bn.scalarBytes(Fp256bn.hashToScalar(ipk.build().toByteArray()));
    return ipk.setHash(ByteString.copyFrom(hash)).build();
  }
}

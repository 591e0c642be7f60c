package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.AmclWire;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * Point decoding as Fabric's idemix does it (IDEMIX-POINT-01): 32-byte big-endian coordinates, a
 * wrong length is an error, and a coordinate at or above p or a point off the curve silently
 * decodes to the point at infinity. msp4j's stricter refusal of such a pseudonym
 * (MSP4J-IDEMIX-STRICT-02) is a separate check on the result, not part of decoding.
 */
final class Points {
  private Points() {}

  /** Why a point could not be decoded at all. */
  static final class MalformedPointException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedPointException(String message) {
      super(message);
    }
  }

  static ECP g1(AmclWire.ECP point, boolean present, String what) throws MalformedPointException {
    if (!present) {
      throw new MalformedPointException(what + " is absent");
    }
    return g1(point.getX(), point.getY(), what);
  }

  static ECP g1(ByteString x, ByteString y, String what) throws MalformedPointException {
    if (x.size() != Fp256bn.FIELD_BYTES || y.size() != Fp256bn.FIELD_BYTES) {
      throw new MalformedPointException(
          what + " has coordinates of " + x.size() + " and " + y.size()
              + " bytes; a point of G1 has two of " + Fp256bn.FIELD_BYTES);
    }
    byte[] encoded = new byte[2 * Fp256bn.FIELD_BYTES + 1];
    encoded[0] = 0x04;
    x.copyTo(encoded, 1);
    y.copyTo(encoded, 1 + Fp256bn.FIELD_BYTES);
    return ECP.fromBytes(encoded);
  }

  static ECP2 g2(AmclWire.ECP2 point, boolean present, String what) throws MalformedPointException {
    if (!present) {
      throw new MalformedPointException(what + " is absent");
    }
    ByteString[] parts = {point.getXa(), point.getXb(), point.getYa(), point.getYb()};
    byte[] encoded = new byte[4 * Fp256bn.FIELD_BYTES];
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].size() != Fp256bn.FIELD_BYTES) {
        throw new MalformedPointException(
            what + " has a coordinate of " + parts[i].size() + " bytes; a point of G2 has four of "
                + Fp256bn.FIELD_BYTES);
      }
      parts[i].copyTo(encoded, i * Fp256bn.FIELD_BYTES);
    }
    return ECP2.fromBytes(encoded);
  }
}

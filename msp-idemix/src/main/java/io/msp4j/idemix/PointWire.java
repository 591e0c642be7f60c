package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.AmclWire;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * Point encoding for the wire, the inverse of {@link Points}: affine coordinates as 32-byte
 * big-endian integers (G1: x, y; G2: xa, xb, ya, yb).
 */
final class PointWire {
  private static final int N = Fp256bn.FIELD_BYTES;

  private PointWire() {}

  static AmclWire.ECP g1(ECP p) {
    byte[] b = Fp256bn.bytes(p); // 0x04 ‖ x ‖ y
    return AmclWire.ECP.newBuilder()
        .setX(ByteString.copyFrom(b, 1, N))
        .setY(ByteString.copyFrom(b, 1 + N, N))
        .build();
  }

  static AmclWire.ECP2 g2(ECP2 p) {
    byte[] b = Fp256bn.bytes(p); // xa ‖ xb ‖ ya ‖ yb
    return AmclWire.ECP2.newBuilder()
        .setXa(ByteString.copyFrom(b, 0, N))
        .setXb(ByteString.copyFrom(b, N, N))
        .setYa(ByteString.copyFrom(b, 2 * N, N))
        .setYb(ByteString.copyFrom(b, 3 * N, N))
        .build();
  }
}

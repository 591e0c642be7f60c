package io.msp4j.testdata;

/** Lower-case hex encoding. */
final class Hex {
  private Hex() {}

  static String lower(byte[] bytes) {
    return org.bouncycastle.util.encoders.Hex.toHexString(bytes);
  }
}

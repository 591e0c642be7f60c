package io.msp4j.x509.internal.cert;

/** An iPAddress name constraint: address and mask, both 4 or both 16 bytes. */
public record IpRange(byte[] ip, byte[] mask) {
  public IpRange {
    ip = ip.clone();
    mask = mask.clone();
  }

  @Override
  public byte[] ip() {
    return ip.clone();
  }

  @Override
  public byte[] mask() {
    return mask.clone();
  }

  /** Go's matchIPConstraint: same length and equal under the mask. */
  public boolean contains(byte[] address) {
    if (address.length != ip.length) {
      return false;
    }
    for (int i = 0; i < address.length; i++) {
      if ((address[i] & mask[i]) != (ip[i] & mask[i])) {
        return false;
      }
    }
    return true;
  }
}

package io.msp4j.x509.internal.crypto;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * One digest of the Java platform's own provider ({@code SUN}), asked for by name so that a
 * provider registered ahead of it is never picked up: HotSpot compiles its SHA-2 to the CPU's SHA
 * instructions, and it holds no native memory to finalise. A prototype in its initial state is
 * cloned for each use; it is never updated, so concurrent uses are safe.
 */
public final class SunDigest {
  private final String name;
  private final MessageDigest prototype;

  /**
   * The digest with this JCA name ({@code SHA-256}, {@code SHA3-384}, ...).
   *
   * @throws IllegalStateException when the SUN provider lacks it (Java 17's has every SHA-2 and
   *     SHA-3 length)
   */
  public SunDigest(String name) {
    this.name = name;
    try {
      this.prototype = MessageDigest.getInstance(name, "SUN");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(name + " is not available from SUN", e);
    }
  }

  /** The digest of the parts, one after the other. */
  public byte[] hash(byte[]... parts) {
    MessageDigest d;
    try {
      d = (MessageDigest) prototype.clone();
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException(name + " digests cannot be cloned", e);
    }
    for (byte[] p : parts) {
      d.update(p);
    }
    return d.digest();
  }
}

package io.msp4j.idemix;

/**
 * Fabric's idemix roles (IDEMIX-ROLE-01). A signer's role is a bit mask of {@link #MEMBER},
 * {@link #ADMIN}, {@link #CLIENT} and {@link #PEER}; a credential's {@code Role} attribute is one
 * value. When Fabric sets up a signer it reads only the admin bit of the mask: the signer is an
 * ADMIN if the bit is set and a MEMBER otherwise, and the credential must carry that value
 * ({@link #credentialRole(int)}), or the signer is refused as "not cryptographically valid".
 */
public final class IdemixRoles {
  /** The member role, 1. */
  public static final int MEMBER = 1;
  /** The admin role, 2. */
  public static final int ADMIN = 2;
  /** The client role, 4. */
  public static final int CLIENT = 4;
  /** The peer role, 8. */
  public static final int PEER = 8;

  private IdemixRoles() {}

  /**
   * The {@code Role} attribute Fabric's idemix MSP expects in the credential of a signer whose
   * signer configuration has this role mask: {@link #ADMIN} when the mask has the admin bit,
   * {@link #MEMBER} otherwise (so a client or peer mask needs a MEMBER credential).
   *
   * @throws IllegalArgumentException if the mask is negative
   */
  public static int credentialRole(int roleMask) {
    if (roleMask < 0) {
      throw new IllegalArgumentException("role mask " + roleMask + " is negative");
    }
    return (roleMask & ADMIN) == ADMIN ? ADMIN : MEMBER;
  }
}

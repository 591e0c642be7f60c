package io.msp4j.testdata.idemix;

import io.msp4j.idemix.IdemixRoles;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A user of a generated idemix organisation: its enrollment ID (also the name of its folder), its
 * organisational unit and its role mask ({@link IdemixRoles} bits). Its credential carries the role
 * Fabric checks for the mask ({@link #credentialRole()}): ADMIN with the admin bit, MEMBER without.
 *
 * @param enrollmentId the enrollment ID: letters, digits, {@code . _ @ -}, not starting with a dot
 * @param organizationalUnit the organisational unit (any text)
 * @param roleMask the role mask written to the signer configuration, not negative
 */
public record IdemixUserSpec(String enrollmentId, String organizationalUnit, int roleMask) {
  private static final Pattern FOLDER_NAME = Pattern.compile("[A-Za-z0-9_@-][A-Za-z0-9._@-]*");

  /** Checks the values. */
  public IdemixUserSpec {
    Objects.requireNonNull(enrollmentId, "enrollmentId");
    Objects.requireNonNull(organizationalUnit, "organizationalUnit");
    if (!FOLDER_NAME.matcher(enrollmentId).matches()) {
      throw new IllegalArgumentException("enrollment ID '" + enrollmentId
          + "' cannot name a folder: use letters, digits and . _ @ -, not starting with a dot");
    }
    if (roleMask < 0) {
      throw new IllegalArgumentException("role mask " + roleMask + " of " + enrollmentId + " is negative");
    }
  }

  /** An admin (mask {@link IdemixRoles#ADMIN}). */
  public static IdemixUserSpec admin(String enrollmentId, String organizationalUnit) {
    return new IdemixUserSpec(enrollmentId, organizationalUnit, IdemixRoles.ADMIN);
  }

  /** A member (mask {@link IdemixRoles#MEMBER}). */
  public static IdemixUserSpec member(String enrollmentId, String organizationalUnit) {
    return new IdemixUserSpec(enrollmentId, organizationalUnit, IdemixRoles.MEMBER);
  }

  /** A client (mask {@link IdemixRoles#CLIENT}; Fabric sets it up as a MEMBER). */
  public static IdemixUserSpec client(String enrollmentId, String organizationalUnit) {
    return new IdemixUserSpec(enrollmentId, organizationalUnit, IdemixRoles.CLIENT);
  }

  /** A peer (mask {@link IdemixRoles#PEER}; Fabric sets it up as a MEMBER). */
  public static IdemixUserSpec peer(String enrollmentId, String organizationalUnit) {
    return new IdemixUserSpec(enrollmentId, organizationalUnit, IdemixRoles.PEER);
  }

  /**
   * Six users covering the masks and two OUs: {@code admin1} (admin), {@code user1} (member),
   * {@code client1} (client), {@code peer1} (peer) in {@code org1.department1}; {@code user2}
   * (member) and {@code admin2} (admin and client, mask 6) in {@code org1.department2}.
   */
  public static List<IdemixUserSpec> samples() {
    String ou1 = "org1.department1";
    String ou2 = "org1.department2";
    return List.of(
        admin("admin1", ou1),
        member("user1", ou1),
        client("client1", ou1),
        peer("peer1", ou1),
        member("user2", ou2),
        new IdemixUserSpec("admin2", ou2, IdemixRoles.ADMIN | IdemixRoles.CLIENT));
  }

  /** The role value of the user's credential: {@link IdemixRoles#credentialRole(int)} of the mask. */
  public int credentialRole() {
    return IdemixRoles.credentialRole(roleMask);
  }
}

package io.msp4j.testdata.idemix;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The folders {@link IdemixOrg#writeTo(Path)} wrote, each one a folder Fabric's idemix MSP reads.
 *
 * @param root the folder given to {@code writeTo}
 * @param verifier {@code root/verifier}: the organisation's public material only, no signer
 * @param users {@code root/users/<enrollment ID>} of each user, with its signer configuration, in
 *     the order of the organisation's users
 */
public record IdemixOrgFolders(Path root, Path verifier, Map<String, Path> users) {
  /** Copies the map, keeping its order. */
  public IdemixOrgFolders {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(verifier, "verifier");
    users = Collections.unmodifiableMap(new LinkedHashMap<>(users));
  }

  /**
   * The folder of the user with this enrollment ID.
   *
   * @throws IllegalArgumentException naming the enrollment IDs there are, if there is no such user
   */
  public Path user(String enrollmentId) {
    Path dir = users.get(enrollmentId);
    if (dir == null) {
      throw new IllegalArgumentException("no user '" + enrollmentId + "'; the users are " + users.keySet());
    }
    return dir;
  }
}

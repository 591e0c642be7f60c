package io.msp4j.x509.internal.msp;

import io.msp4j.core.OrganizationalUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OU identifiers of the MSP: OU string to the certifiers identifiers configured for it
 * (SETUP-OU-02), and the membership rule VALIDATE-OU-01.
 */
final class OuIdentifiers {
  private final Map<String, List<byte[]>> idsByOu;

  private OuIdentifiers(Map<String, List<byte[]>> idsByOu) {
    this.idsByOu = idsByOu;
  }

  static Builder builder() {
    return new Builder();
  }

  boolean isEmpty() {
    return idsByOu.isEmpty();
  }

  /** Whether some OU of the identity is configured with the identity's certifiers. */
  boolean admits(List<OrganizationalUnit> ous) {
    for (OrganizationalUnit ou : ous) {
      List<byte[]> ids = idsByOu.get(ou.ou());
      if (ids == null) {
        continue;
      }
      byte[] certifiers = ou.certifiersId();
      for (byte[] id : ids) {
        if (Arrays.equals(id, certifiers)) {
          return true;
        }
      }
    }
    return false;
  }

  static final class Builder {
    private final Map<String, List<byte[]>> map = new LinkedHashMap<>();

    /** Adds a pair unless the same OU string with the same identifier is already present. */
    Builder add(String ou, byte[] certifiersId) {
      List<byte[]> ids = map.computeIfAbsent(ou, k -> new ArrayList<>());
      for (byte[] id : ids) {
        if (Arrays.equals(id, certifiersId)) {
          return this;
        }
      }
      ids.add(certifiersId.clone());
      return this;
    }

    OuIdentifiers build() {
      Map<String, List<byte[]>> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
      return new OuIdentifiers(copy);
    }
  }
}

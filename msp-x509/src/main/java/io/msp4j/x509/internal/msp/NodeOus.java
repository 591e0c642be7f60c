package io.msp4j.x509.internal.msp;

import io.msp4j.core.OrganizationalUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MSP's NodeOU classification: whether it is enforced and which of client, peer, admin and
 * orderer are defined (an undefined one is null).
 */
record NodeOus(boolean enforced, NodeOu client, NodeOu peer, NodeOu admin, NodeOu orderer) {

  static NodeOus off() {
    return new NodeOus(false, null, null, null, null);
  }

  /** The result of counting an identity's NodeOU hits (NODEOU-04/05). */
  enum Count {
    EXACTLY_ONE,
    NONE,
    SEVERAL,
    CERTIFIERS_MISMATCH
  }

  /**
   * Counts the identity's OUs that name a NodeOU, stopping at the second hit; a hit whose NodeOU
   * has certifiers must come from them. With {@code fourRoles} false only client and peer count
   * (v1.1/v1.3, client first); otherwise the defined subset of the four, where a later role wins
   * when two share an OU string (v1.4.3+).
   */
  Count count(List<OrganizationalUnit> ous, boolean fourRoles) {
    Map<String, NodeOu> byOu = new LinkedHashMap<>();
    if (fourRoles) {
      for (NodeOu n : definedInOrder()) {
        byOu.put(n.ou(), n);
      }
    } else {
      // v1.1 checks the client OU before the peer OU for the same string.
      byOu.put(peer.ou(), peer);
      byOu.put(client.ou(), client);
    }
    int hits = 0;
    for (OrganizationalUnit ou : ous) {
      NodeOu n = byOu.get(ou.ou());
      if (n == null) {
        continue;
      }
      if (n.hasCertifiers() && !n.certifiedBy(ou.certifiersId())) {
        return Count.CERTIFIERS_MISMATCH;
      }
      hits++;
      if (hits > 1) {
        break;
      }
    }
    return hits == 1 ? Count.EXACTLY_ONE : hits == 0 ? Count.NONE : Count.SEVERAL;
  }

  /** Whether the identity carries the OU string of this (possibly undefined) NodeOU. */
  static boolean carries(List<OrganizationalUnit> ous, NodeOu nodeOu) {
    if (nodeOu == null) {
      return false;
    }
    for (OrganizationalUnit ou : ous) {
      if (ou.ou().equals(nodeOu.ou())) {
        return true;
      }
    }
    return false;
  }

  private List<NodeOu> definedInOrder() {
    List<NodeOu> l = new ArrayList<>(4);
    for (NodeOu n : new NodeOu[] {client, peer, admin, orderer}) {
      if (n != null) {
        l.add(n);
      }
    }
    return l;
  }
}

package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.chain.PathBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which configured CA signed each configured certificate: one whose subject bytes equal the
 * certificate's issuer bytes and whose key verifies its signature, tried in Go's candidate order
 * (CHAIN-03/04). Roots stay at the top; a certificate without such a CA, or caught in a signing
 * loop, is "unplaced".
 */
final class IssuerLinks {
  private final List<InspectedEntry> tops;
  private final List<InspectedEntry> unplaced;
  private final Map<InspectedEntry, InspectedEntry> parents;
  private final Map<InspectedEntry, List<InspectedEntry>> children;

  private IssuerLinks(
      List<InspectedEntry> tops,
      List<InspectedEntry> unplaced,
      Map<InspectedEntry, InspectedEntry> parents,
      Map<InspectedEntry, List<InspectedEntry>> children) {
    this.tops = tops;
    this.unplaced = unplaced;
    this.parents = parents;
    this.children = children;
  }

  /**
   * Links {@code others} below the CAs among {@code cas} that signed them.
   *
   * @param tops the roots, always at the top
   * @param others every other certificate, in the order children are listed
   * @param cas the certificates that may be issuers
   */
  static IssuerLinks build(
      List<InspectedEntry> tops, List<InspectedEntry> others, List<InspectedEntry> cas,
      PathBuilder paths) {
    Map<InspectedEntry, InspectedEntry> parents = new IdentityHashMap<>();
    for (InspectedEntry e : others) {
      InspectedEntry issuer = issuer(e, cas, paths);
      if (issuer != null) {
        parents.put(e, issuer);
      }
    }
    breakLoops(others, parents);
    Map<InspectedEntry, List<InspectedEntry>> children = new IdentityHashMap<>();
    List<InspectedEntry> unplaced = new ArrayList<>();
    for (InspectedEntry e : others) {
      InspectedEntry p = parents.get(e);
      if (p == null) {
        unplaced.add(e);
      } else {
        children.computeIfAbsent(p, k -> new ArrayList<>()).add(e);
      }
    }
    return new IssuerLinks(List.copyOf(tops), List.copyOf(unplaced), parents, children);
  }

  private static InspectedEntry issuer(
      InspectedEntry e, List<InspectedEntry> cas, PathBuilder paths) {
    List<InspectedEntry> sameName = new ArrayList<>();
    for (InspectedEntry ca : cas) {
      if (ca != e && Arrays.equals(ca.cert().rawSubject(), e.cert().rawIssuer())) {
        sameName.add(ca);
      }
    }
    // Go's order: SKI equal to the AKI first, then one of the two absent, then the rest.
    List<InspectedEntry> ordered = new ArrayList<>();
    sameName.stream().filter(ca -> ca.cert().skiMatchesAkiOf(e.cert())).forEach(ordered::add);
    sameName.stream()
        .filter(ca -> !ca.cert().skiMatchesAkiOf(e.cert()) && ca.cert().exactlyOneKeyIdPresent(e.cert()))
        .forEach(ordered::add);
    sameName.stream().filter(ca -> !ordered.contains(ca)).forEach(ordered::add);
    for (InspectedEntry ca : ordered) {
      if (signedBy(e, ca, paths)) {
        return ca;
      }
    }
    return null;
  }

  /** Whether {@code ca} may have signed {@code e}; a key that cannot check anything has not. */
  private static boolean signedBy(InspectedEntry e, InspectedEntry ca, PathBuilder paths) {
    try {
      return paths.checkSignatureFrom(e.cert(), ca.cert()) == null;
    } catch (RuntimeException unusableKey) {
      return false;
    }
  }

  /** Cross-signed CAs can point at each other; such an entry loses its parent. */
  private static void breakLoops(
      List<InspectedEntry> others, Map<InspectedEntry, InspectedEntry> parents) {
    for (InspectedEntry e : others) {
      Set<InspectedEntry> seen = Collections.newSetFromMap(new IdentityHashMap<>());
      InspectedEntry at = e;
      while (at != null && seen.add(at)) {
        at = parents.get(at);
      }
      if (at == e) {
        parents.remove(e);
      }
    }
  }

  List<InspectedEntry> tops() {
    return tops;
  }

  List<InspectedEntry> unplaced() {
    return unplaced;
  }

  /** The CA that signed {@code e}, or null. */
  InspectedEntry parent(InspectedEntry e) {
    return parents.get(e);
  }

  List<InspectedEntry> children(InspectedEntry e) {
    return children.getOrDefault(e, List.of());
  }
}

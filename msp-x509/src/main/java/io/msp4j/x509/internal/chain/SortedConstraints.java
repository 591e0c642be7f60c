package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.IpRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Go 1.26's sorted and pruned constraint lists (REL-X509-04): a list is sorted, every entry that
 * lies inside the entry kept before it is dropped, and a name is looked up by binary search for
 * its lower bound, then matched against the entry there (or the one before it) only.
 */
final class SortedConstraints {
  private SortedConstraints() {}

  /** The index of the first entry not below {@code key}, with whether it compares equal. */
  private static <T, K> int[] lowerBound(List<T> set, K key, Comparator2<T, K> cmp) {
    int lo = 0;
    int hi = set.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cmp.compare(set.get(mid), key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    boolean found = lo < set.size() && cmp.compare(set.get(lo), key) == 0;
    return new int[] {lo, found ? 1 : 0};
  }

  private interface Comparator2<T, K> {
    int compare(T entry, K key);
  }

  private interface Subset<T> {
    boolean contains(T outer, T inner);
  }

  /** Sorts {@code list} and drops each entry that {@code subset} finds inside the one kept before. */
  private static <T> List<T> sortAndPrune(List<T> list, Comparator<T> cmp, Subset<T> subset) {
    List<T> sorted = new ArrayList<>(list);
    if (sorted.size() < 2) {
      return sorted;
    }
    sorted.sort(cmp);
    List<T> kept = new ArrayList<>();
    kept.add(sorted.get(0));
    for (int i = 1; i < sorted.size(); i++) {
      if (!subset.contains(kept.get(kept.size() - 1), sorted.get(i))) {
        kept.add(sorted.get(i));
      }
    }
    return kept;
  }

  /** The entry at the lower bound's neighbour that {@code match} accepts, or null. */
  private static <T, K> T search(
      List<T> set, K key, Comparator2<T, K> cmp, java.util.function.BiPredicate<T, K> match) {
    if (set.isEmpty()) {
      return null;
    }
    int[] bound = lowerBound(set, key, cmp);
    if (bound[1] == 1) {
      return set.get(bound[0]);
    }
    T candidate = bound[0] == 0 ? set.get(0) : set.get(bound[0] - 1);
    return match.test(candidate, key) ? candidate : null;
  }

  /** dNSName (and URI, email-domain) constraints of one kind, permitted or excluded. */
  static final class Domains {
    private final boolean all;
    private final boolean permitted;
    private final List<String> set;
    /** Excluded lists only: each constraint by its parent (first label removed), lower-cased. */
    private final Map<String, String> parents;

    private Domains(boolean all, boolean permitted, List<String> set, Map<String, String> parents) {
      this.all = all;
      this.permitted = permitted;
      this.set = set;
      this.parents = parents;
    }

    /** Null for an empty list: Go has no constraint set then, so nothing is required. */
    static Domains of(List<String> constraints, boolean permitted) {
      if (constraints.isEmpty()) {
        return null;
      }
      for (String c : constraints) {
        if (c.isEmpty()) {
          return new Domains(true, permitted, List.of(), Map.of());
        }
      }
      List<String> set = sortAndPrune(constraints, SortedConstraints::dnsCompare,
          SortedConstraints::dnsHasSuffix);
      Map<String, String> parents = new HashMap<>();
      if (!permitted) {
        for (String name : set) {
          String lower = name.toLowerCase(Locale.ROOT);
          String parent = trimFirstLabel(lower);
          if (!parent.isEmpty()) {
            parents.put(parent, lower);
          }
        }
      }
      return new Domains(false, permitted, set, parents);
    }

    /**
     * The constraint {@code name} falls under, or null. An excluded list also catches a
     * wildcard name ({@code *.example.com}) whose wildcard could be an excluded label
     * (REL-X509-02).
     */
    String find(String name) {
      if (all) {
        return "";
      }
      String hit = search(set, name, SortedConstraints::dnsCompare,
          SortedConstraints::dnsHasSuffix);
      if (hit != null) {
        return hit;
      }
      if (!permitted && !name.isEmpty() && name.charAt(0) == '*') {
        return parents.get(trimFirstLabel(name.toLowerCase(Locale.ROOT)));
      }
      return null;
    }

    /** Whether {@link #find} finds {@code name} only through its wildcard (REL-X509-02). */
    boolean byWildcard(String name) {
      return !all && search(set, name, SortedConstraints::dnsCompare,
          SortedConstraints::dnsHasSuffix) == null && find(name) != null;
    }
  }

  /** iPAddress constraints of one kind, IPv4 and IPv6 apart. */
  static final class Ips {
    private final List<IpRange> v4;
    private final List<IpRange> v6;

    private Ips(List<IpRange> v4, List<IpRange> v6) {
      this.v4 = v4;
      this.v6 = v6;
    }

    /** Null for an empty list. */
    static Ips of(List<IpRange> ranges) {
      if (ranges.isEmpty()) {
        return null;
      }
      List<IpRange> v4 = new ArrayList<>();
      List<IpRange> v6 = new ArrayList<>();
      for (IpRange r : ranges) {
        (r.ip().length == 4 ? v4 : v6).add(r);
      }
      return new Ips(sortAndPrune(v4, Ips::compare, Ips::subset),
          sortAndPrune(v6, Ips::compare, Ips::subset));
    }

    /** The range holding {@code ip}, or null. */
    IpRange find(byte[] ip) {
      List<IpRange> set = ip.length == 4 ? v4 : v6;
      return search(set, ip, (r, key) -> Arrays.compareUnsigned(r.ip(), key),
          (r, key) -> contains(r, key));
    }

    private static int compare(IpRange a, IpRange b) {
      int byIp = Arrays.compareUnsigned(a.ip(), b.ip());
      return byIp != 0 ? byIp : Arrays.compareUnsigned(a.mask(), b.mask());
    }

    private static boolean subset(IpRange a, IpRange b) {
      byte[] ip = b.ip();
      byte[] mask = b.mask();
      byte[] broadcast = new byte[ip.length];
      for (int i = 0; i < ip.length; i++) {
        broadcast[i] = (byte) (ip[i] | ~mask[i]);
      }
      return contains(a, ip) && contains(a, broadcast);
    }

    /**
     * Go's {@code net.IPNet.Contains}: an IPv4-mapped IPv6 network or address is taken as its
     * IPv4 form, with the last four bytes of a 16-byte mask.
     */
    static boolean contains(IpRange net, byte[] address) {
      byte[] nn = to4(net.ip());
      byte[] mask = net.mask();
      if (nn == null) {
        nn = net.ip();
        if (nn.length != 16) {
          return false;
        }
      }
      if (mask.length == 4) {
        if (nn.length != 4) {
          return false;
        }
      } else if (mask.length == 16) {
        if (nn.length == 4) {
          mask = Arrays.copyOfRange(mask, 12, 16);
        }
      } else {
        return false;
      }
      byte[] ip = to4(address);
      if (ip == null) {
        ip = address;
      }
      if (ip.length != nn.length) {
        return false;
      }
      for (int i = 0; i < ip.length; i++) {
        if ((nn[i] & mask[i]) != (ip[i] & mask[i])) {
          return false;
        }
      }
      return true;
    }

    /** Go's {@code IP.To4}: the 4-byte form of an IPv4 or IPv4-mapped address, else null. */
    private static byte[] to4(byte[] ip) {
      if (ip.length == 4) {
        return ip;
      }
      if (ip.length == 16) {
        for (int i = 0; i < 10; i++) {
          if (ip[i] != 0) {
            return null;
          }
        }
        if (ip[10] == (byte) 0xff && ip[11] == (byte) 0xff) {
          return Arrays.copyOfRange(ip, 12, 16);
        }
      }
      return null;
    }
  }

  /**
   * Go's {@code dnsHasSuffix}: whether {@code name} lies under {@code constraint}, compared
   * without ASCII case from the end, at a label boundary unless the constraint starts with a dot
   * (which then also excludes the domain itself).
   */
  static boolean dnsHasSuffix(String constraint, String name) {
    int lenA = constraint.length();
    int lenB = name.length();
    if (lenA > lenB) {
      return false;
    }
    int offset = lenA - lenB;
    for (int i = lenA - 1; i >= 0; i--) {
      char a = constraint.charAt(i);
      char b = name.charAt(i - offset);
      if (a == b) {
        continue;
      }
      char lo = a < b ? a : b;
      char hi = a < b ? b : a;
      if ('A' <= lo && lo <= 'Z' && hi == lo + 'a' - 'A') {
        continue;
      }
      return false;
    }
    return constraint.charAt(0) == '.' || lenB == lenA || name.charAt(lenB - lenA - 1) == '.';
  }

  /**
   * Go's {@code dnsCompare}: compares from the last character back, ASCII letters without case,
   * with the dot below every other character so that a domain sorts next to its subdomains.
   */
  static int dnsCompare(String a, String b) {
    int i = a.length() - 1;
    int j = b.length() - 1;
    while (i >= 0 && j >= 0) {
      int x = fold(a.charAt(i));
      int y = fold(b.charAt(j));
      if (x != y) {
        return x < y ? -1 : 1;
      }
      i--;
      j--;
    }
    return Integer.compare(i, j);
  }

  private static int fold(char c) {
    if (c == '.') {
      return 0;
    }
    if ('A' <= c && c <= 'Z') {
      return c + ('a' - 'A');
    }
    return c;
  }

  /** The name from its first dot on ({@code a.b.c} gives {@code .b.c}), or empty with no dot. */
  static String trimFirstLabel(String name) {
    int dot = name.indexOf('.');
    return dot < 0 ? "" : name.substring(dot);
  }
}

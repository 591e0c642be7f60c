package io.msp4j.x509.internal.cert;

/**
 * The part of Go's {@code net/url.Parse} that certificate checks depend on: whether a URI string
 * parses at all, and its host (with port, unescaped). Strings are byte strings (one char per
 * byte).
 */
public final class GoUrl {
  private GoUrl() {}

  /** Outcome of parsing: {@code ok} false means Go's url.Parse returns an error. */
  public record Parsed(boolean ok, String host, String error) {
    static Parsed failure(String error) {
      return new Parsed(false, "", error);
    }
  }

  /**
   * Parses like Go 1.23's url.Parse and returns the host (empty when there is no authority).
   * Equal to {@code parse(raw, GoX509Rules.GO_1_23)}.
   */
  public static Parsed parse(String raw) {
    return parse(raw, GoX509Rules.GO_1_23);
  }

  /**
   * Parses like the url.Parse of the Go release of {@code rules}: since Go 1.24.8 and 1.25.2 a
   * host in brackets must be an IPv6 address and a bracket elsewhere in the host is refused;
   * since Go 1.26 ({@code urlstrictcolons=1}) an http or https host may hold one colon only,
   * before its port (REL-URL-01).
   */
  public static Parsed parse(String raw, GoX509Rules rules) {
    int hash = raw.indexOf('#');
    String u = hash >= 0 ? raw.substring(0, hash) : raw;
    if (hash >= 0 && unescape(raw.substring(hash + 1), Mode.FRAGMENT) == null) {
      return Parsed.failure("invalid escape in fragment");
    }
    for (int i = 0; i < u.length(); i++) {
      char c = u.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        return Parsed.failure("invalid control character in URL");
      }
    }
    if (u.equals("*")) {
      return new Parsed(true, "", null);
    }
    String scheme = "";
    String rest = u;
    for (int i = 0; i < u.length(); i++) {
      char c = u.charAt(i);
      if (('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')) {
        continue;
      }
      if (('0' <= c && c <= '9') || c == '+' || c == '-' || c == '.') {
        if (i == 0) {
          break;
        }
        continue;
      }
      if (c == ':') {
        if (i == 0) {
          return Parsed.failure("missing protocol scheme");
        }
        scheme = u.substring(0, i).toLowerCase(java.util.Locale.ROOT);
        rest = u.substring(i + 1);
      }
      break;
    }
    if (rest.endsWith("?") && rest.indexOf('?') == rest.length() - 1) {
      rest = rest.substring(0, rest.length() - 1);
    } else {
      int q = rest.indexOf('?');
      if (q >= 0) {
        rest = rest.substring(0, q);
      }
    }
    if (!rest.startsWith("/")) {
      if (!scheme.isEmpty()) {
        return new Parsed(true, "", null); // opaque
      }
      int slash = rest.indexOf('/');
      String segment = slash >= 0 ? rest.substring(0, slash) : rest;
      if (segment.indexOf(':') >= 0) {
        return Parsed.failure("first path segment in URL cannot contain colon");
      }
    }
    String host = "";
    if ((!scheme.isEmpty() || !rest.startsWith("///")) && rest.startsWith("//")) {
      String authority = rest.substring(2);
      int slash = authority.indexOf('/');
      if (slash >= 0) {
        rest = authority.substring(slash);
        authority = authority.substring(0, slash);
      } else {
        rest = "";
      }
      int at = authority.lastIndexOf('@');
      String hostPart = authority;
      if (at >= 0) {
        String userinfo = authority.substring(0, at);
        if (!validUserinfo(userinfo)) {
          return Parsed.failure("net/url: invalid userinfo");
        }
        int colon = userinfo.indexOf(':');
        if (unescape(colon >= 0 ? userinfo.substring(0, colon) : userinfo, Mode.USER) == null
            || (colon >= 0 && unescape(userinfo.substring(colon + 1), Mode.USER) == null)) {
          return Parsed.failure("invalid escape in userinfo");
        }
        hostPart = authority.substring(at + 1);
      }
      String parsedHost = rules.urlBracketedHostsIpv6Only()
          ? parseHostStrict(scheme, hostPart, rules.urlStrictColons())
          : parseHost(hostPart);
      if (parsedHost == null) {
        return Parsed.failure("invalid host");
      }
      host = parsedHost;
    }
    if (unescape(rest, Mode.PATH) == null) {
      return Parsed.failure("invalid escape in path");
    }
    return new Parsed(true, host, null);
  }

  private static String parseHost(String host) {
    if (host.startsWith("[")) {
      int i = host.lastIndexOf(']');
      if (i < 0) {
        return null;
      }
      if (!validOptionalPort(host.substring(i + 1))) {
        return null;
      }
      int zone = host.substring(0, i).indexOf("%25");
      if (zone >= 0) {
        String h1 = unescape(host.substring(0, zone), Mode.HOST);
        String h2 = unescape(host.substring(zone, i), Mode.ZONE);
        String h3 = unescape(host.substring(i), Mode.HOST);
        if (h1 == null || h2 == null || h3 == null) {
          return null;
        }
        return h1 + h2 + h3;
      }
    } else {
      int i = host.lastIndexOf(':');
      if (i != -1 && !validOptionalPort(host.substring(i))) {
        return null;
      }
    }
    return unescape(host, Mode.HOST);
  }

  /**
   * The host parsing of Go 1.24.8, 1.25.2 and later: brackets only around an IPv6 address (with
   * an optional zone) at the start, and, with {@code strictColons}, the port starting at the
   * first colon of an http or https host.
   */
  private static String parseHostStrict(String scheme, String host, boolean strictColons) {
    int open = host.lastIndexOf('[');
    if (open > 0) {
      return null;
    }
    if (open == 0) {
      int close = host.lastIndexOf(']');
      if (close < 0) {
        return null;
      }
      String colonPort = host.substring(close + 1);
      if (!validOptionalPort(colonPort)) {
        return null;
      }
      String port = unescape(colonPort, Mode.HOST);
      if (port == null) {
        return null;
      }
      String hostname = host.substring(1, close);
      String unescaped;
      int zone = hostname.indexOf("%25");
      if (zone >= 0) {
        String address = unescape(hostname.substring(0, zone), Mode.HOST);
        String zonePart = unescape(hostname.substring(zone), Mode.ZONE);
        if (address == null || zonePart == null) {
          return null;
        }
        unescaped = address + zonePart;
      } else {
        unescaped = unescape(hostname, Mode.HOST);
        if (unescaped == null) {
          return null;
        }
      }
      byte[] ip = GoIp.netipAddress(unescaped);
      if (ip == null || ip.length == 4) {
        return null;
      }
      return "[" + unescaped + "]" + port;
    }
    int first = host.indexOf(':');
    if (first >= 0) {
      int last = host.lastIndexOf(':');
      boolean http = scheme.equals("http") || scheme.equals("https");
      int portStart = strictColons && http ? first : last;
      if (!validOptionalPort(host.substring(portStart))) {
        return null;
      }
    }
    return unescape(host, Mode.HOST);
  }

  private static boolean validOptionalPort(String port) {
    if (port.isEmpty()) {
      return true;
    }
    if (port.charAt(0) != ':') {
      return false;
    }
    for (int i = 1; i < port.length(); i++) {
      char c = port.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static boolean validUserinfo(String s) {
    for (int i = 0; i < s.length(); i++) {
      char r = s.charAt(i);
      if (('A' <= r && r <= 'Z') || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9')) {
        continue;
      }
      if ("-._:~!$&'()*+,;=%@".indexOf(r) < 0) {
        return false;
      }
    }
    return true;
  }

  private enum Mode { PATH, HOST, ZONE, USER, FRAGMENT }

  private static String unescape(String s, Mode mode) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%') {
        if (i + 2 >= s.length()) {
          return null;
        }
        int hi = unhex(s.charAt(i + 1));
        int lo = unhex(s.charAt(i + 2));
        if (hi < 0 || lo < 0) {
          return null;
        }
        if (mode == Mode.HOST && hi < 8 && !s.startsWith("%25", i)) {
          return null;
        }
        if (mode == Mode.ZONE) {
          int v = hi << 4 | lo;
          if (!s.startsWith("%25", i) && v != ' ' && shouldEscape((char) v, Mode.HOST)) {
            return null;
          }
        }
        out.append((char) (hi << 4 | lo));
        i += 2;
      } else {
        if ((mode == Mode.HOST || mode == Mode.ZONE) && c < 0x80 && shouldEscape(c, mode)) {
          return null;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  private static int unhex(char c) {
    if ('0' <= c && c <= '9') {
      return c - '0';
    }
    if ('a' <= c && c <= 'f') {
      return c - 'a' + 10;
    }
    if ('A' <= c && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  private static boolean shouldEscape(char c, Mode mode) {
    if (('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')) {
      return false;
    }
    if (mode == Mode.HOST || mode == Mode.ZONE) {
      if ("!$&'()*+,;=:[]<>\"".indexOf(c) >= 0) {
        return false;
      }
    }
    return "-_.~".indexOf(c) < 0;
  }
}

package io.msp4j.x509.internal.cert;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Name syntax checks shared by certificate parsing and name-constraint matching, with the exact
 * acceptance rules of Go's crypto/x509 (domain labels, IA5 strings, RFC 2821 mailboxes).
 *
 * <p>Strings handled here are byte strings: each char holds one byte (ISO-8859-1), as Go strings
 * hold bytes.
 */
public final class GoNames {
  private GoNames() {}

  /** A mailbox split into local part (unescaped) and domain. */
  public record Mailbox(String local, String domain) {}

  /** True when every byte is 7-bit ASCII (Go's {@code isIA5String}). */
  public static boolean isIa5(byte[] value) {
    for (byte b : value) {
      if ((b & 0x80) != 0) {
        return false;
      }
    }
    return true;
  }

  /** True when every char is 7-bit ASCII. */
  public static boolean isIa5(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (value.charAt(i) > 127) {
        return false;
      }
    }
    return true;
  }

  /**
   * Splits a domain into its labels, last label first ({@code foo.example.com} → com, example,
   * foo), as Go 1.23's {@code domainToReverseLabels}. Returns null when Go rejects the domain: an
   * empty label anywhere — a trailing dot, two dots in a row, or a leading dot (Go records the
   * empty label before a leading dot) — or a byte outside 33..126. The empty string gives an
   * empty list.
   */
  public static List<String> domainToReverseLabels(String domain) {
    List<String> labels = new ArrayList<>();
    String rest = domain;
    while (!rest.isEmpty()) {
      int i = rest.lastIndexOf('.');
      if (i == -1) {
        labels.add(rest);
        rest = "";
      } else {
        labels.add(rest.substring(i + 1));
        rest = rest.substring(0, i);
        if (i == 0) {
          labels.add("");
        }
      }
    }
    for (String label : labels) {
      if (label.isEmpty()) {
        return null;
      }
      for (int j = 0; j < label.length(); j++) {
        char c = label.charAt(j);
        if (c < 33 || c > 126) {
          return null;
        }
      }
    }
    return Collections.unmodifiableList(labels);
  }

  /**
   * Parses an RFC 2821 mailbox the way Go does: a dot-atom or quoted local part, '@', and a domain
   * accepted by {@link #domainToReverseLabels}. Returns null when not accepted.
   */
  public static Mailbox parseMailbox(String in) {
    if (in.isEmpty()) {
      return null;
    }
    StringBuilder local = new StringBuilder();
    int i = 0;
    int n = in.length();
    if (in.charAt(0) == '"') {
      i = 1;
      while (true) {
        if (i >= n) {
          return null;
        }
        char c = in.charAt(i++);
        if (c == '"') {
          break;
        } else if (c == '\\') {
          if (i >= n) {
            return null;
          }
          char q = in.charAt(i);
          if (q == 11 || q == 12 || (1 <= q && q <= 9) || (14 <= q && q <= 127)) {
            local.append(q);
            i++;
          } else {
            return null;
          }
        } else if (c == 11 || c == 12 || c == 32 || c == 33 || c == 127
            || (1 <= c && c <= 8) || (14 <= c && c <= 31)
            || (35 <= c && c <= 91) || (93 <= c && c <= 126)) {
          local.append(c);
        } else {
          return null;
        }
      }
    } else {
      while (i < n) {
        char c = in.charAt(i);
        if (c == '\\') {
          i++;
          if (i >= n) {
            return null;
          }
          local.append(in.charAt(i));
          i++;
          continue;
        }
        if (isAtext(c)) {
          local.append(c);
          i++;
        } else {
          break;
        }
      }
      if (local.length() == 0) {
        return null;
      }
      if (local.charAt(0) == '.' || local.charAt(local.length() - 1) == '.'
          || local.indexOf("..") >= 0) {
        return null;
      }
    }
    if (i >= n || in.charAt(i) != '@') {
      return null;
    }
    String domain = in.substring(i + 1);
    if (domainToReverseLabels(domain) == null) {
      return null;
    }
    return new Mailbox(local.toString(), domain);
  }

  private static boolean isAtext(char c) {
    return ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
        || "!#$%&'*+-/=?^_`{|}~.".indexOf(c) >= 0;
  }
}

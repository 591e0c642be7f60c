package io.msp4j.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A small reader for the subset of Graphviz DOT that {@code msp inspect --dot} writes: one
 * {@code digraph} with attribute statements, node statements, edge statements and subgraphs.
 * It checks the syntax and that every edge joins declared nodes; anything else is an error.
 */
final class DotSyntax {
  private final List<String> tokens;
  private int pos;
  final Set<String> nodes = new HashSet<>();
  final List<String[]> edges = new ArrayList<>();
  int subgraphs;

  private DotSyntax(List<String> tokens) {
    this.tokens = tokens;
  }

  static DotSyntax parse(String text) {
    DotSyntax d = new DotSyntax(tokenize(text));
    d.expect("digraph");
    d.id();
    d.block();
    if (d.pos != d.tokens.size()) {
      throw new IllegalArgumentException("text after the graph: " + d.tokens.get(d.pos));
    }
    for (String[] e : d.edges) {
      if (!d.nodes.contains(e[0]) || !d.nodes.contains(e[1])) {
        throw new IllegalArgumentException("edge between undeclared nodes " + e[0] + " -> " + e[1]);
      }
    }
    return d;
  }

  private void block() {
    expect("{");
    while (!peek().equals("}")) {
      statement();
    }
    expect("}");
  }

  private void statement() {
    String first = peek();
    if (first.equals("subgraph")) {
      pos++;
      id();
      subgraphs++;
      block();
      return;
    }
    String a = id();
    if (a.equals("graph") || a.equals("node") || a.equals("edge")) {
      attributes();
    } else if (peek().equals("=")) {
      pos++;
      id();
    } else if (peek().equals("->")) {
      pos++;
      String b = id();
      edges.add(new String[] {a, b});
      if (peek().equals("[")) {
        attributes();
      }
    } else {
      nodes.add(a);
      if (peek().equals("[")) {
        attributes();
      }
    }
    expect(";");
  }

  private void attributes() {
    expect("[");
    while (!peek().equals("]")) {
      id();
      expect("=");
      id();
      if (peek().equals(",")) {
        pos++;
      }
    }
    expect("]");
  }

  private String id() {
    String t = next();
    if (t.startsWith("\"") || Character.isLetterOrDigit(t.charAt(0)) || t.charAt(0) == '_') {
      return t;
    }
    throw new IllegalArgumentException("expected an identifier, got " + t);
  }

  private void expect(String s) {
    String t = next();
    if (!t.equals(s)) {
      throw new IllegalArgumentException("expected " + s + ", got " + t + " at token " + pos);
    }
  }

  private String peek() {
    if (pos >= tokens.size()) {
      throw new IllegalArgumentException("unexpected end of graph");
    }
    return tokens.get(pos);
  }

  private String next() {
    String t = peek();
    pos++;
    return t;
  }

  private static List<String> tokenize(String s) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '"') {
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != '"') {
          if (s.charAt(j) == '\n') {
            throw new IllegalArgumentException("raw newline inside a quoted string");
          }
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        if (j >= s.length()) {
          throw new IllegalArgumentException("unterminated string");
        }
        out.add(s.substring(i, j + 1));
        i = j + 1;
      } else if (s.startsWith("->", i)) {
        out.add("->");
        i += 2;
      } else if ("{}[]=;,".indexOf(c) >= 0) {
        out.add(String.valueOf(c));
        i++;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
        int j = i;
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_' || s.charAt(j) == '.')) {
          j++;
        }
        out.add(s.substring(i, j));
        i = j;
      } else {
        throw new IllegalArgumentException("unexpected character '" + c + "'");
      }
    }
    return out;
  }
}

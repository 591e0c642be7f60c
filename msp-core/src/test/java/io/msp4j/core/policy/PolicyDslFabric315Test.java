package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * REL-DSL-01 / POLICY-DSL-01: msp4j's policy-language compiler replays what Fabric's own
 * {@code policydsl.FromString} was measured to do, release by release, on one corpus: v3.1.5 (expr)
 * in {@code fabric-v3.1.5-dsl-vectors.tsv}, v3.0.0 and v3.1.4 (govaluate, identical on every line)
 * in {@code fabric-v3.0.0-v3.1.4-dsl-vectors.tsv}. Where Fabric builds an envelope msp4j builds the
 * same bytes; where Fabric refuses, msp4j refuses. The only exceptions are texts outside the
 * language that Fabric's general expression engine happens to accept, which msp4j refuses on
 * purpose (POLICY-DSL-07, LIMIT-06, LIMIT-07); each is listed in the table's fourth column.
 */
@Tag("REL-DSL-01")
@Tag("POLICY-DSL-01")
class PolicyDslFabric315Test {

  /** One measured line: the expression, Fabric's result (hex, sha256:hex or -), Go's error. */
  record Vector(int line, String source, String expression, String fabric, String goError) {
    @Override
    public String toString() {
      return "line " + line + ": " + (source.length() > 80 ? source.substring(0, 80) + "..." : source);
    }
  }

  static List<Vector> table(String resource) throws IOException {
    List<Vector> out = new ArrayList<>();
    try (InputStream in =
            Objects.requireNonNull(PolicyDslFabric315Test.class.getResourceAsStream(resource), resource);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      int n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        if (line.startsWith("#") || line.isEmpty()) {
          continue;
        }
        String[] f = line.split("\t", -1);
        assertThat(f).as("line %d", n).hasSize(3);
        out.add(new Vector(n, f[1], expression(f[1]), f[0], goUnquote(f[2])));
      }
    }
    return out;
  }

  /** Column 2: a Go string literal, or one of the macros the table's header describes. */
  static String expression(String column) {
    if (!column.startsWith("@")) {
      return goUnquote(column);
    }
    String[] m = column.split(" ");
    return switch (m[0]) {
      case "@wide" -> m[1] + "(" + "'A.member',".repeat(Integer.parseInt(m[2]) - 1) + "'A.member')";
      case "@nest" -> "OR(".repeat(Integer.parseInt(m[1])) + "'A.member'" + ")".repeat(Integer.parseInt(m[1]));
      case "@orofands" -> "OR(" + "AND('A.member'),".repeat(Integer.parseInt(m[1]) - 1) + "AND('A.member'))";
      default -> throw new IllegalArgumentException(column);
    };
  }

  /** Decodes a Go double-quoted string literal as strconv.Quote writes it (valid UTF-8 only). */
  static String goUnquote(String q) {
    if (q.length() < 2 || q.charAt(0) != '"' || q.charAt(q.length() - 1) != '"') {
      throw new IllegalArgumentException("not a Go string literal: " + q);
    }
    StringBuilder b = new StringBuilder();
    for (int i = 1; i < q.length() - 1; i++) {
      char c = q.charAt(i);
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = q.charAt(++i);
      switch (e) {
        case 'a' -> b.append('\u0007');
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'v' -> b.append('\u000b');
        case '\\', '"', '\'' -> b.append(e);
        case 'x' -> {
          int v = Integer.parseInt(q.substring(i + 1, i + 3), 16);
          if (v > 0x7f) {
            throw new IllegalArgumentException("byte escape outside ASCII in " + q);
          }
          b.append((char) v);
          i += 2;
        }
        case 'u' -> {
          b.append((char) Integer.parseInt(q.substring(i + 1, i + 5), 16));
          i += 4;
        }
        case 'U' -> {
          b.appendCodePoint(Integer.parseInt(q.substring(i + 1, i + 9), 16));
          i += 8;
        }
        default -> throw new IllegalArgumentException("escape \\" + e + " in " + q);
      }
    }
    return b.toString();
  }

  static String result(String expression, FabricRelease release) {
    byte[] env;
    try {
      env = PolicyDsl.compile(expression, release).toByteArray();
    } catch (PolicyDslException e) {
      return "-";
    }
    if (env.length > 2048) {
      try {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(env));
      } catch (NoSuchAlgorithmException ex) {
        throw new AssertionError(ex);
      }
    }
    return HexFormat.of().formatHex(env);
  }

  /**
   * Texts Fabric v3.0.0 and v3.1.4 (govaluate) accept although they are outside the language, each
   * as column 2 of the table writes it: arithmetic and other number forms in counts, parentheses
   * around items, string operators, escapes, strings holding gates, a mismatched quote pair, indexing;
   * and LIMIT-06 (nesting beyond 1,000) and LIMIT-07 (more than 10,000 principals).
   */
  static final Set<String> OUTSIDE_THE_LANGUAGE_GOVALUATE = lines("""
          "'outof(1, \\\\'A.member\\\\')'"
          "(OR('A.member'))"
          "OR('A.' + 'member')"
          "OR('A.member' + '')"
          "OR('A.member') + ''"
          "OR('A.member', ('B.member'))"
          "OR('A.member\\")"
          "OR('A\\\\.member')"
          "OR('outof(1, \\\\'A.member\\\\')')"
          "OR(('A.member'))"
          "OR(\\"A.member')"
          "OutOf('0x1', 'A.member')"
          "OutOf('0x1','A.member','B.member')"
          "OutOf('1'+'','A.member')"
          "OutOf('1+1', 'A.member', 'B.member')"
          "OutOf(-1+2,'A.member')"
          "OutOf(0x1,'A.member','B.member')"
          "OutOf(1+1,'A.member','B.member')"
          "OutOf(1,'A.member','B.member')[0]"
          "OutOf(2*1,'A.member')"
          "OutOf(\\"0x1\\",'A.member','B.member')"
          "true ? OR('A.member') : OR('B.member')"
          @nest 1001
          @nest 2499
          @nest 2500
          @nest 5000
          @wide OR 10001
          """);

  /**
   * The same for v3.1.5 (expr): besides those of govaluate that expr also accepts, comments,
   * backquoted strings, statements ({@code ;}, {@code let}), builtins ({@code len}), and the number
   * forms expr reads (1e0, 0X1, 0b1, 0o1, 0_1, 1_, +1) in counts, quoted or not; and LIMIT-06.
   */
  static final Set<String> OUTSIDE_THE_LANGUAGE_EXPR = lines("""
          "'outof(1, \\\\'A.member\\\\')'"
          "(OR('A.member'))"
          "/* c */ OR('A.member')"
          "AND('A.member','\\\\t')"
          "OR('A.' + 'member')"
          "OR('A.member' + '')"
          "OR('A.member') + ''"
          "OR('A.member') /* c */"
          "OR('A.member') // c"
          "OR('A.member'); OR('B.member')"
          "OR('A.member');"
          "OR('A.member', ('B.member'))"
          "OR('outof(1, \\\\'A.member\\\\')')"
          "OR(('A.member'))"
          "OR(/* c */'A.member')"
          "OR(\\"outof(1, 'A.member')\\")"
          "OR(`A.member`)"
          "OutOf('+1','A.member','B.member')"
          "OutOf('0x1', 'A.member')"
          "OutOf('0x1','A.member','B.member')"
          "OutOf('1'+'','A.member')"
          "OutOf('1+1', 'A.member', 'B.member')"
          "OutOf('1e0', 'A.member')"
          "OutOf('1e0','A.member','B.member')"
          "OutOf(+1,'A.member','B.member')"
          "OutOf(-1+2,'A.member')"
          "OutOf(0X1,'A.member','B.member')"
          "OutOf(0_1,'A.member','B.member')"
          "OutOf(0b1,'A.member','B.member')"
          "OutOf(0o1,'A.member','B.member')"
          "OutOf(0x1,'A.member','B.member')"
          "OutOf(1+1,'A.member','B.member')"
          "OutOf(1E0,'A.member','B.member')"
          "OutOf(1e0,'A.member','B.member')"
          "OutOf(1_,'A.member','B.member')"
          "OutOf(1e-1,'A.member','B.member')"
          "OutOf(2*1,'A.member')"
          "OutOf(\\"0x1\\",'A.member','B.member')"
          "OutOf(len('ab'),'A.member','B.member')"
          "let x = 'A.member'; OR(x)"
          "true ? OR('A.member') : OR('B.member')"
          @nest 1001
          @nest 2499
          """);

  static Set<String> lines(String block) {
    return block.lines().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.toUnmodifiableSet());
  }

  static void assertAgrees(Vector v, FabricRelease release, Set<String> outsideTheLanguage) {
    if (outsideTheLanguage.contains(v.source())) {
      // Fabric's expression engine builds an envelope; msp4j refuses the text on purpose.
      assertThat(v.fabric()).as("%s is listed as accepted by Fabric", v).isNotEqualTo("-");
      PolicyDslException e =
          assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(v.expression(), release));
      assertThat(e.rule()).as("%s", v).matches("POLICY-DSL-0[1-7]|LIMIT-0[67]");
      return;
    }
    String mine = result(v.expression(), release);
    assertThat(mine)
        .as("%s with %s (Fabric's error: %s)", v, release, v.goError())
        .isEqualTo(v.fabric());
  }

  @Test
  void everyListedExceptionIsALineOfItsTable() throws IOException {
    Set<String> gov = table("fabric-v3.0.0-v3.1.4-dsl-vectors.tsv").stream().map(Vector::source).collect(Collectors.toSet());
    Set<String> expr = table("fabric-v3.1.5-dsl-vectors.tsv").stream().map(Vector::source).collect(Collectors.toSet());
    assertThat(gov).containsAll(OUTSIDE_THE_LANGUAGE_GOVALUATE);
    assertThat(expr).containsAll(OUTSIDE_THE_LANGUAGE_EXPR);
  }

  static Stream<Arguments> v315() throws IOException {
    return table("fabric-v3.1.5-dsl-vectors.tsv").stream().map(Arguments::of);
  }

  static Stream<Arguments> v300v314() throws IOException {
    return table("fabric-v3.0.0-v3.1.4-dsl-vectors.tsv").stream().map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("v315")
  void v3_1_5(Vector v) {
    assertAgrees(v, FabricRelease.V3_1_5, OUTSIDE_THE_LANGUAGE_EXPR);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("v300v314")
  void v3_1_4(Vector v) {
    assertAgrees(v, FabricRelease.V3_1_4, OUTSIDE_THE_LANGUAGE_GOVALUATE);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("v300v314")
  void v3_0_0(Vector v) {
    assertAgrees(v, FabricRelease.V3_0_0, OUTSIDE_THE_LANGUAGE_GOVALUATE);
  }
}

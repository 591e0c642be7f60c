package io.msp4j.core.policy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Writes the seed inputs of {@link PolicyDslFuzzTest} and {@link PolicyFuzzTest} (run from the module folder with the test
 * class path: {@code io.msp4j.core.policy.PolicySeeds src/test/resources}). Expressions are the
 * kinds configtx.yaml and the peer CLI carry; envelopes are their compiled form.
 */
public final class PolicySeeds {
  private PolicySeeds() {}

  static final List<String> EXPRESSIONS = List.of(
      "OR('Org1MSP.member')",
      "AND('Org1MSP.peer', 'Org2MSP.peer')",
      "OutOf(2, 'Org1MSP.admin', 'Org2MSP.admin', 'Org3MSP.admin')",
      "OR('A.member', AND('B.member', 'C.member'))",
      "outof('1', 'A.B.client', Or('C-D.orderer'), and('E.peer','E.peer'))",
      "OutOf(0)",
      "OR(\"Org1MSP.member\")",
      "AND(OR(AND(OR('X.admin'))))");

  public static void main(String[] args) throws IOException {
    Path resources = Paths.get(args.length > 0 ? args[0] : "src/test/resources");
    Path base = resources.resolve("io/msp4j/core/policy/PolicyDslFuzzTestInputs");
    Path language = resources.resolve("io/msp4j/core/policy/PolicyFuzzTestInputs");
    for (int i = 0; i < EXPRESSIONS.size(); i++) {
      String e = EXPRESSIONS.get(i);
      write(language.resolve("theLanguageFailsOnlyWithPolicyDslExceptionAndPrintsBackWhatItCompiles"), "expr-" + i,
          e.getBytes(StandardCharsets.UTF_8));
      try {
        write(base.resolve("anyEnvelopePrintsAndItsTextMeansTheSamePolicy"), "env-" + i, PolicyDsl.compile(e).toByteArray());
      } catch (PolicyDslException refused) {
        // only grammatical expressions become envelope seeds
      }
    }
    int i = 0;
    for (String t : List.of("ANY Readers", "ALL Writers", "MAJORITY Admins", "ANY ", "MAJORITY  Admins")) {
      write(base.resolve("implicitMetaTextReadsBackToItself"), "text-" + i++, t.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static void write(Path dir, String name, byte[] content) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve(name), content);
  }
}

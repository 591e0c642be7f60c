package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The block commands the guide and the README show on the committed sample channel run as
 * written, with the exit statuses the text gives, and the output the guide pastes is what
 * {@code block check} prints. Commands are read from the documents' code blocks, so a changed
 * file name or option in the text, or a changed verdict, fails here.
 */
class SampleChannelDocsTest {
  private static final Path ROOT = Path.of("..");
  private static final Pattern VARIABLE = Pattern.compile("\\$([A-Z][A-Z0-9]*)");

  @TempDir Path tmp;

  /** A command of a document's code block, with the code block's index in the document. */
  private record DocCommand(int block, List<String> args) {}

  private static List<List<String>> codeBlocks(String document) throws IOException {
    List<List<String>> blocks = new ArrayList<>();
    List<String> current = null;
    for (String line : Files.readAllLines(ROOT.resolve(document))) {
      if (line.strip().startsWith("```")) {
        if (current == null) {
          current = new ArrayList<>();
        } else {
          blocks.add(current);
          current = null;
        }
      } else if (current != null) {
        current.add(line);
      }
    }
    return blocks;
  }

  /**
   * The commands of every code block that uses the sample channel, shell variables of the block
   * expanded, paths of the repository ({@code testdata/...}, {@code README.md}) taken from its
   * root and {@code /tmp/} paths from a temporary folder.
   */
  private List<DocCommand> sampleChannelCommands(String document) throws IOException {
    List<DocCommand> commands = new ArrayList<>();
    List<List<String>> blocks = codeBlocks(document);
    for (int b = 0; b < blocks.size(); b++) {
      List<String> lines = blocks.get(b);
      if (lines.stream().noneMatch(l -> l.contains("testdata/sample/channel"))) {
        continue;
      }
      Map<String, String> vars = new HashMap<>();
      for (String line : lines.stream().map(String::strip).toList()) {
        if (line.startsWith("./msp ")) {
          Matcher m = VARIABLE.matcher(line);
          String expanded = m.replaceAll(r -> Matcher.quoteReplacement(vars.get(r.group(1))));
          assertThat(expanded).as(line).doesNotContain("\"", "'", "|", ">");
          List<String> args = new ArrayList<>();
          for (String word : expanded.substring("./msp ".length()).split(" +")) {
            args.add(word.startsWith("testdata/") ? ROOT.resolve(word).toString()
                : word.startsWith("/tmp/") ? tmp.resolve(word.substring(5)).toString()
                : word.equals("README.md") ? ROOT.resolve(word).toString()
                : word);
          }
          commands.add(new DocCommand(b, args));
        } else {
          for (String assignment : line.split(" +")) {
            int eq = assignment.indexOf('=');
            if (eq > 0) {
              vars.put(assignment.substring(0, eq), assignment.substring(eq + 1));
            }
          }
        }
      }
    }
    return commands;
  }

  private static String asWritten(String output) {
    return output.replace(ROOT.resolve("testdata") + "/", "testdata/");
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("TX-CREATOR-01")
  @Tag("VALIDATE-CRL-02")
  void theGuidesChannelCommandsRunOnTheSampleWithTheirDocumentedStatusesAndOutput() throws IOException {
    List<DocCommand> commands = sampleChannelCommands("docs/guide.md");
    assertThat(commands).extracting(c -> c.args().get(0))
        .containsExactly("inspect", "expiry", "block", "validate", "policy");
    List<List<String>> blocks = codeBlocks("docs/guide.md");
    for (DocCommand c : commands) {
      CliRun r = CliRun.of(c.args().toArray(String[]::new));
      assertThat(r.err()).as(c.args().toString()).isEmpty();
      switch (c.args().get(0)) {
        case "inspect" -> {
          assertThat(r.status()).isZero();
          assertThat(r.out()).startsWith("channel mychannel, config sequence 0, MSP version 3.0, 3 organisations");
        }
        case "expiry" -> assertThat(r.status()).isZero();
        case "block" -> {
          // 2.block holds a transaction by Org2's revoked User2: exit status 1, output pasted below.
          assertThat(r.status()).isEqualTo(ExitCodes.INVALID);
          assertThat(asWritten(r.out()).lines().toList()).isEqualTo(blocks.get(c.block() + 1));
          assertThat(r.out()).contains("INVALID [TX-CREATOR-01 VALIDATE-CRL-02] REVOKED: creator Org2MSP "
              + "CN=User2@org2.example.com");
        }
        case "validate" -> {
          assertThat(r.status()).isEqualTo(ExitCodes.INVALID);
          assertThat(r.out()).contains("peer0.org2.example.com-cert.pem: valid",
              "User2@org2.example.com-cert.pem: INVALID [VALIDATE-CRL-02]");
        }
        default -> {
          assertThat(r.status()).isZero();
          String verdict = asWritten(r.out()).lines().findFirst().orElseThrow();
          assertThat(List.of(verdict)).isEqualTo(blocks.get(c.block() + 1));
        }
      }
    }
  }

  @Test
  @Tag("POLICY-IMETA-02")
  @Tag("POLICY-SIG-04")
  void theReadmesChannelCommandsRunOnTheSampleWithTheirDocumentedStatuses() throws IOException {
    List<DocCommand> commands = sampleChannelCommands("README.md");
    assertThat(commands).extracting(c -> String.join(" ", c.args().subList(0, 2)))
        .containsExactly("policy check", "sign --msp-dir", "policy check", "block check");
    for (DocCommand c : commands) {
      CliRun r = CliRun.of(c.args().toArray(String[]::new));
      int expected = c.args().get(0).equals("block") ? ExitCodes.INVALID : ExitCodes.OK;
      assertThat(r.status()).as(r.out() + r.err()).isEqualTo(expected);
    }
  }

  @Test
  void theHelpExamplesOfBlockTakingCommandsRunOnTheSample() {
    for (String command : List.of("inspect", "expiry", "validate", "policy check", "block", "block check")) {
      List<String> args = new ArrayList<>(List.of(command.split(" ")));
      args.add("--help");
      List<String> examples = CliRun.of(args.toArray(String[]::new)).out().lines()
          .filter(l -> l.contains("testdata/sample/channel/")).toList();
      assertThat(examples).as(command).isNotEmpty();
      for (String example : examples) {
        List<String> words = new ArrayList<>();
        for (String word : example.strip().substring("./msp ".length()).split(" +")) {
          words.add(word.startsWith("testdata/") ? ROOT.resolve(word).toString() : word);
        }
        CliRun r = CliRun.of(words.toArray(String[]::new));
        assertThat(r.status()).as(example + "\n" + r.out() + r.err()).isIn(ExitCodes.OK, ExitCodes.INVALID);
        assertThat(r.err()).as(example).isEmpty();
      }
    }
  }
}

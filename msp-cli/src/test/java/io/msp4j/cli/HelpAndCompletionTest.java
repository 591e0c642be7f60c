package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Every command explains itself with a runnable example, and the shell can complete them. */
class HelpAndCompletionTest {
  @TempDir Path tmp;

  private static Set<String> commands() {
    return Main.full().getSubcommands().keySet();
  }

  /** Every command path below {@code msp}, such as {@code policy compile}. */
  private static List<String> commandPaths(CommandLine cli, String prefix, List<String> out) {
    cli.getSubcommands().forEach((name, sub) -> {
      out.add(prefix + name);
      commandPaths(sub, prefix + name + " ", out);
    });
    return out;
  }

  @Test
  void everyCommandsHelpEndsWithAnExampleOfItself() {
    List<String> paths = commandPaths(Main.full(), "", new ArrayList<>());
    assertThat(paths).contains("validate", "generate", "verify", "sign", "inspect", "expiry", "completion");
    for (String path : paths) {
      List<String> args = new ArrayList<>(List.of(path.split(" ")));
      args.add("--help");
      CliRun r = CliRun.of(args.toArray(String[]::new));
      assertThat(r.status()).as(path).isZero();
      assertThat(r.out()).as(path).contains("\nExample");
      String first = path.split(" ")[0];
      assertThat(r.out().substring(r.out().indexOf("\nExample")))
          .as(path).containsPattern("\n  (source <\\()?\\./msp " + first + "\\b");
    }
  }

  @Test
  void examplesArePrintedUnwrappedSoThatTheyCanBeCopied() {
    CliRun r = CliRun.of("validate", "--help");
    String example = r.out().lines().filter(l -> l.startsWith("  ./msp validate")).findFirst().orElseThrow();
    assertThat(example).endsWith("User2@org2.example.com-cert.pem").hasSizeGreaterThan(100);
  }

  @Test
  void topLevelHelpListsEveryCommand() {
    CliRun r = CliRun.of("--help");
    assertThat(r.status()).isZero();
    for (String name : commands()) {
      assertThat(r.out()).contains("\n  " + name + " ");
    }
    assertThat(r.out()).contains("--verbose", "source <(./msp completion)");
  }

  @Test
  void completionIsABashScriptKnowingEveryCommandAndOption() throws Exception {
    CliRun r = CliRun.of("completion");
    assertThat(r.status()).isZero();
    assertThat(r.out()).startsWith("#!/usr/bin/env bash");
    assertThat(r.out()).contains("complete -F _complete_msp", "inspect", "expiry", "--within", "--msp-dir", "--verbose");
    Path bash = OnPath.find("bash").orElse(null);
    if (bash != null) {
      Path script = Files.writeString(tmp.resolve("msp-completion.bash"), r.out(), StandardCharsets.UTF_8);
      Process p = new ProcessBuilder(bash.toString(), "-n", script.toString()).redirectErrorStream(true).start();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    }
  }
}

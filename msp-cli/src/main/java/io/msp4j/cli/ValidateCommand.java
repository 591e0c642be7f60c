package io.msp4j.cli;

import io.msp4j.core.MspSetupException;
import io.msp4j.x509.X509Msp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code msp validate}: loads an MSP and gives Fabric's verdict for each identity. Exit status 0
 * when all are valid, 1 when one is not, 2 when the MSP cannot be set up, 3 on a usage error.
 */
@Command(
    name = "validate",
    description = "Validate identities (PEM certificates or SerializedIdentity files) against an MSP.",
    mixinStandardHelpOptions = true)
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspOptions msp;

  @Option(names = "--json", description = "Print one JSON object per input.")
  boolean json;

  @Parameters(paramLabel = "INPUT", arity = "1..*", description = "Identity files.")
  List<Path> inputs;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<byte[]> contents = new ArrayList<>();
    for (Path p : inputs) {
      try {
        contents.add(Files.readAllBytes(p));
      } catch (IOException | RuntimeException e) {
        err.println("msp validate: cannot read input " + p + ": " + e.getMessage());
        return ExitCodes.USAGE;
      }
    }
    X509Msp loaded;
    try {
      loaded = msp.load();
    } catch (MspSetupException e) {
      if (json) {
        out.println(Json.write(IdentityVerdicts.setupError(e)));
      } else {
        err.println("MSP setup failed [" + e.rule() + "] " + e.detail());
      }
      out.flush();
      return ExitCodes.SETUP_FAILED;
    }
    boolean allValid = true;
    for (int i = 0; i < inputs.size(); i++) {
      Map<String, Object> verdict =
          IdentityVerdicts.of(loaded, inputs.get(i).toString(), contents.get(i));
      allValid &= Boolean.TRUE.equals(verdict.get("valid"));
      out.println(json ? Json.write(verdict) : Verdicts.text(verdict));
    }
    out.flush();
    return allValid ? ExitCodes.OK : ExitCodes.INVALID;
  }
}

package io.msp4j.cli;

import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code msp generate}: writes certificate trees in cryptogen's layout from a crypto-config spec.
 * Exit status 0 when written, 2 for a spec that cannot be used (the message names the line), 3 for
 * a usage error, including a config file that cannot be read or an output that already exists.
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
        "Generate key material in the layout of Fabric's cryptogen from a crypto-config.yaml.",
        "Accepts cryptogen's spec format plus msp4j's extensions (intermediate CAs, key",
        "algorithms, validity windows, CRLs, Seed and Now for reproducible output)."
    },
    footer = {
        "",
        "Example:",
        "  ./msp generate --config testdata/sample/crypto-config.yaml --output /tmp/sample"
    })
public final class GenerateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--config", required = true, paramLabel = "FILE",
      description = "The crypto-config spec to generate from.")
  Path config;

  @Option(names = "--output", paramLabel = "DIR", defaultValue = "crypto-config",
      description = "The folder to write into (default: ${DEFAULT-VALUE}).")
  Path output;

  @Option(names = "--seed", paramLabel = "SEED",
      description = "Seed for reproducible output; overrides the spec's Seed.")
  String seed;

  @Option(names = "--now", paramLabel = "INSTANT", converter = InstantConverter.class,
      description = "Generation time, e.g. 2024-01-01T00:00:00Z; overrides the spec's Now.")
  Instant now;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    try {
      CryptoTree tree = CryptoTree.fromFile(config);
      if (seed != null) {
        tree = tree.withSeed(seed);
      }
      if (now != null) {
        tree = tree.withNow(now);
      }
      GeneratedTree generated = tree.generate(output);
      for (GeneratedOrg org : generated.orgs()) {
        out.println(generated.root().relativize(org.dir()).toString().replace('\\', '/'));
      }
      out.flush();
      return ExitCodes.OK;
    } catch (CryptoSpecException e) {
      err.println("msp generate: " + e.getMessage());
      err.flush();
      return ExitCodes.SETUP_FAILED;
    } catch (UncheckedIOException e) {
      err.println("msp generate: " + e.getMessage());
      err.flush();
      return ExitCodes.USAGE;
    }
  }

  /** Reads an ISO-8601 instant such as {@code 2024-01-01T00:00:00Z}. */
  static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
      try {
        return Instant.parse(value);
      } catch (DateTimeParseException e) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not an instant such as 2024-01-01T00:00:00Z");
      }
    }
  }
}

package io.msp4j.cli;

import picocli.CommandLine.Mixin;
import java.util.Optional;
import io.msp4j.pkcs11.Pkcs11Token;
import io.msp4j.channel.Channel;
import io.msp4j.core.IdentityException;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code msp validate}: loads an MSP, from its folder or from a channel config block, and gives
 * Fabric's verdict for each identity. Exit status 0 when all are valid, 1 when one is not, 2 when
 * the MSP cannot be set up (or the block cannot be used, or has no such MSP), 3 on a usage error.
 */
@Command(
    name = "validate",
    description = "Validate identities (PEM certificates or SerializedIdentity files) against an MSP.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example:",
        "  ./msp validate --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --msp-id Org2MSP testdata/sample/peerOrganizations/org2.example.com/users/User2@org2.example.com/msp/signcerts/User2@org2.example.com-cert.pem",
        "  ./msp validate --block testdata/sample/channel/config.block --msp-id Org2MSP testdata/sample/peerOrganizations/org2.example.com/users/User2@org2.example.com/msp/signcerts/User2@org2.example.com-cert.pem"
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  /** Where the MSP comes from: its folder, or a channel configuration. */
  static final class Source {
    @Option(names = "--msp-dir", required = true, paramLabel = "DIR", description = "The mspconfig folder.")
    Path mspDir;

    @Option(
        names = "--block",
        required = true,
        paramLabel = "FILE",
        description = "A channel config block (or ConfigEnvelope, or Config): use the org MSP with"
            + " the given ID, at the version the channel's capabilities imply.")
    Path block;
  }

  @Option(names = "--msp-id", required = true, paramLabel = "ID", description = "The MSP ID.")
  String mspId;

  @Option(
      names = "--msp-version",
      paramLabel = "V",
      converter = MspOptions.VersionConverter.class,
      description = "MSP version: 1.0, 1.1, 1.3, 1.4.3 or 3.0 (default: 3.0, or 1.4.3 with"
          + " --fabric-release 2.5); only with --msp-dir.")
  MspVersion version;

  @Option(
      names = "--local",
      description = "Read the folder as a local MSP (signcerts and keystore) instead of a channel"
          + " MSP; only with --msp-dir.")
  boolean local;

  @Option(names = "--json", description = "Print one JSON object per input.")
  boolean json;

  @Mixin BccspOption bccsp = new BccspOption();

  @Mixin MspTypeOption mspType = new MspTypeOption();

  @Mixin ReleaseOption release;

  @Parameters(paramLabel = "INPUT", arity = "1..*", description = "Identity files.")
  List<Path> inputs;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<byte[]> contents = new ArrayList<>();
    Map<Integer, IdentityException> oversized = new HashMap<>();
    for (Path p : inputs) {
      try {
        long size = Files.size(p);
        if (size > InputLimits.MAX_SERIALIZED_IDENTITY_BYTES) {
          // Not read: it cannot become an identity (LIMIT-01), and reading it could fill the heap.
          try {
            InputLimits.checkSerializedIdentity(size);
          } catch (IdentityException e) {
            oversized.put(contents.size(), e);
          }
          contents.add(null);
          continue;
        }
        contents.add(Files.readAllBytes(p));
      } catch (IOException | RuntimeException e) {
        err.println("msp validate: cannot read input " + p + ": " + e.getMessage());
        return ExitCodes.USAGE;
      }
    }
    if (source.block != null && (version != null || local)) {
      err.println("msp validate: --msp-version and --local go with --msp-dir, not with --block"
          + " (a block's MSPs have the version its capabilities imply)");
      return ExitCodes.USAGE;
    }
    Optional<String> conflict = release.conflict(version);
    if (conflict.isPresent()) {
      err.println("msp validate: " + conflict.get());
      return ExitCodes.USAGE;
    }
    Msp loaded;
    try {
      loaded = source.block != null ? fromBlock(err) : fromFolder();
    } catch (MspException e) {
      SetupFailures.report(e, source.block != null ? "channel config cannot be used" : "MSP setup failed",
          json, out, err);
      return ExitCodes.SETUP_FAILED;
    }
    boolean allValid = true;
    for (int i = 0; i < inputs.size(); i++) {
      Map<String, Object> verdict = oversized.containsKey(i)
          ? IdentityVerdicts.refused(inputs.get(i).toString(), oversized.get(i))
          : IdentityVerdicts.of(loaded, inputs.get(i).toString(), contents.get(i));
      allValid &= Boolean.TRUE.equals(verdict.get("valid"));
      out.println(json ? Json.write(verdict) : Verdicts.text(verdict));
    }
    out.flush();
    return allValid ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private Msp fromFolder() {
    if (mspType.idemix(source.mspDir)) {
      return IdemixFolderMsp.load(source.mspDir, mspId, release.mspVersionGiven() ? version : null,
          release.release());
    }
    MspVersion v = release.mspVersion(version);
    if (!local) {
      return MspOptions.load(source.mspDir, mspId, v, false, Optional.empty(), release.release());
    }
    // The token is needed only to find the key at setup; validation never signs.
    Optional<Pkcs11Token> token = bccsp.open();
    try {
      return MspOptions.load(source.mspDir, mspId, v, true, token.map(Pkcs11Token::keyStore),
          release.release());
    } finally {
      token.ifPresent(Pkcs11Token::close);
    }
  }

  private Msp fromBlock(PrintWriter err) {
    Channel channel = BlockInput.load(source.block, release.channelOptions());
    BlockInput.noteUnsupportedCapabilities(channel, err, "msp validate");
    return BlockInput.msp(channel, source.block, mspId);
  }
}

package io.msp4j.cli;

import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.Msp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp sign}: signs a message with the signing identity of a local MSP folder (signcerts
 * and keystore), as Fabric does (SIGN-01): ECDSA as minimal DER with low S over the SHA-256
 * digest, Ed25519 as 64 raw bytes over the message. Exit status 0 when the signature was written,
 * 1 when the identity cannot sign, 2 when the MSP cannot be set up, 3 on a usage error (including
 * unreadable or unwritable files).
 */
@Command(
    name = "sign",
    description = "Sign a message with the signing identity of a local MSP folder (--local is implied).",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example:",
        "  ./msp sign --msp-dir testdata/sample/peerOrganizations/org2.example.com/peers/peer0.org2.example.com/msp --msp-id Org2MSP --message README.md --output /tmp/readme.sig"
    })
final class SignCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspOptions msp;

  @Option(names = "--message", required = true, paramLabel = "FILE", description = "The bytes to sign.")
  Path message;

  @Option(names = "--output", required = true, paramLabel = "FILE", description = "Where to write the signature.")
  Path output;

  @Option(names = "--identity-out", paramLabel = "FILE",
      description = "Also write the signer's SerializedIdentity, which verifies the signature (an"
          + " idemix signer draws a new pseudonym each time its MSP is set up, so write it with"
          + " the signature).")
  Path identityOut;

  @Override
  public Integer call() {
    try (MspOptions options = msp) {
      return run();
    }
  }

  private Integer run() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    byte[] messageBytes;
    try {
      messageBytes = InputFiles.message(message, "the message");
    } catch (IOException | RuntimeException e) {
      err.println("msp sign: cannot read message: " + e.getMessage());
      return InputFiles.status(e);
    }
    Msp loaded;
    try {
      loaded = msp.loadLocal();
    } catch (MspSetupException e) {
      SetupFailures.report(e, false, out, err);
      return SetupFailures.signingStatus(e);
    }
    byte[] signature;
    SigningIdentity signer;
    try {
      signer = loaded.defaultSigningIdentity();
      signature = signer.sign(messageBytes);
    } catch (IdentityException e) {
      err.println("msp sign: cannot sign [" + e.rule() + "] " + e.reason() + ": " + e.detail());
      return ExitCodes.INVALID;
    } catch (MspException e) {
      err.println("msp sign: cannot sign [" + e.rule() + "] " + e.reason() + ": " + e.detail());
      return ExitCodes.SETUP_FAILED;
    }
    try {
      Files.write(output, signature);
      if (identityOut != null) {
        Files.write(identityOut, signer.serialize());
      }
    } catch (IOException | RuntimeException e) {
      err.println("msp sign: cannot write " + (identityOut != null && Files.exists(output)
          ? identityOut : output) + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    out.println("wrote " + signature.length + "-byte signature to " + output
        + (identityOut != null ? " and the signer's identity to " + identityOut : "") + " ("
        + Signers.describe(signer) + ")");
    out.flush();
    return ExitCodes.OK;
  }
}

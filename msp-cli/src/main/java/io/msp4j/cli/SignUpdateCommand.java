package io.msp4j.cli;

import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.Msp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.concurrent.Callable;
import org.hyperledger.fabric.protos.common.Envelope;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx sign}: adds the local MSP's signature to a config update, as {@code peer
 * channel signconfigtx} does, and writes the envelope signed by that identity. Exit status 0
 * written, 1 the identity cannot sign, 2 the envelope or the MSP cannot be used, 3 usage.
 */
@Command(
    name = "sign",
    description = "Sign a config update envelope with a local MSP's signing identity (as peer channel signconfigtx).",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (Org1's admin signs; the signed envelope can be signed again, by msp4j or peer channel signconfigtx):",
        "  ./msp configtx sign --envelope update.pb --msp-dir crypto/peerOrganizations/org1.example.com/users/Admin@org1.example.com/msp --msp-id Org1MSP --output signed.pb"
    })
final class SignUpdateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspOptions msp;

  @Option(names = "--envelope", required = true, paramLabel = "FILE",
      description = "A CONFIG_UPDATE common.Envelope or a bare ConfigUpdateEnvelope.")
  Path envelope;

  @Option(names = "--output", required = true, paramLabel = "FILE",
      description = "Where to write the signed common.Envelope.")
  Path output;

  @Override
  public Integer call() {
    try (MspOptions options = msp) {
      return run();
    }
  }

  private Integer run() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    byte[] bytes;
    try {
      bytes = InputFiles.message(envelope, "the envelope");
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx sign: cannot read " + envelope + ": " + e.getMessage());
      return InputFiles.status(e);
    }
    ConfigUpdateRequest request;
    try {
      request = ConfigUpdateRequest.parse(bytes);
    } catch (ConfigUpdateException e) {
      err.println("msp configtx sign: " + envelope + " [" + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    }
    Msp loaded;
    try {
      loaded = msp.loadLocal();
    } catch (MspSetupException e) {
      SetupFailures.report(e, false, out, err);
      return SetupFailures.signingStatus(e);
    }
    Envelope signed;
    SigningIdentity signer;
    try {
      signer = loaded.defaultSigningIdentity();
      signed = ConfigUpdates.sign(request, signer, new SecureRandom(), Clock.systemUTC());
    } catch (ConfigUpdateException e) {
      err.println("msp configtx sign: " + envelope + " [" + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    } catch (MspException e) {
      err.println("msp configtx sign: cannot sign [" + e.rule() + "] " + e.reason() + ": "
          + e.detail());
      return ExitCodes.INVALID;
    }
    try {
      Files.write(output, signed.toByteArray());
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx sign: cannot write " + output + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    out.println("wrote " + output + ": signature " + request.updateEnvelope().getSignaturesCount()
        + " by " + signer.mspId() + " (" + Signers.describe(signer) + ")");
    out.flush();
    return ExitCodes.OK;
  }
}

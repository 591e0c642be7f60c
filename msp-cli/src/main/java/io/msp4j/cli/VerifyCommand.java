package io.msp4j.cli;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspSetupException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp verify}: deserialises an identity with an MSP and checks its signature over a
 * message with Fabric's rules (VERIFY-*). The identity is not validated, as in Fabric's {@code
 * Verify}. Exit status 0 when the signature verifies, 1 when the identity does not deserialise or
 * the signature does not verify, 2 when the MSP cannot be set up, 3 on a usage error.
 */
@Command(
    name = "verify",
    description = "Verify a signature over a message with an identity of an MSP (no validation of the identity).",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (after the msp sign example):",
        "  ./msp verify --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --msp-id Org2MSP --identity testdata/sample/peerOrganizations/org2.example.com/peers/peer0.org2.example.com/msp/signcerts/peer0.org2.example.com-cert.pem --message README.md --signature /tmp/readme.sig"
    })
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin MspOptions msp;

  @Option(names = "--identity", required = true, paramLabel = "INPUT",
      description = "The signer: a PEM certificate or a SerializedIdentity file.")
  Path identity;

  @Option(names = "--message", required = true, paramLabel = "FILE", description = "The signed bytes.")
  Path message;

  @Option(names = "--signature", required = true, paramLabel = "FILE",
      description = "The signature: DER for ECDSA, 64 raw bytes for Ed25519, a NymSignature"
          + " protobuf for idemix.")
  Path signature;

  @Option(names = "--json", description = "Print the verdict as one JSON object.")
  boolean json;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    byte[] identityBytes = null;
    byte[] messageBytes;
    byte[] signatureBytes = null;
    // An identity or a signature over its bound cannot verify: that is the verdict, as for any
    // malformed one. A message over its bound cannot be judged at all.
    IdentityException refused = null;
    try {
      messageBytes = InputFiles.message(message, "the message");
      try {
        identityBytes = InputFiles.identity(identity);
      } catch (InputFiles.TooLargeException e) {
        refused = e.asVerdict();
      }
      try {
        signatureBytes = InputFiles.signature(signature);
      } catch (InputFiles.TooLargeException e) {
        refused = refused != null ? refused : e.asVerdict();
      }
    } catch (IOException | RuntimeException e) {
      err.println("msp verify: cannot read input: " + e.getMessage());
      return InputFiles.status(e);
    }
    Optional<String> conflict = release.conflict(release.mspVersion(msp.version));
    if (conflict.isPresent()) {
      err.println("msp verify: " + conflict.get());
      return ExitCodes.USAGE;
    }
    Msp loaded;
    try {
      loaded = msp.load(release.mspVersion(msp.version), release.release());
    } catch (MspSetupException e) {
      SetupFailures.report(e, json, out, err);
      return ExitCodes.SETUP_FAILED;
    }
    Map<String, Object> verdict = new LinkedHashMap<>();
    verdict.put("identity", identity.toString());
    CertificateRef ref = null;
    try {
      if (refused != null) {
        throw refused;
      }
      Identity id = loaded.deserialize(IdentityInput.toSerializedIdentity(identityBytes, loaded.id()));
      ref = id.certificate();
      id.verify(messageBytes, signatureBytes);
      verdict.put("verified", true);
      verdict.put("reason", null);
      verdict.put("rule", null);
      verdict.put("message", "the signature verifies");
    } catch (IdentityException e) {
      verdict.put("verified", false);
      verdict.put("reason", e.reason().name());
      verdict.put("rule", e.rule());
      verdict.put("message", e.detail());
      if (ref == null) {
        ref = e.certificate().orElse(null);
      }
    }
    verdict.put("subject", ref == null ? null : ref.subject());
    verdict.put("serial", ref == null ? null : ref.serialHex());
    verdict.put("issuer", ref == null ? null : ref.issuer());
    out.println(json ? Json.write(verdict) : text(verdict));
    out.flush();
    return Boolean.TRUE.equals(verdict.get("verified")) ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private static String text(Map<String, Object> v) {
    StringBuilder sb = new StringBuilder().append(v.get("identity")).append(": ");
    if (Boolean.TRUE.equals(v.get("verified"))) {
      sb.append("signature verified");
    } else {
      sb.append("NOT VERIFIED [").append(v.get("rule")).append("] ").append(v.get("reason"))
          .append(": ").append(v.get("message"));
    }
    if (v.get("subject") != null) {
      sb.append(' ').append(Verdicts.named(v));
    }
    return sb.toString();
  }
}

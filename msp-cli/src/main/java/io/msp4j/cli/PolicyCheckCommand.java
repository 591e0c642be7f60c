package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.PolicyLookup;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyDslException;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code msp policy check}: would these signers satisfy a policy of a channel? The policy is one
 * of the channel's, by path, or a signature policy written in the policy language and evaluated
 * with the channel's MSPs.
 *
 * <p>Signers: a positional SIGNER is an identity taken to have signed (no signature is checked).
 * {@code --signed IDENTITY SIGNATURE} is a real signature over the {@code --message} bytes,
 * checked as Fabric checks it. With only positional signers the policy is evaluated over the
 * identities as given (POLICY-SIG-06: no de-duplication); with only {@code --signed} over the
 * signed data (POLICY-SIG-02: deserialised, de-duplicated, verified); with both, the signers are
 * one signature set in the order given, positional first: each goes through POLICY-SIG-02 as a
 * signature would, a positional signer counting as a signature that verifies.
 *
 * <p>Exit status 0 satisfied, 1 not satisfied, 2 no such policy, or the block, the expression or
 * a file over its size bound (LIMIT-12) cannot be used, 3 on a usage error (including an unreadable file or a certificate that belongs to
 * several MSPs of the channel).
 */
@Command(
    name = "check",
    description = "Would these signers satisfy a policy of a channel? Exit 0 satisfied, 1 not, 2 no such "
        + "policy, an unusable block or expression, or a file over its size limit, 3 usage error.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (a channel's config block, two peers' certificates taken as signers):",
        "  ./msp policy check --block testdata/sample/channel/config.block --path /Channel/Application/Endorsement "
            + "testdata/sample/peerOrganizations/org1.example.com/peers/peer0.org1.example.com/msp/signcerts/peer0.org1.example.com-cert.pem "
            + "testdata/sample/peerOrganizations/org2.example.com/peers/peer0.org2.example.com/msp/signcerts/peer0.org2.example.com-cert.pem"
    })
final class PolicyCheckCommand implements Callable<Integer> {
  private static final String NAME = "msp policy check";

  @Spec CommandSpec spec;

  @Option(names = "--block", required = true, paramLabel = "FILE",
      description = "A channel config block (or ConfigEnvelope, or Config).")
  Path block;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Which which;

  /** The policy: by path in the channel, or an expression. */
  static final class Which {
    @Option(names = "--path", required = true, paramLabel = "PATH",
        description = "A policy of the channel, such as /Channel/Application/Writers.")
    String path;

    @Option(names = "--policy", required = true, paramLabel = "DSL",
        description = "A signature policy such as \"AND('Org1MSP.peer', 'Org2MSP.peer')\", evaluated with the "
            + "channel's MSPs.")
    String dsl;
  }

  @Option(names = "--message", paramLabel = "FILE", description = "The signed bytes, for --signed.")
  Path message;

  @Option(names = "--signed", arity = "2", paramLabel = "IDENTITY SIGNATURE", hideParamSyntax = true,
      description = "A signer and its signature over the --message bytes (repeatable).")
  List<Path> signed = new ArrayList<>();

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Mixin ReleaseOption release;

  @Parameters(paramLabel = "SIGNER", arity = "0..*",
      description = "Identities taken to have signed: PEM certificates or SerializedIdentity files.")
  List<Path> signers = new ArrayList<>();

  /** A signer as given, and what became of it. */
  private record Signer(String input, SignerInput.Resolved identity, byte[] signature) {}

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!signed.isEmpty() && message == null) {
      err.println(NAME + ": --signed needs --message, the bytes that were signed");
      return ExitCodes.USAGE;
    }
    byte[] messageBytes;
    List<byte[]> positional = new ArrayList<>();
    List<byte[]> signedContent = new ArrayList<>();
    try {
      messageBytes = message == null ? new byte[0] : InputFiles.message(message, "the message");
      for (Path p : signers) {
        positional.add(InputFiles.identity(p));
      }
      for (int i = 0; i < signed.size(); i++) { // pairs: identity, signature
        Path p = signed.get(i);
        signedContent.add(i % 2 == 0 ? InputFiles.identity(p) : InputFiles.signature(p));
      }
    } catch (IOException | RuntimeException e) {
      err.println(NAME + ": cannot read " + e.getMessage());
      return InputFiles.status(e);
    }

    Channel channel;
    try {
      channel = BlockInput.load(block, release.channelOptions());
    } catch (MspException e) {
      SetupFailures.report(e, "channel config cannot be used", json, out, err);
      return ExitCodes.SETUP_FAILED;
    }
    BlockInput.noteUnsupportedCapabilities(channel, err, NAME);

    String label = which.path != null ? which.path : which.dsl;
    Policy policy;
    try {
      policy = policy(channel);
    } catch (MspException e) {
      failure(out, err, label, e);
      return ExitCodes.SETUP_FAILED;
    }

    List<Signer> given = new ArrayList<>();
    try {
      for (int i = 0; i < signers.size(); i++) {
        given.add(new Signer(signers.get(i).toString(), SignerInput.resolve(positional.get(i), channel), null));
      }
      for (int i = 0; i < signed.size(); i += 2) {
        given.add(new Signer(signed.get(i).toString(), SignerInput.resolve(signedContent.get(i), channel),
            signedContent.get(i + 1)));
      }
    } catch (SignerInput.Unattributable e) {
      err.println(NAME + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }

    List<Map<String, Object>> signerReport = new ArrayList<>();
    PolicyResult result = evaluate(policy, channel, given, messageBytes, signerReport);
    print(out, label, result, signerReport);
    return result.satisfied() ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private Policy policy(Channel channel) {
    if (which.path != null) {
      PolicyLookup found = channel.policy(which.path);
      if (!found.found()) {
        throw new MspException(Reason.POLICY_NOT_FOUND, "POLICY-MGR-02", "no such policy '" + which.path
            + "' in the channel" + (which.path.startsWith("/Channel/") ? "" : " (paths start with /Channel/)"));
      }
      return found.policy();
    }
    return SignaturePolicies.compile(
        PolicyDsl.compile(which.dsl, release.release()), channel.mspManager()::deserialize);
  }

  /**
   * Evaluates as the class comment says, and records for each signer the MSP ID it was given and
   * whether it went into the evaluation.
   */
  private static PolicyResult evaluate(Policy policy, Channel channel, List<Signer> given, byte[] message,
      List<Map<String, Object>> report) {
    boolean anySigned = given.stream().anyMatch(s -> s.signature() != null);
    boolean anyAssumed = given.stream().anyMatch(s -> s.signature() == null);
    if (anySigned && !anyAssumed) {
      List<SignedData> data = new ArrayList<>();
      for (Signer s : given) {
        report.add(entry(s, s.identity().serialized() != null ? "signed" : "not attributed to an MSP"));
        if (s.identity().serialized() != null) {
          data.add(SignedData.of(message, s.identity().serialized(), s.signature()));
        }
      }
      return policy.evaluate(data);
    }
    List<Identity> identities = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Signer s : given) {
      if (s.identity().serialized() == null) {
        report.add(entry(s, "not attributed to an MSP"));
        continue;
      }
      Identity id;
      try {
        id = channel.mspManager().deserialize(s.identity().serialized());
      } catch (MspException e) {
        report.add(entry(s, "dropped: " + e.detail()));
        continue;
      }
      if (anySigned) {
        // One signature set (POLICY-SIG-02): de-duplicated before the signature is checked.
        IdentityIdentifier key = id.identifier();
        if (seen.contains(key.mspId() + key.id())) {
          report.add(entry(s, "dropped: the same identity signed earlier in the set"));
          continue;
        }
        if (s.signature() != null) {
          try {
            id.verify(message, s.signature());
          } catch (MspException e) {
            report.add(entry(s, "dropped: " + e.detail()));
            continue;
          }
        }
        seen.add(key.mspId() + key.id());
      }
      report.add(entry(s, s.signature() == null ? "assumed to have signed" : "signed"));
      identities.add(id);
    }
    return policy.evaluateIdentities(identities);
  }

  private static Map<String, Object> entry(Signer s, String status) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("input", s.input());
    m.put("msp_id", s.identity().mspId());
    m.put("signature", s.signature() != null);
    m.put("status", status);
    return m;
  }

  private void print(PrintWriter out, String label, PolicyResult r, List<Map<String, Object>> signerReport) {
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("policy", label);
      o.put("satisfied", r.satisfied());
      o.put("reason", r.reason());
      o.put("rule", r.rule());
      o.put("signers", signerReport);
      o.put("explanation", r.explanation().toMap());
      out.println(Json.write(o));
    } else {
      out.println(label + ": " + (r.satisfied() ? "satisfied" : "NOT satisfied") + " [" + r.rule() + "] "
          + r.reason());
      for (Map<String, Object> s : signerReport) {
        out.println("  signer " + s.get("input") + " (" + (s.get("msp_id") == null ? "no MSP" : s.get("msp_id"))
            + "): " + s.get("status"));
      }
      r.explanation().toText().lines().forEach(l -> out.println("  " + l));
    }
    out.flush();
  }

  private void failure(PrintWriter out, PrintWriter err, String label, MspException e) {
    if (json) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("policy", label);
      o.put("error", e.detail());
      o.put("reason", e.reason().name());
      o.put("rule", e.rule());
      out.println(Json.write(o));
      out.flush();
    } else {
      err.println(NAME + ": " + e.detail() + " [" + e.rule() + "]");
      if (e instanceof PolicyDslException dsl) {
        err.println(dsl.caretDisplay());
      }
      err.flush();
    }
  }
}

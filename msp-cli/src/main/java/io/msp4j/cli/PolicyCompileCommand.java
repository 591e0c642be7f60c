package io.msp4j.cli;

import io.msp4j.channel.json.FabricJson;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyDslException;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp policy compile}: compiles a signature-policy expression (POLICY-DSL-*) into the
 * SignaturePolicyEnvelope Fabric's {@code policydsl.FromString} builds, printed as lower-case hex
 * of its protobuf bytes, or with {@code --json} as configtxlator prints it. {@code
 * --fabric-release} picks the release whose policy language to follow (REL-DSL-01: v3.1.5 reads it
 * with another expression engine than v3.1.4 and older); the default is 3.1.5. Exit status 0, 2 when
 * the expression is malformed (the message shows it with a caret under the offending character),
 * 3 on a usage error.
 */
@Command(
    name = "compile",
    description = "Compile a signature policy such as \"AND('Org1MSP.peer', 'Org2MSP.peer')\" into its "
        + "SignaturePolicyEnvelope: lower-case hex of the protobuf bytes, or configtxlator's JSON.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example:",
        "  ./msp policy compile --policy \"OutOf(2, 'Org1MSP.peer', 'Org2MSP.peer', 'Org3MSP.peer')\" --json",
        "",
        "Fabric v3.1.5 refuses lower-case and(...)/or(...) and accepts a comma after the last item;",
        "v3.1.4 and older do the reverse (REL-DSL-01). Pick the release with --fabric-release."
    })
final class PolicyCompileCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--policy", required = true, paramLabel = "DSL",
      description = "The expression: AND/OR/OutOf gates over 'MSPID.role' principals.")
  String policy;

  @Option(names = "--json", description = "Print configtxlator's JSON form of the envelope instead of hex.")
  boolean json;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SignaturePolicyEnvelope envelope;
    try {
      envelope = PolicyDsl.compile(policy, release.release());
    } catch (PolicyDslException e) {
      err.println("msp policy compile: " + e.detail() + " [" + e.rule() + "]");
      err.println(e.caretDisplay());
      if (json) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("error", e.detail());
        o.put("reason", e.reason().name());
        o.put("rule", e.rule());
        o.put("offset", e.offset());
        out.println(Json.write(o));
      }
      return ExitCodes.SETUP_FAILED;
    }
    if (json) {
      // FabricJson ends its text with a newline, as configtxlator does.
      out.print(FabricJson.print(envelope));
      out.flush();
    } else {
      out.println(HexFormat.of().formatHex(envelope.toByteArray()));
    }
    return ExitCodes.OK;
  }
}

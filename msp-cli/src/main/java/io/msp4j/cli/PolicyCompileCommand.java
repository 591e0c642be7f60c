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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp policy compile}: compiles a signature-policy expression (POLICY-DSL-*) into the
 * SignaturePolicyEnvelope Fabric's {@code policydsl.FromString} builds, printed as lower-case hex
 * of its protobuf bytes, or with {@code --json} as configtxlator prints it. Exit status 0, 2 when
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
        "  ./msp policy compile --policy \"OutOf(2, 'Org1MSP.peer', 'Org2MSP.peer', 'Org3MSP.peer')\" --json"
    })
final class PolicyCompileCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--policy", required = true, paramLabel = "DSL",
      description = "The expression: AND/OR/OutOf gates over 'MSPID.role' principals.")
  String policy;

  @Option(names = "--json", description = "Print configtxlator's JSON form of the envelope instead of hex.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SignaturePolicyEnvelope envelope;
    try {
      envelope = PolicyDsl.compile(policy);
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

package io.msp4j.cli;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.x509.X509Msp;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example:",
        "  ./msp validate --msp-dir testdata/sample/peerOrganizations/org2.example.com/msp --msp-id Org2MSP testdata/sample/peerOrganizations/org2.example.com/users/User2@org2.example.com/msp/signcerts/User2@org2.example.com-cert.pem"
    })
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
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("setup_error", e.detail());
        o.put("reason", e.reason().name());
        o.put("rule", e.rule());
        out.println(Json.write(o));
      } else {
        err.println("MSP setup failed [" + e.rule() + "] " + e.detail());
      }
      out.flush();
      return ExitCodes.SETUP_FAILED;
    }
    boolean allValid = true;
    for (int i = 0; i < inputs.size(); i++) {
      Map<String, Object> verdict = verdict(loaded, inputs.get(i).toString(), contents.get(i));
      allValid &= Boolean.TRUE.equals(verdict.get("valid"));
      out.println(json ? Json.write(verdict) : Verdicts.text(verdict));
    }
    out.flush();
    return allValid ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private Map<String, Object> verdict(X509Msp m, String input, byte[] content) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("input", input);
    Identity identity;
    try {
      identity = m.deserialize(IdentityInput.toSerializedIdentity(content, m.id()));
    } catch (IdentityException e) {
      failure(o, e);
      certificate(o, e.certificate().orElse(null));
      o.put("ous", List.of());
      o.put("identifier", null);
      o.put("roles", null);
      return o;
    }
    try {
      m.validate(identity);
      o.put("valid", true);
      o.put("reason", null);
      o.put("rule", null);
      o.put("message", "valid");
    } catch (IdentityException e) {
      failure(o, e);
    }
    certificate(o, identity.certificate());
    List<Object> ous = new ArrayList<>();
    for (OrganizationalUnit ou : identity.organizationalUnits()) {
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("ou", ou.ou());
      u.put("certifiers", ou.certifiersIdHex());
      ous.add(u);
    }
    o.put("ous", ous);
    o.put("identifier", identity.identifier().id());
    o.put("roles", roles(m, identity));
    return o;
  }

  /**
   * Which ROLE principals of this MSP the identity satisfies, computed whether or not it is valid
   * (a configured admin is an admin without validation, PRINCIPAL-ROLE-02/03).
   */
  private static Map<String, Object> roles(X509Msp m, Identity identity) {
    Map<String, Object> r = new LinkedHashMap<>();
    for (Principal.RoleType type : Principal.RoleType.values()) {
      r.put(type.name().toLowerCase(Locale.ROOT), m.isSatisfied(identity, new Principal.Role(m.id(), type)));
    }
    return r;
  }

  private static void failure(Map<String, Object> o, IdentityException e) {
    o.put("valid", false);
    o.put("reason", e.reason().name());
    o.put("rule", e.rule());
    o.put("message", e.detail());
  }

  private static void certificate(Map<String, Object> o, CertificateRef ref) {
    o.put("subject", ref == null ? null : ref.subject());
    o.put("serial", ref == null ? null : ref.serialHex());
    o.put("issuer", ref == null ? null : ref.issuer());
  }
}

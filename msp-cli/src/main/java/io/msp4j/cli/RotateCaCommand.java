package io.msp4j.cli;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.rotation.CaRole;
import io.msp4j.channel.rotation.NewCa;
import io.msp4j.channel.rotation.RetiredCa;
import io.msp4j.channel.rotation.RotationIdentity;
import io.msp4j.channel.rotation.RotationPlan;
import io.msp4j.channel.rotation.RotationPlanner;
import io.msp4j.channel.rotation.RotationRequest;
import io.msp4j.core.MspException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code msp configtx rotate-ca}: plans the rotation of an org's CAs on a live channel as
 * numbered config updates written to a folder, with {@code plan.json} and {@code plan.txt}. A thin
 * layer over {@link RotationPlanner}. Exit status 0 every step asked for is written, 1 a step is
 * refused (the steps before it are written), 2 an input cannot be used, 3 usage.
 */
@Command(
    name = "rotate-ca",
    description = "Plan the rotation of an org's CAs as a sequence of checked config updates "
        + "(add the new CA beside the old, swap consenters' TLS certificates one per update, "
        + "retire the old CA) and write them to a folder.",
    mixinStandardHelpOptions = true,
    footer = {
        "",
        "Example (add Org1's new root CA; retire the old one after re-issuing, in a second run):",
        "  ./msp configtx rotate-ca --block current.block --org Org1MSP --new-root ca2-cert.pem --identities crypto/peerOrganizations/org1.example.com --output plan1"
    })
final class RotateCaCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--block", required = true, paramLabel = "CURRENT.block",
      description = "The channel's current config block.")
  Path block;

  @Option(names = "--org", required = true, paramLabel = "MSPID",
      description = "The MSP ID of the org whose CAs rotate.")
  String org;

  @Option(names = "--new-root", paramLabel = "PEM", description = "A new root CA; repeatable.")
  List<Path> newRoots = new ArrayList<>();

  @Option(names = "--new-intermediate", paramLabel = "PEM",
      description = "A new intermediate CA; repeatable.")
  List<Path> newIntermediates = new ArrayList<>();

  @Option(names = "--new-tls-root", paramLabel = "PEM",
      description = "A new TLS root CA; repeatable.")
  List<Path> newTlsRoots = new ArrayList<>();

  @Option(names = "--new-tls-intermediate", paramLabel = "PEM",
      description = "A new TLS intermediate CA; repeatable.")
  List<Path> newTlsIntermediates = new ArrayList<>();

  @Option(names = "--retire", paramLabel = "OLD.pem",
      description = "A CA of the org to retire once nothing depends on it; repeatable.")
  List<Path> retire = new ArrayList<>();

  @Option(names = "--identities", paramLabel = "DIR",
      description = "Certificates of the org's admins, nodes and users to follow (a file, or a "
          + "folder whose .pem and .crt certificates are read at any depth: MSP folders, TLS "
          + "folders); repeatable.")
  List<Path> identities = new ArrayList<>();

  @Option(names = "--allow-lockout",
      description = "Write a step even when it leaves an identity or a role without a valid holder.")
  boolean allowLockout;

  @Option(names = "--pin-node-ous",
      description = "At the retire step, pin every NodeOU identifier to the new issuing CA "
          + "(identifiers pinned when the plan starts are pinned again anyway).")
  boolean pinNodeOus;

  @Option(names = "--output", required = true, paramLabel = "DIR",
      description = "The folder to write the steps, plan.json and plan.txt into.")
  Path output;

  @Option(names = "--json", description = "Print the plan as one JSON object.")
  boolean json;

  @Mixin ReleaseOption release;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RotationRequest request;
    byte[] blockBytes;
    try {
      blockBytes = InputFiles.config(block);
      request = request();
    } catch (IOException e) {
      err.println("msp configtx rotate-ca: cannot read: " + e.getMessage());
      return InputFiles.status(e);
    } catch (IllegalArgumentException e) {
      err.println("msp configtx rotate-ca: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Channel current;
    RotationPlan plan;
    try {
      ChannelOptions options = release.channelOptions();
      current = Channel.load(blockBytes, options);
      plan = RotationPlanner.plan(current, options, request);
    } catch (MspException e) {
      err.println("msp configtx rotate-ca: [" + e.rule() + "] " + e.detail());
      return ExitCodes.SETUP_FAILED;
    }
    String channelId = current.channelId().orElse("");
    try {
      RotationOutput.write(plan, channelId, allowLockout, output);
    } catch (IOException | RuntimeException e) {
      err.println("msp configtx rotate-ca: cannot write " + output + ": " + e.getMessage());
      return ExitCodes.USAGE;
    }
    if (json) {
      out.println(Json.write(RotationOutput.json(plan, channelId, allowLockout)));
    } else {
      out.print(RotationOutput.text(plan, channelId, output));
    }
    out.flush();
    return plan.complete() ? ExitCodes.OK : ExitCodes.INVALID;
  }

  private RotationRequest request() throws IOException {
    RotationRequest.Builder b = RotationRequest.builder(org);
    addAll(b, CaRole.ROOT, newRoots);
    addAll(b, CaRole.INTERMEDIATE, newIntermediates);
    addAll(b, CaRole.TLS_ROOT, newTlsRoots);
    addAll(b, CaRole.TLS_INTERMEDIATE, newTlsIntermediates);
    for (Path p : retire) {
      b.retire(new RetiredCa(p.toString(), pem(p)));
    }
    b.identities(readIdentities(identities));
    return b.allowLockout(allowLockout).pinNodeOus(pinNodeOus).build();
  }

  private static void addAll(RotationRequest.Builder b, CaRole role, List<Path> files)
      throws IOException {
    for (Path p : files) {
      b.add(new NewCa(role, pem(p), p.toString()));
    }
  }

  private static ByteString pem(Path p) throws IOException {
    return ByteString.copyFrom(InputFiles.bounded(p, "the certificate", 1 << 20));
  }

  /** The certificate files given, folders read at any depth; the same content once. */
  static List<RotationIdentity> readIdentities(List<Path> given) throws IOException {
    List<RotationIdentity> out = new ArrayList<>();
    Set<ByteString> seen = new LinkedHashSet<>();
    for (Path g : given) {
      List<Path> files;
      if (Files.isDirectory(g)) {
        try (Stream<Path> s = Files.walk(g)) {
          files = s.filter(Files::isRegularFile).filter(p -> {
            String n = p.getFileName().toString();
            return n.endsWith(".pem") || n.endsWith(".crt");
          }).sorted().toList();
        }
      } else {
        files = List.of(g);
      }
      for (Path f : files) {
        ByteString b = pem(f);
        if (b.toString(StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----")
            && seen.add(b)) {
          out.add(new RotationIdentity(f.toString(), b));
        }
      }
    }
    return out;
  }
}

package io.msp4j.testdata.idemix.differential;

import static org.assertj.core.api.Assertions.assertThat;
import static io.msp4j.testdata.idemix.differential.FabricIdemixVerdicts.RELEASES;
import static io.msp4j.testdata.idemix.differential.FabricIdemixVerdicts.normalise;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.differential.FabricIdemixVerdicts.Row;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.IdentityCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.Org;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SetupCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SignatureCase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records Fabric's verdicts on the {@link IdemixCorpus} with idemixjudge, a harness built inside
 * each Fabric release's source tree that asks the release's own idemix MSP (Fabric's
 * {@code msp} package over its vendored IBM idemix). Not part of the build: it runs only with
 * {@code -Dmsp4j.idemix.judges=DIR}, DIR holding {@code idemixjudge-v2.5.12},
 * {@code -v2.5.16}, {@code -v3.0.0} and {@code -v3.1.5}, and writes to
 * {@code -Dmsp4j.idemix.record=DIR} (default {@code target/idemix-record}):
 *
 * <pre>
 * mvn -B -o -pl testdata-idemix -am test -Dtest=FabricIdemixRecorder -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dmsp4j.idemix.judges=JUDGES_DIR \
 *   -Dmsp4j.idemix.record=$PWD/testdata-idemix/src/test/resources/io/msp4j/testdata/idemix/differential
 * </pre>
 *
 * <p>First, when the committed {@code fabric-made.tsv} is missing (or with
 * {@code -Dmsp4j.idemix.remake=true}), it makes the inputs only Fabric can make with the v3.1.5
 * judge: an org from Fabric's issuer code ({@code mkorg}), Fabric's signatures with each of
 * org A's users ({@code sign}) and the forgeries of {@code forge}. Then it writes the corpus and
 * asks every judge: {@code config} and {@code setup} (or {@code setupconfig}) of every setup case
 * at every MSP version, {@code judge} of every identity at 1.1, 1.3 and 1.4.3, {@code verify} of
 * every signature at 1.3.
 */
@EnabledIfSystemProperty(named = "msp4j.idemix.judges", matches = ".+")
class FabricIdemixRecorder {
  private static final String MAKER = "3.1.5";

  @TempDir Path work;
  private Path judges;

  @Test
  void recordFabricsVerdicts() throws IOException {
    judges = Path.of(System.getProperty("msp4j.idemix.judges"));
    Path out = Files.createDirectories(Path.of(System.getProperty("msp4j.idemix.record", "target/idemix-record")));
    FabricMade made = FabricMade.load();
    if (made.bytes().isEmpty() || Boolean.getBoolean("msp4j.idemix.remake")) {
      made = makeFabricInputs();
      Files.writeString(out.resolve(FabricMade.RESOURCE), made.format(
          "# Inputs made by Fabric v" + MAKER + "'s idemix code (idemixjudge mkorg, sign, forge; see FabricIdemixRecorder),\n"
              + "# hex. F/...: an org of Fabric's issuer; sign/<org>/<user>: Fabric's signer's Serialize() and Sign() of\n"
              + "# IdemixCorpusGenerator.MESSAGE at MSP version 1.3; forge/<mode>/<base>: idemixjudge forge of msp4j's identity.\n"
              + "# name\thex\n"), StandardCharsets.US_ASCII);
    }
    IdemixCorpus corpus = IdemixCorpusGenerator.build(made);
    Path root = work.resolve("corpus");
    corpus.writeTo(root);

    Map<String, List<Row>> configs = new LinkedHashMap<>();
    Map<String, List<Row>> setups = new LinkedHashMap<>();
    Map<String, List<Row>> ids = new LinkedHashMap<>();
    Map<String, List<Row>> sigs = new LinkedHashMap<>();
    for (String release : RELEASES) {
      configs.put(release, configs(corpus, root, release));
      setups.put(release, setups(corpus, root, release));
      ids.put(release, identities(corpus, root, release));
      sigs.put(release, signatures(corpus, root, release));
    }
    String judged = "# Fabric's idemix MSP (idemixjudge in the v2.5.12, v2.5.16, v3.0.0 and v3.1.5 source trees) on\n"
        + "# IdemixCorpusGenerator's corpus; see FabricIdemixVerdicts for the columns.\n";
    Files.write(out.resolve(FabricIdemixVerdicts.CONFIGS), FabricIdemixVerdicts.gzip(judged
        + "# case\tfingerprint\treleases\tverdict\tvalue\n", FabricIdemixVerdicts.merge(configs)));
    Files.write(out.resolve(FabricIdemixVerdicts.SETUPS), FabricIdemixVerdicts.gzip(judged
        + "# case\tfingerprint\tversion\treleases\tverdict\ttext\n", FabricIdemixVerdicts.merge(setups)));
    Files.write(out.resolve(FabricIdemixVerdicts.IDENTITIES), FabricIdemixVerdicts.gzip(judged
        + "# principals: " + String.join(" ", FabricIdemixVerdicts.PRINCIPALS) + "\n"
        + "# case\tfingerprint\torg\tversion\treleases\tdeserialize\tvalidate\tprincipals\tidentifier\tous\tserialized\ttext\n",
        FabricIdemixVerdicts.merge(ids)));
    Files.write(out.resolve(FabricIdemixVerdicts.SIGNATURES), FabricIdemixVerdicts.gzip(judged
        + "# case\tfingerprint\torg\tversion\treleases\tdeserialize\tverify\ttext\n", FabricIdemixVerdicts.merge(sigs)));
    // The replay looks every case up in every release: each must have exactly one answer there.
    long folders = corpus.setups().stream().filter(SetupCase::isFolder).count();
    assertEveryCaseAnsweredOnce(out, FabricIdemixVerdicts.CONFIGS, 2, folders);
    assertEveryCaseAnsweredOnce(out, FabricIdemixVerdicts.SETUPS, 3,
        (long) corpus.setups().size() * IdemixCorpus.SETUP_VERSIONS.size());
    assertEveryCaseAnsweredOnce(out, FabricIdemixVerdicts.IDENTITIES, 4,
        (long) corpus.identities().size() * IdemixCorpus.IDENTITY_VERSIONS.size());
    assertEveryCaseAnsweredOnce(out, FabricIdemixVerdicts.SIGNATURES, 4, corpus.signatures().size());
  }

  private static void assertEveryCaseAnsweredOnce(Path out, String name, int keyColumns, long cases)
      throws IOException {
    String text;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(out.resolve(name)))) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    FabricIdemixVerdicts.Table table = FabricIdemixVerdicts.parse(name, keyColumns, text);
    assertThat(table.size()).as(name + ": cases recorded").isEqualTo(cases);
    table.rows().forEach((key, rows) -> {
      for (String release : FabricIdemixVerdicts.RELEASES) {
        assertThat(rows.stream().filter(r -> r.covers(release)).count())
            .as(name + " " + key + " at " + release).isEqualTo(1);
      }
    });
  }

  // ------------------------------------------------------------------ Fabric-made inputs

  private FabricMade makeFabricInputs() throws IOException {
    Map<String, byte[]> made = new LinkedHashMap<>();
    Path msg = write(work.resolve("make/message"), IdemixCorpusGenerator.MESSAGE);
    Path f = work.resolve("make/F");
    List<String> args = new ArrayList<>(List.of("mkorg", f.toString()));
    for (String u : IdemixCorpusGenerator.F_USERS) {
      args.add("--user");
      args.add(u);
    }
    run(MAKER, args, null).ok();
    made.put("F/msp/IssuerPublicKey", Files.readAllBytes(f.resolve("msp/IssuerPublicKey")));
    made.put("F/msp/RevocationPublicKey", Files.readAllBytes(f.resolve("msp/RevocationPublicKey")));
    for (String u : IdemixCorpusGenerator.F_USERS) {
      String name = u.split(":")[0];
      made.put("F/" + name + "/user/SignerConfig", Files.readAllBytes(f.resolve(name).resolve("user/SignerConfig")));
    }
    for (String u : IdemixCorpusGenerator.F_SIGNERS) {
      sign(made, "F", u, f.resolve(u), IdemixCorpus.MSP_F, msg);
    }
    IdemixOrgFolders a = IdemixCorpusGenerator.orgA().writeTo(work.resolve("make/A"));
    for (String u : a.users().keySet()) {
      sign(made, "A", u, a.user(u), IdemixCorpus.MSP_A, msg);
    }
    for (String mode : IdemixCorpusGenerator.FORGE_MODES) {
      for (String base : List.of("admin1", "member1")) {
        if (base.equals("member1") && !List.of("attacker", "nym63", "offcurve").contains(mode)) {
          continue;
        }
        Path in = write(work.resolve("make/forge/" + base + ".in"), IdemixCorpusGenerator.msp4jIdentityOfA(base));
        Path id = work.resolve("make/forge/" + mode + "-" + base + ".id");
        Path sig = work.resolve("make/forge/" + mode + "-" + base + ".sig");
        run(MAKER, List.of("forge", mode, a.verifier().toString(), in.toString(), msg.toString(), id.toString(),
            sig.toString()), null).ok();
        made.put("forge/" + mode + "/" + base + ".id", Files.readAllBytes(id));
        made.put("forge/" + mode + "/" + base + ".sig", Files.readAllBytes(sig));
      }
    }
    return new FabricMade(made);
  }

  private void sign(Map<String, byte[]> made, String org, String user, Path dir, String mspId, Path msg)
      throws IOException {
    Path id = work.resolve("make/sign/" + org + "-" + user + ".id");
    Path sig = work.resolve("make/sign/" + org + "-" + user + ".sig");
    Judged r = run(MAKER, List.of("sign", dir.toString(), mspId, "1.3", msg.toString(), id.toString(), sig.toString()), null);
    if (r.exit != 0) {
      throw new IllegalStateException("Fabric cannot sign with " + org + "/" + user + ": " + r.stdout);
    }
    made.put("sign/" + org + "/" + user + ".id", Files.readAllBytes(id));
    made.put("sign/" + org + "/" + user + ".sig", Files.readAllBytes(sig));
  }

  // ------------------------------------------------------------------ verdicts

  private List<Row> configs(IdemixCorpus corpus, Path root, String release) {
    List<Row> rows = new ArrayList<>();
    for (SetupCase c : corpus.setups()) {
      if (!c.isFolder()) {
        continue;
      }
      Judged r = run(release, List.of("config", IdemixCorpus.setupPath(root, c).toString(), c.mspId()), null);
      String out = r.stdout.strip();
      rows.add(new Row(List.of(c.name(), c.fingerprint()), release,
          r.exit == 0 ? List.of("ok", out) : List.of("refused", normalise(out)), "-"));
    }
    return rows;
  }

  private List<Row> setups(IdemixCorpus corpus, Path root, String release) {
    List<Row> rows = new ArrayList<>();
    for (SetupCase c : corpus.setups()) {
      for (MspVersion v : IdemixCorpus.SETUP_VERSIONS) {
        Path p = IdemixCorpus.setupPath(root, c);
        Judged r = c.isFolder()
            ? run(release, List.of("setup", p.toString(), c.mspId(), v.label()), null)
            : run(release, List.of("setupconfig", p.toString(), v.label()), null);
        String out = r.stdout.strip();
        String verdict = r.exit == 0 ? "ok" : out.startsWith("panic:") ? "panic" : "refused";
        String text = r.exit == 0 ? "-" : "[" + r.stderr.strip().replace("stage: ", "").replaceAll("(?s)note:.*?\n", "")
            + "] " + normalise(out);
        rows.add(new Row(List.of(c.name(), c.fingerprint(), v.label()), release, List.of(verdict), text));
      }
    }
    return rows;
  }

  private List<Row> identities(IdemixCorpus corpus, Path root, String release) {
    List<Row> rows = new ArrayList<>();
    for (Org org : corpus.orgs().values()) {
      List<IdentityCase> cases = corpus.identities().stream().filter(c -> c.org().equals(org.name())).toList();
      StringBuilder files = new StringBuilder();
      for (IdentityCase c : cases) {
        files.append(IdemixCorpus.identityPath(root, c)).append('\n');
      }
      for (MspVersion v : IdemixCorpus.IDENTITY_VERSIONS) {
        Judged r = run(release, List.of("judge", IdemixCorpus.orgPath(root, org.name()).toString(), org.mspId(),
            v.label(), "-"), files.toString()).ok();
        List<String> lines = r.stdout.lines().toList();
        if (lines.size() != cases.size()) {
          throw new IllegalStateException("judge gave " + lines.size() + " lines for " + cases.size() + " identities");
        }
        for (int i = 0; i < cases.size(); i++) {
          rows.add(identityRow(cases.get(i), org, v, release, JsonParser.parseString(lines.get(i)).getAsJsonObject()));
        }
      }
    }
    return rows;
  }

  private static Row identityRow(IdentityCase c, Org org, MspVersion v, String release, JsonObject j) {
    if (j.has("harness_error")) {
      throw new IllegalStateException(c.name() + ": " + j.get("harness_error"));
    }
    String deser = j.get("deserialize").getAsString();
    List<String> verdict = new ArrayList<>();
    String text;
    if (!deser.equals("ok")) {
      verdict.addAll(List.of(deser.startsWith("panic:") ? "panic" : "refused", "-", "-", "-", "-", "-"));
      text = normalise(deser);
    } else {
      String validate = j.get("validate").getAsString();
      verdict.add("ok");
      verdict.add(validate.equals("ok") ? "ok" : validate.startsWith("panic:") ? "panic" : "invalid");
      JsonObject p = j.getAsJsonObject("principals");
      StringBuilder ps = new StringBuilder();
      for (String name : FabricIdemixVerdicts.PRINCIPALS) {
        String s = p.get(name).getAsString();
        ps.append(s.equals("ok") ? 'o' : s.startsWith("panic:") ? '!' : 'x');
      }
      verdict.add(ps.toString());
      verdict.add(j.get("identifier_id_hex").getAsString());
      List<String> ous = new ArrayList<>();
      for (JsonElement e : j.getAsJsonArray("organizational_units")) {
        JsonObject o = e.getAsJsonObject();
        ous.add(o.get("ou").getAsString() + "@"
            + IdemixCorpus.fingerprint(HexFormat.of().parseHex(o.get("certifiers_hex").getAsString())));
      }
      verdict.add(ous.isEmpty() ? "-" : String.join(",", ous));
      JsonElement ser = j.get("serialize_hex");
      verdict.add(ser == null || ser.isJsonNull() ? "-" : IdemixCorpus.fingerprint(HexFormat.of().parseHex(ser.getAsString())));
      text = validate.equals("ok") ? "-" : normalise(validate);
    }
    return new Row(List.of(c.name(), c.fingerprint(), org.name(), v.label()), release, verdict, text);
  }

  private List<Row> signatures(IdemixCorpus corpus, Path root, String release) {
    List<Row> rows = new ArrayList<>();
    MspVersion v = IdemixCorpus.SIGNATURE_VERSION;
    for (Org org : corpus.orgs().values()) {
      List<SignatureCase> cases = corpus.signatures().stream().filter(c -> c.org().equals(org.name())).toList();
      StringBuilder in = new StringBuilder();
      for (SignatureCase c : cases) {
        in.append(IdemixCorpus.signaturePath(root, c, "id")).append(' ')
            .append(IdemixCorpus.signaturePath(root, c, "msg")).append(' ')
            .append(IdemixCorpus.signaturePath(root, c, "sig")).append('\n');
      }
      Judged r = run(release, List.of("verify", IdemixCorpus.orgPath(root, org.name()).toString(), org.mspId(),
          v.label(), "-"), in.toString()).ok();
      List<String> lines = r.stdout.lines().toList();
      if (lines.size() != cases.size()) {
        throw new IllegalStateException("verify gave " + lines.size() + " lines for " + cases.size() + " signatures");
      }
      for (int i = 0; i < cases.size(); i++) {
        SignatureCase c = cases.get(i);
        JsonObject j = JsonParser.parseString(lines.get(i)).getAsJsonObject();
        if (j.has("harness_error")) {
          throw new IllegalStateException(c.name() + ": " + j.get("harness_error"));
        }
        String deser = j.get("deserialize").getAsString();
        List<String> verdict;
        String text;
        if (!deser.equals("ok")) {
          verdict = List.of(deser.startsWith("panic:") ? "panic" : "refused", "-");
          text = normalise(deser);
        } else {
          String verify = j.get("verify").getAsString();
          verdict = List.of("ok", verify.equals("ok") ? "ok" : verify.startsWith("panic:") ? "panic" : "refused");
          text = verify.equals("ok") ? "-" : normalise(verify);
        }
        rows.add(new Row(List.of(c.name(), c.fingerprint(), org.name(), v.label()), release, verdict, text));
      }
    }
    return rows;
  }

  // ------------------------------------------------------------------ running idemixjudge

  private record Judged(List<String> command, int exit, String stdout, String stderr) {
    Judged ok() {
      if (exit != 0) {
        throw new IllegalStateException(command + " exited " + exit + ": " + stdout + stderr);
      }
      return this;
    }
  }

  private Judged run(String release, List<String> args, String stdin) {
    List<String> command = new ArrayList<>();
    command.add(judges.resolve("idemixjudge-v" + release).toString());
    command.addAll(args);
    try {
      Path outFile = Files.createTempFile(work, "out", ".txt");
      Path errFile = Files.createTempFile(work, "err", ".txt");
      ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(outFile.toFile()).redirectError(errFile.toFile());
      if (stdin == null) {
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      }
      Process p = pb.start();
      if (stdin != null) {
        try (var w = p.getOutputStream()) {
          w.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
      }
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException(command + " did not finish");
      }
      // the corpus's temporary folder is no part of a verdict
      Judged j = new Judged(command, p.exitValue(), Files.readString(outFile).replace(work.toString(), "<work>"),
          Files.readString(errFile).replace(work.toString(), "<work>"));
      Files.delete(outFile);
      Files.delete(errFile);
      if (j.exit == 2) {
        throw new IllegalStateException("harness error: " + command + ": " + j.stderr);
      }
      return j;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Path write(Path p, byte[] bytes) throws IOException {
    Files.createDirectories(p.getParent());
    return Files.write(p, bytes);
  }
}

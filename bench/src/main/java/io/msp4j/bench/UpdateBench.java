package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.channel.update.UpdateChecker;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Checking a config update as the ordering service does, from the envelope bytes to the verdict:
 * a CRL added to Org1 of a channel with {@code orgs} application orgs, signed by Org1's admin;
 * decoding, authorisation with the current policies, the proposed config rebuilt and loaded and
 * compared with the current one. Org MSPs the update leaves unchanged are reused from the current
 * channel (the same bytes at the same version set up the same MSP), so one MSP is set up.
 *
 * <p>With {@code -Dmsp4j.bench.update.out=DIR} the setup also writes {@code DIR/<orgs>/config.block}
 * and {@code DIR/<orgs>/update.pb}, so that Fabric's checks can be timed on the same inputs.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class UpdateBench {
  static final String CHANNEL = "mychannel";

  @Param({"10", "100"})
  public int orgs;

  UpdateChecker checker;
  byte[] envelope;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Path dir = Files.createTempDirectory("msp4j-bench-update");
    StringBuilder yaml = new StringBuilder("Seed: UpdateBench\nNow: 2024-06-01T00:00:00Z\n")
        .append("OrdererOrgs:\n  - Name: Orderer\n    Domain: example.com\n")
        .append("    EnableNodeOUs: true\n    Specs:\n      - Hostname: orderer\n")
        .append("PeerOrgs:\n");
    for (int i = 1; i <= orgs; i++) {
      yaml.append("  - Name: Org").append(i).append("\n    Domain: org").append(i)
          .append(".example.com\n    EnableNodeOUs: true\n    Users: {Count: 1}\n");
    }
    GeneratedTree tree = CryptoTree.fromYaml(yaml.toString()).generate(dir);
    ConfigFixture.Builder b = ConfigFixture.builder()
        .ordererOrg("OrdererOrg", ConfigFixture.msp(tree.org("example.com"), "OrdererMSP"));
    for (int i = 1; i <= orgs; i++) {
      b.applicationOrg("Org" + i, ConfigFixture.msp(tree.org("org" + i + ".example.com"),
          "Org" + i + "MSP"));
    }
    Config current = b.build();
    byte[] block = ConfigFixture.block(CHANNEL, current);
    GeneratedOrg org1 = tree.org("org1.example.com");
    Config next = withCrl(current, org1);
    SigningIdentity admin = signer(org1);
    Envelope unsigned = ConfigUpdates.envelope(ConfigUpdates.compute(current, next, CHANNEL));
    envelope = ConfigUpdates.sign(ConfigUpdateRequest.parse(unsigned.toByteArray()), admin,
        new SecureRandom(), Clock.systemUTC()).toByteArray();
    checker = ChannelUpdates.checker(Channel.load(block));
    UpdateReport r = checkCrlUpdateWithReport();
    if (!r.accepted()) {
      throw new IllegalStateException("the benchmark's update is refused: " + r.failure());
    }
    String out = System.getProperty("msp4j.bench.update.out");
    if (out != null) {
      Path o = Path.of(out, Integer.toString(orgs));
      Files.createDirectories(o);
      Files.write(o.resolve("config.block"), block);
      Files.write(o.resolve("update.pb"), envelope);
    }
  }

  static Config withCrl(Config current, GeneratedOrg org1) throws IOException {
    ConfigGroup root = current.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow("Org1");
    MSPConfig msp = MSPConfig.parseFrom(g.getValuesOrThrow("MSP").getValue());
    FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig());
    var crl = CrlBuilder.create(DeterministicRandom.fromSeed("bench-crl"),
        org1.rootCa().certificate()).revoke(org1.identity("User1").certificate()).build();
    FabricMSPConfig nf = f.toBuilder()
        .addRevocationList(ByteString.copyFrom(crl.pem(), StandardCharsets.UTF_8)).build();
    ConfigValue v = g.getValuesOrThrow("MSP").toBuilder()
        .setValue(msp.toBuilder().setConfig(nf.toByteString()).build().toByteString()).build();
    return current.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", g.toBuilder().putValues("MSP", v).build()).build()))
        .build();
  }

  static SigningIdentity signer(GeneratedOrg org) {
    var local = MspFolders.readLocal(org.admin().mspDir(), "Org1MSP");
    return X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
  }

  /** The ordering service's verdict: what Fabric's validator and new-bundle check compute. */
  @Benchmark
  public UpdateReport checkCrlUpdate() {
    return checker.verdict(ConfigUpdateRequest.parse(envelope));
  }

  /** The verdict plus msp4j's change report, impact on the signer and lock-out guard. */
  @Benchmark
  public UpdateReport checkCrlUpdateWithReport() {
    return checker.check(ConfigUpdateRequest.parse(envelope), List.of());
  }
}

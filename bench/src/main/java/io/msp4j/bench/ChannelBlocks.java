package io.msp4j.bench;

import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;

/**
 * Config blocks of channels with {@code n} application orgs, each a cryptogen-style org with
 * NodeOUs (root CA, TLS CA, admin; org policies Readers, Writers, Admins, Endorsement), plus one
 * orderer org, channel capability V3_0, configtxgen's policies at every level. Generated once per
 * size from a fixed seed and kept under the temporary directory, so that benchmark forks, and
 * Fabric's own benchmark, read the same bytes.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.ChannelBlocks 1 10 100 1000</pre>
 *
 * <p>{@code ChannelBlocks same-orgs CHANNELS ORGS} writes the blocks of {@code CHANNELS} channels
 * with the same {@code ORGS} orgs (see {@link #sameOrgFiles}) and prints their folder.
 */
public final class ChannelBlocks {
  private ChannelBlocks() {}

  /** Writes (when missing) and prints the block files of the given sizes. */
  public static void main(String[] args) {
    if (args.length == 3 && args[0].equals("same-orgs")) {
      List<Path> files = sameOrgFiles(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
      System.out.println(files.get(0).getParent());
      return;
    }
    for (String a : args.length == 0 ? new String[] {"1", "10", "100", "1000"} : args) {
      System.out.println(file(Integer.parseInt(a)));
    }
  }

  /** The bytes of the block with {@code orgs} application orgs. */
  static byte[] block(int orgs) {
    try {
      return Files.readAllBytes(file(orgs));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The block file with {@code orgs} application orgs, generated when missing. */
  static Path file(int orgs) {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "msp4j-bench-channel", "orgs-" + orgs + ".block");
    if (Files.isRegularFile(file)) {
      return file;
    }
    try {
      Path work = Files.createTempDirectory("msp4j-bench-channel");
      Config config = config(tree("channel-bench", orgs, work), orgs).build();
      byte[] block = ConfigFixture.block("benchchannel", config);
      Files.createDirectories(file.getParent());
      Path staging = Files.write(file.resolveSibling(file.getFileName() + ".tmp"), block);
      Files.move(staging, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The block files of {@code channels} channels ({@code channel1}, {@code channel2}, ...) whose
   * configurations hold the same orderer org and {@code orgs} application orgs as {@link
   * #file(int)}'s: the same configuration under a different channel ID each. Generated when
   * missing.
   */
  static List<Path> sameOrgFiles(int channels, int orgs) {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "msp4j-bench-channel",
        "same-orgs-" + orgs + "x" + channels);
    List<Path> files = new ArrayList<>();
    for (int i = 1; i <= channels; i++) {
      files.add(dir.resolve("channel" + i + ".block"));
    }
    if (files.stream().allMatch(Files::isRegularFile)) {
      return files;
    }
    try {
      Config config = ConfigBlocks.decode(block(orgs)).config();
      Files.createDirectories(dir);
      for (int i = 1; i <= channels; i++) {
        Path f = files.get(i - 1);
        Path staging = Files.write(f.resolveSibling(f.getFileName() + ".tmp"),
            ConfigFixture.block("channel" + i, config));
        Files.move(staging, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes of {@link #sameOrgFiles}. */
  static List<byte[]> sameOrgBlocks(int channels, int orgs) {
    List<byte[]> out = new ArrayList<>();
    for (Path f : sameOrgFiles(channels, orgs)) {
      try {
        out.add(Files.readAllBytes(f));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** A cryptogen-style tree of an orderer org and {@code orgs} peer orgs, with NodeOUs. */
  static GeneratedTree tree(String seed, int orgs, Path dir) {
    StringBuilder yaml = new StringBuilder("Seed: " + seed + "\n" + """
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs: [{Hostname: orderer}]
        PeerOrgs:
        """);
    for (int i = 1; i <= orgs; i++) {
      yaml.append("  - {Name: Org").append(i).append(", Domain: org").append(i)
          .append(".example.com, EnableNodeOUs: true, Template: {Count: 0}, Users: {Count: 0}}\n");
    }
    return CryptoTree.fromYaml(yaml.toString()).generate(dir);
  }

  /** The channel configuration of such a tree: its orgs as application orgs, the orderer org. */
  static ConfigFixture.Builder config(GeneratedTree tree, int orgs) {
    ConfigFixture.Builder b = ConfigFixture.builder()
        .ordererOrg("OrdererOrg", ConfigFixture.msp(tree.org("example.com"), "OrdererMSP"));
    for (int i = 1; i <= orgs; i++) {
      GeneratedOrg org = tree.org("org" + i + ".example.com");
      b.applicationOrg("Org" + i, ConfigFixture.msp(org, "Org" + i + "MSP"));
    }
    return b;
  }
}

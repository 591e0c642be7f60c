package io.msp4j.testdata.cryptogen;

import io.msp4j.testdata.cryptogen.internal.SpecParser;
import io.msp4j.testdata.cryptogen.internal.TreeWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A certificate tree in the layout Hyperledger Fabric's cryptogen writes, from a spec in
 * cryptogen's {@code crypto-config.yaml} format (plus msp4j's extensions, see {@link CertOptions},
 * {@link Validity}, {@link CrlSpec}, {@link CaSpec#intermediates()}). Immutable.
 *
 * <pre>{@code
 * GeneratedTree tree = CryptoTree.fromYaml("""
 *     Seed: demo
 *     Now: 2024-01-01T00:00:00Z
 *     PeerOrgs:
 *       - Name: Org1
 *         Domain: org1.example.com
 *         EnableNodeOUs: true
 *         Template: {Count: 2}
 *         Users: {Count: 1}
 *     """).generate(tempDir);
 * Path peerMsp = tree.org("org1.example.com").identity("peer0").mspDir();
 * }</pre>
 *
 * <p>With a {@code Seed} and a {@code Now} the output is byte-for-byte the same on every run;
 * without a seed keys, serials and signatures are fresh, as with cryptogen.
 */
public final class CryptoTree {
  /** The source name used in messages for specs given as text. */
  public static final String DEFAULT_SOURCE = "crypto-config.yaml";

  private final CryptoSpec spec;

  private CryptoTree(CryptoSpec spec) {
    this.spec = Objects.requireNonNull(spec, "spec");
    TreeWriter.check(spec);
  }

  /**
   * Reads a spec from YAML text; messages name it {@value #DEFAULT_SOURCE}.
   *
   * @throws CryptoSpecException if the spec cannot be used, naming the line
   */
  public static CryptoTree fromYaml(String yaml) {
    return fromYaml(yaml, DEFAULT_SOURCE);
  }

  /**
   * Reads a spec from YAML text.
   *
   * @param sourceName the name used in messages, e.g. the file name
   * @throws CryptoSpecException if the spec cannot be used, naming the line
   */
  public static CryptoTree fromYaml(String yaml, String sourceName) {
    Objects.requireNonNull(yaml, "yaml");
    Objects.requireNonNull(sourceName, "sourceName");
    return new CryptoTree(SpecParser.parse(yaml, sourceName));
  }

  /**
   * Reads a spec file (UTF-8); messages name the file by its file name.
   *
   * @throws CryptoSpecException if the spec cannot be used, naming the line
   * @throws UncheckedIOException if the file cannot be read
   */
  public static CryptoTree fromFile(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new UncheckedIOException("cannot read " + file + ": no such file", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e, e);
    }
    Path name = file.getFileName();
    return fromYaml(text, name == null ? file.toString() : name.toString());
  }

  /**
   * A tree from a spec built in Java.
   *
   * @throws CryptoSpecException if the spec cannot be used (a duplicate name, an unknown issuer or
   *     revoked name, ...)
   */
  public static CryptoTree of(CryptoSpec spec) {
    return new CryptoTree(spec);
  }

  /** A builder for a spec in Java. */
  public static Builder builder() {
    return new Builder();
  }

  /** The spec. */
  public CryptoSpec spec() {
    return spec;
  }

  /** This tree with another seed (null for fresh randomness). */
  public CryptoTree withSeed(String seed) {
    return new CryptoTree(spec.withSeed(seed));
  }

  /** This tree with another generation time (null for the wall clock). */
  public CryptoTree withNow(Instant now) {
    return new CryptoTree(spec.withNow(now));
  }

  /**
   * Generates the tree under {@code outputDir} (created if needed): {@code peerOrganizations/} and
   * {@code ordererOrganizations/} as cryptogen lays them out. The spec is checked completely before
   * anything is written.
   *
   * @throws CryptoSpecException if the spec cannot be used (for example an unknown Issuer or a
   *     revoked name that does not exist)
   * @throws UncheckedIOException if writing fails or an organisation's folder already exists
   */
  public GeneratedTree generate(Path outputDir) {
    Objects.requireNonNull(outputDir, "outputDir");
    return TreeWriter.generate(spec, outputDir, Instant.now());
  }

  /** Builds a {@link CryptoTree} in Java; organisations keep the order they are added in. */
  public static final class Builder {
    private final List<OrgSpec> ordererOrgs = new ArrayList<>();
    private final List<OrgSpec> peerOrgs = new ArrayList<>();
    private String seed;
    private Instant now;
    private Validity validity;

    private Builder() {}

    /** The seed that makes the output deterministic. */
    public Builder seed(String value) {
      this.seed = value;
      return this;
    }

    /** The generation time ("now"), which fixes every default validity window. */
    public Builder now(Instant value) {
      this.now = value;
      return this;
    }

    /** The default validity of every certificate. */
    public Builder validity(Validity value) {
      this.validity = value;
      return this;
    }

    /** Adds a peer organisation. */
    public Builder peerOrg(OrgSpec org) {
      peerOrgs.add(Objects.requireNonNull(org, "org"));
      return this;
    }

    /** Adds an orderer organisation. */
    public Builder ordererOrg(OrgSpec org) {
      ordererOrgs.add(Objects.requireNonNull(org, "org"));
      return this;
    }

    /**
     * The tree.
     *
     * @throws CryptoSpecException if the spec cannot be used
     */
    public CryptoTree build() {
      return new CryptoTree(new CryptoSpec(ordererOrgs, peerOrgs, seed, now, validity,
          SpecLocation.NONE));
    }
  }
}

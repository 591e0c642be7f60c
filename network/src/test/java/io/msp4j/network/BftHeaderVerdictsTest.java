package io.msp4j.network;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.core.policy.VerifiedSignatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.Block;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * BFT block headers judged as Fabric v3's BFT header receiver judges them (DELIVER-BFT-02): a
 * header that is not a config block by {@link SignerChecks#attestation}, a config block by {@link
 * SignerChecks#blockOnly}, under the configuration of the config block each case names.
 *
 * <p>The expected verdicts were observed with Fabric v3.0.0's header verification
 * ({@code VerifyBlockAttestation}, or {@code VerifyBlock} and {@code UpdateConfig} for a config
 * block, the verifier built from the case's config block and seeded with the header's own number
 * and previous hash), run on the files that {@link #writeCasesForFabric} writes for the same cases.
 */
@Tag("DELIVER-BFT-02")
class BftHeaderVerdictsTest {
  /** Fabric v3.0.0's verdict on each case: true when it accepts the header. */
  static final Map<String, Boolean> FABRIC = Map.ofEntries(
      entry("valid-quorum", true),
      entry("valid-all-four", true),
      entry("one-short", false),
      entry("empty-signature-set", false),
      entry("same-consenter-twice", false),
      entry("same-signature-thrice", false),
      entry("unknown-id-short", false),
      entry("unknown-id-beside-quorum", true),
      entry("client-by-signature-header", false),
      entry("orderer-admin-by-signature-header", false),
      entry("consenter-by-signature-header", true),
      entry("both-headers", false),
      entry("id-3-signed-by-key-4", false),
      entry("number-changed-after-signing", false),
      entry("data-hash-changed-after-signing", false),
      entry("previous-hash-changed-after-signing", false),
      entry("value-changed-after-signing", false),
      entry("bit-flipped-signature", false),
      entry("four-metadata-entries", false),
      entry("six-metadata-entries", true),
      entry("corrupt-signatures-metadata", false),
      entry("identifier-header-garbage", false),
      entry("empty-entry-beside-quorum", true),
      entry("data-kept", true),
      entry("config-block-whole", true),
      entry("config-block-stripped", true),
      entry("removed-consenter-under-genesis", true),
      entry("removed-consenter-under-new-config", false),
      entry("quorum-of-three-under-new-config", true),
      entry("one-of-three-under-new-config", false));

  @TempDir static Path tmp;
  static BftTestChain chain;
  static Map<String, BftHeaderCases.Case> cases;

  @BeforeAll
  static void cases() {
    chain = BftHeaderCases.chain(tmp);
    cases = BftHeaderCases.of(chain);
  }

  @Test
  void everyCaseHasFabricsVerdict() {
    assertThat(cases.keySet()).containsExactlyInAnyOrderElementsOf(FABRIC.keySet());
  }

  @TestFactory
  Stream<DynamicTest> ourVerdictIsFabrics() {
    return cases.values().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
      BlockVerdict v = verdict(c);
      assertThat(v.valid()).as("%s: %s", c.name(), v.refusal()).isEqualTo(FABRIC.get(c.name()));
    }));
  }

  /**
   * The same verdicts when orderer signatures go through a memo of verified signatures, as a
   * follower's header streams check them: every case twice over, the second time with the
   * signatures of all the cases before it remembered (DELIVER-BFT-02).
   */
  @Test
  @Tag("DELIVER-BFT-02")
  void aMemoOfVerifiedSignaturesChangesNoVerdict() {
    VerifiedSignatures memo = new VerifiedSignatures(1024);
    for (int round = 0; round < 2; round++) {
      for (BftHeaderCases.Case c : cases.values()) {
        SignerChecks checks = SignerChecks.of(
            Channel.load(chain.block(c.config()).toByteArray()), memo);
        Block b = c.block();
        BlockVerdict v = ConfigBlocks.holdsConfig(b) ? checks.blockOnly(b) : checks.attestation(b);
        assertThat(v.valid()).as("round %d, %s: %s", round, c.name(), v.refusal())
            .isEqualTo(FABRIC.get(c.name()));
      }
    }
    assertThat(memo.hits()).isPositive();
  }

  /**
   * Under a BFT channel's block validation policy, which is set-based, a header's verdict is that
   * of the signers of its entries that verify, which a follower's memo of headers relies on: the
   * same as Fabric's for every header that is not a config block and has its five metadata
   * entries (what the memo looks a header up by).
   */
  @Test
  @Tag("DELIVER-BFT-02")
  void theSignersThatVerifyGiveFabricsVerdict() {
    int judged = 0;
    for (BftHeaderCases.Case c : cases.values()) {
      Block b = c.block();
      if (ConfigBlocks.holdsConfig(b) || b.getMetadata().getMetadataCount() < 5) {
        continue;
      }
      SignerChecks checks = SignerChecks.of(Channel.load(chain.block(c.config()).toByteArray()));
      assertThat(checks.signatureVerdictIsSetBased()).isTrue();
      boolean verdict = AttestationMemoTest.bySigners(checks, b);
      assertThat(verdict).as(c.name()).isEqualTo(FABRIC.get(c.name()));
      judged++;
    }
    assertThat(judged).isGreaterThan(20);
  }

  private static BlockVerdict verdict(BftHeaderCases.Case c) {
    SignerChecks checks = SignerChecks.of(Channel.load(chain.block(c.config()).toByteArray()));
    Block b = c.block();
    return ConfigBlocks.holdsConfig(b) ? checks.blockOnly(b) : checks.attestation(b);
  }

  /**
   * Writes the cases for Fabric's verdicts when {@code -Dmsp4j.bftheaders.out=DIR} is given: the
   * config blocks as {@code config-N.block} and each case as {@code N-name.block}, N its config.
   */
  @Test
  @EnabledIfSystemProperty(named = "msp4j.bftheaders.out", matches = ".+")
  void writeCasesForFabric() throws Exception {
    Path out = Files.createDirectories(Path.of(System.getProperty("msp4j.bftheaders.out")));
    for (int n : new int[] {BftHeaderCases.GENESIS, BftHeaderCases.AFTER_REMOVAL}) {
      Files.write(out.resolve("config-" + n + ".block"), chain.block(n).toByteArray());
    }
    for (BftHeaderCases.Case c : cases.values()) {
      Files.write(out.resolve(c.config() + "-" + c.name() + ".block"), c.block().toByteArray());
    }
  }
}

package io.msp4j.channel.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ChannelVerdicts;
import io.msp4j.channel.SharedMsps;
import io.msp4j.channel.TestOrgs;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.fuzz.ShortRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Config blocks loaded with MSPs shared between channels (the shortcut) give what loading them
 * without sharing (the reference) gives: the same error, or channels with the same verdicts on
 * the seed orgs' identities and configurations that are equal and serialise to the same bytes. One set of shared MSPs serves every input of a run, so a mutated
 * block meets the MSPs set up for the blocks before it: near misses (one byte of one org changed)
 * are the inputs mutation makes most.
 */
class SharedMspsFuzzTest {
  private static final SharedMsps SHARED = SharedMsps.create();
  private static final List<byte[]> IDENTITIES = identities();

  private static List<byte[]> identities() {
    try {
      TestOrgs orgs = new TestOrgs(Files.createTempDirectory("shared-msps-fuzz"));
      List<byte[]> out = new ArrayList<>();
      String[] ids = {"Org1MSP", "Org2MSP", "OrdererMSP"};
      GeneratedOrg[] all = {orgs.org1, orgs.org2, orgs.orderer};
      for (int o = 0; o < all.length; o++) {
        List<GeneratedIdentity> people = new ArrayList<>(all[o].nodes());
        people.addAll(all[o].users());
        for (GeneratedIdentity id : people) {
          out.add(SerializedIdentity.newBuilder().setMspid(ids[o])
              .setIdBytes(ByteString.copyFrom(Files.readAllBytes(id.signCertFile())))
              .build().toByteArray());
        }
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "12h")
  void sharedMspsGiveTheVerdictsOfPlainLoading(byte[] bytes) {
    ChannelOptions plain = ChannelOptions.defaults().withParallelism(1);
    Object reference = load(bytes, plain);
    Object shortcut = load(bytes, plain.withParallelism(2).withSharedMsps(SHARED));
    if (reference instanceof Channel r && shortcut instanceof Channel s) {
      assertThat(ChannelVerdicts.of(s, IDENTITIES)).isEqualTo(ChannelVerdicts.of(r, IDENTITIES));
      assertThat(s.config()).isEqualTo(r.config());
      assertThat(s.config().toByteString()).isEqualTo(r.config().toByteString());
      for (String id : r.msps().keySet()) {
        assertThat(s.msp(id).orElseThrow().version()).isEqualTo(r.msp(id).orElseThrow().version());
      }
    } else {
      assertThat(shortcut).isEqualTo(reference);
    }
  }

  /** The channel, or the text of the error loading it gives. */
  private static Object load(byte[] bytes, ChannelOptions options) {
    try {
      return Channel.load(bytes, options);
    } catch (ChannelConfigException e) {
      return e.reason() + " " + e.rule() + " " + e.path() + " " + e.getMessage();
    }
  }

  @Test
  @Tag("CACHE-06")
  @Tag("CHANNEL-MSP-05")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "sharedMspsGiveTheVerdictsOfPlainLoading", 100,
        this::sharedMspsGiveTheVerdictsOfPlainLoading)).isGreaterThan(100);
    assertThat(SHARED.size()).isGreaterThan(0);
  }
}

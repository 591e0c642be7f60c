package io.msp4j.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.check.Refusal;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.ReloadFailure;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.CensorshipEvent;
import io.msp4j.network.DeliverService;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.junit.jupiter.api.Test;

class HealthChecksTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Endpoint A = Endpoint.parse("127.0.0.1:7050");
  private static final Endpoint B = Endpoint.parse("127.0.0.1:7051");

  /** A clock the test moves. */
  private static final class MovingClock extends Clock {
    Instant now = T0;

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private static NetworkException down() {
    return new NetworkException(NetworkException.Kind.UNREACHABLE, A.toString(), "connection refused", null);
  }

  private static DeliveredBlock block(long n, Endpoint from) {
    return new DeliveredBlock(n, Block.getDefaultInstance(), 0, List.of(), java.util.Optional.empty(),
        false).from(from);
  }

  @Test
  void theSourceCheckFailsOnlyOnceNoSourceWasConnectedForLongerThanTheLimit() {
    MovingClock clock = new MovingClock();
    FollowerEvents events = new FollowerEvents(clock);
    SourceCheck check = new SourceCheck(events, Duration.ofMinutes(1));
    assertThat(check.check(T0.plusSeconds(60)).kind()).isEqualTo(HealthStatus.Kind.OK);
    assertThat(check.check(T0.plusSeconds(61)).reason())
        .startsWith("no block source connected for 1m1s (limit 1m)");
    events.connected(A, DeliverService.ORDERER);
    assertThat(check.check(T0.plusSeconds(3600)).kind()).isEqualTo(HealthStatus.Kind.OK);
    clock.now = T0.plusSeconds(3600);
    events.disconnected(A, down(), Duration.ofSeconds(1));
    HealthStatus s = check.check(T0.plusSeconds(3600 + 90));
    assertThat(s.kind()).isEqualTo(HealthStatus.Kind.FAILED);
    assertThat(s.reason()).isEqualTo("no block source connected for 1m30s (limit 1m); last failure: "
        + A + ": connection refused");
    assertThat(check.component()).isEqualTo("follower.source");
  }

  @Test
  void theCensorshipCheckFailsUntilAnotherSourceTakesOver() {
    FollowerEvents events = new FollowerEvents(new MovingClock());
    CensorshipCheck check = new CensorshipCheck(events);
    events.connected(A, DeliverService.ORDERER);
    events.censorship(new CensorshipEvent(A, 12, 10, T0, B));
    assertThat(check.check(T0).reason()).startsWith(A + " withheld blocks: header 12")
        .contains("DELIVER-BFT-03").contains("next: " + B);
    events.connected(A, DeliverService.ORDERER); // the same source again: not taken over
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.FAILED);
    events.delivered(block(11, B));
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.OK);
  }

  @Test
  void theRefusedBlockCheckFailsUntilABlockAsHighIsVerified() {
    FollowerEvents events = new FollowerEvents(new MovingClock());
    RefusedBlockCheck check = new RefusedBlockCheck(events);
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.OK);
    events.refused(new BlockRefusedException(5, new Refusal("DELIVER-05",
        Reason.POLICY_NOT_SATISFIED, "DELIVER-05", "the block's signatures do not satisfy BlockValidation")));
    assertThat(check.check(T0).reason()).startsWith("block 5 was refused at " + T0)
        .endsWith("[DELIVER-05] the block's signatures do not satisfy BlockValidation");
    events.delivered(block(4, B));
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.FAILED);
    events.delivered(block(5, B));
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.OK);
  }

  @Test
  void theReloadCheckSaysWhichGenerationStillServes() {
    ReloadCheck check = new ReloadCheck("/srv/msp");
    check.reloadFailed(new ReloadFailure(new MspSetupException(Reason.MSP_NOT_SET_UP, "SETUP-ADMIN-03",
        "no admins"), 3, T0));
    HealthStatus s = check.check(T0);
    assertThat(s.kind()).isEqualTo(HealthStatus.Kind.FAILED);
    assertThat(s.reason()).startsWith("the last reload of /srv/msp failed at " + T0 + ": [SETUP-ADMIN-03]")
        .endsWith("; the previous generation 3 still serves");
    check.reloadFailed(new ReloadFailure(new MspSetupException(Reason.MSP_NOT_SET_UP, "CORE-01", "x"), 0, T0));
    assertThat(check.check(T0).reason()).endsWith("nothing serves");
    check.recovered(null);
    assertThat(check.check(T0).kind()).isEqualTo(HealthStatus.Kind.OK);
  }

  @Test
  void expiryWarnsWithinTheWindowAndFailsOnceExpired() {
    ExpiryCheck check = new ExpiryCheck(Duration.ofDays(30));
    CertificateExpiry admin = new CertificateExpiry("Org1MSP", "admin", "CN=admin", "0a",
        T0.plus(Duration.ofDays(10)));
    CertificateExpiry root = new CertificateExpiry("Org1MSP", "root CA", "CN=ca", "01",
        T0.plus(Duration.ofDays(400)));
    check.update("folder msp", List.of(admin, root));
    assertThat(check.check(T0.minus(Duration.ofDays(30))).kind()).isEqualTo(HealthStatus.Kind.OK);
    HealthStatus warn = check.check(T0);
    assertThat(warn.kind()).isEqualTo(HealthStatus.Kind.WARNING);
    assertThat(warn.reason()).isEqualTo("1 certificate expires within 30d: Org1MSP admin CN=admin"
        + " (serial 0a) notAfter " + admin.notAfter());
    HealthStatus failed = check.check(T0.plus(Duration.ofDays(10)));
    assertThat(failed.kind()).isEqualTo(HealthStatus.Kind.FAILED);
    assertThat(failed.reason()).startsWith("1 certificate expired: Org1MSP admin CN=admin");
    check.update("folder msp", List.of(root)); // a new generation without the old admin
    assertThat(check.check(T0.plus(Duration.ofDays(10))).kind()).isEqualTo(HealthStatus.Kind.OK);
  }
}

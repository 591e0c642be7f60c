package io.msp4j.channel.rotation.internal;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ConfigForm;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.channel.MspReuse;
import io.msp4j.channel.rotation.RotationRefusal;
import io.msp4j.channel.rotation.RotationStep;
import io.msp4j.channel.rotation.StepKind;
import io.msp4j.channel.rotation.StepPolicy;
import io.msp4j.channel.update.ComputedUpdate;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.channel.update.ElementDecision;
import io.msp4j.channel.update.IdentityImpact;
import io.msp4j.channel.update.IdentityImpacts;
import io.msp4j.channel.update.KnownIdentity;
import io.msp4j.channel.update.UpdateChecker;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.channel.update.internal.ChannelViewAdapter;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.Envelope;

/**
 * Makes one step of a plan: the update from the configuration in force to the edited one
 * (compute-update's rules), its unsigned envelope, the update checker's report on it with the
 * signatures it needs taken as given, the standing of every followed identity before and after,
 * the consenters' TLS check, and the guard's judgement.
 */
public final class StepRunner {
  private final String channelId;
  private final ChannelOptions options;
  private final List<KnownIdentity> known;
  private final boolean allowLockout;

  /**
   * @param known the followed enrollment certificates, serialised with the org's MSP ID
   */
  public StepRunner(String channelId, ChannelOptions options, List<KnownIdentity> known,
      boolean allowLockout) {
    this.channelId = channelId;
    this.options = options;
    this.known = List.copyOf(known);
    this.allowLockout = allowLockout;
  }

  /** A step written, with the channel it leaves; or a refusal; or nothing when nothing changes. */
  public record Outcome(Optional<RotationStep> step, Optional<Channel> after,
      Optional<RotationRefusal> refusal) {}

  /** Runs step {@code number} from {@code at} to {@code edited}. */
  public Outcome run(int number, StepKind kind, Channel at, Config edited, List<String> changes) {
    ConfigUpdate update;
    List<String> described = changes;
    try {
      ComputedUpdate computed = ConfigUpdates.diff(at.config(), edited, channelId);
      update = computed.update();
      if (!computed.reencoded().isEmpty()) {
        described = new ArrayList<>(changes);
        described.add(computed.note());
      }
    } catch (ConfigUpdateException e) {
      if (e.reason() == Reason.CONFIG_UNCHANGED) {
        return new Outcome(Optional.empty(), Optional.empty(), Optional.empty());
      }
      throw e;
    }
    Envelope envelope = ConfigUpdates.envelope(update);
    AtomicReference<Channel> loaded = new AtomicReference<>();
    ChannelOptions proposed = options.withReuse(MspReuse.from(at));
    UpdateChecker checker = UpdateChecker.of(channelId,
        AssumedSignatures.of(ChannelViewAdapter.of(at)), (id, config) -> {
          Channel c = Channel.load(new DecodedConfig(ConfigForm.CONFIG, Optional.of(id),
              OptionalLong.empty(), config), proposed);
          loaded.set(c);
          return ChannelViewAdapter.of(c);
        });
    UpdateReport report = checker.check(
        ConfigUpdateRequest.parse(envelope.toByteArray()), known);
    if (!report.accepted()) {
      RuntimeException f = report.failure().orElseThrow();
      String rule = f instanceof MspException m ? m.rule() : "CONFIGTX-UPDATE-14";
      String why = f instanceof MspException m ? m.detail() : f.getMessage();
      return refused(kind, rule, "the ordering service would reject the " + kind.word()
          + " step at " + report.stage().jsonName() + ": " + why, described);
    }
    Config next = report.proposed().orElseThrow().getConfig();
    Channel after = loaded.get();
    List<String> before = Consenters.tlsProblems(at.config());
    List<String> tls = new ArrayList<>(Consenters.tlsProblems(next));
    tls.removeAll(before);
    if (!tls.isEmpty()) {
      return refused(kind, "CONFIGTX-UPDATE-14", "after the " + kind.word() + " step the"
          + " ordering service would refuse the consenters' TLS certificates (etcdraft"
          + " VerifyConfigMetadata verifies them against the orderer orgs' TLS CAs)", tls);
    }
    List<IdentityImpact> standings =
        IdentityImpacts.of(known, at.mspManager(), after.mspManager());
    Optional<RotationRefusal> guard = StepGuard.judge(kind, standings, report.lockouts());
    if (guard.isPresent() && !allowLockout) {
      return new Outcome(Optional.empty(), Optional.empty(), guard);
    }
    RotationStep step = new RotationStep(number, kind, described, envelope,
        policies(report.decisions()), report, standings, next, guard.isPresent());
    return new Outcome(Optional.of(step), Optional.of(after), Optional.empty());
  }

  private static Outcome refused(StepKind kind, String rule, String message, List<String> items) {
    return new Outcome(Optional.empty(), Optional.empty(),
        Optional.of(new RotationRefusal(kind, rule, message, items)));
  }

  /** The changed elements that an existing mod_policy guards, with the signatures it needs. */
  private static List<StepPolicy> policies(List<ElementDecision> decisions) {
    List<StepPolicy> out = new ArrayList<>();
    for (ElementDecision d : decisions) {
      if (!d.existing() || d.outcome().isEmpty()) {
        continue;
      }
      out.add(new StepPolicy(d.ref().toString(), d.modPolicy(),
          d.outcome().get().policyPath(), d.outcome().get().missing()));
    }
    return out;
  }
}

package io.msp4j.channel.update;

import io.msp4j.channel.update.ElementDecision.Status;
import io.msp4j.channel.update.internal.ConfigElement;
import io.msp4j.channel.update.internal.ConfigKeys;
import io.msp4j.channel.update.internal.ConfigMap;
import io.msp4j.channel.update.internal.ConfigRebuilder;
import io.msp4j.channel.update.internal.UpdateEnvelopes;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.Envelope;

/**
 * Checks config updates against one channel configuration as Fabric's ordering service does
 * (spec 11.2): channel ID, key rules, read set, delta set, mod_policy syntax, versions, mod_policy
 * authorisation with the current config's policies, then the rebuilt next config. Immutable and
 * safe to share; the current config is flattened once.
 *
 * <pre>{@code
 * ConfigUpdateValidator v = ConfigUpdateValidator.of("mychannel", currentConfig);
 * UpdateCheck check = v.check(ConfigUpdateRequest.parse(bytes), channelPolicies);
 * if (check.accepted()) { ConfigEnvelope next = check.proposed().orElseThrow(); }
 * }</pre>
 */
public final class ConfigUpdateValidator {
  private static final Comparator<ConfigElementRef> PATH_ORDER =
      Comparator.comparing(ConfigElementRef::path).thenComparing(ConfigElementRef::kind);

  private final String channelId;
  private final Config config;
  private final ConfigMap current;

  private ConfigUpdateValidator(String channelId, Config config, ConfigMap current) {
    this.channelId = channelId;
    this.config = config;
    this.current = current;
  }

  /**
   * A validator for the channel {@code channelId} at configuration {@code current}.
   *
   * @throws ConfigUpdateException with reason {@link Reason#CHANNEL_ID_INVALID} or {@link
   *     Reason#CONFIG_KEY_INVALID} (rule CONFIGTX-UPDATE-05), or {@link Reason#UPDATE_MALFORMED}
   *     when the config has no channel group
   */
  public static ConfigUpdateValidator of(String channelId, Config current) {
    Objects.requireNonNull(channelId, "channelId");
    Objects.requireNonNull(current, "current");
    if (!current.hasChannelGroup()) {
      throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, "CONFIGTX-UPDATE-05",
          "the current config has no channel group");
    }
    ConfigKeys.channelIdProblem(channelId).ifPresent(p -> {
      throw new ConfigUpdateException(Reason.CHANNEL_ID_INVALID, "CONFIGTX-UPDATE-05",
          "bad channel ID: " + p);
    });
    return new ConfigUpdateValidator(
        channelId, current, ConfigMap.of(current.getChannelGroup(), "the current config"));
  }

  /** The channel ID. */
  public String channelId() {
    return channelId;
  }

  /** The current configuration. */
  public Config config() {
    return config;
  }

  /** The current configuration's sequence. */
  public long sequence() {
    return config.getSequence();
  }

  /**
   * Checks an update; never throws for a rejected update (the failure is in the result).
   *
   * @param policies the current config's policies (CHANNEL-MSP-10: the current MSPs authorise)
   */
  public UpdateCheck check(ConfigUpdateRequest request, ModPolicies policies) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(policies, "policies");
    List<ElementDecision> decisions = List.of();
    List<String> warnings = new ArrayList<>();
    try {
      Authorized a = authorize(request, policies, warnings);
      decisions = a.decisions;
      if (a.failure != null) {
        return new UpdateCheck(Optional.of(a.failure), decisions, Optional.empty(), warnings);
      }
      ConfigGroup rebuilt = ConfigRebuilder.rebuild(a.overlaid);
      Envelope lastUpdate = request.envelope()
          .orElseGet(() -> UpdateEnvelopes.unsigned(channelId, request.updateEnvelope()));
      ConfigEnvelope next = ConfigEnvelope.newBuilder()
          .setConfig(Config.newBuilder()
              .setSequence(config.getSequence() + 1)
              .setChannelGroup(rebuilt))
          .setLastUpdate(lastUpdate)
          .build();
      return new UpdateCheck(Optional.empty(), decisions, Optional.of(next), warnings);
    } catch (ConfigUpdateException e) {
      return new UpdateCheck(Optional.of(e), decisions, Optional.empty(), warnings);
    }
  }

  /**
   * The next config an update yields (CONFIGTX-UPDATE-10..12).
   *
   * @throws ConfigUpdateException when the update is rejected
   */
  public ConfigEnvelope propose(ConfigUpdateRequest request, ModPolicies policies) {
    return check(request, policies).proposedOrThrow();
  }

  /**
   * Checks a config envelope received as the next config (CONFIGTX-UPDATE-13): its sequence is
   * current + 1, its {@code last_update} is an update this validator accepts, and the tree that
   * update yields equals the envelope's.
   *
   * @throws ConfigUpdateException when any of these fails
   */
  public void validate(ConfigEnvelope next, ModPolicies policies) {
    Objects.requireNonNull(next, "next");
    if (!next.hasConfig()) {
      throw new ConfigUpdateException(Reason.UPDATE_MALFORMED, "CONFIGTX-UPDATE-13",
          "the config envelope has no config");
    }
    long expected = config.getSequence() + 1;
    if (next.getConfig().getSequence() != expected) {
      throw new ConfigUpdateException(Reason.SEQUENCE_MISMATCH, "CONFIGTX-UPDATE-13",
          "the config is at sequence " + Long.toUnsignedString(config.getSequence())
              + ", so the next config must be at " + Long.toUnsignedString(expected) + ", not "
              + Long.toUnsignedString(next.getConfig().getSequence()));
    }
    ConfigEnvelope mine =
        propose(ConfigUpdateRequest.fromEnvelope(next.getLastUpdate()), policies);
    if (!mine.getConfig().getChannelGroup().equals(next.getConfig().getChannelGroup())) {
      throw new ConfigUpdateException(Reason.CONFIG_RESULT_MISMATCH, "CONFIGTX-UPDATE-13",
          "the config envelope's last_update does not produce the config it carries");
    }
  }

  private static final class Authorized {
    List<ElementDecision> decisions = List.of();
    ConfigMap overlaid;
    ConfigUpdateException failure;
  }

  private Authorized authorize(
      ConfigUpdateRequest request, ModPolicies policies, List<String> warnings) {
    ConfigUpdate update = request.update();
    if (!update.getChannelId().equals(channelId)) {
      throw new ConfigUpdateException(Reason.UPDATE_WRONG_CHANNEL, "CONFIGTX-UPDATE-02",
          "the update is for channel '" + update.getChannelId() + "' but the config is of channel '"
              + channelId + "'");
    }
    ConfigMap readSet = update.hasReadSet()
        ? ConfigMap.of(update.getReadSet(), "the read set") : ConfigMap.empty();
    checkReadSet(readSet);
    ConfigMap writeSet = update.hasWriteSet()
        ? ConfigMap.of(update.getWriteSet(), "the write set") : ConfigMap.empty();
    List<ConfigElement> delta = deltaSet(readSet, writeSet);
    List<UpdateSignature> signatures = request.signatures();
    if (delta.isEmpty()) {
      throw new ConfigUpdateException(Reason.DELTA_EMPTY, "CONFIGTX-UPDATE-07",
          "the update changes nothing: every element of the write set has the version it has in "
              + "the read set");
    }
    Authorized out = new Authorized();
    List<ElementDecision> decisions = new ArrayList<>(delta.size());
    for (ConfigElement e : delta) {
      ElementDecision d = decide(e, signatures, policies);
      decisions.add(d);
      if (out.failure == null && !d.status().allows()) {
        out.failure = failureOf(d);
      }
      d.outcome().filter(o -> o.satisfied() && o.needsNoSignature()).ifPresent(o ->
          warnings.add(d.ref() + " was authorised without any signature: its mod_policy '"
              + d.modPolicy() + "' (" + o.policyPath()
              + ") is satisfied by an empty set of signatures, so anybody can change it"));
    }
    out.decisions = List.copyOf(decisions);
    if (out.failure == null) {
      Map<ConfigElementRef, ConfigElement> overlaid = new HashMap<>(current.elements());
      for (ConfigElement e : delta) {
        overlaid.put(e.ref(), e);
      }
      out.overlaid = ConfigMap.ofElements(overlaid);
    }
    return out;
  }

  private void checkReadSet(ConfigMap readSet) {
    List<ConfigElementRef> refs = new ArrayList<>(readSet.elements().keySet());
    refs.sort(PATH_ORDER);
    for (ConfigElementRef ref : refs) {
      ConfigElement read = readSet.get(ref).orElseThrow();
      Optional<ConfigElement> existing = current.get(ref);
      if (existing.isEmpty()) {
        throw new ConfigUpdateException(Reason.READ_SET_MISMATCH, "CONFIGTX-UPDATE-06",
            "the read set names " + ref + ", which the current config does not contain");
      }
      if (existing.get().version() != read.version()) {
        throw new ConfigUpdateException(Reason.READ_SET_MISMATCH, "CONFIGTX-UPDATE-06",
            "the update was computed against " + ref + " at version "
                + ConfigElement.versionText(read.version()) + ", but it is now at version "
                + ConfigElement.versionText(existing.get().version()));
      }
    }
  }

  private static List<ConfigElement> deltaSet(ConfigMap readSet, ConfigMap writeSet) {
    List<ConfigElement> delta = new ArrayList<>();
    for (ConfigElement w : writeSet.elements().values()) {
      Optional<ConfigElement> r = readSet.get(w.ref());
      if (r.isPresent() && r.get().version() == w.version()) {
        continue;
      }
      delta.add(w);
    }
    delta.sort(Comparator.comparing(ConfigElement::ref, PATH_ORDER));
    return delta;
  }

  private ElementDecision decide(
      ConfigElement e, List<UpdateSignature> signatures, ModPolicies policies) {
    ConfigElementRef ref = e.ref();
    Optional<ConfigElement> existing = current.get(ref);
    long currentVersion = existing.map(ConfigElement::version).orElse(0L);
    String evaluated = existing.map(ConfigElement::modPolicy).orElse("");
    Optional<String> syntax = ConfigKeys.modPolicyProblem(e.modPolicy());
    if (syntax.isPresent()) {
      return new ElementDecision(ref, Status.MOD_POLICY_INVALID, existing.isPresent(),
          currentVersion, e.version(), evaluated, e.modPolicy(), Optional.empty(),
          "the mod_policy written for " + ref + " is invalid: " + syntax.get());
    }
    if (existing.isEmpty()) {
      if (e.version() != 0) {
        return new ElementDecision(ref, Status.VERSION_MISMATCH, false, 0, e.version(), "",
            e.modPolicy(), Optional.empty(), ref + " does not exist yet, so it must be written at "
                + "version 0, not " + ConfigElement.versionText(e.version()));
      }
      return new ElementDecision(ref, Status.NEW, false, 0, 0, "", e.modPolicy(),
          Optional.empty(), "");
    }
    if (e.version() != currentVersion + 1) {
      return new ElementDecision(ref, Status.VERSION_MISMATCH, true, currentVersion, e.version(),
          evaluated, e.modPolicy(), Optional.empty(), ref + " is at version "
              + ConfigElement.versionText(currentVersion) + ", so the update must write version "
              + ConfigElement.versionText(currentVersion + 1) + ", not "
              + ConfigElement.versionText(e.version()));
    }
    boolean absolute = !evaluated.isEmpty() && evaluated.charAt(0) == '/';
    List<String> manager = absolute ? List.of() : ref.modPolicyManagerPath();
    Optional<ModPolicyOutcome> outcome = policies.evaluate(manager, evaluated, signatures);
    if (outcome.isEmpty()) {
      return new ElementDecision(ref, Status.POLICY_NOT_FOUND, true, currentVersion, e.version(),
          evaluated, e.modPolicy(), Optional.empty(), "the mod_policy '" + evaluated + "' of "
              + ref + " names no policy" + (absolute ? "" : " of group /"
                  + String.join("/", prefixed(manager))));
    }
    ModPolicyOutcome o = outcome.get();
    if (!o.satisfied()) {
      return new ElementDecision(ref, Status.NOT_SATISFIED, true, currentVersion, e.version(),
          evaluated, e.modPolicy(), outcome, "the signatures do not satisfy the mod_policy '"
              + evaluated + "' (" + o.policyPath() + ") of " + ref + explain(o));
    }
    return new ElementDecision(ref, Status.SATISFIED, true, currentVersion, e.version(),
        evaluated, e.modPolicy(), outcome, "");
  }

  private static List<String> prefixed(List<String> manager) {
    List<String> p = new ArrayList<>(manager.size() + 1);
    p.add(ConfigMap.ROOT);
    p.addAll(manager);
    return p;
  }

  private static String explain(ModPolicyOutcome o) {
    StringBuilder b = new StringBuilder();
    if (!o.missing().isEmpty()) {
      b.append("; lacking a signature from: ").append(String.join(", ", o.missing()));
    }
    if (!o.dropped().isEmpty()) {
      b.append("; signatures that did not count: ").append(String.join("; ", o.dropped()));
    }
    return b.toString();
  }

  private static ConfigUpdateException failureOf(ElementDecision d) {
    return switch (d.status()) {
      case MOD_POLICY_INVALID -> new ConfigUpdateException(
          Reason.MOD_POLICY_INVALID, "CONFIGTX-UPDATE-08", d.message());
      case VERSION_MISMATCH -> new ConfigUpdateException(
          Reason.VERSION_MISMATCH, "CONFIGTX-UPDATE-08", d.message());
      case POLICY_NOT_FOUND -> new ConfigUpdateException(
          Reason.MOD_POLICY_NOT_FOUND, "CONFIGTX-UPDATE-09", d.message());
      case NOT_SATISFIED -> new ConfigUpdateException(
          Reason.MOD_POLICY_NOT_SATISFIED, "CONFIGTX-UPDATE-08", d.message());
      default -> throw new IllegalStateException("not a failure: " + d.status());
    };
  }
}

package io.msp4j.channel.update;

import io.msp4j.channel.update.UpdateReport.Stage;
import io.msp4j.channel.update.internal.NewConfigRules;
import io.msp4j.core.MspException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Checks a proposed update the way the ordering service does, then says what it means: the
 * validator's verdict with the current config's policies (CONFIGTX-UPDATE-01..12), the proposed
 * config loaded completely and compared with the current one (CONFIGTX-UPDATE-14,
 * CHANNEL-MSP-09), the MSP changes, the impact on known identities and the lock-out guard.
 * Immutable; one checker serves any number of updates against the same current config.
 */
public final class UpdateChecker {
  private final ChannelView current;
  private final ConfigUpdateValidator validator;
  private final ChannelLoader loader;

  private UpdateChecker(ChannelView current, ConfigUpdateValidator validator,
      ChannelLoader loader) {
    this.current = current;
    this.validator = validator;
    this.loader = loader;
  }

  /**
   * A checker for updates to the channel {@code channelId} whose current config is {@code
   * current}; {@code loader} loads proposed configs.
   *
   * @throws ConfigUpdateException when the channel ID or the current config's keys are invalid
   */
  public static UpdateChecker of(String channelId, ChannelView current, ChannelLoader loader) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(loader, "loader");
    return new UpdateChecker(current, ConfigUpdateValidator.of(channelId, current.config()),
        loader);
  }

  /** The validator for the current config. */
  public ConfigUpdateValidator validator() {
    return validator;
  }

  /**
   * Checks an update. {@code known} are the identities whose standing the report follows; the
   * update's signers and the current admin certificates of changed orgs are added to them.
   */
  public UpdateReport check(ConfigUpdateRequest request, List<KnownIdentity> known) {
    return run(request, known, true);
  }

  /**
   * The ordering service's verdict only: authorisation, the proposed config loaded and compared
   * with the current one; no change report, impact or lock-out guard (their lists are empty).
   */
  public UpdateReport verdict(ConfigUpdateRequest request) {
    return run(request, List.of(), false);
  }

  private UpdateReport run(ConfigUpdateRequest request, List<KnownIdentity> known,
      boolean report) {
    UpdateCheck auth = validator.check(request, current.modPolicies());
    List<String> warnings = new ArrayList<>(auth.warnings());
    Optional<ModPolicyOutcome> outer = report ? outerWriters(request) : Optional.empty();
    if (!auth.accepted()) {
      return new UpdateReport(Stage.AUTHORIZATION, auth.failure(), auth.decisions(), warnings,
          Optional.empty(), List.of(), List.of(), List.of(), outer);
    }
    ConfigEnvelope proposed = auth.proposed().orElseThrow();
    Config next = proposed.getConfig();
    List<MspChange> changes = report ? MspChanges.between(current.config(), next) : List.of();
    ChannelView loaded;
    try {
      loaded = loader.load(validator.channelId(), next);
      NewConfigRules.check(current.config(), next);
    } catch (MspException e) {
      return new UpdateReport(Stage.NEW_CONFIG, Optional.of(e), auth.decisions(), warnings,
          auth.proposed(), changes, List.of(), List.of(), outer);
    }
    if (!report) {
      return new UpdateReport(Stage.NONE, Optional.empty(), auth.decisions(), warnings,
          auth.proposed(), List.of(), List.of(), List.of(), outer);
    }
    warnings.addAll(unresolvedModPolicies(auth.decisions(), loaded));
    List<KnownIdentity> all = allKnown(request, resolved(known, loaded), next);
    List<IdentityImpact> impact = IdentityImpacts.of(all, current.mspManager(),
        loaded.mspManager()).stream().filter(IdentityImpact::changed).toList();
    List<Lockout> lockouts = LockoutGuard.check(current.config(), next, all,
        current.identityPolicies(), loaded.identityPolicies());
    return new UpdateReport(Stage.NONE, Optional.empty(), auth.decisions(), warnings,
        auth.proposed(), changes, impact, lockouts, outer);
  }

  /**
   * CONFIGTX-UPDATE-04: the envelope's own signature (over its payload, by the payload's signature
   * header creator) evaluated against {@code /Channel/Writers}; empty for an unsigned envelope or
   * a bare update envelope.
   */
  private Optional<ModPolicyOutcome> outerWriters(ConfigUpdateRequest request) {
    if (request.envelope().isEmpty() || request.envelope().get().getSignature().isEmpty()) {
      return Optional.empty();
    }
    org.hyperledger.fabric.protos.common.Envelope env = request.envelope().get();
    byte[] creator;
    try {
      creator = org.hyperledger.fabric.protos.common.SignatureHeader.parseFrom(
          org.hyperledger.fabric.protos.common.Payload.parseFrom(env.getPayload()).getHeader()
              .getSignatureHeader()).getCreator().toByteArray();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      return Optional.of(new ModPolicyOutcome("/Channel/Writers", false, false, List.of(),
          List.of("the envelope's signature header does not decode: " + e.getMessage())));
    }
    UpdateSignature sd = new UpdateSignature(0, env.getPayload().toByteArray(), creator,
        env.getSignature().toByteArray());
    return current.modPolicies().evaluate(List.of(), "/Channel/Writers", List.of(sd));
  }

  /** CONFIGTX-UPDATE-15: written mod_policies that name no policy of the new config. */
  private static List<String> unresolvedModPolicies(
      List<ElementDecision> decisions, ChannelView loaded) {
    List<String> out = new ArrayList<>();
    for (ElementDecision d : decisions) {
      String mp = d.writtenModPolicy();
      boolean absolute = mp.startsWith("/");
      List<String> manager = absolute ? List.of() : d.ref().modPolicyManagerPath();
      if (!loaded.modPolicies().exists(manager, mp)) {
        out.add(d.ref() + " is written with mod_policy '" + mp + "', which names no policy of the "
            + "new config: nobody will be able to modify it (CONFIGTX-UPDATE-15)");
      }
    }
    return out;
  }

  /** Bare certificates given their MSP ID; those no MSP recognises are left out. */
  private List<KnownIdentity> resolved(List<KnownIdentity> known, ChannelView loaded) {
    List<KnownIdentity> out = new ArrayList<>(known.size());
    for (KnownIdentity k : known) {
      if (!k.certificateOnly()) {
        out.add(k);
        continue;
      }
      IdentityImpacts.resolve(k.serialized(), current.mspManager(), loaded.mspManager())
          .ifPresent(id -> out.add(new KnownIdentity(k.label(), id)));
    }
    return out;
  }

  /** The caller's identities, then the update's signers, then admin certs of changed orgs. */
  private List<KnownIdentity> allKnown(
      ConfigUpdateRequest request, List<KnownIdentity> known, Config next) {
    Map<String, KnownIdentity> byBytes = new LinkedHashMap<>();
    for (KnownIdentity k : known) {
      byBytes.putIfAbsent(key(k.serialized()), k);
    }
    for (UpdateSignature s : request.signatures()) {
      byBytes.putIfAbsent(key(s.identity()),
          new KnownIdentity("signer of signature " + s.index(), s.identity()));
    }
    Map<String, ConfigGroup> was = OrgGroups.of(current.config());
    Map<String, ConfigGroup> will = OrgGroups.of(next);
    for (Map.Entry<String, ConfigGroup> e : was.entrySet()) {
      ConfigGroup after = will.get(e.getKey());
      if (after == null || after.equals(e.getValue())) {
        continue;
      }
      FabricMSPConfig f = fabric(e.getValue());
      if (f == null) {
        continue;
      }
      for (int i = 0; i < f.getAdminsCount(); i++) {
        byte[] id = SerializedIdentity.newBuilder().setMspid(f.getName())
            .setIdBytes(f.getAdmins(i)).build().toByteArray();
        byBytes.putIfAbsent(key(id), new KnownIdentity(
            "admin certificate " + i + " of " + e.getKey(), id));
      }
    }
    return List.copyOf(byBytes.values());
  }

  private static FabricMSPConfig fabric(ConfigGroup org) {
    ConfigValue v = org.getValuesMap().get("MSP");
    if (v == null) {
      return null;
    }
    try {
      MSPConfig m = MSPConfig.parseFrom(v.getValue());
      return m.getType() == 0 ? FabricMSPConfig.parseFrom(m.getConfig()) : null;
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      return null;
    }
  }

  private static String key(byte[] b) {
    return java.util.HexFormat.of().formatHex(b);
  }

}

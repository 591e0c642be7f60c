package io.msp4j.cli;

import io.msp4j.channel.rotation.RotationPlan;
import io.msp4j.channel.rotation.RotationRefusal;
import io.msp4j.channel.rotation.RotationStep;
import io.msp4j.channel.rotation.StepPolicy;
import io.msp4j.channel.update.IdentityImpact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A rotation plan as {@code rotate-ca} writes it: one unsigned envelope per step
 * ({@code 01-add.pb}, ...), {@code plan.json} (the object {@code --json} prints) and
 * {@code plan.txt} (the text summary).
 */
final class RotationOutput {
  private RotationOutput() {}

  static void write(RotationPlan plan, String channelId, boolean allowLockout, Path dir)
      throws IOException {
    Files.createDirectories(dir);
    for (RotationStep s : plan.steps()) {
      Files.write(dir.resolve(s.fileName()), s.envelope().toByteArray());
      Files.write(dir.resolve(afterName(s)), afterBlock(s, channelId));
    }
    Files.writeString(dir.resolve("plan.json"),
        Json.write(json(plan, channelId, allowLockout)) + "\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("plan.txt"), text(plan, channelId, dir),
        StandardCharsets.UTF_8);
  }

  /** {@code after-01-add.block}: the config the step leaves, for checking the next step offline. */
  static String afterName(RotationStep s) {
    return "after-" + s.fileName().replace(".pb", ".block");
  }

  /**
   * The config a step leaves as an unsigned config block (what the ordering service would cut,
   * without its signatures and hashes): {@code check-update --block} and {@code rotate-ca --block}
   * take it to judge the next step before the real block exists.
   */
  static byte[] afterBlock(RotationStep s, String channelId) {
    org.hyperledger.fabric.protos.common.ChannelHeader ch =
        org.hyperledger.fabric.protos.common.ChannelHeader.newBuilder()
            .setType(org.hyperledger.fabric.protos.common.HeaderType.CONFIG_VALUE)
            .setChannelId(channelId).build();
    org.hyperledger.fabric.protos.common.Payload payload =
        org.hyperledger.fabric.protos.common.Payload.newBuilder()
            .setHeader(org.hyperledger.fabric.protos.common.Header.newBuilder()
                .setChannelHeader(ch.toByteString()))
            .setData(org.hyperledger.fabric.protos.common.ConfigEnvelope.newBuilder()
                .setConfig(s.next()).setLastUpdate(s.envelope()).build().toByteString())
            .build();
    org.hyperledger.fabric.protos.common.Envelope env =
        org.hyperledger.fabric.protos.common.Envelope.newBuilder()
            .setPayload(payload.toByteString()).build();
    org.hyperledger.fabric.protos.common.BlockMetadata.Builder md =
        org.hyperledger.fabric.protos.common.BlockMetadata.newBuilder();
    for (int i = 0; i < 5; i++) {
      md.addMetadata(com.google.protobuf.ByteString.EMPTY);
    }
    return org.hyperledger.fabric.protos.common.Block.newBuilder()
        .setHeader(org.hyperledger.fabric.protos.common.BlockHeader.newBuilder()
            .setNumber(s.next().getSequence()))
        .setData(org.hyperledger.fabric.protos.common.BlockData.newBuilder()
            .addData(env.toByteString()))
        .setMetadata(md).build().toByteArray();
  }

  static Map<String, Object> json(RotationPlan plan, String channelId, boolean allowLockout) {
    List<Object> steps = new ArrayList<>();
    for (RotationStep s : plan.steps()) {
      List<Object> policies = new ArrayList<>();
      for (StepPolicy p : s.policies()) {
        policies.add(Json.object("element", p.element(), "mod_policy", p.modPolicy(),
            "policy_path", p.policyPath(), "signers", p.signers()));
      }
      List<Object> ids = new ArrayList<>();
      for (IdentityImpact i : s.standings()) {
        ids.add(Json.object("identity", i.label(), "subject", i.subject(),
            "before", UpdateReportOutput.standing(i.before()),
            "after", UpdateReportOutput.standing(i.after()), "changed", i.changed()));
      }
      steps.add(Json.object("number", s.number(), "file", s.fileName(),
          "after_block", afterName(s), "kind", s.kind().word(),
          "changes", s.changes(), "policies", policies, "lockout_allowed", s.lockoutAllowed(),
          "sequence", s.next().getSequence(), "identities", ids,
          "check", UpdateReportOutput.jsonObject(s.report(), allowLockout)));
    }
    List<Object> refusals = new ArrayList<>();
    for (RotationRefusal r : plan.refusals()) {
      refusals.add(Json.object("step", r.step().word(), "rule", r.rule(),
          "message", r.message(), "items", r.items()));
    }
    return Json.object("channel_id", channelId, "org", plan.org(), "msp_id", plan.mspId(),
        "complete", plan.complete(), "steps", steps, "refusals", refusals,
        "notes", plan.notes());
  }

  static String text(RotationPlan plan, String channelId, Path dir) {
    StringBuilder b = new StringBuilder();
    b.append("CA rotation of ").append(plan.mspId()).append(" (").append(plan.org())
        .append(") on channel ").append(channelId).append(": ").append(plan.steps().size())
        .append(plan.steps().size() == 1 ? " step" : " steps").append(" written to ")
        .append(dir).append('\n');
    for (RotationStep s : plan.steps()) {
      b.append('\n').append(s.fileName()).append("  (").append(s.kind().word())
          .append(", config sequence ").append(s.next().getSequence() - 1).append(" -> ")
          .append(s.next().getSequence()).append("; leaves ").append(afterName(s))
          .append(")\n");
      s.changes().forEach(c -> b.append("  changes: ").append(c).append('\n'));
      s.policies().forEach(p -> b.append("  needs:   ").append(p).append('\n'));
      List<IdentityImpact> changed = s.standings().stream().filter(IdentityImpact::changed)
          .toList();
      if (changed.isEmpty()) {
        b.append("  identities: ").append(s.standings().size())
            .append(" followed, none gains or loses validity or a role\n");
      } else {
        for (IdentityImpact i : changed) {
          b.append("  identity: ").append(i.label()).append(": ").append(brief(i)).append('\n');
        }
      }
      s.report().lockouts().forEach(l -> b.append("  LOCK-OUT (allowed): ").append(l)
          .append('\n'));
      s.report().warnings().forEach(w -> b.append("  warning: ").append(w).append('\n'));
    }
    for (RotationRefusal r : plan.refusals()) {
      b.append("\nREFUSED: ").append(r.step().word()).append(" step [").append(r.rule())
          .append("] ").append(r.message()).append('\n');
      r.items().forEach(i -> b.append("  - ").append(i).append('\n'));
    }
    if (!plan.notes().isEmpty()) {
      b.append('\n');
      plan.notes().forEach(n -> b.append("note: ").append(n).append('\n'));
    }
    return b.toString();
  }

  private static String brief(IdentityImpact i) {
    return word(i.before().valid(), i.before().roles()) + " -> "
        + word(i.after().valid(), i.after().roles())
        + (i.after().valid() ? "" : " (" + i.after().problem() + ")");
  }

  private static String word(boolean valid, java.util.Set<String> roles) {
    return valid ? "valid " + new TreeSet<>(roles) : "invalid";
  }
}

package io.msp4j.cli;

import io.msp4j.channel.update.ElementDecision;
import io.msp4j.channel.update.IdentityImpact;
import io.msp4j.channel.update.IdentityStanding;
import io.msp4j.channel.update.Lockout;
import io.msp4j.channel.update.MspChange;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.core.MspException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Prints an update report as text or as the one JSON object of {@code check-update --json}. */
final class UpdateReportOutput {
  private UpdateReportOutput() {}

  static void json(UpdateReport r, boolean allowLockout, PrintWriter out) {
    out.println(Json.write(jsonObject(r, allowLockout)));
    out.flush();
  }

  /** The report as the object {@code check-update --json} prints. */
  static Map<String, Object> jsonObject(UpdateReport r, boolean allowLockout) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("accepted", r.accepted());
    o.put("stage", r.stage().jsonName());
    MspException f = r.failure().map(e -> e instanceof MspException m ? m : null).orElse(null);
    o.put("rule", f == null ? null : f.rule());
    o.put("reason", f == null ? null : f.reason().name());
    o.put("message", r.failure().map(e -> f == null ? e.getMessage() : f.detail()).orElse(null));
    List<Object> policies = new ArrayList<>();
    for (ElementDecision d : r.decisions()) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("path", d.ref().path());
      p.put("kind", d.ref().kind().word());
      p.put("status", d.status().name().toLowerCase(java.util.Locale.ROOT));
      p.put("mod_policy", d.existing() ? d.modPolicy() : null);
      p.put("policy_path", d.outcome().map(x -> x.policyPath()).orElse(null));
      p.put("satisfied", d.status().allows());
      p.put("written_mod_policy", d.writtenModPolicy());
      p.put("missing", d.outcome().map(x -> (Object) x.missing()).orElse(List.of()));
      p.put("dropped", d.outcome().map(x -> (Object) x.dropped()).orElse(List.of()));
      p.put("message", d.message().isEmpty() ? null : d.message());
      policies.add(p);
    }
    o.put("policies", policies);
    o.put("changes", changes(r.changes()));
    List<Object> impact = new ArrayList<>();
    for (IdentityImpact i : r.impact()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("identity", i.label());
      m.put("msp_id", i.mspId());
      m.put("subject", i.subject());
      m.put("before", standing(i.before()));
      m.put("after", standing(i.after()));
      impact.add(m);
    }
    o.put("impact", impact);
    o.put("lockout", r.locksOut());
    List<Object> lockouts = new ArrayList<>();
    for (Lockout l : r.lockouts()) {
      lockouts.add(map("org", l.org(), "policy", l.policyPath(), "admins_today", l.adminsToday()));
    }
    o.put("lockouts", lockouts);
    o.put("allow_lockout", allowLockout);
    o.put("outer_writers", r.outerWriters().map(w -> (Object) map("policy_path", w.policyPath(),
        "satisfied", w.satisfied(), "missing", w.missing(), "dropped", w.dropped())).orElse(null));
    o.put("warnings", r.warnings());
    return o;
  }

  static Map<String, Object> standing(IdentityStanding s) {
    return map("valid", s.valid(), "problem", s.problem().isEmpty() ? null : s.problem(),
        "roles", new ArrayList<>(new TreeSet<>(s.roles())));
  }

  /** MSP and policy changes as {@code check-update --json} and {@code channel follow --json} print them. */
  static List<Object> changes(List<MspChange> changes) {
    List<Object> out = new ArrayList<>();
    for (MspChange c : changes) {
      out.add(map("org", c.org(), "kind", c.kind().name().toLowerCase(java.util.Locale.ROOT),
          "detail", c.detail()));
    }
    return out;
  }

  private static Map<String, Object> map(Object... kv) {
    return Json.object(kv);
  }

  static void text(UpdateReport r, boolean allowLockout, PrintWriter out) {
    if (r.accepted()) {
      out.println("ordering service: ACCEPTED");
    } else {
      RuntimeException e = r.failure().orElseThrow();
      String why = e instanceof MspException m ? "[" + m.rule() + "] " + m.detail() : e.toString();
      out.println("ordering service: REJECTED at " + r.stage().jsonName() + ": " + why);
    }
    if (!r.decisions().isEmpty()) {
      out.println("changed elements:");
      for (ElementDecision d : r.decisions()) {
        String line = "  " + d.ref() + ": ";
        line += switch (d.status()) {
          case NEW -> "new (no policy evaluated; written mod_policy '" + d.writtenModPolicy()
              + "')";
          case SATISFIED -> "mod_policy '" + d.modPolicy() + "' ("
              + d.outcome().orElseThrow().policyPath() + ") satisfied";
          default -> d.message();
        };
        out.println(line);
      }
    }
    for (String w : r.warnings()) {
      out.println("warning: " + w);
    }
    r.outerWriters().ifPresent(w -> out.println("envelope signature: " + w.policyPath()
        + (w.satisfied() ? " satisfied" : " NOT satisfied (the ordering service checks it first)")));
    if (!r.changes().isEmpty()) {
      out.println("MSP and policy changes:");
      r.changes().forEach(c -> out.println("  " + c));
    }
    if (!r.impact().isEmpty()) {
      out.println("impact on known identities:");
      r.impact().forEach(i -> out.println("  " + i));
    } else if (r.accepted()) {
      out.println("impact on known identities: none");
    }
    for (Lockout l : r.lockouts()) {
      out.println((allowLockout ? "LOCK-OUT (allowed): " : "LOCK-OUT: ") + l);
    }
    out.flush();
  }
}

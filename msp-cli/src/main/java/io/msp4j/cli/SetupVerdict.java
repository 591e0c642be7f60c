package io.msp4j.cli;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.x509.X509Msps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Whether an inspected configuration sets up, and why not: what {@code inspect} reports first. */
record SetupVerdict(MspVersion version, Optional<MspSetupException> failure) {

  static SetupVerdict of(MspInputs.Loaded msp, MspVersion version) {
    try {
      if (IdemixInspect.isIdemix(msp.config())) {
        IdemixMsps.setup(msp.config(), version, msp.setup().release());
      } else {
        X509Msps.setup(msp.config(), version, msp.setup());
      }
      return new SetupVerdict(version, Optional.empty());
    } catch (MspSetupException e) {
      return new SetupVerdict(version, Optional.of(e));
    }
  }

  String text() {
    return failure
        .map(e -> "setup FAILS at MSP version " + version.label() + ": [" + e.rule() + "] " + e.detail())
        .orElse("setup: ok at MSP version " + version.label());
  }

  Map<String, Object> json() {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("ok", failure.isEmpty());
    o.put("version", version.label());
    o.put("reason", failure.map(e -> e.reason().name()).orElse(null));
    o.put("rule", failure.map(MspSetupException::rule).orElse(null));
    o.put("message", failure.map(MspSetupException::detail).orElse(null));
    return o;
  }
}

package io.msp4j.metrics;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.MspInspector;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * The MSP configurations of one generation, for the expiry gauges: which gauges they have (read
 * from the configurations' fields, cheaply, on the reloading thread) and the earliest {@code
 * notAfter} of each, found by {@code msp expiry}'s inspection the first time a gauge is read, on
 * the reading thread, then kept. Thread-safe.
 */
final class ExpiryDates {
  /** One gauge: an MSP and a kind of certificate. */
  record Key(String mspId, String kind) {}

  /** One MSP's configuration and the files its entries came from. */
  record Config(MSPConfig msp, ConfigSources sources) {}

  static final ExpiryDates NONE = new ExpiryDates(List.of());

  private final List<Config> configs;
  private final Set<Key> keys;
  private volatile Map<Key, Instant> dates;

  ExpiryDates(List<Config> configs) {
    this.configs = List.copyOf(configs);
    Set<Key> k = new HashSet<>();
    for (Config c : this.configs) {
      kinds(c.msp(), k);
    }
    this.keys = Set.copyOf(k);
  }

  /** The gauges these configurations have: one per MSP and kind of certificate it holds. */
  Set<Key> keys() {
    return keys;
  }

  /** The earliest notAfter of each key, inspected on the first call. */
  Map<Key, Instant> dates() {
    Map<Key, Instant> d = dates;
    if (d == null) {
      synchronized (this) {
        d = dates;
        if (d == null) {
          d = inspect();
          dates = d;
        }
      }
    }
    return d;
  }

  private Map<Key, Instant> inspect() {
    Map<Key, Instant> out = new HashMap<>();
    for (Config c : configs) {
      if (c.msp().getType() != 0) {
        continue;
      }
      MspInspection inspection =
          MspInspector.inspect(c.msp(), InspectOptions.defaults().withSources(c.sources()));
      for (CertificateNode n : inspection.allCertificates()) {
        Optional<String> kind = CertificateKinds.of(n.role());
        if (kind.isPresent()) {
          out.merge(new Key(inspection.mspId(), kind.get()), n.notAfter(),
              (a, b) -> a.isBefore(b) ? a : b);
        }
      }
    }
    return Map.copyOf(out);
  }

  /** The kinds of certificate an X.509 MSP configuration holds (Idemix: none). */
  private static void kinds(MSPConfig config, Set<Key> out) {
    if (config.getType() != 0) {
      return; // not FABRIC (X.509): Idemix credentials carry no notAfter
    }
    FabricMSPConfig f;
    try {
      f = FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      return;
    }
    String id = f.getName();
    if (f.getRootCertsCount() > 0) {
      out.add(new Key(id, "root_ca"));
    }
    if (f.getIntermediateCertsCount() > 0) {
      out.add(new Key(id, "intermediate_ca"));
    }
    if (f.getTlsRootCertsCount() > 0 || f.getTlsIntermediateCertsCount() > 0) {
      out.add(new Key(id, "tls_ca"));
    }
    if (f.getAdminsCount() > 0) {
      out.add(new Key(id, "admin"));
    }
    if (f.hasSigningIdentity() && !f.getSigningIdentity().getPublicSigner().isEmpty()) {
      out.add(new Key(id, "signing_identity"));
    }
  }
}

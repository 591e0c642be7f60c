package io.msp4j.cli.operations;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code msp.expiry}: a warning (status 200) while a certificate of an MSP in use expires within
 * the window ({@code --health-expiry-window}, default 30d), a failure once one has expired. The
 * certificates are given per source (the channel's MSPs, a watched folder, the local MSP) and
 * replaced on each new generation; the check compares them with the clock each time it runs.
 */
public final class ExpiryCheck implements HealthCheck {
  /** How many certificates a reason names before it only counts the rest. */
  private static final int NAMED = 3;

  private final Duration window;
  private final Map<String, List<CertificateExpiry>> bySource = new ConcurrentHashMap<>();

  /** A check with this window (not negative). */
  public ExpiryCheck(Duration window) {
    if (window.isNegative()) {
      throw new IllegalArgumentException("the expiry window must not be negative: " + window);
    }
    this.window = window;
  }

  /** Replaces the certificates of {@code source}, such as {@code channel mychannel}. */
  public void update(String source, List<CertificateExpiry> certificates) {
    bySource.put(Objects.requireNonNull(source, "source"), List.copyOf(certificates));
  }

  @Override
  public String component() {
    return "msp.expiry";
  }

  @Override
  public HealthStatus check(Instant now) {
    List<CertificateExpiry> expired = new ArrayList<>();
    List<CertificateExpiry> expiring = new ArrayList<>();
    Instant horizon = now.plus(window);
    bySource.values().forEach(l -> l.forEach(c -> {
      if (!c.notAfter().isAfter(now)) {
        expired.add(c);
      } else if (!c.notAfter().isAfter(horizon)) {
        expiring.add(c);
      }
    }));
    if (!expired.isEmpty()) {
      return HealthStatus.failed(describe(expired, "expired") + (expiring.isEmpty() ? ""
          : "; " + describe(expiring, "expire within " + Durations.text(window))));
    }
    if (!expiring.isEmpty()) {
      return HealthStatus.warning(describe(expiring, "expire within " + Durations.text(window)));
    }
    return HealthStatus.ok();
  }

  private static String describe(List<CertificateExpiry> certs, String what) {
    List<CertificateExpiry> sorted = new ArrayList<>(certs);
    sorted.sort(Comparator.comparing(CertificateExpiry::notAfter));
    StringBuilder b = new StringBuilder().append(sorted.size())
        .append(sorted.size() == 1 ? " certificate " : " certificates ")
        .append(sorted.size() == 1 ? what.replace("expire ", "expires ") : what).append(": ");
    for (int i = 0; i < Math.min(NAMED, sorted.size()); i++) {
      b.append(i == 0 ? "" : ", ").append(sorted.get(i));
    }
    if (sorted.size() > NAMED) {
      b.append(", and ").append(sorted.size() - NAMED).append(" more");
    }
    return b.toString();
  }

  @Override
  public String toString() {
    return component() + " (window " + Durations.text(window) + ")";
  }
}

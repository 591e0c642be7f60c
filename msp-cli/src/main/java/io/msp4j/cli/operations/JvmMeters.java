package io.msp4j.cli.operations;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import java.util.List;

/** The JVM and process meters Micrometer provides, new for each server. */
public final class JvmMeters {
  private JvmMeters() {}

  /**
   * Memory, garbage collection, threads, class loading, JVM version, CPU, uptime and open files
   * ({@code jvm_*}, {@code process_*}, {@code system_*}). {@link JvmGcMetrics} holds listeners
   * until closed; the server closes it.
   */
  public static List<MeterBinder> binders() {
    return List.of(new JvmMemoryMetrics(), new JvmGcMetrics(), new JvmThreadMetrics(),
        new ClassLoaderMetrics(), new JvmInfoMetrics(), new ProcessorMetrics(),
        new UptimeMetrics(), new FileDescriptorMetrics());
  }
}

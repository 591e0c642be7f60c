package io.msp4j.bench;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The bytes of the objects alive on the heap, from the JVM's class histogram (the diagnostic
 * command {@code GC.class_histogram}, which collects first): the figure closest to Go's {@code
 * runtime.MemStats.HeapAlloc} after {@code runtime.GC}, without the free space of partly used
 * heap regions that the used-heap figure counts.
 */
final class LiveHeap {
  private LiveHeap() {}

  static long bytes() {
    String histogram;
    try {
      histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
          new Object[] {new String[0]}, new String[] {String[].class.getName()});
    } catch (JMException e) {
      throw new IllegalStateException("no class histogram from this JVM", e);
    }
    for (String line : histogram.split("\n")) {
      String[] p = line.trim().split("\\s+");
      if (p.length == 3 && p[0].equals("Total")) {
        return Long.parseLong(p[2]);
      }
    }
    throw new IllegalStateException("no total in the class histogram");
  }
}

package io.msp4j.x509;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Msp;

/**
 * An X.509 MSP (Fabric provider type 0), obtained only fully set up from {@link X509Msps}.
 * Immutable and safe to share between threads.
 */
public interface X509Msp extends Msp {
  /** The Fabric release whose verdicts this MSP gives ({@link SetupOptions#release()}). */
  FabricRelease release();
}

package io.msp4j.metrics;

/** The tag keys msp4j's meters share. */
final class MeterNames {
  static final String CHANNEL = "channel";
  static final String MSP_ID = "msp_id";
  static final String SOURCE = "source";
  static final String OUTCOME = "outcome";
  static final String REASON = "reason";
  static final String KIND = "kind";
  static final String STATUS = "status";
  static final String RESULT = "result";

  private MeterNames() {}
}

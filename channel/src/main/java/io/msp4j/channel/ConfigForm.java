package io.msp4j.channel;

/** The form in which a channel configuration was given (see {@link ConfigBlocks#decode}). */
public enum ConfigForm {
  /**
   * A {@code common.Block} as peers and orderers store it: {@code data[0]} is an {@code Envelope}
   * whose payload has a channel header of type {@code CONFIG} and carries a {@code
   * ConfigEnvelope}.
   */
  BLOCK("config block"),
  /** A bare {@code common.ConfigEnvelope} (a config and, optionally, the update that made it). */
  CONFIG_ENVELOPE("ConfigEnvelope"),
  /** A bare {@code common.Config} (sequence and channel group). */
  CONFIG("Config");

  private final String label;

  ConfigForm(String label) {
    this.label = label;
  }

  /** How messages name this form, such as {@code config block}. */
  public String label() {
    return label;
  }
}

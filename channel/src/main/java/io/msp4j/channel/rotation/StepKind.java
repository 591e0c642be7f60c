package io.msp4j.channel.rotation;

/** What a step of a rotation plan does. */
public enum StepKind {
  /** New CAs beside the old, NodeOU pins relaxed, OU identifiers and re-issued admins added. */
  ADD("add"),
  /** One consenter's TLS certificates swapped for re-issued ones. */
  CONSENTER("consenter"),
  /** Old CAs, their CRLs, OU identifiers and admin certificates taken out; pins moved. */
  RETIRE("retire");

  private final String word;

  StepKind(String word) {
    this.word = word;
  }

  /** The word in file names and JSON: {@code add}, {@code consenter}, {@code retire}. */
  public String word() {
    return word;
  }
}

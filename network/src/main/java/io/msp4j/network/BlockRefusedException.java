package io.msp4j.network;

import io.msp4j.channel.check.Refusal;
import io.msp4j.core.MspException;
import java.util.Objects;

/**
 * A delivered block that msp4j does not hand on, because it fails a check a Fabric peer's deliver
 * client makes (DELIVER-01..06): nothing after it is applied. {@link #refusal()} says which check
 * ({@code DELIVER-02} ...), the reason, the rule that decided (an MSP's, such as {@code
 * VALIDATE-CRL-02}, when a signer was found wanting) and what and where.
 */
public final class BlockRefusedException extends MspException {
  private static final long serialVersionUID = 1L;

  private final long number;
  private final transient Refusal refusal;

  /** A refusal of block {@code number}. */
  public BlockRefusedException(long number, Refusal refusal) {
    super(refusal.reason(), refusal.rule(), "block " + Long.toUnsignedString(number) + " refused by "
        + refusal.check() + ": " + refusal.message());
    this.number = number;
    this.refusal = Objects.requireNonNull(refusal, "refusal");
  }

  /** The number the refused block carries (0 when it has no header). */
  public long number() {
    return number;
  }

  /** The check that refused it, its reason, rule and message. */
  public Refusal refusal() {
    return refusal;
  }
}

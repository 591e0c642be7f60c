package io.msp4j.channel;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.Objects;

/**
 * A channel configuration cannot be used: the bytes are not a config block, {@code
 * ConfigEnvelope} or {@code Config}, or the configuration breaks a rule Fabric checks when it
 * loads a channel (org groups, MSP setup, capabilities, channel values, policies). The whole
 * configuration is rejected, as Fabric rejects it.
 *
 * <p>{@link #path()} names the place at fault: a config path such as {@code
 * /Channel/Application/Org1} or {@code /Channel/Orderer/BatchTimeout}, or the place in the bytes
 * such as {@code Block.data[0].payload}. When an organisation's MSP fails to set up, the reason
 * and rule are the MSP's own (for example {@code SETUP-CA-01}) and {@link #getCause()} is the
 * {@link io.msp4j.core.MspSetupException}.
 */
public final class ChannelConfigException extends MspException {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final String problem;

  /** A failure at {@code path}; the message says what is wrong there. */
  public ChannelConfigException(Reason reason, String rule, String path, String message) {
    this(reason, rule, path, message, null);
  }

  /** A failure at {@code path} with an underlying cause. */
  public ChannelConfigException(
      Reason reason, String rule, String path, String message, Throwable cause) {
    super(reason, rule, Objects.requireNonNull(path, "path") + ": " + message, cause);
    this.path = path;
    this.problem = message;
  }

  /** What is wrong at {@link #path()}, without the path and the rule. */
  public String problem() {
    return problem;
  }

  /** The config path or byte location at fault. */
  public String path() {
    return path;
  }
}

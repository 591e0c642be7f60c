package io.msp4j.channel.json;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;

/**
 * A message could not be written as (or read from) configtxlator's JSON: an opaque field whose
 * type is unknown in its place (such as a config value key Fabric does not know), or bytes that
 * do not decode as the message they should hold. The message names the path of the field.
 */
public final class FabricJsonException extends MspException {
  private static final long serialVersionUID = 1L;

  public FabricJsonException(String message) {
    super(Reason.CONFIG_JSON_UNDECODABLE, "CONFIG-JSON", message);
  }

  public FabricJsonException(String message, Throwable cause) {
    super(Reason.CONFIG_JSON_UNDECODABLE, "CONFIG-JSON", message, cause);
  }
}

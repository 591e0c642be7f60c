package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;

/**
 * A config update computed between two configs ({@link ConfigUpdates#diff}), with the values and
 * policies it leaves out because they differ only in their encoding.
 *
 * @param update the update
 * @param reencoded the values and policies whose bytes differ between the two configs but that
 *     decode to equal messages of their type (protobuf maps encoded in another order, say): they
 *     are not in the write set, in path order
 */
public record ComputedUpdate(org.hyperledger.fabric.protos.common.ConfigUpdate update,
    List<ConfigElementRef> reencoded) {

  /** Checks the parts and copies the list. */
  public ComputedUpdate {
    Objects.requireNonNull(update, "update");
    reencoded = List.copyOf(reencoded);
  }

  /**
   * One line for an operator, such as {@code values equal as messages but encoded differently:
   * /Channel/Application/ACLs (left out of the update)}; empty when nothing was left out.
   */
  public String note() {
    return reencoded.isEmpty() ? "" : ConfigUpdates.reencodedNote(reencoded);
  }
}

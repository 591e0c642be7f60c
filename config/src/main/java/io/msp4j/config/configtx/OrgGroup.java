package io.msp4j.config.configtx;

import java.util.Objects;
import org.hyperledger.fabric.protos.common.ConfigGroup;

/**
 * An organisation's channel config group and the kind of group it was built as.
 *
 * @param kind which encoding was used (its values and how configtxlator's JSON decodes them)
 * @param group the group
 */
public record OrgGroup(Kind kind, ConfigGroup group) {

  /** The place of the group in a channel config. */
  public enum Kind {
    /** {@code /Channel/Application/<Name>}: MSP, policies, AnchorPeers. */
    APPLICATION,
    /** {@code /Channel/Orderer/<Name>}: MSP, policies, Endpoints. */
    ORDERER,
    /** {@code /Channel/Consortiums/<Consortium>/<Name>}: MSP and policies. */
    CONSORTIUM
  }

  public OrgGroup {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(group, "group");
  }
}

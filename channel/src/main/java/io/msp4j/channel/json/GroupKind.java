package io.msp4j.channel.json;

/**
 * Where a config group sits in a channel config, which decides how configtxlator's JSON decodes
 * its values (a {@code ConfigGroup} does not say what it is; Fabric's protolator is told).
 */
public enum GroupKind {
  /** {@code /Channel}: sub-groups Orderer, Application, Consortiums. */
  CHANNEL,
  /** {@code /Channel/Orderer}. */
  ORDERER,
  /** {@code /Channel/Orderer/<Org>}: MSP, Endpoints. */
  ORDERER_ORG,
  /** {@code /Channel/Application}. */
  APPLICATION,
  /** {@code /Channel/Application/<Org>}: MSP, AnchorPeers. */
  APPLICATION_ORG,
  /** {@code /Channel/Consortiums}. */
  CONSORTIUMS,
  /** {@code /Channel/Consortiums/<Consortium>}. */
  CONSORTIUM,
  /** {@code /Channel/Consortiums/<Consortium>/<Org>}: MSP. */
  CONSORTIUM_ORG
}

package io.msp4j.channel;

/** Where an organisation's group sits in a channel configuration (CHANNEL-MSP-01, -02). */
public enum OrgKind {
  /** Under {@code /Channel/Application}: values {@code MSP} and {@code AnchorPeers}. */
  APPLICATION,
  /** Under {@code /Channel/Orderer}: values {@code MSP} and {@code Endpoints}. */
  ORDERER,
  /** Under a consortium in {@code /Channel/Consortiums}: value {@code MSP} only. */
  CONSORTIUM
}

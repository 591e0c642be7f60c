package io.msp4j.channel.update;

import org.hyperledger.fabric.protos.common.Config;

/** Loads a configuration completely, as a peer or orderer does when it commits one. */
@FunctionalInterface
public interface ChannelLoader {

  /**
   * @param channelId the channel's ID
   * @param config the configuration
   * @throws io.msp4j.core.MspException (or a subclass) naming the rule that refused the
   *     configuration: an org MSP that does not set up, a policy that does not compile, an
   *     unsupported capability (CONFIGTX-UPDATE-14, CHANNEL-MSP-*)
   */
  ChannelView load(String channelId, Config config);
}

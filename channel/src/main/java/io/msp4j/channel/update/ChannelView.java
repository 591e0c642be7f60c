package io.msp4j.channel.update;

import io.msp4j.core.MspManager;
import org.hyperledger.fabric.protos.common.Config;

/**
 * A channel configuration loaded completely (every org MSP set up, every policy compiled), as
 * the update checker needs it. The channel module's loader and policy manager provide it.
 */
public interface ChannelView {

  /** The configuration. */
  Config config();

  /** The channel's MSPs. */
  MspManager mspManager();

  /** The policy tree, for mod_policy evaluation over signatures. */
  ModPolicies modPolicies();

  /** The policy tree, for evaluation on one identity without signatures. */
  IdentityPolicies identityPolicies();
}

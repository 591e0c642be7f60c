package io.msp4j.channel.internal.load;

import io.msp4j.channel.ChannelCapabilities;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;

/**
 * Loads a channel configuration in Fabric's order: the structural pass and the org MSPs (with
 * their rules), the MSP manager, then the names of the tree and the channel ID. Policies are
 * compiled by the caller between the MSPs and the names, as Fabric compiles them.
 */
public final class ChannelLoader {
  private ChannelLoader() {}

  /** The channel's capabilities, orgs and MSP manager. */
  public record Loaded(ChannelCapabilities capabilities, List<ChannelOrg> orgs, MspManager manager) {}

  /**
   * Checks the configuration and sets up its org MSPs.
   *
   * @throws io.msp4j.channel.ChannelConfigException at the first fault
   */
  public static Loaded orgs(Config config, ChannelOptions options) {
    ConfigWalk.Result walk = ConfigWalk.walk(config, options.setup().release());
    List<ChannelOrg> orgs = OrgMsps.setUp(walk.proposals(), walk.stop(),
        walk.capabilities().mspVersion(), options.setup(), options.parallelism(), options.reuse(),
        options.shared().orElse(null));
    Map<String, Msp> unique = new LinkedHashMap<>();
    for (ChannelOrg o : orgs) {
      unique.putIfAbsent(o.mspId(), o.msp());
    }
    MspManager manager = MspManager.of(new ArrayList<>(unique.values()));
    return new Loaded(walk.capabilities(), orgs, manager);
  }

  /** The checks Fabric's config validator makes after the policies: channel ID and names. */
  public static void names(Optional<String> channelId, Config config) {
    channelId.ifPresent(ConfigKeys::checkChannelId);
    ConfigKeys.checkTree(config.getChannelGroup());
  }
}

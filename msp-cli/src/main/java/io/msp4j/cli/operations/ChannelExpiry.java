package io.msp4j.cli.operations;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.core.reload.Generation;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.x509.ConfigSources;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Gives the {@link ExpiryCheck} the certificates of every organisation MSP of each new
 * generation of a followed channel. Add it as a listener of the channel.
 */
public final class ChannelExpiry implements ReloadListener<Channel> {
  private final ExpiryCheck check;
  private final String source;

  /** Updates {@code check} with the MSPs of channel {@code channelId}. */
  public ChannelExpiry(ExpiryCheck check, String channelId) {
    this.check = Objects.requireNonNull(check, "check");
    this.source = "channel " + Objects.requireNonNull(channelId, "channelId");
  }

  @Override
  public void reloaded(Generation<? extends Channel> generation) {
    List<CertificateExpiry> all = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ChannelOrg org : generation.value().orgs()) {
      if (seen.add(org.mspId())) { // org groups with one MSP ID hold the same MSP (CHANNEL-MSP-07)
        all.addAll(CertificateExpiry.of(org.mspConfig(), ConfigSources.none()));
      }
    }
    check.update(source, all);
  }
}

package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.core.policy.VerifiedSignatures;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hyperledger.fabric.protos.common.Block;

/**
 * The block checks of the config blocks the header streams have verified, by the config block's
 * header hash, so that a config block met on several orderers' header streams is loaded once. A
 * header hash names one block's data (the header holds its data hash), so one key is one
 * configuration. Bounded; one follower thread uses it.
 */
public final class ConfigChecksCache {
  private static final int CAPACITY = 4;

  private final ChannelOptions options;
  private final VerifiedSignatures signatures;
  private final Map<ByteString, SignerChecks> loaded = new LinkedHashMap<>(8, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<ByteString, SignerChecks> eldest) {
      return size() > CAPACITY;
    }
  };

  /** Loads with {@code options}; orderer signatures are verified through {@code signatures}. */
  public ConfigChecksCache(ChannelOptions options, VerifiedSignatures signatures) {
    this.options = options;
    this.signatures = signatures;
  }

  /**
   * The checks of the configuration in a verified config block.
   *
   * @throws RuntimeException (a {@code ChannelConfigException}) when it cannot be loaded
   */
  public SignerChecks checks(ByteString headerHash, Block configBlock) {
    SignerChecks c = loaded.get(headerHash);
    if (c == null) {
      c = SignerChecks.of(Channel.load(configBlock.toByteArray(), options), signatures);
      loaded.put(headerHash, c);
    }
    return c;
  }
}

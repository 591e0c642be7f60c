package io.msp4j.channel;

import io.msp4j.channel.internal.load.ChannelLoader;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Config;

/**
 * A channel configuration loaded as Fabric loads it: every org group's MSP set up at the version
 * the channel capabilities imply (VER-02), the rules Fabric's channel config applies to org groups
 * and channel values checked (CHANNEL-MSP-01..08), the channel's MSP manager built and every
 * policy compiled into the policy tree (POLICY-MGR-01..03). A
 * configuration that breaks any rule is rejected whole with a {@link ChannelConfigException}
 * naming the place.
 *
 * <p>Immutable and safe to share between threads; the MSPs cache as Fabric's channel MSPs do.
 *
 * <pre>{@code
 * Channel channel = Channel.load(blockBytes);
 * Identity signer = channel.mspManager().deserialize(creatorBytes);
 * PolicyResult r = channel.policy("/Channel/Application/Writers").policy().evaluate(signedData);
 * }</pre>
 */
public final class Channel {
  private final DecodedConfig decoded;
  private final ChannelCapabilities capabilities;
  private final List<ChannelOrg> orgs;
  private final MspManager mspManager;
  private final PolicyManager policies;
  private final FabricRelease release;

  private Channel(DecodedConfig decoded, ChannelLoader.Loaded loaded, PolicyManager policies,
      FabricRelease release) {
    this.decoded = decoded;
    this.release = release;
    this.capabilities = loaded.capabilities();
    this.orgs = loaded.orgs();
    this.mspManager = loaded.manager();
    this.policies = policies;
  }

  /**
   * Decodes (see {@link ConfigBlocks#decode}) and loads a channel configuration with default
   * options.
   *
   * @throws ChannelConfigException when the bytes are not a configuration or it cannot be loaded
   */
  public static Channel load(byte[] bytes) {
    return load(bytes, ChannelOptions.defaults());
  }

  /** As {@link #load(byte[])} with the given options. */
  public static Channel load(byte[] bytes, ChannelOptions options) {
    return load(ConfigBlocks.decode(bytes), options);
  }

  /**
   * Loads a decoded configuration. The channel ID, when the decoded form has one, must be a valid
   * channel name (CONFIGTX-UPDATE-05).
   *
   * @throws ChannelConfigException at the first rule the configuration breaks
   */
  public static Channel load(DecodedConfig given, ChannelOptions options) {
    Objects.requireNonNull(given, "decoded");
    Objects.requireNonNull(options, "options");
    DecodedConfig decoded = options.shared().map(s -> s.intern(given)).orElse(given);
    ChannelLoader.Loaded loaded = ChannelLoader.orgs(decoded.config(), options);
    MspManager manager = loaded.manager();
    PolicyManager policies = PolicyTreeBuilder.build(decoded.config().getChannelGroup(), manager::deserialize);
    ChannelLoader.names(decoded.channelId(), decoded.config());
    return new Channel(decoded, loaded, policies, options.setup().release());
  }

  /** Loads a bare {@code Config} (no channel ID) with default options. */
  public static Channel load(Config config) {
    return load(new DecodedConfig(ConfigForm.CONFIG, Optional.empty(), OptionalLong.empty(),
        Objects.requireNonNull(config, "config")), ChannelOptions.defaults());
  }

  /** The form the configuration was given in. */
  public ConfigForm form() {
    return decoded.form();
  }

  /** The channel ID from the channel header; empty when the form carries none. */
  public Optional<String> channelId() {
    return decoded.channelId();
  }

  /** The config sequence (unsigned). */
  public long sequence() {
    return decoded.sequence();
  }

  /** The configuration itself (an immutable protobuf message). */
  public Config config() {
    return decoded.config();
  }

  /** The form, channel ID and configuration as decoded. */
  public DecodedConfig decoded() {
    return decoded;
  }

  /** The capabilities at the channel, orderer and application levels. */
  public ChannelCapabilities capabilities() {
    return capabilities;
  }

  /** The version of the channel's MSPs (VER-02). */
  public MspVersion mspVersion() {
    return capabilities.mspVersion();
  }

  /**
   * The Fabric release of the node this channel was loaded as ({@link
   * io.msp4j.x509.SetupOptions#release()}): its MSPs give that release's verdicts, and a release
   * that does not know the channel's capabilities refuses to load it (DELTA25-01).
   */
  public FabricRelease release() {
    return release;
  }

  /**
   * The org groups and their MSPs: application orgs, consortium orgs and orderer orgs, each
   * level in sorted order of group names.
   */
  public List<ChannelOrg> orgs() {
    return orgs;
  }

  /** The org groups whose MSP has this ID (one, or several sharing an MSP). */
  public List<ChannelOrg> orgs(String mspId) {
    return orgs.stream().filter(o -> o.mspId().equals(mspId)).toList();
  }

  /** The channel MSP with this ID. */
  public Optional<Msp> msp(String mspId) {
    return mspManager.msp(mspId);
  }

  /** The MSPs by ID, in the order first met. */
  public Map<String, Msp> msps() {
    return new LinkedHashMap<>(mspManager.msps());
  }

  /** The channel's MSP manager: one MSP per MSP ID, routing deserialisation by MSP ID. */
  public MspManager mspManager() {
    return mspManager;
  }

  /**
   * The policy manager of the root group, {@code Channel} (POLICY-MGR-01); {@link
   * PolicyManager#manager} reaches the managers of the groups below.
   */
  public PolicyManager policies() {
    return policies;
  }

  /**
   * Looks a policy up from the root manager (POLICY-MGR-02): {@code /Channel/Application/Writers}
   * or, relative to the root, {@code Application/Writers}. Not found gives a policy that is never
   * satisfied, and {@link PolicyLookup#found()} false.
   */
  public PolicyLookup policy(String name) {
    return policies.lookup(name);
  }

  @Override
  public String toString() {
    return "Channel{" + decoded.form().label() + ", channel " + decoded.channelId().orElse("(none)")
        + ", sequence " + Long.toUnsignedString(sequence()) + ", MSP version " + mspVersion()
        + ", MSPs " + mspManager.msps().keySet() + "}";
  }
}

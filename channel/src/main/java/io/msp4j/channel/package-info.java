/**
 * A channel's configuration: a config block (or a bare {@code ConfigEnvelope} or {@code Config})
 * decoded into its organisations' MSPs, at the version the channel's capabilities imply, and its
 * policy tree by path, as Fabric's {@code channelconfig.NewBundle} loads a channel. This module
 * takes bytes and protobuf messages and never reads files.
 *
 * <p>{@link io.msp4j.channel.Channel#load(byte[])} checks what Fabric's bundle checks: the channel
 * values ({@code HashingAlgorithm}, {@code BlockDataHashingStructure}, {@code OrdererAddresses}
 * against the capabilities), the allowed groups and value keys at every level, the orderer's
 * batch size and timeout, {@code ACLs} against the application capabilities, the org groups and
 * their MSPs (CHANNEL-MSP-01..08), every policy (POLICY-MGR-03, POLICY-SIG-01), every name and the
 * channel ID (CONFIGTX-UPDATE-05). It does not check what the bundle does not check either: whether
 * a Fabric node supports the capabilities (a node's own check, given by {@link
 * io.msp4j.channel.ChannelCapabilities#unsupportedByFabricV3()}), consensus metadata and consenter
 * mappings, ACL policy references, anchor peers and endpoints beyond their presence. Idemix MSPs
 * (type 1) are set up with {@code io.msp4j.idemix.IdemixMsps} at MSP versions 1.1 to 1.4.3 and
 * refused at 1.0 and 3.0, as Fabric refuses them (CHANNEL-MSP-04, IDEMIX-VER-01). A bare {@code Config} carries no channel ID, so none is checked.
 * Protobuf messages nested deeper than protobuf-java's default limit of 100 do not decode (Go's
 * limit is 10,000).
 *
 * <p>{@code io.msp4j.channel.internal} holds the implementation and is not part of the API.
 */
package io.msp4j.channel;

/**
 * A live Fabric network over gRPC, the only part of msp4j that talks to one.
 *
 * <ul>
 *   <li>{@link io.msp4j.network.ChannelFollower}: follows a channel by {@code Deliver} from
 *       orderers or peers; every block is verified first ({@link
 *       io.msp4j.network.BlockStreamVerifier}, DELIVER-01..07), config blocks are applied to a
 *       {@link io.msp4j.channel.ReloadingChannel}, and the follower resumes, retries and fails
 *       over without skipping or repeating a block.
 *   <li>{@link io.msp4j.network.UpdateSubmitter}: broadcasts a signed config update, optionally
 *       judged first as {@code check-update} judges it (BROADCAST-01).
 *   <li>{@link io.msp4j.network.ConnectionOptions}: endpoints and TLS, as Fabric's clients take
 *       them.
 * </ul>
 */
package io.msp4j.network;

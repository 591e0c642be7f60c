/**
 * A channel's configuration: a config block (or a bare {@code ConfigEnvelope} or {@code Config})
 * decoded into its organisations' MSPs, at the version the channel's capabilities imply, and its
 * policy tree by path; config updates computed, signed and checked as the ordering service checks
 * them. This module takes bytes and protobuf messages and never reads files.
 *
 * <p>{@code io.msp4j.channel.internal} holds the implementation and is not part of the API.
 */
package io.msp4j.channel;

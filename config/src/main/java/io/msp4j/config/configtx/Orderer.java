package io.msp4j.config.configtx;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code Orderer} section (top level or in a profile). Unsigned Go integers are held in
 * {@code long}s.
 *
 * @param ordererType {@code etcdraft}, {@code BFT} or {@code solo} (and, read as Fabric v2.5,
 *     {@code kafka}; DELTA25-07)
 * @param addresses the deprecated global orderer addresses
 * @param batchTimeout the batch timeout
 * @param batchSize the batch size limits
 * @param kafkaBrokers the Kafka brokers ({@code Kafka.Brokers}), which only Fabric v2.5's
 *     configtx.yaml has (DELTA25-07); for a top-level kafka orderer that names none, v2.5's
 *     default {@code 127.0.0.1:9092}; empty otherwise
 * @param consenterMapping the BFT consenters
 * @param etcdRaft the Raft metadata, if given
 * @param smartBft the SmartBFT options, if given
 * @param organizations the orderer organisations
 * @param maxChannels the channel limit (uint64)
 * @param capabilities capability flags as written
 * @param policies the orderer policies
 */
public record Orderer(
    String ordererType,
    List<String> addresses,
    Duration batchTimeout,
    BatchSize batchSize,
    List<String> kafkaBrokers,
    List<Consenter> consenterMapping,
    Optional<EtcdRaft> etcdRaft,
    Optional<SmartBftOptions> smartBft,
    List<Organization> organizations,
    long maxChannels,
    Map<String, Boolean> capabilities,
    Map<String, Policy> policies) {

  public Orderer {
    Objects.requireNonNull(ordererType, "ordererType");
    addresses = List.copyOf(addresses);
    Objects.requireNonNull(batchTimeout, "batchTimeout");
    Objects.requireNonNull(batchSize, "batchSize");
    kafkaBrokers = List.copyOf(kafkaBrokers);
    consenterMapping = List.copyOf(consenterMapping);
    organizations = List.copyOf(organizations);
    capabilities = Collections.unmodifiableMap(new LinkedHashMap<>(capabilities));
    policies = Collections.unmodifiableMap(new LinkedHashMap<>(policies));
  }

  /** {@code BatchSize}: uint32 counts and byte sizes. */
  public record BatchSize(long maxMessageCount, long absoluteMaxBytes, long preferredMaxBytes) {}

  /** A BFT consenter of {@code ConsenterMapping}; certificate paths resolved like MSPDir. */
  public record Consenter(
      long id,
      String host,
      long port,
      String mspId,
      String identity,
      String clientTlsCert,
      String serverTlsCert) {}
}

package io.msp4j.config.configtx;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code EtcdRaft} section of an orderer: Fabric's {@code etcdraft.ConfigMetadata}.
 *
 * @param consenters the consenters
 * @param options the options, if given (configtxgen fills defaults for the top-level orderer)
 */
public record EtcdRaft(List<Consenter> consenters, Optional<Options> options) {
  public EtcdRaft {
    consenters = List.copyOf(consenters);
    Objects.requireNonNull(options, "options");
  }

  /** A Raft consenter; the certificate fields hold paths (as bytes, as in Fabric). */
  public record Consenter(String host, long port, byte[] clientTlsCert, byte[] serverTlsCert) {
    public Consenter {
      clientTlsCert = clientTlsCert.clone();
      serverTlsCert = serverTlsCert.clone();
    }

    @Override
    public byte[] clientTlsCert() {
      return clientTlsCert.clone();
    }

    @Override
    public byte[] serverTlsCert() {
      return serverTlsCert.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Consenter c
          && host.equals(c.host)
          && port == c.port
          && java.util.Arrays.equals(clientTlsCert, c.clientTlsCert)
          && java.util.Arrays.equals(serverTlsCert, c.serverTlsCert);
    }

    @Override
    public int hashCode() {
      return Objects.hash(host, port, java.util.Arrays.hashCode(clientTlsCert),
          java.util.Arrays.hashCode(serverTlsCert));
    }

    @Override
    public String toString() {
      return "Consenter[host=" + host + ", port=" + port + "]";
    }
  }

  /** Raft options (uint32 values in longs). */
  public record Options(
      String tickInterval,
      long electionTick,
      long heartbeatTick,
      long maxInflightBlocks,
      long snapshotIntervalSize) {}
}

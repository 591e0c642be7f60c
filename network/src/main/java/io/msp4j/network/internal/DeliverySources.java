package io.msp4j.network.internal;

import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.internal.ConfigEndpoints.Source;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;

/**
 * The endpoints a follower may read a channel from, and how to connect to each: the endpoints
 * it was given, and, for an orderer follower, those the configuration in force names.
 */
public final class DeliverySources {
  private final ConnectionOptions connection;
  private final boolean fromConfig;

  /**
   * @param connection the given endpoints and TLS settings
   * @param fromConfig whether the configuration's orderer endpoints are sources too
   */
  public DeliverySources(ConnectionOptions connection, boolean fromConfig) {
    this.connection = connection;
    this.fromConfig = fromConfig;
  }

  /**
   * The sources under {@code config} (null before the follower is anchored). On a BFT channel,
   * those the configuration names, each trusted with its org's TLS CAs (DELIVER-BFT-01), or the
   * given endpoints when it names none; otherwise the given endpoints, then those the
   * configuration names, trusted with the orderer orgs' TLS CAs.
   */
  public List<Source> sources(Config config, boolean bft) {
    if (bft && fromConfig && config != null) {
      List<Source> named = ConfigEndpoints.ordererSources(config);
      if (!named.isEmpty()) {
        return named;
      }
    }
    List<Source> all = new ArrayList<>();
    List<Endpoint> named = fromConfig && config != null ? ConfigEndpoints.orderers(config)
        : List.of();
    // An orderer the configuration names is trusted through its orderer orgs' TLS CAs too, given
    // or not, as a peer trusts it: a follower then keeps following across an orderer TLS CA
    // rotation the channel announced (new CA added, orderers re-issued, old CA retired).
    List<X509Certificate> cas = named.isEmpty() || connection.plaintext() ? List.of()
        : ConfigEndpoints.ordererTlsCas(config);
    for (Endpoint e : connection.endpoints()) {
      all.add(new Source(e, named.contains(e) ? cas : List.of()));
    }
    for (Endpoint e : named) {
      if (!connection.endpoints().contains(e)) {
        all.add(new Source(e, cas));
      }
    }
    return all;
  }

  /** Whether {@code config} is a BFT channel's and its sources are taken as Fabric v3 takes them. */
  public boolean bft(Config config) {
    return fromConfig && config != null && ConfigEndpoints.isBft(config);
  }

  /** The connection settings for one source: the given ones, plus the source's TLS CAs. */
  public ConnectionOptions connectionFor(Source source) {
    ConnectionOptions o = connection.withEndpoints(List.of(source.endpoint()));
    return source.tlsCas().isEmpty() || connection.plaintext() ? o
        : o.withMoreTlsRoots(source.tlsCas());
  }
}

package io.msp4j.channel.rotation.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.internal.decode.OrdererValues;
import com.google.protobuf.InvalidProtocolBufferException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;

/**
 * The consenters of a channel's ordering service, as the orderer's configuration lists them:
 * etcdraft's {@code ConsensusType} metadata ({@code Consenter.client_tls_cert/server_tls_cert}) or,
 * on a BFT channel, the {@code Orderers} value ({@code ConsenterMapping}, which also carries each
 * consenter's enrollment {@code identity}); read, checked against the orderer orgs' TLS CAs as
 * Fabric's orderer checks them, and swapped one at a time.
 */
public final class Consenters {
  private static final String ORDERER = "Orderer";
  private static final String CONSENSUS_TYPE = "ConsensusType";
  private static final String ORDERERS = "Orderers";

  private Consenters() {}

  /**
   * One consenter.
   *
   * @param index its place in the list
   * @param where the config value holding it: {@code ConsensusType} or {@code Orderers}
   * @param host its host
   * @param port its port
   * @param mspId its MSP ID (BFT only; empty for etcdraft)
   * @param identity its enrollment certificate (BFT only; empty for etcdraft)
   * @param clientTls its client TLS certificate (PEM)
   * @param serverTls its server TLS certificate (PEM)
   */
  public record Consenter(int index, String where, String host, int port, String mspId,
      ByteString identity, ByteString clientTls, ByteString serverTls) {
    /** {@code host:port}. */
    public String name() {
      return host + ":" + port;
    }
  }

  /** The config value path of a consenter list: {@code /Channel/Orderer/ConsensusType}. */
  public static String valuePath(String where) {
    return "/Channel/Orderer/" + where;
  }

  /** The consenters of the config, etcdraft's then BFT's; empty when it lists none. */
  public static List<Consenter> of(Config config) {
    List<Consenter> out = new ArrayList<>();
    ConfigGroup orderer = config.getChannelGroup().getGroupsMap().get(ORDERER);
    if (orderer == null) {
      return out;
    }
    OrdererValues.raftMetadata(orderer).ifPresent(md -> {
      for (int i = 0; i < md.getConsentersCount(); i++) {
        var c = md.getConsenters(i);
        out.add(new Consenter(i, CONSENSUS_TYPE, c.getHost(), c.getPort(), "", ByteString.EMPTY,
            c.getClientTlsCert(), c.getServerTlsCert()));
      }
    });
    OrdererValues.bftOrderers(orderer).ifPresent(os -> {
      for (int i = 0; i < os.getConsenterMappingCount(); i++) {
        var c = os.getConsenterMapping(i);
        out.add(new Consenter(i, ORDERERS, c.getHost(), (int) c.getPort(), c.getMspId(),
            c.getIdentity(), c.getClientTlsCert(), c.getServerTlsCert()));
      }
    });
    return List.copyOf(out);
  }

  /** The config with one consenter's certificates replaced. */
  public static Config swap(Config config, Consenter c, ByteString identity, ByteString clientTls,
      ByteString serverTls) {
    ConfigGroup orderer = config.getChannelGroup().getGroupsMap().get(ORDERER);
    ConfigGroup.Builder ob = orderer.toBuilder();
    if (c.where().equals(CONSENSUS_TYPE)) {
      ConfigValue v = orderer.getValuesMap().get(CONSENSUS_TYPE);
      ConsensusType ct = OrdererValues.consensusType(orderer).orElseThrow();
      ConfigMetadata md = OrdererValues.raftMetadata(orderer).orElseThrow();
      ConfigMetadata nmd = md.toBuilder().setConsenters(c.index(), md.getConsenters(c.index())
          .toBuilder().setClientTlsCert(clientTls).setServerTlsCert(serverTls)).build();
      ob.putValues(CONSENSUS_TYPE, v.toBuilder().setValue(ct.toBuilder()
          .setMetadata(nmd.toByteString()).build().toByteString()).build());
    } else {
      ConfigValue v = orderer.getValuesMap().get(ORDERERS);
      Orderers os = OrdererValues.bftOrderers(orderer).orElseThrow();
      Orderers nos = os.toBuilder().setConsenterMapping(c.index(),
          os.getConsenterMapping(c.index()).toBuilder().setIdentity(identity)
              .setClientTlsCert(clientTls).setServerTlsCert(serverTls)).build();
      ob.putValues(ORDERERS, v.toBuilder().setValue(nos.toByteString()).build());
    }
    return config.toBuilder().setChannelGroup(config.getChannelGroup().toBuilder()
        .putGroups(ORDERER, ob.build())).build();
  }

  /**
   * What Fabric's orderer finds wrong with the consenters' TLS certificates of a config (etcdraft
   * {@code VerifyConfigMetadata}: each client and server certificate must verify against the TLS
   * roots and intermediates of all orderer orgs; expiry is ignored). One line per certificate
   * that no TLS CA in force vouches for. The chain is followed by issuer name and signature; key
   * usages are not judged.
   */
  public static List<String> tlsProblems(Config config) {
    List<X509Certificate> roots = new ArrayList<>();
    List<X509Certificate> inters = new ArrayList<>();
    ConfigGroup orderer = config.getChannelGroup().getGroupsMap().get(ORDERER);
    if (orderer == null) {
      return List.of();
    }
    for (ConfigGroup org : orderer.getGroupsMap().values()) {
      fabric(org).ifPresent(f -> {
        roots.addAll(MspEdits.certs(f, io.msp4j.channel.rotation.CaRole.TLS_ROOT));
        inters.addAll(MspEdits.certs(f, io.msp4j.channel.rotation.CaRole.TLS_INTERMEDIATE));
      });
    }
    List<String> out = new ArrayList<>();
    for (Consenter c : of(config)) {
      check(c, "client", c.clientTls(), roots, inters, out);
      check(c, "server", c.serverTls(), roots, inters, out);
    }
    return List.copyOf(out);
  }

  private static void check(Consenter c, String which, ByteString pem,
      List<X509Certificate> roots, List<X509Certificate> inters, List<String> out) {
    Optional<X509Certificate> cert = Certs.parse(pem);
    if (cert.isEmpty()) {
      out.add("consenter " + c.name() + ": its " + which + " TLS certificate does not parse");
    } else if (Certs.chain(cert.get(), roots, inters).isEmpty()) {
      out.add("consenter " + c.name() + ": its " + which + " TLS certificate ("
          + Certs.describe(cert.get()) + ") chains to no TLS CA of the orderer orgs");
    }
  }

  private static Optional<FabricMSPConfig> fabric(ConfigGroup group) {
    ConfigValue v = group.getValuesMap().get("MSP");
    try {
      if (v != null) {
        MSPConfig m = MSPConfig.parseFrom(v.getValue());
        if (m.getType() == 0) {
          return Optional.of(FabricMSPConfig.parseFrom(m.getConfig()));
        }
      }
    } catch (InvalidProtocolBufferException e) {
      // Not an X.509 MSP: no TLS CAs to offer.
    }
    return Optional.empty();
  }
}

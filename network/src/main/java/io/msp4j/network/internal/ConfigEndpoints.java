package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.network.Endpoint;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.ConsensusType;

/**
 * The ordering service as a channel configuration names it: each orderer org's {@code Endpoints}
 * and the channel's global {@code OrdererAddresses}, and the TLS root and intermediate CAs of the
 * orderer orgs' MSPs, which a peer trusts for those endpoints.
 */
public final class ConfigEndpoints {
  private ConfigEndpoints() {}

  /** The orderer endpoints the configuration names, orgs' first; unreadable entries are skipped. */
  public static List<Endpoint> orderers(Config config) {
    Set<Endpoint> out = new LinkedHashSet<>();
    ConfigGroup orderer = config.getChannelGroup().getGroupsOrDefault("Orderer",
        ConfigGroup.getDefaultInstance());
    for (ConfigGroup org : orderer.getGroupsMap().values()) {
      addresses(org.getValuesOrDefault("Endpoints", ConfigValue.getDefaultInstance()), out);
    }
    addresses(config.getChannelGroup().getValuesOrDefault("OrdererAddresses",
        ConfigValue.getDefaultInstance()), out);
    return List.copyOf(out);
  }

  /** The TLS CAs of the orderer orgs' MSPs; unreadable entries are skipped. */
  public static List<X509Certificate> ordererTlsCas(Config config) {
    List<X509Certificate> out = new ArrayList<>();
    for (ConfigGroup org : ordererOrgs(config)) {
      out.addAll(tlsCas(org));
    }
    return out;
  }

  /** An orderer endpoint and the TLS CAs trusted for it. */
  public record Source(Endpoint endpoint, List<X509Certificate> tlsCas) {
    public Source {
      tlsCas = List.copyOf(tlsCas);
    }
  }

  /**
   * The delivery sources a Fabric v3 peer takes from a configuration (DELIVER-BFT-01): each
   * orderer org's {@code Endpoints}, trusted with that org's TLS CAs; the channel's global {@code
   * OrdererAddresses}, trusted with every orderer org's TLS CAs, only when no org names any.
   */
  public static List<Source> ordererSources(Config config) {
    List<Source> out = new ArrayList<>();
    Set<Endpoint> seen = new LinkedHashSet<>();
    for (ConfigGroup org : ordererOrgs(config)) {
      Set<Endpoint> own = new LinkedHashSet<>();
      addresses(org.getValuesOrDefault("Endpoints", ConfigValue.getDefaultInstance()), own);
      List<X509Certificate> cas = own.isEmpty() ? List.of() : tlsCas(org);
      for (Endpoint e : own) {
        if (seen.add(e)) {
          out.add(new Source(e, cas));
        }
      }
    }
    if (out.isEmpty()) {
      Set<Endpoint> global = new LinkedHashSet<>();
      addresses(config.getChannelGroup().getValuesOrDefault("OrdererAddresses",
          ConfigValue.getDefaultInstance()), global);
      List<X509Certificate> all = global.isEmpty() ? List.of() : ordererTlsCas(config);
      for (Endpoint e : global) {
        out.add(new Source(e, all));
      }
    }
    return out;
  }

  /** Whether the orderer's {@code ConsensusType} is {@code BFT} (SmartBFT, Fabric v3). */
  public static boolean isBft(Config config) {
    ConfigValue v = config.getChannelGroup().getGroupsOrDefault("Orderer",
        ConfigGroup.getDefaultInstance()).getValuesOrDefault("ConsensusType",
        ConfigValue.getDefaultInstance());
    try {
      return ConsensusType.parseFrom(v.getValue()).getType().equals("BFT");
    } catch (InvalidProtocolBufferException e) {
      return false; // a channel with this value does not load; nothing to follow
    }
  }

  private static Iterable<ConfigGroup> ordererOrgs(Config config) {
    return config.getChannelGroup().getGroupsOrDefault("Orderer",
        ConfigGroup.getDefaultInstance()).getGroupsMap().values();
  }

  private static List<X509Certificate> tlsCas(ConfigGroup org) {
    List<X509Certificate> out = new ArrayList<>();
    try {
      MSPConfig msp = MSPConfig.parseFrom(org.getValuesOrDefault("MSP",
          ConfigValue.getDefaultInstance()).getValue());
      FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig());
      List<ByteString> pems = new ArrayList<>(f.getTlsRootCertsList());
      pems.addAll(f.getTlsIntermediateCertsList());
      for (ByteString pem : pems) {
        try {
          out.addAll(TlsMaterial.certificates("the channel's TLS CA", pem.toByteArray()));
        } catch (RuntimeException skipped) {
          // A CA the channel's MSP setup would refuse is no trust anchor for us either.
        }
      }
    } catch (InvalidProtocolBufferException skipped) {
      // An org whose MSP does not decode names no CA.
    }
    return out;
  }

  private static void addresses(ConfigValue value, Set<Endpoint> out) {
    if (value.getValue().isEmpty()) {
      return;
    }
    try {
      for (String a : OrdererAddresses.parseFrom(value.getValue()).getAddressesList()) {
        try {
          out.add(Endpoint.parse(a));
        } catch (IllegalArgumentException skipped) {
          // Not HOST:PORT: nothing to dial.
        }
      }
    } catch (InvalidProtocolBufferException skipped) {
      // The channel loads without it only if Fabric's would; nothing to dial here either way.
    }
  }
}
